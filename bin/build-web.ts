/**
 * `npm run build:web`: the production build of the web app into web/dist, with its public
 * pages prerendered.
 *
 * 1. Vite's client build (web/vite.config.ts), as before: hashed assets and index.html, the
 *    app's shell.
 * 2. A Vite SSR build of web/src/entry-server.tsx into node_modules/.cache (where Node finds
 *    React and the rest in node_modules), which renders a route with react-dom/static.
 * 3. The light entry of the public pages (web/src/entry-public.tsx), `vite build --mode public`:
 *    the same components on Preact's compatibility layer, into the same dist.
 * 4. Each page of PRERENDERED_PATHS rendered into a copy of the shell, with its title and the
 *    stylesheet inline, and the light entry's script in place of the app's (whose URL it keeps
 *    to load the app when the visitor moves on to sign-in or a signed-in screen): `/` into
 *    index.html, `/privacy` into privacy/index.html; the empty shell stays as app.html for every
 *    other route. The CDK distribution maps URLs to these files (lib/web-routing.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { escapeHtml } from '../lambdas/domain/html';
import {
  APP_ENTRY_ATTRIBUTE,
  APP_SHELL_FILE,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_PATHS,
  PUBLIC_BUILD_MODE,
  PUBLIC_MANIFEST,
  prerenderedFile,
} from '../web/src/app/prerendered-pages';

const ROOT = path.resolve(__dirname, '..');
const CONFIG = path.join(ROOT, 'web/vite.config.ts');
const DIST = path.join(ROOT, 'web/dist');
const SSR_OUT = path.join(ROOT, 'node_modules/.cache/web-prerender');
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');
const run = promisify(execFile);

const EMPTY_ROOT = '<div id="root"></div>';

interface ServerEntry {
  renderPage(url: string): Promise<{ html: string; title: string | undefined }>;
}

/**
 * The stylesheet inside the page rather than linked: the first paint then needs the HTML alone,
 * one round trip less on a mobile connection (the CSS is about 7 KB gzipped). The CSP allows
 * inline styles.
 */
function inlineStylesheets(page: string): string {
  return page.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g,
    (_, href: string) => `<style>${fs.readFileSync(path.join(DIST, href), 'utf8')}</style>`,
  );
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The public entry's script and the chunks it imports, from its build's manifest. */
function publicEntryScripts(): { entry: string; imports: string[] } {
  const manifestFile = path.join(DIST, PUBLIC_MANIFEST);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  // The manifest is for this build only: it is not deployed.
  fs.rmSync(path.dirname(manifestFile), { recursive: true, force: true });
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) throw new Error(`${PUBLIC_MANIFEST} names no entry`);
  const imports = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported || imports.has(imported.file)) continue;
      imports.add(imported.file);
      visit(imported);
    }
  };
  visit(entry);
  return { entry: `/${entry.file}`, imports: [...imports].map((file) => `/${file}`) };
}

const APP_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;

/**
 * The shell with the public entry's script in place of the app's: the app's entry and the
 * chunks it preloads stay on the server until the visitor needs them.
 */
function publicShell(shell: string, scripts: { entry: string; imports: string[] }): string {
  const app = APP_SCRIPT.exec(shell)?.[1];
  if (!app) throw new Error('index.html has no module script');
  const preloads = scripts.imports
    .map((href) => `\n    <link rel="modulepreload" crossorigin href="${href}">`)
    .join('');
  return shell
    .replace(MODULE_PRELOAD, '')
    .replace(
      APP_SCRIPT,
      () =>
        `<script type="module" crossorigin src="${scripts.entry}" ${APP_ENTRY_ATTRIBUTE}="${app}"></script>${preloads}`,
    );
}

/** The shell with one page's markup in its root and the page's own title. */
function fillShell(shell: string, url: string, html: string, title?: string): string {
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT}`);
  // Replacer functions: the markup may hold `$&`-like sequences a replacement string would expand.
  let page = shell.replace(
    EMPTY_ROOT,
    () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${escapeHtml(url)}">${html}</div>`,
  );
  page = inlineStylesheets(page);
  if (title)
    page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  return page;
}

/** One `vite build` in its own process (two builds in one process share state in Vite). */
async function vite(args: string[], logLevel: string): Promise<void> {
  const { stdout, stderr } = await run(
    process.execPath,
    [VITE, 'build', '--config', CONFIG, '--logLevel', logLevel, ...args],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  process.stdout.write(stdout);
  process.stderr.write(stderr);
}

export async function buildWeb(options: { logLevel?: 'info' | 'error' } = {}): Promise<string[]> {
  const logLevel = options.logLevel ?? 'info';
  await vite([], logLevel);
  await vite(
    ['--ssr', 'src/entry-server.tsx', '--outDir', SSR_OUT, '--emptyOutDir'],
    logLevel === 'info' ? 'warn' : logLevel,
  );
  const entry = (await import(
    pathToFileURL(path.join(SSR_OUT, 'entry-server.mjs')).href
  )) as ServerEntry;
  const appShell = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  fs.writeFileSync(path.join(DIST, APP_SHELL_FILE), appShell);
  await vite(['--mode', PUBLIC_BUILD_MODE], logLevel);
  const shell = publicShell(appShell, publicEntryScripts());

  const written: string[] = [];
  for (const url of PRERENDERED_PATHS) {
    const { html, title } = await entry.renderPage(url);
    const file = path.join(DIST, prerenderedFile(url));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, fillShell(shell, url, html, title));
    written.push(path.relative(DIST, file));
  }
  return written;
}

if (require.main === module) {
  buildWeb()
    .then((written) => console.log(`Prerendered ${written.length} pages: ${written.join(', ')}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
