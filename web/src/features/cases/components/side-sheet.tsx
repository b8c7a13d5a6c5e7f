import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useModalDialog } from '../../../components/ui/dialog';

/**
 * The case-preparation sheet frame (spec 2.8, 700 px wide, from the right edge), on the native
 * modal <dialog> like the shared Dialog: focus stays inside, Escape closes, focus returns.
 */
export function SideSheet({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('cases');
  const { ref, titleId, descriptionId } = useModalDialog(open);

  return (
    <dialog
      ref={ref}
      // React passes a nested dialog's close event up the tree: only this dialog's own closing
      // closes it (a confirmation inside the case sheet must not close the sheet).
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid="case-sheet"
      className="m-0 ml-auto h-dvh max-h-dvh w-full max-w-[700px] overflow-y-auto border-l border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50 sm:p-8"
    >
      {open ? (
        <>
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-xl font-bold tracking-tight">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-slate-700">
                  {description}
                </p>
              ) : null}
            </div>
            <Button variant="secondary" size="sm" onClick={onClose}>
              {t('sheet.close')}
            </Button>
          </div>
          <div className="mt-6">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
