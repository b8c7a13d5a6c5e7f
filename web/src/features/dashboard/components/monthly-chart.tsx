import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';
import type { MonthBucket } from '../api/dashboard';

/** The chart library downloads with this chunk only, on the signed-in dashboard. */
const MonthlyChartCanvas = lazy(() => import('./monthly-chart-canvas'));

/** The currency the chart draws; amounts in other currencies are in the table. */
const CHART_CURRENCY = 'EUR';

export type ChartPoint = { label: string; recovered: number; missing: number };

/**
 * Issue 16.5: money recovered and units still missing per month, as a chart (drawn by a
 * lazy-loaded library, hidden from screen readers) with the same figures in a table behind it:
 * read by screen readers always, shown on screen with the toggle.
 */
export function MonthlyChart({ months }: { months: MonthBucket[] | undefined }) {
  const { t } = useTranslation('dashboard');
  const { language, number, currency } = useFormatters();
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const monthLabel = useMemo(
    () => new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    [language],
  );
  const rows = useMemo(
    () =>
      (months ?? []).map((bucket) => ({
        bucket,
        label: monthLabel.format(new Date(`${bucket.month}-01T00:00:00Z`)),
      })),
    [months, monthLabel],
  );
  // Stable while the figures and the language stay, so the chart is not drawn again per render.
  const points = useMemo<ChartPoint[]>(
    () =>
      rows.map(({ bucket, label }) => ({
        label,
        recovered: bucket.recovered.find((r) => r.currency === CHART_CURRENCY)?.amount ?? 0,
        missing: bucket.missing_units,
      })),
    [rows],
  );

  return (
    <section
      aria-labelledby="monthly-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="monthly-chart"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="monthly-title" className="text-xl font-semibold text-slate-900">
            {t('chart.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('chart.description')}</p>
        </div>
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? t('chart.hideTable') : t('chart.showTable')}
        </button>
      </div>
      <div aria-hidden="true" className="mt-4 min-h-60">
        {months ? (
          <Suspense fallback={<p className="text-sm text-slate-600">{t('chart.loading')}</p>}>
            <MonthlyChartCanvas
              points={points}
              monthLabel={t('chart.month')}
              recoveredLabel={t('chart.recovered')}
              missingLabel={t('chart.missing')}
              currency={currency}
              number={number}
              currencyCode={CHART_CURRENCY}
            />
          </Suspense>
        ) : null}
      </div>
      <div id={tableId} className={tableShown ? 'mt-4 overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('chart.tableCaption')}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('chart.month')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-semibold">
                {t('chart.recovered')}
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                {t('chart.missing')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ bucket, label }) => (
              <tr key={bucket.month} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {label}
                </th>
                <td className="py-2 pr-4 text-right">
                  {bucket.recovered.length > 0
                    ? bucket.recovered.map((r) => currency(r.amount, r.currency)).join(' + ')
                    : currency(0, CHART_CURRENCY)}
                </td>
                <td className="py-2 text-right">{number(bucket.missing_units)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
