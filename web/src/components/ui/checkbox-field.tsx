import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: ReactNode;
};

export function CheckboxField({ label, className, ...inputProps }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className ?? ''}`}>
      <input
        id={id}
        type="checkbox"
        className="size-4 rounded border-slate-400 accent-brand-700"
        {...inputProps}
      />
      <label htmlFor={id} className="text-sm text-slate-900">
        {label}
      </label>
    </div>
  );
}
