import { forwardRef, type ChangeEvent } from 'react';
import { buttonStyles, type ButtonSize } from './button-styles';

/**
 * A file input shown as a button in the page's language. The browser's own control speaks the
 * browser's language ("Choose File" on an Italian page), so the input stays in the page for
 * keyboard and screen readers but out of sight, and its label looks like a button. Focusing the
 * input outlines the button.
 */
export const FileButton = forwardRef<
  HTMLInputElement,
  {
    id: string;
    accept: string;
    /** The button's text. */
    children: string;
    disabled?: boolean;
    size?: ButtonSize;
    describedBy?: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  }
>(function FileButton({ id, accept, children, disabled, size, describedBy, onChange }, ref) {
  return (
    <>
      <input
        ref={ref}
        id={id}
        type="file"
        accept={accept}
        className="peer sr-only"
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={onChange}
      />
      <label
        htmlFor={id}
        className={buttonStyles({
          variant: 'secondary',
          size,
          className: `cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 ${disabled ? 'pointer-events-none opacity-60' : ''}`,
        })}
      >
        {children}
      </label>
    </>
  );
});
