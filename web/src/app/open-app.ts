import { APP_ENTRY_ATTRIBUTE } from './prerendered-pages';
import { prerenderedRoot } from './prerendered-root';

/**
 * The hand-over from the light entry of the prerendered public pages (entry-public.tsx) to the
 * full app (main.tsx). The build (bin/build-web.ts) names the app's entry script on the public
 * entry's script tag; loading it starts the app in the same document, which renders the current
 * URL from scratch (or hydrates the page, when it is still the untouched prerendered one).
 */

let opening: Promise<void> | undefined;

/**
 * Without the app's code, the server's own answer for this URL: the app's shell for an app route.
 * The prerendered page of this very URL stays as it is, readable, rather than load itself again.
 */
function loadFromServer(): void {
  if (!prerenderedRoot()) window.location.reload();
}

/**
 * Loads the full app for the current URL. `beforeStart` runs once the app's code is here and
 * before it renders: the light entry removes its own tree there.
 */
export function openApp(beforeStart: () => void = () => {}): Promise<void> {
  const entry = document
    .querySelector(`script[${APP_ENTRY_ATTRIBUTE}]`)
    ?.getAttribute(APP_ENTRY_ATTRIBUTE);
  if (!entry) {
    loadFromServer();
    return Promise.resolve();
  }
  opening ??= import(/* @vite-ignore */ entry).then(beforeStart, loadFromServer);
  return opening;
}
