import {
  createContext,
  lazy,
  Suspense,
  useContext,
  type ComponentType,
  type ReactNode,
} from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';

/**
 * The route table in the shape of React Router's data routes (lazy pages, an error element,
 * a fallback while a page downloads), rendered by the lighter declarative router. The data
 * router would add about 18 KB (gzip) to the landing's first load for features we do not use:
 * no loaders, actions or fetchers, so the table needs only this small adapter.
 */
export interface AppRoute {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** Downloads the page (and its strings) on first visit. */
  lazy?: () => Promise<{ Component: ComponentType }>;
  /** Replaces this route's subtree when anything in it throws or fails to download. */
  errorElement?: ReactNode;
  /** Shown while a lazy page below this route downloads. */
  hydrateFallbackElement?: ReactNode;
  children?: AppRoute[];
}

const RouteFailure = createContext<unknown>(undefined);

/** The error that sent the app to its error element. */
export function useRouteFailure(): unknown {
  return useContext(RouteFailure);
}

/**
 * A lazy page that can also be downloaded ahead of its first render. Once loaded it renders
 * the page directly, without suspending: a prerendered page hydrates in one pass, so nothing
 * on it can change (its language, say) while part of it still waits for its code.
 */
function lazyPage(load: () => Promise<{ Component: ComponentType }>) {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(({ Component: Page }) => {
      loaded = Page;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload };
}

function toRouteObject(
  route: AppRoute,
  preloads: Map<RouteObject, () => Promise<void>>,
): RouteObject {
  let element = route.element;
  let preload: (() => Promise<void>) | undefined;
  if (route.lazy) {
    const page = lazyPage(route.lazy);
    preload = page.preload;
    element = <page.Page />;
  }
  if (route.hydrateFallbackElement) {
    element = <Suspense fallback={route.hydrateFallbackElement}>{element}</Suspense>;
  }
  if (route.errorElement) {
    const fallback = route.errorElement;
    element = (
      <ErrorBoundary
        fallback={({ error }) => (
          <RouteFailure.Provider value={error}>{fallback}</RouteFailure.Provider>
        )}
      >
        {element}
      </ErrorBoundary>
    );
  }
  const object: RouteObject = route.index
    ? { index: true, element }
    : {
        path: route.path,
        element,
        children: route.children?.map((child) => toRouteObject(child, preloads)),
      };
  if (preload) preloads.set(object, preload);
  return object;
}

export interface RouteTree {
  /** Renders the page of the current location. */
  Routes: () => ReactNode;
  /** Downloads every lazy page (and its strings) that `pathname` renders. */
  preload: (pathname: string) => Promise<void>;
}

/** Converts the table once, so each lazy page keeps one identity across renders. */
export function createRouteTree(routes: AppRoute[]): RouteTree {
  const preloads = new Map<RouteObject, () => Promise<void>>();
  const objects = routes.map((route) => toRouteObject(route, preloads));
  return {
    Routes: function RouteTree() {
      return useRoutes(objects);
    },
    preload: async (pathname) => {
      const matches = matchRoutes(objects, pathname) ?? [];
      await Promise.all(matches.map((match) => preloads.get(match.route)?.()));
    },
  };
}
