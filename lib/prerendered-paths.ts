/**
 * The public pages written to HTML at build time and hydrated in the browser (the web app's
 * `PRERENDERED_PATHS`, web/src/app/prerendered-pages.ts, is this list, checked against its
 * routes) and how a URL maps to its file. Plain data that imports nothing, so the CDK
 * distribution (lib/web-routing.ts) and the web build read the same list without the other.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/termini',
  '/privacy',
  '/legal',
  '/accessibilita',
  '/subprocessors',
  '/help-center',
  '/data-deletion',
] as const;

/** The HTML shell of every other route: the app renders in the browser. */
export const APP_SHELL_FILE = 'app.html';

/** The build file of a prerendered page: `/` is index.html, `/privacy` is privacy/index.html. */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`;
}
