import { paths } from '../lib/paths';

/**
 * The public pages written to HTML at build time (`npm run build:web`) and hydrated in the
 * browser: the same for every visitor and for every query string. Sign-in forms, the demo and
 * the pages that read a link's parameters (unsubscribe, confirmation, magic link) stay
 * client-rendered: their first screen depends on the visitor's session or storage.
 *
 * Plain data on purpose: the CDK distribution (lib/web-routing.ts) maps these URLs to their
 * files, so it imports this list without the app.
 */
export const PRERENDERED_PATHS = [
  paths.home,
  paths.terms,
  paths.privacy,
  paths.legal,
  paths.accessibility,
  paths.subprocessors,
  paths.helpCenter,
  paths.dataDeletion,
] as const;

/** The HTML shell of every other route: the app renders in the browser. */
export const APP_SHELL_FILE = 'app.html';

/** The build file of a prerendered page: `/` is index.html, `/privacy` is privacy/index.html. */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`;
}

/** Marks the root of a prerendered page with the path it was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The Vite mode of the light entry that hydrates the prerendered pages (entry-public.tsx):
 * `vite build --mode public`, with Preact standing in for React (web/vite.config.ts).
 */
export const PUBLIC_BUILD_MODE = 'public';

/** Where that build writes its manifest inside web/dist; bin/build-web.ts reads and removes it. */
export const PUBLIC_MANIFEST = '.vite/public-manifest.json';

/** The attribute of the light entry's script tag that holds the full app's entry (open-app.ts). */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';
