/**
 * Every URL of spec 2.1 in one place. Components link through these names, so a renamed
 * route is one edit. Pages listed here may not exist yet; the router owns which ones do.
 */
export const paths = {
  // Public
  home: '/',
  demo: '/demo',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  updatePassword: '/update-password',
  confirmEmail: '/confirm-email',
  magicLink: '/auth/magic',
  accountDeleted: '/account-deleted',
  unsubscribe: '/unsubscribe',
  terms: '/termini',
  privacy: '/privacy',
  legal: '/legal',
  helpCenter: '/help-center',
  accessibility: '/accessibilita',
  dataDeletion: '/data-deletion',
  subprocessors: '/subprocessors',
  // Signed in
  dashboard: '/dashboard',
  documents: '/documents',
  claims: '/claims',
  connectAmazon: '/connect-amazon',
  feedback: '/feedback',
  feedbackSettings: '/feedback/settings',
  changePassword: '/change-password',
  account: '/account',
  accountPlan: '/account/plan',
  costs: '/costs',
  debugSubmit: '/debug/submit',
  debugStorage: '/debug/storage',
  debugFeedback: '/debug/feedback',
  admin: '/admin',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** The wizard opened on the plan step for the current plan's country: renewal (issue 15). */
export const renewPlanHref = `${paths.connectAmazon}?renew=1`;

/** Sign-in URL that returns the user to `redirectTo` afterwards (spec 2.1, default /dashboard). */
export function loginHref(redirectTo?: string): string {
  if (!redirectTo || redirectTo === paths.dashboard) return paths.login;
  return `${paths.login}?${new URLSearchParams({ redirectTo }).toString()}`;
}

/** Section ids on the landing page; the top bar links to them as `/#id`. */
export const landingSections = {
  features: 'features',
  benefits: 'benefits',
  pricing: 'pricing',
  help: 'help',
} as const;
