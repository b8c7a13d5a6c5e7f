import { takeDailyQuota } from '../adapters/dynamo/quotas';
import type { Clock } from '../domain/clock';
import type { Language } from '../domain/language';
import type { QuotaKind } from '../domain/quotas';
import * as guard from '../shared/quota-guard';

/** {@link guard.requireDailyQuota} on the table's counters. */
export function requireDailyQuota(
  userId: string,
  kind: QuotaKind,
  language: Language,
  clock?: Pick<Clock, 'now'>,
): Promise<void> {
  return guard.requireDailyQuota(takeDailyQuota, userId, kind, language, clock);
}
