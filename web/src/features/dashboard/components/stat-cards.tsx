import { useTranslation } from 'react-i18next';
import type { StoredClaimKind } from '@domain/claims/model';
import { useFormatters } from '../../../lib/use-formatters';
import type { DashboardData } from '../api/dashboard';

/**
 * The four stat cards of spec 2.6 with the user's own figures (zero when not connected). The
 * estimated value is "—" until the seller enters a unit value for a SKU with missing units.
 */
export function StatCards({ figures }: { figures: DashboardData['figures'] | undefined }) {
  const { t } = useTranslation('dashboard');
  const { number, currency } = useFormatters();
  const value = figures?.estimated_value;
  const recovered = figures?.recovered;
  const cards = [
    {
      id: 'potential',
      label: t('stats.potential'),
      value: number(figures?.potential_units ?? 0),
      hint: t('stats.potentialHint', { count: figures?.open_shipments ?? 0 }),
    },
    { id: 'open', label: t('stats.openCases'), value: number(figures?.open_cases ?? 0) },
    {
      id: 'resolved',
      label: t('stats.resolvedCases'),
      value: number(figures?.resolved_cases ?? 0),
    },
    {
      id: 'estimated',
      label: t('stats.estimatedValue'),
      value:
        value?.amount === null || value === undefined
          ? t('stats.unknown')
          : currency(value.amount, value.currency),
      hint:
        value && value.units_unvalued > 0
          ? t('stats.unvalued', { count: value.units_unvalued })
          : undefined,
    },
    {
      id: 'recovered',
      label: t('stats.recovered'),
      value:
        recovered && recovered.amounts.length > 0
          ? recovered.amounts.map((a) => currency(a.amount, a.currency)).join(' + ')
          : currency(0, 'EUR'),
      hint: recovered?.units ? t('stats.recoveredUnits', { count: recovered.units }) : undefined,
      recoverable: figures?.recoverable ?? [],
    },
  ];
  return (
    <ul
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5"
      aria-label={t('stats.label')}
    >
      {cards.map((card) => (
        <li
          key={card.id}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          data-testid={`stat-${card.id}`}
        >
          <p className="text-sm font-medium text-slate-700">{card.label}</p>
          <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="stat-value">
            {card.value}
          </p>
          {card.hint ? <p className="mt-1 text-xs text-slate-600">{card.hint}</p> : null}
          {card.recoverable && card.recoverable.length > 0 ? (
            <div className="mt-2 text-xs text-slate-700" data-testid="stat-recoverable">
              <p className="font-medium">{t('stats.recoverable')}</p>
              <ul>
                {card.recoverable.map((line) => (
                  <li key={`${line.kind}-${line.currency ?? ''}`}>
                    {t(`stats.recoverableKind.${line.kind as StoredClaimKind}`)}:{' '}
                    {line.amount === null || line.currency === null
                      ? t('stats.recoverableUnknown', { count: line.claims })
                      : currency(line.amount, line.currency)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
