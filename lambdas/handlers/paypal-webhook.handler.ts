import * as z from 'zod';
import { paymentEventStore } from '../adapters/dynamo/subscriptions';
import { paymentProviderFromEnv, paymentWebhookIdFromEnv } from '../adapters/payment/paypal-orders';
import { readPlanEvent, readWebhookDelivery } from '../adapters/payment/paypal-webhooks';
import { systemClock } from '../domain/clock';
import { endPlanForPaymentEvent, restorePlanForPaymentEvent } from '../domain/plan/payment';
import { webhookBodyRefusal } from '../domain/plan/webhook-limits';
import { PayloadTooLargeError, UnauthorizedError, ValidationError } from '../shared/errors';
import { httpHandler, parseJsonBody } from '../shared/http';
import { logger } from '../shared/logger';

const { provider } = paymentProviderFromEnv();
const webhookId = paymentWebhookIdFromEnv();

/**
 * `POST /api/paypal-webhook` (public; PayPal calls it): refunds, reversals and disputes of a
 * plan's capture end that plan (a refund of part of the price is recorded and leaves it), and a
 * dispute resolved with the payment still ours gives back the plan it ended. A body over 64 KiB
 * (413) or nested deeper than 32 levels (400) is refused first; every other delivery is checked
 * with PayPal's verify-webhook-signature API for our webhook id before anything is read from it:
 * a malformed delivery answers 400, an unverified one 401, both without effect. A verified event is applied once per event id; one
 * for a capture not yet verified is kept and applied when it is (`held`); one of a type we do
 * not act on is acknowledged with 200, so PayPal stops retrying, and logged.
 */
export const handler = httpHandler({ public: true }, async ({ event }) => {
  const refusal = webhookBodyRefusal(event.body ?? '', event.isBase64Encoded === true);
  if (refusal === 'too_large') throw new PayloadTooLargeError('Webhook body too large');
  if (refusal) throw new ValidationError('Webhook body nested too deep');
  // Kept exactly as received: the signature check sends PayPal the event itself.
  const raw = parseJsonBody(z.record(z.string(), z.unknown()), event);
  const read = readWebhookDelivery(event.headers ?? {}, raw);
  if (!read) throw new ValidationError('Not a PayPal webhook delivery');
  const { delivery, envelope } = read;
  if (!(await provider.verifyWebhook(delivery, webhookId))) {
    logger.warn('Payment webhook not verified', { event_id: envelope.id });
    throw new UnauthorizedError('Webhook signature not verified');
  }
  const planEvent = readPlanEvent(envelope);
  const fields = { event_id: envelope.id, event_type: envelope.event_type };
  if (planEvent === 'malformed') {
    logger.warn('Payment webhook names no capture', fields);
    throw new ValidationError('The event names no capture');
  }
  if (planEvent === 'ignored') {
    logger.info('Payment webhook ignored', fields);
    return { ok: true, outcome: 'ignored' };
  }
  const deps = { events: paymentEventStore, clock: systemClock };
  const outcome =
    'restores' in planEvent
      ? await restorePlanForPaymentEvent(planEvent, deps)
      : await endPlanForPaymentEvent(planEvent, deps);
  const log = outcome === 'unknown_capture' ? logger.warn : logger.info;
  log.call(logger, 'Payment webhook handled', {
    ...fields,
    capture_id: planEvent.captureId,
    outcome,
  });
  return { ok: true, outcome };
});
