import { listSubscriptions } from '../adapters/dynamo/subscriptions';
import type { Language } from '../domain/language';
import * as guard from '../shared/plan-guard';

/** {@link guard.requirePlanFor} on the table's subscriptions. */
export function requirePlanFor(
  userId: string,
  shipment: Parameters<typeof guard.requirePlanFor>[2],
  language: Language,
  now?: number,
): Promise<void> {
  return guard.requirePlanFor(listSubscriptions, userId, shipment, language, now);
}

/** {@link guard.requireActivePlan} on the table's subscriptions. */
export function requireActivePlan(userId: string, language: Language, now?: number) {
  return guard.requireActivePlan(listSubscriptions, userId, language, now);
}
