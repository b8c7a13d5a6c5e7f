import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { ReasonedRefusal, type Refusal } from '../errors';
import { marketplaceIdForCountry } from '../marketplaces';
import {
  activePlan,
  type CaptureEvent,
  nextPeriod,
  planCovers,
  planPeriods,
  statusAfter,
  type Subscription,
} from './plan';
import { type BillingDetails, nextReceipt, type Receipt, receiptYear } from './receipts';

/** The one plan (spec 4.7, 9): 9.90 EUR once, 30 days, one marketplace country, no auto-renewal. */
export const PLAN = { amount: '9.90', currency: 'EUR', days: 30 } as const;
const DAY_MS = 86_400_000;

export interface Money {
  value: string;
  currency: string;
}

/** One purchase unit of an order, as the provider's Orders API shows it (PayPal Orders v2). */
export interface PaymentPurchaseUnit {
  amount: Money | null;
  payeeMerchantId: string | null;
  customId: string | null;
  invoiceId: string | null;
  captures: { id: string; status: string; amount: Money | null }[];
  authorizations: { id: string; status: string }[];
}

/** An order as the payment provider reports it (PayPal Orders v2 shape, reduced). */
export interface PaymentOrder {
  id: string;
  status: string;
  intent: string;
  purchaseUnits: PaymentPurchaseUnit[];
}

export interface NewProviderOrder {
  amount: Money;
  payeeMerchantId: string;
  customId: string;
  invoiceId: string;
  description: string;
}

export interface PaymentProvider {
  /** Creates an order at the provider with our payee, for the buyer to approve. */
  createOrder(order: NewProviderOrder): Promise<{ id: string }>;
  /** Undefined when the provider does not know the order. */
  getOrder(orderId: string): Promise<PaymentOrder | undefined>;
}

/** An order our server created for a seller (the only orders a plan can come from). */
export interface RecordedOrder {
  orderId: string;
  userId: string;
  invoiceId: string;
  countryCode: string;
  /** ISO date-time. */
  createdAt: string;
  /** `created` until a plan is made from it, then `claimed`. */
  status: 'created' | 'claimed';
  /** Who the payment's receipt is made out to, as given at checkout. */
  billing?: BillingDetails;
}

/** The receipt a claim issues, with the year's counter it takes its number from. */
export interface IssuedReceipt extends Receipt {
  year: number;
  sequence: number;
}

export interface PlanStore {
  recordOrder(order: RecordedOrder): Promise<void>;
  findOrder(userId: string, orderId: string): Promise<RecordedOrder | undefined>;
  /** The seller's orders not yet turned into a plan, newest first. */
  listUnclaimedOrders(userId: string): Promise<RecordedOrder[]>;
  /**
   * The seller's subscriptions and the version of their plan: the id of the last paid
   * subscription written (null before the first), which the next claim must still find.
   */
  planState(userId: string): Promise<{ subscriptions: Subscription[]; version: string | null }>;
  /**
   * Records the subscription, marks the order used, maps the capture to the subscription and
   * marks the seller's order claimed, together: all or nothing. When the order was already
   * used, answers who used it and for which subscription; when another payment changed the
   * plan since `version` was read, answers `conflict` (the expiry must be computed again).
   */
  createForOrder(
    claim: { orderId: string; captureId: string; heldVersion: number },
    subscription: Subscription,
    version: string | null,
    /**
     * Issued in the same write, taking the year's next number: the counter must still be at
     * `receipt.sequence - 1` (another receipt issued meanwhile answers `conflict`).
     */
    receipt: IssuedReceipt,
  ): Promise<
    | { created: true }
    | { created: false; userId: string; subscription: Subscription }
    | { conflict: true }
  >;
  create(subscription: Subscription): Promise<void>;
  /** The last receipt number's sequence issued in `year` (0 before the first). */
  lastReceiptSequence(year: number): Promise<number>;
  /**
   * The events of a capture that arrived before any plan was bought with it, oldest first, and
   * their version: the claim that applies them must still find that version (an event held in
   * between makes it compute again).
   */
  heldEvents(captureId: string): Promise<{ events: HeldCaptureEvent[]; version: number }>;
}

