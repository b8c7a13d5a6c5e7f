import { useTranslation } from 'react-i18next';
import { windowRows, type WindowRow } from '@domain/claims/windows';
import { useFormatters } from '../../../lib/use-formatters';

const COLUMNS = ['kind', 'window', 'from', 'source', 'checked'] as const;

/**
 * The claim windows as the app counts them: the one table of `lambdas/domain/claims/windows.ts`,
 * bundled as is (pure data, no request), so what the help center shows is what the deadlines use.
 */
export function ClaimWindowsTable() {
  const { t } = useTranslation('help');
  const { date } = useFormatters();
  const rows = windowRows();
  const countries = [...new Set(rows.flatMap((row) => row.countries))].join(', ');
  const cell = 'border-t border-slate-200 px-3 py-2 align-top';

  return (
    <section aria-labelledby="claim-windows" className="mt-12">
      <h2 id="claim-windows" className="text-2xl font-semibold text-slate-900">
        {t('helpCenter.windows.title')}
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">
        {t('helpCenter.windows.intro', { countries })}
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[40rem] text-left text-sm text-slate-800">
          <caption className="sr-only">{t('helpCenter.windows.title')}</caption>
          <thead className="text-slate-700">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold">
                  {t(`helpCenter.windows.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.kind} data-testid="claim-window-row" data-kind={row.kind}>
                <th scope="row" className={`${cell} font-medium`}>
                  {t(`helpCenter.windows.kinds.${row.kind}`)}
                </th>
                <td className={cell}>
                  <WindowDays row={row} />
                </td>
                <td className={cell}>{t(`helpCenter.windows.events.${row.from}`)}</td>
                <td className={cell}>
                  <ul className="space-y-1">
                    {row.sources.map((source) => (
                      <li key={source.id}>
                        {t(`helpCenter.windows.sources.${source.id}`)}
                        {source.amazon ? '' : ` (${t('helpCenter.windows.unconfirmed')})`}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={cell}>{date(row.checkedOn)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">{t('helpCenter.windows.note')}</p>
    </section>
  );
}

function WindowDays({ row }: { row: WindowRow }) {
  const { t } = useTranslation('help');
  const days =
    row.opens > 0
      ? t('helpCenter.windows.between', { opens: row.opens, closes: row.closes })
      : t('helpCenter.windows.within', { count: row.closes });
  if (row.lastChance === null) return <>{days}</>;
  return (
    <>
      {t('helpCenter.windows.target', { days })}
      <br />
      {t('helpCenter.windows.lastChance', { count: row.lastChance })}
    </>
  );
}
