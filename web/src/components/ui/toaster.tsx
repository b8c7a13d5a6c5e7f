import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';
import { MODAL_OPENED_EVENT } from './dialog';

/**
 * Toasts live in a manual popover, in the browser's top layer: a modal <dialog> is there too,
 * and whichever entered last is on top, so the toasts step back in each time a modal opens
 * rather than showing under its backdrop.
 */
export function Toaster() {
  const { t } = useTranslation();
  const layer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = layer.current;
    if (!element || typeof element.showPopover !== 'function') return;
    const raise = () => {
      if (element.matches(':popover-open')) element.hidePopover();
      element.showPopover();
    };
    raise();
    document.addEventListener(MODAL_OPENED_EVENT, raise);
    return () => document.removeEventListener(MODAL_OPENED_EVENT, raise);
  }, []);

  return (
    <div
      ref={layer}
      popover="manual"
      className="m-0 size-0 overflow-visible border-0 bg-transparent p-0"
    >
      <Sonner
        position="bottom-right"
        visibleToasts={1}
        richColors
        closeButton
        containerAriaLabel={t('toast.region')}
        toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
      />
    </div>
  );
}
