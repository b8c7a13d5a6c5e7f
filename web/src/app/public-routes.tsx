import type { ComponentType } from 'react';
import { i18n } from '../i18n';
import type { Namespace } from '../i18n/resources';
import { paths } from '../lib/paths';
import type { AppRoute } from './route-tree';
import { LandingRoute } from './routes/landing';

/**
 * A lazy route whose strings download together with its code, so the page never renders
 * half-translated or suspends a second time for its namespace.
 */
export function page(load: () => Promise<ComponentType>, namespaces: Namespace[] = []) {
  return async () => {
    const [Component] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component };
  };
}

type LegalPageName =
  'TermsPage' | 'PrivacyPage' | 'LegalInfoPage' | 'SubprocessorsPage' | 'AccessibilityPage';

/** One of the legal documents, all in one chunk with their strings. */
function legalPage(name: LegalPageName) {
  return page(
    () => import('../features/legal/components/legal-page').then((m) => m[name]),
    ['legal'],
  );
}

/**
 * The prerendered public pages (PRERENDERED_PATHS), part of the app's router (router.tsx). Only the landing page is in the entry chunk; the others download
 * on first visit.
 */
export const publicPageRoutes: AppRoute[] = [
  { index: true, element: <LandingRoute /> },
  { path: paths.terms, lazy: legalPage('TermsPage') },
  { path: paths.privacy, lazy: legalPage('PrivacyPage') },
  { path: paths.legal, lazy: legalPage('LegalInfoPage') },
  { path: paths.subprocessors, lazy: legalPage('SubprocessorsPage') },
  { path: paths.accessibility, lazy: legalPage('AccessibilityPage') },
  {
    path: paths.helpCenter,
    lazy: page(
      () => import('../features/help/components/help-center-page').then((m) => m.HelpCenterPage),
      ['help'],
    ),
  },
  {
    path: paths.dataDeletion,
    lazy: page(
      () =>
        import('../features/help/components/data-deletion-page').then((m) => m.DataDeletionPage),
      ['help'],
    ),
  },
];
