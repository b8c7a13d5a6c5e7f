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
  /** ISO date-time: the end of the period as computed when the plan was bought. */
  expiresAt: string;
  /** ISO date-time. */
  createdAt: string;
  /** The one marketplace country the plan covers; null on plans that predate the rule. */
  countryCode: string | null;
  /** ISO date-time when a plan ended early, and why (the provider's event type). */
  endedAt?: string | null;
  endReason?: string | null;
  /**
   * A paid plan (a PayPal capture bought it): its days queue after the paid days before it and
   * move up when an earlier payment is refunded, reversed or disputed. Other plans (the launch
   * offer) cover exactly [createdAt, expiresAt).
   */
  paid?: boolean;
  /** ISO date-time: the start of a paid plan's period as computed when it was bought. */
  startsAt?: string | null;
}

const DAY_MS = 86_400_000;
/** The days one payment buys (spec 4.7). */
export const PAID_PERIOD_MS = 30 * DAY_MS;

/** The stretch of time one subscription covers, as the plan stands now. */
export interface PlanPeriod {
  subscription: Subscription;
  start: number;
  end: number;
}

/** How long a paid subscription covers: its own period, never more than one payment buys. */
function paidLength(s: Subscription): number {
  const end = Date.parse(s.expiresAt);
  const start = s.startsAt
    ? Date.parse(s.startsAt)
    : Math.max(Date.parse(s.createdAt), end - PAID_PERIOD_MS);
  return Math.max(0, Math.min(end - start, PAID_PERIOD_MS));
}

const byCreation = (a: Subscription, b: Subscription) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;

/**
 * The periods of the subscriptions still in force (status active), oldest payment first. Each
 * paid subscription covers its own days from the later of its payment and the end of the
 * periods before it, so a refunded, reversed or disputed payment removes exactly its days and
 * the payments after it move up; a dispute resolved in our favour puts them back.
 */
export function planPeriods(subscriptions: readonly Subscription[]): PlanPeriod[] {
  const out: PlanPeriod[] = [];
  let cursor = -Infinity;
  for (const s of [...subscriptions].sort(byCreation)) {
    if (s.status !== 'active') continue;
    const created = Date.parse(s.createdAt);
    const start = s.paid ? Math.max(created, cursor) : created;
    const end = s.paid ? start + paidLength(s) : Date.parse(s.expiresAt);
    if (end <= start) continue;
    cursor = Math.max(cursor, end);
    out.push({ subscription: s, start, end });
  }
  return out;
}

/** When the next payment's period would start and end, bought at `now`. */
export function nextPeriod(
  subscriptions: readonly Subscription[],
  now: number,
): { start: number; end: number } {
  const start = planPeriods(subscriptions).reduce((at, p) => Math.max(at, p.end), now);
  return { start, end: start + PAID_PERIOD_MS };
}

const sameCountryOrAny = (a: string | null, b: string | null) =>
  a === null || b === null || sameCountry(a, b);

/**
 * The plan in force (spec 4.7): the subscription whose period holds `now` (the newest, if two
 * overlap), with `expiresAt` the end of the unbroken run of periods for its country from there.
 * Undefined when there is none, which is when sync and new scans stop.
 */
export function activePlan(
  subscriptions: readonly Subscription[],
  now: number,
): Subscription | undefined {
  const periods = planPeriods(subscriptions);
  const current = periods
    .filter((p) => p.start <= now && now < p.end)
    .sort((a, b) => byCreation(b.subscription, a.subscription))[0];
  if (!current) return undefined;
  let end = current.end;
  for (const p of [...periods].sort((a, b) => a.start - b.start)) {
    if (
      p.start <= end &&
      p.end > end &&
      sameCountryOrAny(p.subscription.countryCode, current.subscription.countryCode)
    ) {
      end = p.end;
    }
  }
  const expiresAt =
    end === Date.parse(current.subscription.expiresAt)
      ? current.subscription.expiresAt
      : new Date(end).toISOString();
  return { ...current.subscription, expiresAt };
}

/** Whether a plan covers the connected marketplace country (a plan covers ONE country). */
export function planCovers(plan: Subscription, countryCode: string): boolean {
  return plan.countryCode === null || sameCountry(plan.countryCode, countryCode);
}

/** What the provider told us about a plan's capture. */
export type CaptureEvent = 'refunded' | 'reversed' | 'disputed' | 'resolved';

/**
 * A plan's status after an event of its capture: a refund or reversal ends it for good (also
 * while it is disputed, so the dispute's resolution cannot bring it back); a dispute ends an
 * active plan; a dispute resolved with the payment still ours makes a disputed plan active
 * again. Any other pair leaves the status as it is. The store applies the same rules as
 * conditions on its writes.
 */
export function statusAfter(status: string, event: CaptureEvent): string {
  if (event === 'refunded' || event === 'reversed') {
    return status === 'active' || status === 'disputed' ? event : status;
  }
  if (event === 'disputed') return status === 'active' ? 'disputed' : status;
  return status === 'disputed' ? 'active' : status;
}
