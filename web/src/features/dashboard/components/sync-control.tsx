import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useFormatters } from '../../../lib/use-formatters';
import { fetchLatestRuns, startSync, type SyncRun } from '../api/dashboard';

/** How often a sync in progress is read again. */
const POLL_MS = 1000;

/**
 * The "Sync now" / new-scan button (spec 2.6, 2.7) with its plan tooltip, the progress of a
 * sync in progress (polled from `GET /api/sync-runs/latest`) and the last sync. The button is
 * usable only when connected with an active plan; otherwise it stays focusable so its tooltip
 * can be read, and pressing it explains why.
 */
export function SyncControl({ enabled, onFinished }: { enabled: boolean; onFinished: () => void }) {
  const { t } = useTranslation('dashboard');
  const { date, number } = useFormatters();
  const tipId = useId();
  const [run, setRun] = useState<SyncRun | null>(null);
  const [last, setLast] = useState<SyncRun | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  const poll = useCallback(
    (announce: boolean) => {
      function schedule() {
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(tick, POLL_MS);
      }
      function tick() {
        fetchLatestRuns().then(
          (latest) => {
            setLast(latest.last_successful);
            setRun(latest.run);
            if (latest.run?.status === 'running') {
              schedule();
              return;
            }
            if (!announce) return;
            if (latest.run?.status === 'succeeded') {
              notify.success({ title: t('sync.done') });
            } else if (latest.run?.status === 'failed') {
              notify.error({ title: t('sync.failed') });
            }
            finished.current();
          },
          // A failed read is tried again; the run goes on regardless.
          schedule,
        );
      }
      schedule();
    },
    [t],
  );

  useEffect(() => {
    let live = true;
    fetchLatestRuns().then(
      (latest) => {
        if (!live) return;
        setRun(latest.run);
        setLast(latest.last_successful);
        if (latest.run?.status === 'running') poll(true);
      },
      () => undefined,
    );
    return () => {
      live = false;
      window.clearTimeout(timer.current);
    };
  }, [poll]);

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
      setRun(await startSync());
      poll(true);
    } catch (error) {
      if (isApiError(error, 409) && error.code === 'conflict') {
        setRefusal(error.message);
        poll(true);
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
          {running || starting ? t('sync.running') : t('sync.now')}
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
