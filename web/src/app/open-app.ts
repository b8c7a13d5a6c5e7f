import { APP_ENTRY_ATTRIBUTE } from './prerendered-pages';

/**
 * The hand-over from the light entry of the prerendered public pages (entry-public.tsx) to the
 * full app (main.tsx). The build (bin/build-web.ts) names the app's entry script on the public
 * entry's script tag; loading it starts the app in the same document, which renders the current
 * URL from scratch (or hydrates the page, when it is still the untouched prerendered one).
 */

let opening: Promise<void> | undefined;

/**
 * Loads the full app for the current URL. `beforeStart` runs once the app's code is here and
 * before it renders: the light entry removes its own tree there. A page without the attribute
 * (or whose download fails) is loaded again from the server, which answers the app's shell.
 */
export function openApp(beforeStart: () => void = () => {}): Promise<void> {
  const entry = document
    .querySelector(`script[${APP_ENTRY_ATTRIBUTE}]`)
    ?.getAttribute(APP_ENTRY_ATTRIBUTE);
  if (!entry) {
    window.location.reload();
    return Promise.resolve();
  }
  opening ??= import(/* @vite-ignore */ entry).then(beforeStart, () => window.location.reload());
  return opening;
}
