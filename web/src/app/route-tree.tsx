import {
  Component,
  createContext,
  lazy,
  Suspense,
  useContext,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';

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

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

class RouteErrorBoundary extends Component<BoundaryProps, { failure: { error: unknown } | null }> {
  override state: { failure: { error: unknown } | null } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  override render() {
    if (!this.state.failure) return this.props.children;
    return (
      <RouteFailure.Provider value={this.state.failure.error}>
        {this.props.fallback}
      </RouteFailure.Provider>
    );
  }
}

function toRouteObject(route: AppRoute): RouteObject {
  let element = route.element;
  if (route.lazy) {
    const load = route.lazy;
    const Page = lazy(async () => ({ default: (await load()).Component }));
    element = <Page />;
  }
  if (route.hydrateFallbackElement) {
    element = <Suspense fallback={route.hydrateFallbackElement}>{element}</Suspense>;
  }
  if (route.errorElement) {
    element = <RouteErrorBoundary fallback={route.errorElement}>{element}</RouteErrorBoundary>;
  }
  if (route.index) return { index: true, element };
  return { path: route.path, element, children: route.children?.map(toRouteObject) };
}

/** Converts the table once, so each lazy page keeps one identity across renders. */
export function createRouteTree(routes: AppRoute[]): () => ReactNode {
  const objects = routes.map(toRouteObject);
  return function RouteTree() {
    return useRoutes(objects);
  };
}
