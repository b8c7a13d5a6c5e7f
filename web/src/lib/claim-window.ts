import { INBOUND_CLAIM_WINDOW, SYNC_LOOKBACK_MONTHS } from '@domain/cases/claim-windows';
import type { Language } from '../i18n/languages';
import { formatDate, formatNumber } from './format';

/**
 * The claim window the app counts deadlines with (one table, `lambdas/domain/cases/claim-windows.ts`),
 * named as the landing FAQ and the help center interpolate it.
 */
export function claimWindowFigures(language: Language) {
  return {
    claimDays: formatNumber(INBOUND_CLAIM_WINDOW.days, language),
    claimRuleSince: formatDate(INBOUND_CLAIM_WINDOW.source.effective, language),
    historyMonths: formatNumber(SYNC_LOOKBACK_MONTHS, language),
  };
}