/** A refund, reversal, dispute or resolution of a capture we had not yet verified. */
export interface HeldCaptureEvent {
  eventId: string;
  event: CaptureEvent;
  /** The provider's event type. */
  reason: string;
  /** ISO date-time when we received it. */
  at: string;
  /** A refund's running total, when the provider gave it. */
  refunded?: Money;
}

export type PaymentRefusal =
  | 'order_not_found'
  | 'wrong_intent'
  | 'wrong_purchase_units'
  | 'wrong_payee'
  | 'wrong_amount'
  | 'order_not_completed'
  | 'capture_pending'
  | 'capture_not_completed'
  | 'order_other_user'
  | 'order_not_ours'
  | 'order_used'
  | 'no_captured_order'
  | 'capture_ended'
  | 'unknown_country'
  | 'plan_other_country'
  | 'free_plan_off';

/** How each refusal reads to the seller; `details.reason` keeps the machine-readable code. */
const PAYMENT_REFUSALS: Record<PaymentRefusal, Refusal> = {
  order_not_found: { kind: 'not_found', messageKey: 'paymentNotFound' },
  order_not_completed: { kind: 'payment_required', messageKey: 'paymentNotCompleted' },
  wrong_amount: { kind: 'payment_required', messageKey: 'paymentWrongAmount' },
  wrong_intent: { kind: 'payment_required', messageKey: 'paymentWrongIntent' },
  wrong_purchase_units: { kind: 'payment_required', messageKey: 'paymentWrongUnits' },
  wrong_payee: { kind: 'payment_required', messageKey: 'paymentWrongPayee' },
  capture_pending: { kind: 'payment_required', messageKey: 'paymentCapturePending' },
  capture_not_completed: { kind: 'payment_required', messageKey: 'paymentCaptureNotCompleted' },
  order_other_user: { kind: 'forbidden', messageKey: 'paymentOtherUser' },
  order_not_ours: { kind: 'forbidden', messageKey: 'paymentNotOurs' },
  no_captured_order: { kind: 'not_found', messageKey: 'paymentNothingToRecover' },
  order_used: { kind: 'payment_required', messageKey: 'paymentOrderUsed' },
  capture_ended: { kind: 'payment_required', messageKey: 'paymentCaptureEnded' },
  free_plan_off: { kind: 'not_found', messageKey: 'freePlanUnavailable' },
  unknown_country: { kind: 'invalid_input', messageKey: 'unknownMarketplaceCountry' },
  plan_other_country: { kind: 'conflict', messageKey: 'planOtherCountry' },
};

export class PaymentRefused extends ReasonedRefusal<PaymentRefusal> {
  constructor(reason: PaymentRefusal, messageValues?: Readonly<Record<string, string>>) {
    super(reason, PAYMENT_REFUSALS, { details: { reason }, messageValues });
  }
}

function newSubscription(
  userId: string,
  countryCode: string,
  now: number,
  period: { start: number; end: number },
  paid: boolean,
): Subscription {
  return {
    id: randomUUID(),
    userId,
    status: 'active',
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(period.end).toISOString(),
    countryCode: countryCode.toUpperCase(),
    ...(paid ? { paid: true, startsAt: new Date(period.start).toISOString() } : {}),
  };
}

/** Amounts compare as cents so "9.9" and "9.90" agree and "9.900001" does not. */
function cents(value: string): number | undefined {
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return undefined;
  return Math.round(Number(value) * 100);
}

function isPlanPrice(amount: Money | null): boolean {
  return (
    !!amount && amount.currency === PLAN.currency && cents(amount.value) === cents(PLAN.amount)
  );
}

