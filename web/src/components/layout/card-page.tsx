import { useId, type ReactNode } from 'react';
import { useFocusOnMount } from '../../lib/use-focus-on-mount';

type CardPageProps = {
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  /** True on every step after the first, so focus follows the step change. */
  focusHeading?: boolean;
  size?: 'md' | 'lg';
};

/** The centred card that sign-in, sign-up and account screens sit in. */
export function CardPage({
  title,
  intro,
  children,
  focusHeading = false,
  size = 'md',
}: CardPageProps) {
  const id = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>(focusHeading);
  return (
    <section
      aria-labelledby={id}
      className={`mx-auto w-full px-4 py-10 sm:px-6 sm:py-16 ${size === 'lg' ? 'max-w-2xl' : 'max-w-md'}`}
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 outline-none"
        >
          {title}
        </h1>
        {intro ? <div className="mt-2 text-slate-700">{intro}</div> : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
    </section>
  );
}
