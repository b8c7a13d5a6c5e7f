/**
 * The light entry of the prerendered public pages (PRERENDERED_PATHS), built on its own with
 * `vite build --mode public` (web/vite.config.ts), where Preact's compatibility layer stands in
 * for React: the same components, the same router and i18next, in a fraction of React DOM's size.
 * It hydrates the page the build wrote and serves the public pages among themselves; anything
 * else (sign-in, the demo, every signed-in screen, a visitor with a stored session) is the full
 * app's, which it loads into the same document (app/open-app.ts).
 */
import { StrictMode, Suspense, useEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
// i18n first: the first render must already be translated.
import './i18n';
import { LoadingScreen } from './components/layout/loading-screen';
import { SiteLayout } from './components/layout/site-layout';
import { openApp } from './app/open-app';
import { prerenderedRoot } from './app/prerendered-root';
import { publicPageRoutes } from './app/public-routes';
import { createRouteTree } from './app/route-tree';
import { RouteErrorPage } from './app/routes/route-error';
import { BrowserRouter } from 'react-router-dom';
import { hasStoredTokens, isTokenStorageKey } from './lib/auth/session-store';
import { formatDate } from './lib/format';
import { DEFAULT_LANGUAGE } from './i18n/languages';

let root: Root | undefined;

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The page's first Intl formatter (the landing shows dates and prices), built in a task of its
 * own: the first one costs the browser tens of milliseconds on a busy phone while it loads the
 * locale's data, and inside hydration, which Preact does in one go, it would lengthen the one
 * long stretch of the main thread (measured: about 40 % of the hydration task).
 */
function loadLocaleData(): void {
  // A calendar date, as the landing's example shipment has: the same formatter, cached.
  formatDate('2026-01-01', DEFAULT_LANGUAGE);
}

/** Hands the document to the full app, removing this entry's tree once the app's code is here. */
function handOver(): void {
  void openApp(() => {
    window.removeEventListener('storage', onStorage);
    root?.unmount();
    root = undefined;
  });
}

/** A route only the full app has: it takes over at this URL, the shell staying on screen meanwhile. */
function AppOnlyRoute() {
  useEffect(handOver, []);
  return <LoadingScreen inline />;
}

/** A sign-in in another tab: the full app shows the signed-in top bar, as it would here. */
function onStorage(event: StorageEvent): void {
  if (isTokenStorageKey(event.key) && hasStoredTokens()) handOver();
}

const routeTree = createRouteTree([
  {
    element: <SiteLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [...publicPageRoutes, { path: '*', element: <AppOnlyRoute /> }],
  },
]);

const prerendered = prerenderedRoot();
if (!prerendered || hasStoredTokens()) {
  // Not this URL's prerendered page, or a session only the full app can read: the page is
  // still untouched, so the app hydrates it (or renders it from scratch).
  handOver();
} else {
  // The page's code and strings load before hydration so the whole page hydrates at once.
  // Hydration waits for a task of its own: Preact hydrates in one go, and after the scripts'
  // start-up in the same task it would keep a phone's main thread busy for one long stretch.
  // React, which the public pages left, hydrates in slices of a few milliseconds instead.
  void routeTree
    .preload(window.location.pathname)
    .then(nextTask)
    .then(loadLocaleData)
    .then(nextTask)
    .then(() => {
      root = hydrateRoot(
        prerendered,
        <StrictMode>
          <Suspense fallback={<LoadingScreen />}>
            <BrowserRouter>
              <routeTree.Routes />
            </BrowserRouter>
          </Suspense>
        </StrictMode>,
      );
      window.addEventListener('storage', onStorage);
    }, handOver);
}
