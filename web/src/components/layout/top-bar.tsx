import { Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../lib/paths';
import type { Session } from '../../lib/auth/session-store';
import { useSession } from '../../lib/auth/use-session';
import { ButtonLink } from '../ui/button';
import { LanguageSwitch } from './language-switch';
import { SectionLink, sectionLinks } from './section-link';
import { TopBarFrame, mobileLinkClass, topBarLinkClass } from './top-bar-frame';

/** The signed-in bar, lazy: only signed-in users download it (and the profile and API code). */
export type SignedInTopBarComponent = ComponentType<{ session: Session }>;

/**
 * Top bar of spec 2.3: login and register for visitors; app links, mode badge and the
 * settings menu once signed in. While a stored session is being checked it shows neither, so
 * a signed-in user never sees a flash of "log in".
 */
export function TopBar({
  signedInTopBar: SignedInTopBar,
}: {
  signedInTopBar?: SignedInTopBarComponent;
}) {
  const { loading, session } = useSession();
  if (loading) return <TopBarFrame actions={<LanguageSwitch />} />;
  if (session && SignedInTopBar) {
    return (
      <Suspense fallback={<TopBarFrame actions={<LanguageSwitch />} />}>
        <SignedInTopBar session={session} />
      </Suspense>
    );
  }
  return <SignedOutTopBar />;
}

function SignedOutTopBar() {
  const { t } = useTranslation();
  return (
    <TopBarFrame
      nav={
        <nav aria-label={t('nav.sections')} className="hidden md:block">
          <ul className="flex items-center gap-2">
            {sectionLinks.map((link) => (
              <li key={link.id}>
                <SectionLink sectionId={link.id} className={topBarLinkClass}>
                  {t(link.labelKey)}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
      }
      actions={<LanguageSwitch />}
      desktopActions={
        <>
          <ButtonLink to={paths.login} variant="ghost">
            {t('auth.login')}
          </ButtonLink>
          <ButtonLink to={paths.register}>{t('auth.register')}</ButtonLink>
        </>
      }
      mobileMenu={(close) => (
        <>
          <nav aria-label={t('nav.sections')}>
            <ul className="flex flex-col">
              {sectionLinks.map((link) => (
                <li key={link.id}>
                  <SectionLink sectionId={link.id} onClick={close} className={mobileLinkClass}>
                    {t(link.labelKey)}
                  </SectionLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 grid grid-cols-2 gap-2" aria-label={t('nav.account')} role="group">
            <ButtonLink to={paths.login} variant="secondary">
              {t('auth.login')}
            </ButtonLink>
            <ButtonLink to={paths.register}>{t('auth.register')}</ButtonLink>
          </div>
        </>
      )}
    />
  );
}
