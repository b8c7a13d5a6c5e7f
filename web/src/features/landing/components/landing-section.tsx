import type { ReactNode } from 'react';

type LandingSectionProps = {
  id: string;
  title: string;
  intro?: string;
  tone?: 'plain' | 'muted';
  children: ReactNode;
};

/** A titled landing section; the heading names the region for screen-reader navigation. */
export function LandingSection({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: LandingSectionProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={tone === 'muted' ? 'bg-slate-50 py-20' : 'bg-white py-20'}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <h2 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          {intro ? <p className="mt-3 text-lg text-slate-700">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
