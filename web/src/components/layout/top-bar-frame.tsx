import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { buttonStyles } from '../ui/button-styles';
import { CloseIcon, MenuIcon } from '../ui/icons';

export const topBarLinkClass =
  'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

export const mobileLinkClass =
  'block rounded-md px-2 py-3 font-medium text-slate-800 hover:bg-slate-100';

/**
 * Open/closed state of a disclosure that must close on navigation and on Escape (returning
 * focus to its button), shared by the mobile menu and the account menu.
 */
export function useDisclosure() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(location);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // A navigation closes it; adjusting state during render avoids a flash.
  if (openedAt !== location) {
    setOpenedAt(location);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return { open, setOpen, buttonRef };
}

type TopBarFrameProps = {
  /** Desktop navigation, between the brand and the actions. */
  nav?: ReactNode;
  /** Always visible on the right (language switch, badges). */
  actions: ReactNode;
  /** Desktop-only actions, replaced by the menu under 768 px. */
  desktopActions?: ReactNode;
  /** The content of the mobile menu; without it there is no menu button. */
  mobileMenu?: (close: () => void) => ReactNode;
};

/** The sticky header shared by the signed-out and signed-in top bars (spec 2.3). */
export function TopBarFrame({ nav, actions, desktopActions, mobileMenu }: TopBarFrameProps) {
  const { t } = useTranslation();
  const { open, setOpen, buttonRef } = useDisclosure();
  const menuId = useId();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* Under 640 px the bar holds the brand, the badges, the language switch and an
          icon-only menu button; the brand gives way first rather than the page growing wider. */}
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Link
          to={paths.home}
          aria-label={t('nav.home')}
          className="min-w-0 truncate rounded-md text-lg font-bold tracking-tight text-brand-800"
        >
          {t('brand.name')}
        </Link>

        {nav}

        <div className="flex shrink-0 items-center gap-2">
          {actions}
          {desktopActions ? (
            <div className="hidden items-center gap-2 md:flex">{desktopActions}</div>
          ) : null}
          {mobileMenu ? (
            <button
              ref={buttonRef}
              type="button"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((value) => !value)}
              className={buttonStyles({ variant: 'secondary', size: 'sm', className: 'md:hidden' })}
            >
              {open ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
              <span className="sr-only sm:not-sr-only">{t('nav.menu')}</span>
            </button>
          ) : null}
        </div>
      </div>

      {mobileMenu ? (
        <div
          id={menuId}
          hidden={!open}
          className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
        >
          {mobileMenu(() => setOpen(false))}
        </div>
      ) : null}
    </header>
  );
}
