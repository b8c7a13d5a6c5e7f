import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../app/paths';
import { ButtonLink } from '../ui/button';
import { buttonStyles } from '../ui/button-styles';
import { CloseIcon, MenuIcon } from '../ui/icons';
import { LanguageSwitch } from './language-switch';
import { SectionLink, sectionLinks } from './section-link';

/**
 * Top bar for signed-out visitors (spec 2.3). The signed-in variant, with the mode and
 * connection badges and the settings menu, arrives with authentication.
 */
export function TopBar() {
  const { t } = useTranslation();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLocation, setMenuLocation] = useState(location);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);

  // A navigation closes the mobile menu; adjusting state during render avoids a flash.
  if (menuLocation !== location) {
    setMenuLocation(location);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const linkClass =
    'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={paths.home}
          aria-label={t('nav.home')}
          className="rounded-md text-lg font-bold tracking-tight text-brand-800"
        >
          {t('brand.name')}
        </Link>

        <nav aria-label={t('nav.sections')} className="hidden md:block">
          <ul className="flex items-center gap-2">
            {sectionLinks.map((link) => (
              <li key={link.id}>
                <SectionLink sectionId={link.id} className={linkClass}>
                  {t(link.labelKey)}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <div className="hidden items-center gap-2 md:flex">
            <ButtonLink to={paths.login} variant="ghost">
              {t('auth.login')}
            </ButtonLink>
            <ButtonLink to={paths.register}>{t('auth.register')}</ButtonLink>
          </div>
          <button
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'md:hidden' })}
          >
            {menuOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
            {t('nav.menu')}
          </button>
        </div>
      </div>

      <div
        id={menuId}
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        <nav aria-label={t('nav.sections')}>
          <ul className="flex flex-col">
            {sectionLinks.map((link) => (
              <li key={link.id}>
                <SectionLink
                  sectionId={link.id}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-md px-2 py-3 font-medium text-slate-800 hover:bg-slate-100"
                >
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
      </div>
    </header>
  );
}