/**
 * Creates the plan's order at the provider for the caller (issue 15): intent CAPTURE, one
 * purchase unit of 9.90 EUR to our payee, `custom_id` = the caller, a unique `invoice_id`, and
 * records it as the caller's before the buyer ever sees it. A plan covers one country (spec 1):
 * while a plan for another country is in force no order is made (a renewal of the same country
 * adds its days after the plan's), so no paid day is spent on a country the seller left.
 * `beforeOrder` runs once the request is acceptable, just before the provider is called (the
 * daily allowance of orders).
 */
export async function createPlanOrder(
  input: { userId: string; countryCode: string; description: string; billing?: BillingDetails },
  deps: {
    provider: PaymentProvider;
    plans: PlanStore;
    clock: Clock;
    merchantId: string;
    beforeOrder?: () => Promise<void>;
  },
): Promise<RecordedOrder> {
  if (!marketplaceIdForCountry(input.countryCode)) throw new PaymentRefused('unknown_country');
  const { subscriptions } = await deps.plans.planState(input.userId);
  const current = activePlan(subscriptions, deps.clock.now());
  if (current && !planCovers(current, input.countryCode)) {
    throw new PaymentRefused('plan_other_country', {
      country: current.countryCode ?? '',
      wanted: input.countryCode.toUpperCase(),
      until: current.expiresAt.slice(0, 10),
    });
  }
  await deps.beforeOrder?.();
  const invoiceId = `RFBA-${randomUUID()}`;
  const { id } = await deps.provider.createOrder({
    amount: { value: PLAN.amount, currency: PLAN.currency },
    payeeMerchantId: deps.merchantId,
    customId: input.userId,
    invoiceId,
    description: input.description,
  });
  const order: RecordedOrder = {
    orderId: id,
    userId: input.userId,
    invoiceId,
    countryCode: input.countryCode.toUpperCase(),
    createdAt: new Date(deps.clock.now()).toISOString(),
    status: 'created',
    ...(input.billing ? { billing: input.billing } : {}),
  };
  await deps.plans.recordOrder(order);
  return order;
}

/**
 * What makes an order pay for the plan, checked on the provider's own view of it: intent
 * CAPTURE, exactly one purchase unit of 9.90 EUR to our payee, a COMPLETED capture of 9.90 EUR,
 * and `custom_id` naming the caller. Answers the capture's id.
 *
 * @throws PaymentRefused with the first rule the order breaks.
 */
export function paidCapture(
  order: PaymentOrder,
  expected: { userId: string; merchantId: string },
): string {
  if (order.intent !== 'CAPTURE') throw new PaymentRefused('wrong_intent');
  if (order.purchaseUnits.length !== 1) throw new PaymentRefused('wrong_purchase_units');
  const unit = order.purchaseUnits[0] as PaymentPurchaseUnit;
  if (unit.payeeMerchantId !== expected.merchantId) throw new PaymentRefused('wrong_payee');
  if (!isPlanPrice(unit.amount)) throw new PaymentRefused('wrong_amount');
  const completed = unit.captures.find((c) => c.status === 'COMPLETED');
  if (!completed) {
    if (order.status !== 'COMPLETED' || unit.captures.length === 0) {
      throw new PaymentRefused('order_not_completed');
    }
    if (unit.captures.some((c) => c.status === 'PENDING')) {
      throw new PaymentRefused('capture_pending');
    }
    throw new PaymentRefused('capture_not_completed');
  }
  if (!isPlanPrice(completed.amount)) throw new PaymentRefused('wrong_amount');
  if (unit.customId !== expected.userId) throw new PaymentRefused('order_other_user');
  return completed.id;
}

const CLAIM_ATTEMPTS = 5;

/**
 * A new plan with the events its capture had before we verified it, in the order they came:
 * refunded, reversed or disputed (unless a resolution in our favour followed) it starts ended.
 */
