import { systemClock, type Clock } from '../domain/clock';
import type { Language } from '../domain/language';
import { DAILY_QUOTAS, dayWindow, type QuotaKind } from '../domain/quotas';
import { DailyLimitError } from './errors';
import { formatMessage, type MessageKey } from './messages';

/** What the seller reads when a day's allowance is spent, per kind. */
const SPENT: Record<QuotaKind, MessageKey> = {
  upload: 'dailyUploadsUsed',
  'feedback-import': 'dailyFeedbackImportsUsed',
  'report-request': 'dailyReportRequestsUsed',
  submit: 'dailySubmissionsUsed',
  'payment-order': 'dailyPaymentOrdersUsed',
};

/**
 * The 429 of a spent daily allowance: the reason in the seller's language with the limit, and
 * the seconds until the next UTC day (the response's Retry-After).
 */
export function dailyQuotaSpent(kind: QuotaKind, language: Language, now: number) {
  const limit = DAILY_QUOTAS[kind];
  return new DailyLimitError(formatMessage(SPENT[kind], language, { limit }), {
    reason: 'daily_quota',
    quota: kind,
    limit,
    retry_after_seconds: dayWindow(now).secondsLeft,
  });
}

/**
 * The guard's port: takes one use of the day's allowance, false when `limit` are spent (wiring
 * hands it the table's counters).
 */
export type TakeDailyQuota = (
  userId: string,
  kind: QuotaKind,
  now: number,
  limit: number,
) => Promise<boolean>;

/**
 * Counts one use of the caller's daily allowance of `kind` (DAILY_QUOTAS), or refuses with
 * {@link dailyQuotaSpent}. Call it once the request is valid and just before the heavy work.
 */
export async function requireDailyQuota(
  takeDailyQuota: TakeDailyQuota,
  userId: string,
  kind: QuotaKind,
  language: Language,
  clock: Pick<Clock, 'now'> = systemClock,
): Promise<void> {
  const now = clock.now();
  if (await takeDailyQuota(userId, kind, now, DAILY_QUOTAS[kind])) return;
  throw dailyQuotaSpent(kind, language, now);
}
