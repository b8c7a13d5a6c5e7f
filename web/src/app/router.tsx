import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { LoadingScreen } from '../components/layout/loading-screen';
import { SiteLayout } from '../components/layout/site-layout';
import { LandingRoute } from './routes/landing';
import { RouteErrorPage } from './routes/route-error';

/**
 * Only the landing page ships in the entry chunk; every other route is a lazy chunk, declared
 * as `lazy: () => import(...)` returning `{ Component }`.
 */
const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    errorElement: <RouteErrorPage />,
    // Shown on a first visit to a lazy route while its chunk downloads.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <LandingRoute /> },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
