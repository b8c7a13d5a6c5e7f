import { randomUUID } from 'node:crypto';
import type { Clock } from './clock';
import { marketplaceIdForCountry } from './marketplaces';
import { activePlan, type Subscription } from './plan';

/** The one plan (spec 4.7): 9.90 EUR once, 30 days, one marketplace country, no renewal. */
export const PLAN = { amount: '9.90', currency: 'EUR', days: 30 } as const;
const DAY_MS = 86_400_000;

/** An order as the payment provider's Orders API reports it (PayPal Orders v2 shape, reduced). */
export interface PaymentOrder {
  id: string;
  status: string;
  amount: { value: string; currency: string } | null;
}

export interface PaymentProvider {
  /** Undefined when the provider does not know the order. */
  getOrder(orderId: string): Promise<PaymentOrder | undefined>;
}

export interface PlanStore {
  /**
   * Records the subscription and marks the order used, together: either both are written or
   * neither. When the order was already used, answers who used it and for which subscription.
   */
  createForOrder(
    orderId: string,
    subscription: Subscription,
  ): Promise<{ created: true } | { created: false; userId: string; subscription: Subscription }>;
  create(subscription: Subscription): Promise<void>;
}

export type PaymentRefusal =
  | 'order_not_found'
  | 'order_not_completed'
  | 'wrong_amount'
  | 'order_used'
  | 'unknown_country'
  | 'free_plan_off';

export class PaymentRefused extends Error {
  constructor(readonly reason: PaymentRefusal) {
    super(reason);
    this.name = 'PaymentRefused';
  }
}

function newSubscription(userId: string, countryCode: string, now: number): Subscription {
  return {
    id: randomUUID(),
    userId,
    status: 'active',
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + PLAN.days * DAY_MS).toISOString(),
    countryCode: countryCode.toUpperCase(),
  };
}

/** Amounts compare as cents so "9.9" and "9.90" agree and "9.900001" does not. */
function cents(value: string): number | undefined {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return undefined;
  return Math.round(Number(value) * 100);
}

/**
 * Verifies a payment with the provider and creates the plan (spec 7.5, verify-payment): the
 * order must be completed, for 9.90 EUR, and not used before. A repeat of the same order by
 * the same user answers the subscription it created (the browser may retry after a timeout).
 *
 * @throws PaymentRefused, having written nothing.
 */
export async function verifyPayment(
  input: { userId: string; orderId: string; countryCode: string },
  deps: { provider: PaymentProvider; plans: PlanStore; clock: Clock },
): Promise<Subscription> {
  if (!marketplaceIdForCountry(input.countryCode)) throw new PaymentRefused('unknown_country');
  const order = await deps.provider.getOrder(input.orderId);
  if (!order) throw new PaymentRefused('order_not_found');
  if (order.status !== 'COMPLETED') throw new PaymentRefused('order_not_completed');
  if (
    !order.amount ||
    order.amount.currency !== PLAN.currency ||
    cents(order.amount.value) !== cents(PLAN.amount)
  ) {
    throw new PaymentRefused('wrong_amount');
  }
  const subscription = newSubscription(input.userId, input.countryCode, deps.clock.now());
  const outcome = await deps.plans.createForOrder(order.id, subscription);
  if (outcome.created) return subscription;
  if (outcome.userId === input.userId) return outcome.subscription;
  throw new PaymentRefused('order_used');
}

/** The launch promise (spec 4.7 setting): 30 days at 0 EUR, only while the setting is on. */
export async function activateFreePlan(
  input: { userId: string; countryCode: string; enabled: boolean },
  deps: { plans: PlanStore; clock: Clock },
): Promise<Subscription> {
  if (!input.enabled) throw new PaymentRefused('free_plan_off');
  if (!marketplaceIdForCountry(input.countryCode)) throw new PaymentRefused('unknown_country');
  const subscription = newSubscription(input.userId, input.countryCode, deps.clock.now());
  await deps.plans.create(subscription);
  return subscription;
}

/** What `GET /api/subscription` answers (spec 2.6 plan alerts). */
export function subscriptionView(subscriptions: readonly Subscription[], now: number) {
  const plan = activePlan(subscriptions, now);
  if (!plan) {
    const last = [...subscriptions].sort((a, b) => (a.expiresAt < b.expiresAt ? 1 : -1))[0];
    return {
      active: false,
      expires_at: last?.expiresAt ?? null,
      days_left: 0,
      country: last?.countryCode ?? null,
    };
  }
  return {
    active: true,
    expires_at: plan.expiresAt,
    days_left: Math.max(0, Math.ceil((Date.parse(plan.expiresAt) - now) / DAY_MS)),
    country: plan.countryCode,
  };
}

export type SubscriptionView = ReturnType<typeof subscriptionView>;
