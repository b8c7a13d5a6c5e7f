import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  /** Shown under the field and read with it. */
  hint?: ReactNode;
  /** Already translated; ties itself to the input through aria-describedby. */
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /** Extra control on the label row (a "forgot password?" link, say). */
  labelAside?: ReactNode;
};

export const inputClass =
  'block rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 disabled:bg-slate-100';

export function fieldBorder(invalid: boolean): string {
  return invalid ? 'border-red-700' : 'border-slate-400';
}

export function TextField({
  label,
  hint,
  error,
  labelAside,
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1 w-full ${inputClass} ${fieldBorder(Boolean(error))}`}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}
