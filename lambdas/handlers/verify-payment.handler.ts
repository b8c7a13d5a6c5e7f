import * as z from 'zod';
import { planStore } from '../adapters/dynamo/subscriptions';
import { paymentProviderFromEnv } from '../adapters/payment/paypal-orders';
import { systemClock } from '../domain/clock';
import { recoverPayment, subscriptionView, verifyPayment } from '../domain/plan/payment';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

const { provider, merchantId } = paymentProviderFromEnv();

/**
 * The country is the one recorded when the server created the order; a `country` the browser
 * still sends is ignored. Without `orderID` the server looks for a paid order of the caller's
 * that never became a plan (recovery).
 */
const body = z.object({ orderID: z.string().min(1).max(64).optional() });

/**
 * `POST /api/verify-payment` (spec 7.5, issue 15): accepts only an order our server created for
 * the caller, with intent CAPTURE, one purchase unit to our payee and a COMPLETED capture of
 * 9.90 EUR, used once; makes or extends the 30-day plan. Idempotent per order for its buyer.
 */
export const handler = httpHandler({ body }, async ({ userId, body, language }) => {
  const user = userId;
  const deps = { provider, plans: planStore, clock: systemClock, merchantId };
  const subscription = body.orderID
    ? await verifyPayment({ userId: user, orderId: body.orderID }, deps)
    : await recoverPayment({ userId: user }, deps);
  return {
    ok: true,
    message: message('planActivated', language),
    subscription: subscriptionView([subscription], systemClock.now()),
  };
});
