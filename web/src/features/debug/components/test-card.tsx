import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { useAdminStatus } from '../../../lib/auth/admin';
import type { TestState, TestStatus } from '../use-test-runner';

const tones: Record<TestStatus, string> = {
  idle: 'bg-slate-100 text-slate-800',
  running: 'bg-amber-100 text-amber-900',
  pass: 'bg-brand-100 text-brand-900',
  fail: 'bg-red-100 text-red-900',
};

export function StatusBadge({ status }: { status: TestStatus }) {
  const { t } = useTranslation('debug');
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${tones[status]}`}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** One diagnostic test: what it checks, its badge, duration and the raw response body. */
export function TestCard({
  title,
  description,
  state,
  action,
  testId,
}: {
  title: string;
  description: ReactNode;
  state: TestState;
  action: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('debug');
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="font-semibold text-slate-900">
          {title}
        </h2>
        <div className="flex items-center gap-3" aria-live="polite">
          <StatusBadge status={state.status} />
          {state.durationMs !== null ? (
            <span className="text-xs text-slate-700">
              {t('duration', { ms: state.durationMs })}
            </span>
          ) : null}
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-700">{description}</p>
      <div className="mt-3">{action}</div>
      {state.body !== null ? (
        <details className="mt-3" open={state.status === 'fail'}>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            {t('body')}
          </summary>
          <pre className="mt-2 max-h-80 overflow-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
            {JSON.stringify(state.body, null, 2)}
          </pre>
        </details>
      ) : null}
    </section>
  );
}

/**
 * The diagnostic pages' frame (spec 2.12). They are for admins: the server refuses what they
 * call to anyone else, and the page says so instead of offering tests that cannot pass.
 */
export function DebugLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('debug');
  const id = useId();
  const admin = useAdminStatus();
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <h1 id={id} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h1>
      {admin === false ? (
        <Alert tone="info" className="mt-4">
          {t('adminOnly')}
        </Alert>
      ) : admin ? (
        <>
          <div className="mt-2 text-slate-700">{intro}</div>
          <div className="mt-6 space-y-4">{children}</div>
        </>
      ) : null}
    </section>
  );
}
