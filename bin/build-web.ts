/**
 * `npm run build:web`: the production build of the web app into web/dist, with its public
 * pages prerendered.
 *
 * 1. Vite's client build (web/vite.config.ts), as before: hashed assets and index.html, the
 *    app's shell.
 * 2. A Vite SSR build of web/src/entry-server.tsx into node_modules/.cache (where Node finds
 *    React and the rest in node_modules), which renders a route with react-dom/static.
 * 3. Each page of PRERENDERED_PATHS rendered into a copy of the shell, with its title and the
 *    stylesheet inline: `/` into index.html, `/privacy` into privacy/index.html; the empty shell
 *    stays as app.html for every other route. The CDK distribution maps URLs to these files
 *    (lib/web-routing.ts). The pages keep the app's own scripts (module scripts, which never
 *    hold up the first paint): the app hydrates them once the browser is idle (main.tsx).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { escapeHtml } from '../lambdas/domain/html';
import {
  APP_SHELL_FILE,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_PATHS,
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
  const shell = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  fs.writeFileSync(path.join(DIST, APP_SHELL_FILE), shell);

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
