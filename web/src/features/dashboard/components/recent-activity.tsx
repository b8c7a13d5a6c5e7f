import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { useFormatters } from '../../../lib/use-formatters';
import type { ActivityEntry } from '../api/dashboard';

const tones = { success: 'brand', pending: 'amber', info: 'slate' } as const;

function useMessage() {
  const { t } = useTranslation('dashboard');
  return (entry: ActivityEntry): string => {
    const shipment = entry.shipment_id ?? '';
    switch (entry.kind) {
      case 'sync':
        if (entry.status === 'succeeded')
          return t('activity.syncDone', { count: entry.units ?? 0 });
        if (entry.status === 'running') return t('activity.syncRunning');
        return t('activity.syncFailed');
      case 'upload':
        return t('activity.upload', { shipment, filename: entry.filename ?? '' });
      case 'submission':
        return t('activity.submission', { shipment });
      case 'response':
        if (entry.status === 'partly_reimbursed')
          return t('activity.partlyReimbursed', { shipment, count: entry.units ?? 0 });
        return entry.status === 'reimbursed'
          ? t('activity.reimbursed', { shipment })
          : t('activity.response', { shipment });
    }
  };
}

/** Spec 2.6: recent activity from the user's own events, each with type, message, time, amount. */
export function RecentActivity({ entries }: { entries: ActivityEntry[] | undefined }) {
  const { t } = useTranslation('dashboard');
  const { date, currency, number } = useFormatters();
  const message = useMessage();
  return (
    <section
      aria-labelledby="activity-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="activity-title" className="text-xl font-semibold text-slate-900">
        {t('activity.title')}
      </h2>
      {!entries || entries.length === 0 ? (
        <p className="mt-3 text-slate-700">{t('activity.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {entries.map((entry, index) => (
            <li
              key={`${entry.kind}-${entry.at}-${index}`}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
            >
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={tones[entry.type]}>{t(`activity.type.${entry.type}`)}</Badge>
                <span className="text-slate-900">{message(entry)}</span>
              </div>
              <div className="flex items-center gap-3 text-sm text-slate-700">
                {entry.amount !== null ? (
                  <span className="font-semibold">
                    {currency(entry.amount, entry.currency ?? undefined)}
                  </span>
                ) : entry.units !== null && entry.kind !== 'sync' ? (
                  <span>{t('activity.units', { count: entry.units, n: number(entry.units) })}</span>
                ) : null}
                <time dateTime={entry.at}>{date(entry.at)}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
