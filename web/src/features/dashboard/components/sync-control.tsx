import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { invalidateProfile } from '../../../lib/profile';
import { notify } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { startSync, useLatestRuns } from '../api/dashboard';

/**
 * The "Sync now" / new-scan button (spec 2.6, 2.7) with its plan tooltip, the progress of a
 * sync in progress (`GET /api/sync-runs/latest`, polled while it runs) and the last sync. The
 * button is usable only when connected with an active plan; otherwise it stays focusable so its
 * tooltip can be read, and pressing it explains why.
 */
export function SyncControl({
  enabled,
  freeScan = false,
  onFinished,
}: {
  enabled: boolean;
  /** The seller has no plan and may still run the free first scan. */
  freeScan?: boolean;
  onFinished: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { date, number } = useFormatters();
  const tipId = useId();
  const { data: latest, mutate } = useLatestRuns();
  const run = latest?.run ?? null;
  const last = latest?.last_successful ?? null;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  // A run seen in progress is announced when it ends, and the page reads its results.
  const watching = useRef(false);
  const status = run?.status;
  useEffect(() => {
    if (status === 'running') {
      watching.current = true;
      return;
    }
    if (!watching.current || status === undefined) return;
    watching.current = false;
    if (status === 'succeeded') notify.success({ title: t('sync.done') });
    else notify.error({ title: t('sync.failed') });
    finished.current();
  }, [status, t]);

  const running = run?.status === 'running';

  async function press() {
    if (!enabled) {
      setRefusal(t('sync.planRequired'));
      return;
    }
    if (running || starting) return;
    setRefusal(null);
    setStarting(true);
    try {
      const started = await startSync();
      await mutate({ run: started, last_successful: last }, { revalidate: false });
      // The free first scan is now taken: the profile says so.
      if (freeScan) void invalidateProfile();
    } catch (error) {
      if (isApiError(error, 409) && error.code === 'conflict') {
        setRefusal(error.message);
        void mutate();
      } else if (isApiError(error) && error.status < 500) {
        setRefusal(error.message);
      } else {
        notify.error({ title: t('sync.startError') });
      }
    } finally {
      setStarting(false);
    }
  }

  const percent = run?.progress.percent ?? 0;
  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <span className="group relative inline-flex">
        <Button
          onClick={() => void press()}
          aria-disabled={!enabled || running || starting}
          aria-describedby={enabled ? undefined : tipId}
          className={!enabled || running ? 'cursor-not-allowed opacity-60' : undefined}
        >
          {running || starting ? t('sync.running') : freeScan ? t('sync.freeNow') : t('sync.now')}
        </Button>
        {enabled ? null : (
          <span
            id={tipId}
            role="tooltip"
            className="invisible absolute top-full right-0 z-10 mt-2 w-64 rounded-md bg-slate-900 px-3 py-2 text-xs text-white shadow-lg group-focus-within:visible group-hover:visible"
          >
            {t('sync.planTooltip')}
          </span>
        )}
      </span>
      {freeScan && !running ? (
        <p className="max-w-sm text-sm text-slate-700" data-testid="free-scan-hint">
          {t('sync.freeHint')}
        </p>
      ) : null}
      {refusal ? (
        <p role="alert" className="max-w-sm text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {running ? (
        <div className="w-64" data-testid="sync-progress">
          <div
            role="progressbar"
            aria-label={t('sync.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700" style={{ width: `${Math.max(4, percent)}%` }} />
          </div>
          <p className="mt-1 text-sm text-slate-700" aria-live="polite">
            {t('sync.progress', { percent: number(percent) })}
          </p>
        </div>
      ) : null}
      {!running && run?.status === 'failed' ? (
        <p className="text-sm text-red-800">{t('sync.lastFailed')}</p>
      ) : null}
      {last?.finished_at ? (
        <p className="text-sm text-slate-700" data-testid="last-sync">
          {t('sync.last', {
            date: date(last.finished_at),
            count: last.counts.shipments_listed,
          })}
        </p>
      ) : !running ? (
        <p className="text-sm text-slate-700">{t('sync.never')}</p>
      ) : null}
    </div>
  );
}
