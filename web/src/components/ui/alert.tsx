import type { ReactNode, Ref } from 'react';

type AlertProps = {
  tone: 'error' | 'success' | 'info';
  title?: ReactNode;
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
  className?: string;
};

const tones = {
  error: 'border-red-300 bg-red-50 text-red-900',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  info: 'border-slate-300 bg-slate-50 text-slate-900',
} as const;

/**
 * A message about the whole form or screen. Errors are announced at once (role alert); the
 * others politely (role status). tabIndex lets a step change move focus onto it.
 */
export function Alert({ tone, title, children, ref, className }: AlertProps) {
  return (
    <div
      ref={ref}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
      className={`rounded-lg border px-4 py-3 text-sm outline-none ${tones[tone]} ${className ?? ''}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}