function withHeldEvents(subscription: Subscription, events: HeldCaptureEvent[]): Subscription {
  let out = subscription;
  for (const held of events) {
    if (held.event === 'refunded' && keepsPlanPaid(held.refunded)) continue;
    const status = statusAfter(out.status, held.event);
    if (status === out.status) continue;
    out =
      status === 'active'
        ? { ...out, status, endedAt: null, endReason: null }
        : { ...out, status, endedAt: out.endedAt ?? held.at, endReason: held.reason };
  }
  return out;
}

type VerifyDeps = { provider: PaymentProvider; plans: PlanStore; clock: Clock; merchantId: string };

/** Turns one checked order into the plan (or answers the plan it already made for the caller). */
async function claimOrder(
  userId: string,
  order: PaymentOrder,
  deps: VerifyDeps,
): Promise<Subscription> {
  const captureId = paidCapture(order, { userId, merchantId: deps.merchantId });
  const recorded = await deps.plans.findOrder(userId, order.id);
  if (!recorded || recorded.invoiceId !== order.purchaseUnits[0]?.invoiceId) {
    throw new PaymentRefused('order_not_ours');
  }
  // Two payments claimed at once must both count: the second sees the first and adds to it.
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
    const now = deps.clock.now();
    const held = await deps.plans.heldEvents(captureId);
    const { subscriptions, version } = await deps.plans.planState(userId);
    // Its own 30 days, after the paid days still in force (a renewal adds to the days left).
    const subscription = withHeldEvents(
      newSubscription(userId, recorded.countryCode, now, nextPeriod(subscriptions, now), true),
      held.events,
    );
    const issued = nextReceipt(now, await deps.plans.lastReceiptSequence(receiptYear(now)));
    const outcome = await deps.plans.createForOrder(
      { orderId: order.id, captureId, heldVersion: held.version },
      subscription,
      version,
      {
        ...issued,
        issuedAt: new Date(now).toISOString(),
        orderId: order.id,
        captureId,
        countryCode: recorded.countryCode,
        amount: PLAN.amount,
        currency: PLAN.currency,
        days: PLAN.days,
        billing: recorded.billing ?? null,
        subscriptionId: subscription.id,
      },
    );
    if ('conflict' in outcome) continue;
    if (outcome.created) {
      // Refunded, reversed or disputed before we verified it: the order is used, no plan.
      if (subscription.status !== 'active') throw new PaymentRefused('capture_ended');
      return subscription;
    }
    // A retry of the caller's own verification answers the plan it made, while that plan stands.
    if (outcome.userId === userId && outcome.subscription.status === 'active') {
      return outcome.subscription;
    }
    throw new PaymentRefused('order_used');
  }
  throw new Error('The plan kept changing while this payment was being claimed');
}

/**
 * Verifies a payment with the provider and creates (or extends) the plan (spec 7.5,
 * verify-payment; issue 15): the order must be one our server created for the caller, paid as
 * `paidCapture` requires, and not used before. A repeat of the same order by the same user
 * answers the subscription it created (the browser may retry after a timeout).
 *
 * @throws PaymentRefused, having written nothing.
 */
export async function verifyPayment(
  input: { userId: string; orderId: string },
  deps: VerifyDeps,
): Promise<Subscription> {
  const order = await deps.provider.getOrder(input.orderId);
  if (!order) throw new PaymentRefused('order_not_found');
  return claimOrder(input.userId, order, deps);
}

/** How many of a seller's unclaimed orders recovery looks at, newest first. */
export const RECOVERY_LOOKBACK = 10;
/** How old an order recovery still turns into a plan: a verification lost days ago, not months. */
export const RECOVERY_MAX_AGE_MS = 30 * DAY_MS;

/**
 * Recovery (issue 15): when the capture succeeded but the browser never got the plan (closed
 * tab, lost connection), the seller asks again without an order id and the server looks at its
 * own record of the seller's orders not yet turned into a plan, newest first, for one that is
 * paid. No money is taken without a plan. Orders older than `RECOVERY_MAX_AGE_MS` are not
 * looked at, and a capture refunded, reversed or disputed before we saw it buys nothing.
 *
 * @throws PaymentRefused `no_captured_order` when none is paid, having written nothing.
 */
