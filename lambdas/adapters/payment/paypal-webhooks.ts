import * as z from 'zod';
import type { Money, PlanEnd } from '../../domain/plan/payment';
import type { WebhookDelivery } from './paypal-orders';

/** The PayPal events that end a plan, and the status each leaves on it. */
export const PLAN_ENDING_EVENTS = {
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
  'PAYMENT.CAPTURE.REVERSED': 'reversed',
  'CUSTOMER.DISPUTE.CREATED': 'disputed',
} as const satisfies Record<string, PlanEnd>;

const link = z.object({ rel: z.string(), href: z.string() });

/** The envelope every PayPal webhook event has (Webhooks v1, event object). */
export const webhookEventShape = z.object({
  id: z.string().min(1).max(128),
  event_type: z.string().min(1).max(128),
  resource_type: z.string().optional(),
  resource: z.record(z.string(), z.unknown()),
});

const money = z.object({ currency_code: z.string(), value: z.string() });
const refundResource = z.object({
  id: z.string().optional(),
  links: z.array(link).default([]),
  amount: money.optional(),
  seller_payable_breakdown: z.object({ total_refunded_amount: money.optional() }).optional(),
});
const captureResource = z.object({ id: z.string().min(1) });
const disputeResource = z.object({
  disputed_transactions: z
    .array(z.object({ seller_transaction_id: z.string().min(1).optional() }))
    .default([]),
  dispute_outcome: z.object({ outcome_code: z.string().optional() }).optional(),
});

/**
 * How a resolved dispute can end with the payment still ours: decided for us, withdrawn by the
 * buyer, or denied by PayPal. The plan the dispute ended then comes back.
 */
const OUTCOMES_FOR_US = new Set(['RESOLVED_SELLER_FAVOUR', 'CANCELED_BY_BUYER', 'DENIED']);
const DISPUTE_RESOLVED = 'CUSTOMER.DISPUTE.RESOLVED';

/**
 * The capture an event is about. A refund or reversal carries a refund resource whose `up`
 * link is the capture (`/v2/payments/captures/{id}`); some deliveries carry the capture itself
 * (`resource_type: capture`). A dispute names it as the seller's transaction id.
 */
function captureIdOf(event: z.infer<typeof webhookEventShape>): string | undefined {
  if (event.event_type === 'CUSTOMER.DISPUTE.CREATED' || event.event_type === DISPUTE_RESOLVED) {
    const dispute = disputeResource.safeParse(event.resource);
    return dispute.success
      ? dispute.data.disputed_transactions.find((t) => t.seller_transaction_id)
          ?.seller_transaction_id
      : undefined;
  }
  if (event.resource_type === 'capture') {
    const capture = captureResource.safeParse(event.resource);
    return capture.success ? capture.data.id : undefined;
  }
  const refund = refundResource.safeParse(event.resource);
  if (!refund.success) return undefined;
  for (const l of refund.data.links) {
    const match = /\/v2\/payments\/captures\/([A-Za-z0-9-]+)\/?$/.exec(l.href);
    if (l.rel === 'up' && match) return match[1];
  }
  return undefined;
}

export type PlanEndingEvent = {
  id: string;
  eventType: string;
  captureId: string;
  status: PlanEnd;
  /** On a refund: what the capture has had back so far, when the event says. */
  refunded?: Money;
};

/**
 * How much of its capture a refund event says has been refunded so far: the breakdown's
 * running total, else (a first refund) the refund's own amount.
 */
function refundedOf(event: z.infer<typeof webhookEventShape>): Money | undefined {
  if (event.event_type !== 'PAYMENT.CAPTURE.REFUNDED' || event.resource_type === 'capture') {
    return undefined;
  }
  const refund = refundResource.safeParse(event.resource);
  if (!refund.success) return undefined;
  const total = refund.data.seller_payable_breakdown?.total_refunded_amount ?? refund.data.amount;
  return total ? { value: total.value, currency: total.currency_code } : undefined;
}

/** A dispute resolved with the payment still ours: the plan it ended comes back. */
export type PlanRestoringEvent = {
  id: string;
  eventType: string;
  captureId: string;
  restores: 'disputed';
};

/**
 * What a verified event means for plans: one that ends a plan (with its capture), a dispute
 * resolved for us (the plan it ended comes back), one we do not act on, or one that should
 * act on a plan but names no capture (malformed).
 */
export function readPlanEvent(
  event: z.infer<typeof webhookEventShape>,
): PlanEndingEvent | PlanRestoringEvent | 'ignored' | 'malformed' {
  if (event.event_type === DISPUTE_RESOLVED) {
    const dispute = disputeResource.safeParse(event.resource);
    const outcome = dispute.success ? dispute.data.dispute_outcome?.outcome_code : undefined;
    if (!outcome || !OUTCOMES_FOR_US.has(outcome)) return 'ignored';
    const captureId = captureIdOf(event);
    if (!captureId) return 'malformed';
    return { id: event.id, eventType: event.event_type, captureId, restores: 'disputed' };
  }
  const status = PLAN_ENDING_EVENTS[event.event_type as keyof typeof PLAN_ENDING_EVENTS];
  if (!status) return 'ignored';
  const captureId = captureIdOf(event);
  if (!captureId) return 'malformed';
  const refunded = refundedOf(event);
  return {
    id: event.id,
    eventType: event.event_type,
    captureId,
    status,
    ...(refunded && { refunded }),
  };
}

/** PayPal's transmission headers (API Gateway lower-cases header names). */
const transmission = z.object({
  'paypal-transmission-id': z.string().min(1).max(128),
  'paypal-transmission-time': z.string().min(1).max(64),
  'paypal-transmission-sig': z.string().min(1).max(2048),
  'paypal-cert-url': z.url().max(512),
  'paypal-auth-algo': z.string().regex(/^[A-Za-z0-9]{1,100}$/),
});

/**
 * A webhook delivery as PayPal's signature check takes it (the event kept exactly as received),
 * and the event's envelope; undefined when the headers or the envelope are not PayPal's.
 */
export function readWebhookDelivery(
  headers: Record<string, string | undefined>,
  event: Record<string, unknown>,
): { delivery: WebhookDelivery; envelope: z.infer<typeof webhookEventShape> } | undefined {
  const sent = transmission.safeParse(headers);
  const envelope = webhookEventShape.safeParse(event);
  if (!sent.success || !envelope.success) return undefined;
  return {
    delivery: {
      authAlgo: sent.data['paypal-auth-algo'],
      certUrl: sent.data['paypal-cert-url'],
      transmissionId: sent.data['paypal-transmission-id'],
      transmissionSig: sent.data['paypal-transmission-sig'],
      transmissionTime: sent.data['paypal-transmission-time'],
      event,
    },
    envelope: envelope.data,
  };
}
