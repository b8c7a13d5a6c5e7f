import type { ReactNode } from 'react';

const tones = {
  brand: 'bg-brand-100 text-brand-900',
  amber: 'bg-amber-100 text-amber-900',
  slate: 'bg-slate-100 text-slate-800',
  red: 'bg-red-100 text-red-900',
} as const;

export function Badge({
  tone = 'slate',
  children,
  className,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[tone]} ${className ?? ''}`}
    >
      {children}
    </span>
  );
}
