import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { renewPlanHref } from '../../../lib/paths';
import { useFormatters } from '../../../lib/use-formatters';
import type { DashboardData } from '../api/dashboard';

/**
 * What the free first scan found, in total, for a seller who took it and never held a plan:
 * the units still missing on the shipments still within their claim window, how many
 * shipments, and their worth at the seller's own unit values (units without one are said to be
 * unknown, never priced). The figures are the server's (`GET /api/dashboard`); each shipment's
 * own units, value and window are in the list. Preparing and filing need the plan: the call to
 * action says so and leads to the plan step.
 */
export function FreeScanResult({ figures }: { figures: DashboardData['figures'] }) {
  const { t } = useTranslation('dashboard');
  const { number, currency } = useFormatters();
  const value = figures.estimated_value;
  const unvalued = value.units_unvalued;
  return (
    <section
      aria-labelledby="free-scan-result-title"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-6 shadow-sm"
      data-testid="free-scan-result"
    >
      <h2 id="free-scan-result-title" className="text-xl font-semibold text-slate-900">
        {t('freeScanResult.title')}
      </h2>
      {figures.potential_units === 0 ? (
        <p className="mt-2 text-slate-800">{t('freeScanResult.nothing')}</p>
      ) : (
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-700">{t('freeScanResult.units')}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid="free-scan-units">
              {number(figures.potential_units)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t('freeScanResult.shipments')}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid="free-scan-shipments">
              {number(figures.open_shipments)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t('freeScanResult.value')}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid="free-scan-value">
              {value.amount === null
                ? t('freeScanResult.valueUnknown')
                : unvalued > 0
                  ? t('freeScanResult.valueAtLeast', {
                      amount: currency(value.amount, value.currency),
                    })
                  : currency(value.amount, value.currency)}
            </dd>
            {unvalued > 0 ? (
              <dd className="text-sm text-slate-700" data-testid="free-scan-value-hint">
                {t('freeScanResult.unvalued', { count: unvalued })}
              </dd>
            ) : null}
          </div>
        </dl>
      )}
      <p className="mt-4 text-sm text-slate-800">{t('freeScanResult.perShipment')}</p>
      <p className="mt-2 font-semibold text-slate-900" data-testid="free-scan-plan">
        {t('freeScanResult.needsPlan')}
      </p>
      <ButtonLink to={renewPlanHref} className="mt-3">
        {t('freeScanResult.activate')}
      </ButtonLink>
    </section>
  );
}
