import { sameCountry } from '../marketplaces';

/** A plan purchase (spec section 3, subscriptions). */
export interface Subscription {
  id: string;
  userId: string;
  /**
   * `active` is the only status that grants access; a paid plan whose capture was refunded,
   * reversed or disputed ends early with that status (`refunded`, `reversed`, `disputed`).
   */
  status: string;
  /** ISO date-time. */
  expiresAt: string;
  /** ISO date-time. */
  createdAt: string;
  /** The one marketplace country the plan covers; null on plans that predate the rule. */
  countryCode: string | null;
  /** ISO date-time when a plan ended early, and why (the provider's event type). */
  endedAt?: string | null;
  endReason?: string | null;
}

/**
 * The plan in force (spec 4.7): the newest subscription with status active whose expiry is
 * still ahead. Undefined when there is none, which is when sync and new scans stop.
 */
export function activePlan(
  subscriptions: readonly Subscription[],
  now: number,
): Subscription | undefined {
  return [...subscriptions]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .find((s) => s.status === 'active' && Date.parse(s.expiresAt) > now);
}

/** Whether a plan covers the connected marketplace country (a plan covers ONE country). */
export function planCovers(plan: Subscription, countryCode: string): boolean {
  return plan.countryCode === null || sameCountry(plan.countryCode, countryCode);
}
