import { PRERENDERED_ATTRIBUTE } from './prerendered-pages';

/** The current path as the prerender names it: no trailing slash except on `/`. */
function currentPath(): string {
  const path = window.location.pathname.replace(/\/+$/, '');
  return path === '' ? '/' : path;
}

/**
 * The app's root element when it holds the prerendered HTML of this very URL, else null (the
 * app shell, the dev server, or a server that answered another page's file): only then may
 * the app hydrate it rather than render from scratch.
 */
export function prerenderedRoot(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const root = document.getElementById('root');
  const renderedFor = root?.getAttribute(PRERENDERED_ATTRIBUTE);
  return root && renderedFor === currentPath() ? root : null;
}
