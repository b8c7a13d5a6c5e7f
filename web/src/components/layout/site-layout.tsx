import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { StoredLanguage } from '../../i18n/stored-language';
import { SignOutOnArrival } from '../../lib/auth/sign-out-on-arrival';
import { SkipLink } from '../ui/skip-link';
import { Footer } from './footer';
import { LoadingScreen } from './loading-screen';
import { ScrollOnNavigate } from './scroll-on-navigate';
import { TopBar } from './top-bar';

export const MAIN_CONTENT_ID = 'main';

/** The public shell: skip link, top bar, the page, footer. */
export function SiteLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_CONTENT_ID} label={t('skipLink')} />
      <TopBar />
      {/* tabIndex lets the skip link move keyboard focus here, not only the scroll position. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {/* Keeps the shell on screen while a page waits for its strings. */}
        <Suspense fallback={<LoadingScreen inline />}>
          <Outlet />
          <StoredLanguage />
        </Suspense>
      </main>
      <Footer />
      <ScrollOnNavigate />
      <SignOutOnArrival />
    </div>
  );
}
