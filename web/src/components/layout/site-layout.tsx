import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { StoredLanguage } from '../../i18n/stored-language';
import { SkipLink } from '../ui/skip-link';
import { Footer } from './footer';
import { LoadingScreen } from './loading-screen';
import { ScrollOnNavigate } from './scroll-on-navigate';
import { TopBar, type SignedInTopBarComponent } from './top-bar';

export const MAIN_CONTENT_ID = 'main';

type SiteLayoutProps = {
  /** The full app's signed-in bar; without it the bar is the visitor's. */
  signedInTopBar?: SignedInTopBarComponent;
  /** Parts with no markup of their own that only the full app needs (signing out on arrival). */
  children?: ReactNode;
};

/**
 * The public shell: skip link, top bar, the page, footer. The app (router.tsx) gives it the
 * signed-in parts, whose code loads only for a signed-in user.
 */
export function SiteLayout({ signedInTopBar, children }: SiteLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={MAIN_CONTENT_ID} label={t('skipLink')} />
      <TopBar signedInTopBar={signedInTopBar} />
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
      {children}
    </div>
  );
}
