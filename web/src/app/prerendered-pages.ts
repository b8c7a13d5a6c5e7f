import {
  APP_SHELL_FILE,
  PRERENDERED_PATHS as PRERENDERED,
  prerenderedFile,
} from '../../../lib/prerendered-paths';
import type { AppPath } from '../lib/paths';

/**
 * The public pages written to HTML at build time (`npm run build:web`) and hydrated in the
 * browser by the app itself (main.tsx), once the browser is idle: the same for every visitor and for every query string. Sign-in forms, the demo and
 * the pages that read a link's parameters (unsubscribe, confirmation, magic link) stay
 * client-rendered: their first screen depends on the visitor's session or storage.
 *
 * The list is plain data in lib/prerendered-paths.ts, which the CDK distribution
 * (lib/web-routing.ts) reads too, without the app; typed here, so each is one of the app's paths.
 */
export const PRERENDERED_PATHS: readonly AppPath[] = PRERENDERED;

export { APP_SHELL_FILE, prerenderedFile };

/** Marks the root of a prerendered page with the path it was rendered for. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
