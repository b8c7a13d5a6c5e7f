import { lazy } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { LoadingScreen } from '../components/layout/loading-screen';
import { SiteLayout } from '../components/layout/site-layout';
import { SignOutOnArrival } from '../lib/auth/sign-out-on-arrival';
import { paths } from '../lib/paths';
import { page, publicPageRoutes } from './public-routes';
import { createRouteTree, type AppRoute } from './route-tree';
import { RouteErrorPage } from './routes/route-error';

// Only signed-in users download the signed-in bar (and the profile and API code it uses).
const SignedInTopBar = lazy(() =>
  import('../components/layout/signed-in-top-bar').then((module) => ({
    default: module.SignedInTopBar,
  })),
);

/**
 * Only the landing page ships in the entry chunk; every other route is a lazy chunk. The
 * signed-in routes sit under the guard, which waits for the session and sends visitors to
 * /login with the way back.
 */
const routes: AppRoute[] = [
  {
    element: (
      <SiteLayout signedInTopBar={SignedInTopBar}>
        <SignOutOnArrival />
      </SiteLayout>
    ),
    errorElement: <RouteErrorPage />,
    // Shown on a first visit to a lazy route while its chunk downloads.
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      ...publicPageRoutes,
      {
        path: paths.login,
        lazy: page(
          () => import('../features/auth/components/login-page').then((m) => m.LoginPage),
          ['auth'],
        ),
      },
      {
        path: paths.register,
        lazy: page(
          () => import('../features/auth/components/register-page').then((m) => m.RegisterPage),
          ['auth'],
        ),
      },
      {
        path: paths.confirmEmail,
        lazy: page(
          () =>
            import('../features/auth/components/confirm-email-page').then(
              (m) => m.ConfirmEmailPage,
            ),
          ['auth'],
        ),
      },
      {
        path: paths.magicLink,
        lazy: page(
          () => import('../features/auth/components/magic-link-page').then((m) => m.MagicLinkPage),
          ['auth'],
        ),
      },
      {
        path: paths.forgotPassword,
        lazy: page(
          () =>
            import('../features/auth/components/forgot-password-page').then(
              (m) => m.ForgotPasswordPage,
            ),
          ['auth'],
        ),
      },
      {
        path: paths.updatePassword,
        lazy: page(
          () =>
            import('../features/auth/components/update-password-page').then(
              (m) => m.UpdatePasswordPage,
            ),
          ['auth'],
        ),
      },
      {
        path: paths.accountDeleted,
        lazy: page(
          () =>
            import('../features/auth/components/account-deleted-page').then(
              (m) => m.AccountDeletedPage,
            ),
          ['auth'],
        ),
      },
      {
        path: paths.demo,
        lazy: page(
          () => import('../features/demo/components/demo-page').then((m) => m.DemoPage),
          ['demo'],
        ),
      },
      {
        path: paths.unsubscribe,
        lazy: page(
          () =>
            import('../features/legal/components/unsubscribe-page').then((m) => m.UnsubscribePage),
          ['legal'],
        ),
      },
      {
        // Lazy too: the session and API code stay out of the landing's first load.
        lazy: async () => ({
          Component: (await import('./routes/signed-in-shell')).SignedInShell,
        }),
        children: [
          {
            path: paths.dashboard,
            lazy: page(
              () => import('./routes/dashboard').then((m) => m.DashboardRoute),
              ['dashboard', 'shipments', 'cases'],
            ),
          },
          {
            path: paths.documents,
            lazy: page(() => import('./routes/documents').then((m) => m.DocumentsRoute), ['cases']),
          },
          {
            path: paths.claims,
            lazy: page(
              () => import('./routes/claims').then((m) => m.ClaimsRoute),
              ['claims', 'cases'],
            ),
          },
          {
            path: paths.connectAmazon,
            lazy: page(
              () =>
                import('../features/connect/components/connect-page').then(
                  (m) => m.ConnectAmazonPage,
                ),
              ['connect', 'dashboard'],
            ),
          },
          {
            path: paths.feedback,
            lazy: page(
              () =>
                import('../features/feedback/components/feedback-page').then((m) => m.FeedbackPage),
              ['feedback'],
            ),
          },
          {
            path: paths.feedbackSettings,
            lazy: page(
              () =>
                import('../features/feedback/components/feedback-settings-page').then(
                  (m) => m.FeedbackSettingsPage,
                ),
              ['feedback'],
            ),
          },
          {
            path: paths.changePassword,
            lazy: page(
              () =>
                import('../features/account/components/change-password-page').then(
                  (m) => m.ChangePasswordPage,
                ),
              ['account'],
            ),
          },
          {
            path: paths.admin,
            lazy: page(
              () => import('../features/admin/components/admin-page').then((m) => m.AdminPage),
              ['admin'],
            ),
          },
          {
            path: paths.debugSubmit,
            lazy: page(
              () =>
                import('../features/debug/components/debug-submit-page').then(
                  (m) => m.DebugSubmitPage,
                ),
              ['debug'],
            ),
          },
          {
            path: paths.debugStorage,
            lazy: page(
              () =>
                import('../features/debug/components/debug-storage-page').then(
                  (m) => m.DebugStoragePage,
                ),
              ['debug'],
            ),
          },
          {
            path: paths.debugFeedback,
            lazy: page(
              () =>
                import('../features/debug/components/debug-feedback-page').then(
                  (m) => m.DebugFeedbackPage,
                ),
              ['debug'],
            ),
          },
          {
            path: paths.account,
            lazy: page(
              () =>
                import('../features/account/components/account-page').then((m) => m.AccountPage),
              ['account'],
            ),
          },
          {
            path: paths.accountPlan,
            lazy: page(
              () => import('../features/account/components/plan-page').then((m) => m.PlanPage),
              ['account'],
            ),
          },
          {
            path: paths.costs,
            lazy: page(
              () => import('../features/costs/components/costs-page').then((m) => m.CostsPage),
              ['shipments'],
            ),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
];

const routeTree = createRouteTree(routes);

/** The page of the current location, under whichever router the entry provides. */
export const AppRoutes = routeTree.Routes;

/** Downloads the pages a location shows, so a prerendered page hydrates without waiting. */
export const preloadRoute = routeTree.preload;

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