export async function recoverPayment(
  input: { userId: string },
  deps: VerifyDeps,
): Promise<Subscription> {
  const oldest = deps.clock.now() - RECOVERY_MAX_AGE_MS;
  const pending = (await deps.plans.listUnclaimedOrders(input.userId))
    .filter((o) => Date.parse(o.createdAt) >= oldest)
    .slice(0, RECOVERY_LOOKBACK);
  for (const recorded of pending) {
    const order = await deps.provider.getOrder(recorded.orderId);
    if (!order) continue;
    try {
      return await claimOrder(input.userId, order, deps);
    } catch (error) {
      if (!(error instanceof PaymentRefused)) throw error;
    }
  }
  throw new PaymentRefused('no_captured_order');
}

/** The launch promise (spec 4.7 setting): 30 days at 0 EUR, only while the setting is on. */
export async function activateFreePlan(
  input: { userId: string; countryCode: string; enabled: boolean },
  deps: { plans: Pick<PlanStore, 'create'>; clock: Clock },
): Promise<Subscription> {
  if (!input.enabled) throw new PaymentRefused('free_plan_off');
  if (!marketplaceIdForCountry(input.countryCode)) throw new PaymentRefused('unknown_country');
  const now = deps.clock.now();
  const subscription = newSubscription(
    input.userId,
    input.countryCode,
    now,
    { start: now, end: now + PLAN.days * DAY_MS },
    false,
  );
  await deps.plans.create(subscription);
  return subscription;
}

/** Why a paid plan ended early: the provider refunded, reversed or disputed its capture. */
export type PlanEnd = 'refunded' | 'reversed' | 'disputed';

export interface PaymentEventStore {
  /**
   * Ends the plan bought with the capture and records the event id, together; a second
   * delivery of the same event id changes nothing.
   */
  endPlanForCapture(input: {
    eventId: string;
    captureId: string;
    status: PlanEnd;
    reason: string;
    endedAt: string;
  }): Promise<'ended' | 'duplicate' | 'already_ended' | 'unknown_capture'>;
  /**
   * Makes the plan the capture's dispute ended active again (its expiry as it was) and records
   * the event id, together; 'unchanged' when the plan was not ended by a dispute.
   */
  restorePlanForCapture(input: {
    eventId: string;
    captureId: string;
    reason: string;
    at: string;
  }): Promise<'restored' | 'unchanged' | 'duplicate' | 'unknown_capture'>;
  /**
   * Keeps an event of a capture no plan was bought with yet, for the claim to apply, and records
   * its event id, together: 'known' when the capture was claimed meanwhile (apply it instead),
   * 'unknown_capture' when the capture's account was deleted.
   */
  holdCaptureEvent(
    input: HeldCaptureEvent & { captureId: string },
  ): Promise<'held' | 'duplicate' | 'known' | 'unknown_capture'>;
  /** Records an event of a known capture that leaves its plan as it is; once per event id. */
  recordCaptureEvent(input: {
    eventId: string;
    captureId: string;
    reason: string;
    receivedAt: string;
    refunded: Money;
  }): Promise<'recorded' | 'duplicate' | 'unknown_capture'>;
}

/**
 * Whether a capture refunded this much so far still pays for its plan: less than the price
 * came back (a goodwill refund of part of it). An amount in another currency, or one we cannot
 * read, counts as the whole price.
 */
export function keepsPlanPaid(refunded: Money | undefined): boolean {
  if (!refunded || refunded.currency !== PLAN.currency) return false;
  const back = cents(refunded.value);
  return back !== undefined && back < cents(PLAN.amount)!;
}

type EventDeps = { events: PaymentEventStore; clock: Clock };

/**
 * Applies an event to the plan its capture bought; for a capture no plan was bought with yet
 * (the webhook came before the verification), keeps it for the claim to apply.
 */
