/**
 * The part of React Router's API the prerendered public pages use, in a few hundred bytes: the
 * public pages' light build (`vite build --mode public`, web/vite.config.ts) resolves
 * `react-router-dom` to this module, so the same components run there without React Router's
 * 13 KB or so (gzip). The full app keeps React Router itself.
 *
 * What it covers: one browser history (push, replace, Back and Forward, fragment links), links
 * that navigate without a page load, and route tables of static paths, index routes, layout
 * routes and a `*` catch-all, matched as React Router matches them (case-insensitive, trailing
 * slash ignored). The build fails on any other import from `react-router-dom`.
 */
import {
  createContext,
  useContext,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
}

type To = string | { pathname?: string; search?: string; hash?: string };

interface HistoryState {
  location: Location;
  action: NavigationType;
}

let keys = 0;

function readLocation(state: unknown): Location {
  const { pathname, search, hash } = window.location;
  const stored = (state ?? null) as { usr?: unknown; key?: string } | null;
  return {
    pathname,
    search,
    hash,
    state: stored?.usr ?? null,
    key: stored?.key ?? 'default',
  };
}

let current: HistoryState | undefined;
const listeners = new Set<() => void>();

function snapshot(): HistoryState {
  current ??= { location: readLocation(window.history.state), action: 'POP' };
  return current;
}

function publish(action: NavigationType): void {
  current = { location: readLocation(window.history.state), action };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', onPopState);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', onPopState);
  };
}

function onPopState(): void {
  publish('POP');
}

function hrefOf(to: To): string {
  if (typeof to === 'string') return to;
  return `${to.pathname ?? window.location.pathname}${to.search ?? ''}${to.hash ?? ''}`;
}

function navigate(to: To, options: { replace?: boolean; state?: unknown } = {}): void {
  keys += 1;
  const entry = { usr: options.state ?? null, key: `k${keys}`, idx: window.history.length };
  const href = hrefOf(to);
  if (options.replace) window.history.replaceState(entry, '', href);
  else window.history.pushState(entry, '', href);
  publish(options.replace ? 'REPLACE' : 'PUSH');
}

const RouterContext = createContext<HistoryState | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): HistoryState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('A public page rendered outside <BrowserRouter>');
  return router;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  return <RouterContext.Provider value={state}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().action;
}

export function useNavigate() {
  return (to: To, options?: { replace?: boolean; state?: unknown }) => navigate(to, options);
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/** An anchor that navigates in the page for a plain left click, as React Router's does. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const href = hrefOf(to);
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== '_self') ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace, state });
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

function normalise(path: string): string {
  const trimmed = path.replace(/\/+$/, '').toLowerCase();
  return trimmed === '' ? '/' : trimmed;
}

/** The branch of routes that renders `pathname`, outermost first, or null. */
function matchBranch(routes: RouteObject[], pathname: string): RouteObject[] | null {
  const target = normalise(pathname);
  let catchAll: RouteObject[] | null = null;
  for (const route of routes) {
    if (route.children) {
      const below = matchBranch(route.children, pathname);
      if (below && (!route.path || normalise(route.path) === '/')) {
        // A catch-all below loses to an exact match anywhere else, as in React Router.
        if (below[below.length - 1]?.path === '*') catchAll ??= [route, ...below];
        else return [route, ...below];
      }
      continue;
    }
    if (route.path === '*') catchAll ??= [route];
    else if (route.index ? target === '/' : route.path && normalise(route.path) === target) {
      return [route];
    }
  }
  return catchAll;
}

export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  return matchBranch(routes, pathname)?.map((route) => ({ route })) ?? null;
}

export function useRoutes(routes: RouteObject[]): ReactNode {
  const branch = matchBranch(routes, useLocation().pathname);
  if (!branch) return null;
  return branch.reduceRight<ReactNode>(
    (outlet, route) => (
      <OutletContext.Provider value={outlet}>{route.element ?? outlet}</OutletContext.Provider>
    ),
    null,
  );
}

export function Outlet(): ReactNode {
  return useContext(OutletContext);
}
