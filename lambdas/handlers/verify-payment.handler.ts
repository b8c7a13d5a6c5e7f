import { listSubscriptions, planStore } from '../adapters/dynamo/subscriptions';
import { paymentProviderFromEnv } from '../adapters/payment/paypal-orders';
import { systemClock } from '../domain/clock';
import { type PlanActivatedResponse, verifyPaymentRequestSchema } from '../domain/plan/contract';
import { recoverPayment, subscriptionView, verifyPayment } from '../domain/plan/payment';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

const { provider, merchantId } = paymentProviderFromEnv();

/**
 * `POST /api/verify-payment` (spec 7.5, issue 15): accepts only an order our server created for
 * the caller, with intent CAPTURE, one purchase unit to our payee and a COMPLETED capture of
 * 9.90 EUR, used once; makes or extends the 30-day plan. Idempotent per order for its buyer.
 * Without `orderID` it recovers a paid order of the caller's that never became a plan.
 */
export const handler = httpHandler(
  { body: verifyPaymentRequestSchema },
  async ({ userId, body, language }): Promise<PlanActivatedResponse> => {
    const deps = { provider, plans: planStore, clock: systemClock, merchantId };
    await (body.orderID
      ? verifyPayment({ userId, orderId: body.orderID }, deps)
      : recoverPayment({ userId }, deps));
    // The plan as it stands with this payment: its days follow the paid days still in force.
    const subscriptions = await listSubscriptions(userId, { consistent: true });
    return {
      ok: true,
      message: message('planActivated', language),
      subscription: subscriptionView(subscriptions, systemClock.now()),
    };
  },
);
