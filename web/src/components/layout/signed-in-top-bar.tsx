import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useIsAdmin } from '../../lib/auth/admin';
import type { Session } from '../../lib/auth/session-store';
import { signOutState } from '../../lib/auth/sign-out-on-arrival';
import { useProfile } from '../../lib/profile';
import { ConnectionBadge } from '../connection/connection-badge';
import { buttonStyles } from '../ui/button-styles';
import { ChevronDownIcon } from '../ui/icons';
import { LanguageSwitch } from './language-switch';
import { ModeBadge } from './mode-badge';
import { TopBarFrame, mobileLinkClass, topBarLinkClass, useDisclosure } from './top-bar-frame';

const appLinks = [
  { to: paths.dashboard, labelKey: 'nav.dashboard' },
  { to: paths.documents, labelKey: 'nav.documents' },
  { to: paths.claims, labelKey: 'nav.claims' },
  { to: paths.feedback, labelKey: 'nav.feedback' },
  { to: paths.connectAmazon, labelKey: 'nav.connectAmazon' },
] as const;

const settingsLinks = [
  { to: paths.feedbackSettings, labelKey: 'accountMenu.settings' },
  { to: paths.changePassword, labelKey: 'accountMenu.changePassword' },
  { to: paths.account, labelKey: 'accountMenu.profile' },
  { to: paths.accountPlan, labelKey: 'accountMenu.plan' },
  { to: paths.costs, labelKey: 'accountMenu.costs' },
] as const;

const activeClass = 'bg-brand-50 text-brand-900';

export function SignedInTopBar({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { data: profile } = useProfile();
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const signOut = () => void navigate(paths.home, { state: signOutState });
  const links = isAdmin
    ? [...appLinks, { to: paths.admin, labelKey: 'nav.admin' } as const]
    : appLinks;

  return (
    <TopBarFrame
      nav={
        <nav aria-label={t('nav.app')} className="hidden md:block">
          <ul className="flex items-center gap-2">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) => `${topBarLinkClass} ${isActive ? activeClass : ''}`}
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      }
      actions={
        <>
          {profile ? <ModeBadge profile={profile} /> : null}
          <span className="hidden md:inline-flex">
            <ConnectionBadge />
          </span>
          <LanguageSwitch />
        </>
      }
      desktopActions={<AccountMenu email={session.email} onSignOut={signOut} />}
      mobileMenu={(close) => (
        <>
          <nav aria-label={t('nav.app')}>
            <ul className="flex flex-col">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={close} className={mobileLinkClass}>
                    {t(link.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div
            className="mt-2 border-t border-slate-200 pt-2"
            role="group"
            aria-label={t('nav.account')}
          >
            <p className="px-2 py-2 text-sm text-slate-600">
              {t('accountMenu.signedInAs', { email: session.email })}
            </p>
            <ul className="flex flex-col">
              {settingsLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} onClick={close} className={mobileLinkClass}>
                    {t(link.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <button
              type="button"
              onClick={signOut}
              className={buttonStyles({ variant: 'secondary', className: 'mt-2 w-full' })}
            >
              {t('auth.logout')}
            </button>
          </div>
        </>
      )}
    />
  );
}

type AccountMenuProps = {
  email: string;
  onSignOut: () => void;
};

/**
 * The settings menu: a disclosure (button plus a list of links), which keyboard and
 * screen-reader users operate like any other links; Escape or a click outside closes it.
 */
function AccountMenu({ email, onSignOut }: AccountMenuProps) {
  const { t } = useTranslation();
  const { open, setOpen, buttonRef } = useDisclosure();
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className={buttonStyles({ variant: 'secondary', size: 'sm' })}
      >
        {t('accountMenu.button')}
        <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <p className="truncate px-3 py-2 text-sm text-slate-600" title={email}>
          {t('accountMenu.signedInAs', { email })}
        </p>
        <ul className="border-t border-slate-200 pt-1">
          {settingsLinks.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                className="block rounded-md px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
              >
                {t(link.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-1 border-t border-slate-200 pt-1">
          <button
            type="button"
            onClick={onSignOut}
            className="block w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100"
          >
            {t('auth.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
