import { useEffect, useId, useRef, type ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
};

/** Raised when a modal opens, so the toasts can move above it in the top layer. */
export const MODAL_OPENED_EVENT = 'rimborsi:modal-opened';

/**
 * Shows and closes a native modal <dialog> with `open`, and gives the ids its title and
 * description need. Shared by every modal (this dialog, side sheets).
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.dispatchEvent(new Event(MODAL_OPENED_EVENT));
    }
    if (!open && dialog.open) {
      dialog.close();
      // A modal may stay open under this one (a confirmation inside the case sheet): the
      // toasts step back above whatever remains, so a toast raised on closing stays in view.
      document.dispatchEvent(new Event(MODAL_OPENED_EVENT));
    }
  }, [open]);

  return { ref, titleId, descriptionId };
}

/**
 * A modal on the native <dialog>: the browser traps focus inside it, makes the rest of the
 * page inert, closes it on Escape and returns focus to the control that opened it. The content
 * mounts only while open, so each opening starts from a clean form.
 */
export function Dialog({ open, onClose, title, description, children }: DialogProps) {
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
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50 sm:p-8"
    >
      {open ? (
        <>
          <h2 id={titleId} className="text-xl font-bold tracking-tight">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="mt-2 text-slate-700">
              {description}
            </p>
          ) : null}
          <div className="mt-6">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
