import type { Language } from '../i18n/languages';
import { formatCurrency, formatNumber, formatPercent } from './format';

/**
 * The single plan of spec section 9. Copy interpolates these values so a price change is one
 * edit. When the shared domain module for plan rules lands in lambdas/domain, import it here.
 */
export const PLAN = {
  priceEur: 9.9,
  currency: 'EUR',
  days: 30,
  countries: 1,
  commissionRate: 0,
} as const;

/** Plan figures formatted for `language`, named as the translations interpolate them. */
export function planFigures(language: Language) {
  return {
    price: formatCurrency(PLAN.priceEur, language, PLAN.currency),
    days: formatNumber(PLAN.days, language),
    commission: formatPercent(PLAN.commissionRate, language),
  };
}
