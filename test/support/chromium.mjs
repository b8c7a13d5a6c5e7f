// Finds the Chromium that the end-to-end tests and the Lighthouse bench drive.
//
// First choice: the build that `npm ci` installs with @sparticuz/chromium (shipped compressed
// inside its npm tarball, nothing fetched at install), unpacked once into
// node_modules/.cache/chromium-<version>/. When it cannot be unpacked or does not start, Debian's
// /usr/bin/chromium is used if present.
//
// CHROMIUM_SOURCE picks one on purpose: `npm` uses only the packaged build (no fallback, so a
// run proves the packaged browser works), `system` only /usr/bin/chromium, `auto` (default)
// the packaged one, then Debian's.
//
//   node test/support/chromium.mjs     prints the chosen path (exit 1 with the reason if none)
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Launch arguments for a test runner (not the package's Lambda set, which forces one process). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function packageVersion() {
  const manifest = path.join(ROOT, 'node_modules/@sparticuz/chromium/package.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/** Prints `Chromium 153...` or throws: a binary that cannot answer this will not run the tests. */
function probe(executable) {
  return execFileSync(executable, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim();
}

/**
 * Unpacks the packaged build into node_modules/.cache (each worktree its own, never the shared
 * /tmp) and returns the browser's path plus the fontconfig file for the fonts it ships.
 */
async function unpackPackaged() {
  const version = packageVersion();
  const cache = path.join(ROOT, 'node_modules/.cache');
  const target = path.join(cache, `chromium-${version}`);
  const executable = path.join(target, 'chromium');
  if (!existsSync(executable)) {
    mkdirSync(cache, { recursive: true });
    // The package unpacks into os.tmpdir(); a private temporary folder, renamed into place when
    // complete, keeps two runs starting together from seeing a half-written binary.
    const staging = mkdtempSync(path.join(cache, 'chromium-staging-'));
    const previousTmp = process.env.TMPDIR;
    try {
      process.env.TMPDIR = staging;
      const { default: chromium } = await import('@sparticuz/chromium');
      chromium.setGraphicsMode = false;
      await chromium.executablePath();
      // The package's own fonts.conf names /tmp/fonts; ours names where they are, and the system's.
      writeFileSync(
        path.join(staging, 'fonts.conf'),
        [
          '<?xml version="1.0"?>',
          '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
          '<fontconfig>',
          `  <dir>${path.join(target, 'fonts')}</dir>`,
          '  <dir>/usr/share/fonts</dir>',
          `  <cachedir>${path.join(target, 'fonts-cache')}</cachedir>`,
          '</fontconfig>',
          '',
        ].join('\n'),
      );
      try {
        renameSync(staging, target);
      } catch (error) {
        // Another run finished first: its copy is as good as ours.
        if (!existsSync(executable)) throw error;
        rmSync(staging, { recursive: true, force: true });
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    } finally {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
    }
  }
  return { executable, fontconfig: path.join(target, 'fonts.conf') };
}

/**
 * @returns {Promise<{ executable: string, source: 'npm' | 'system', version: string,
 *   args: string[], env: Record<string, string> }>} the browser to launch, with its arguments
 *   and the environment it needs
 */
export async function findChromium(source = process.env.CHROMIUM_SOURCE ?? 'auto') {
  if (!['auto', 'npm', 'system'].includes(source)) {
    throw new Error(`CHROMIUM_SOURCE must be auto, npm or system, not "${source}"`);
  }
  const problems = [];
  if (source !== 'system') {
    try {
      const { executable, fontconfig } = await unpackPackaged();
      const env = { FONTCONFIG_PATH: path.dirname(fontconfig), FONTCONFIG_FILE: fontconfig };
      return { executable, source: 'npm', version: probe(executable), args: CHROMIUM_ARGS, env };
    } catch (error) {
      problems.push(`@sparticuz/chromium: ${error instanceof Error ? error.message : error}`);
    }
  }
  if (source !== 'npm') {
    if (existsSync(SYSTEM_CHROMIUM)) {
      try {
        return {
          executable: SYSTEM_CHROMIUM,
          source: 'system',
          version: probe(SYSTEM_CHROMIUM),
          args: CHROMIUM_ARGS,
          env: {},
        };
      } catch (error) {
        problems.push(`${SYSTEM_CHROMIUM}: ${error instanceof Error ? error.message : error}`);
      }
    } else {
      problems.push(`${SYSTEM_CHROMIUM}: not installed`);
    }
  }
  throw new Error(
    `No Chromium to run (CHROMIUM_SOURCE=${source}).\n  ${problems.join('\n  ')}\n` +
      "Run `npm ci` to reinstall @sparticuz/chromium, or install Debian's: sudo apt-get install -y chromium",
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  findChromium().then(
    (found) => process.stdout.write(`${JSON.stringify(found)}\n`),
    (error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    },
  );
}