async function applyOrHold<T extends string>(
  event: { id: string; eventType: string; captureId: string; refunded?: Money },
  kind: CaptureEvent,
  at: string,
  apply: () => Promise<T | 'unknown_capture'>,
  deps: EventDeps,
): Promise<T | 'held' | 'duplicate' | 'unknown_capture'> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const outcome = await apply();
    if (outcome !== 'unknown_capture') return outcome;
    const held = await deps.events.holdCaptureEvent({
      eventId: event.id,
      captureId: event.captureId,
      event: kind,
      reason: event.eventType,
      at,
      ...(event.refunded ? { refunded: event.refunded } : {}),
    });
    if (held !== 'known') return held;
  }
  return 'unknown_capture';
}

/**
 * A verified refund, reversal or dispute of a plan's capture ends that plan now, with the
 * reason recorded (issue 15). A refund of part of the price leaves the plan running and is
 * recorded; once refunds reach the price, the next one ends it. An event of a capture not yet
 * verified is kept and applied when it is. Idempotent per event id.
 */
export async function endPlanForPaymentEvent(
  event: { id: string; eventType: string; captureId: string; status: PlanEnd; refunded?: Money },
  deps: EventDeps,
) {
  const at = new Date(deps.clock.now()).toISOString();
  const apply = async () => {
    if (event.status === 'refunded' && keepsPlanPaid(event.refunded)) {
      const recorded = await deps.events.recordCaptureEvent({
        eventId: event.id,
        captureId: event.captureId,
        reason: event.eventType,
        receivedAt: at,
        refunded: event.refunded!,
      });
      return recorded === 'recorded' ? ('partly_refunded' as const) : recorded;
    }
    return deps.events.endPlanForCapture({
      eventId: event.id,
      captureId: event.captureId,
      status: event.status,
      reason: event.eventType,
      endedAt: at,
    });
  };
  return applyOrHold(event, event.status, at, apply, deps);
}

/**
 * A dispute resolved with the payment still ours gives back the plan the dispute ended, with
 * the expiry it had (days that passed meanwhile are not added), unless a refund or reversal of
 * the capture was recorded meanwhile. Idempotent per event id.
 */
export async function restorePlanForPaymentEvent(
  event: { id: string; eventType: string; captureId: string },
  deps: EventDeps,
) {
  const at = new Date(deps.clock.now()).toISOString();
  const apply = () =>
    deps.events.restorePlanForCapture({
      eventId: event.id,
      captureId: event.captureId,
      reason: event.eventType,
      at,
    });
  return applyOrHold(event, 'resolved', at, apply, deps);
}

/** What `GET /api/subscription` answers (spec 2.6 plan alerts). */
export function subscriptionView(subscriptions: readonly Subscription[], now: number) {
  const plan = activePlan(subscriptions, now);
  if (!plan) {
    // Where each plan stopped: a plan in force at the end of its period as it stands now (an
    // earlier payment refunded moves it up), one ended early when it ended.
    const ends = new Map(planPeriods(subscriptions).map((p) => [p.subscription.id, p.end]));
    const endOf = (s: Subscription) => {
      const end = ends.get(s.id);
      if (end !== undefined && end !== Date.parse(s.expiresAt)) return new Date(end).toISOString();
      return s.endedAt && s.endedAt < s.expiresAt ? s.endedAt : s.expiresAt;
    };
    const last = [...subscriptions].sort((a, b) => (endOf(a) < endOf(b) ? 1 : -1))[0];
    return {
      active: false,
      expires_at: last ? endOf(last) : null,
      days_left: 0,
      country: last?.countryCode ?? null,
      ended_reason: last && last.status !== 'active' ? last.status : null,
    };
  }
  return {
    active: true,
    expires_at: plan.expiresAt,
    days_left: Math.max(0, Math.ceil((Date.parse(plan.expiresAt) - now) / DAY_MS)),
    country: plan.countryCode,
    ended_reason: null,
  };
}

export type SubscriptionView = ReturnType<typeof subscriptionView>;
