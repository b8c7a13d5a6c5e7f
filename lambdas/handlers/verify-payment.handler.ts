import * as z from 'zod';
import { paymentProviderFromEnv } from '../adapters/payment/paypal-orders';
import { planStore } from '../adapters/dynamo/subscriptions';
import { systemClock } from '../domain/clock';
import { PaymentRefused, subscriptionView, verifyPayment } from '../domain/payment';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';
import { paymentRefusal } from '../shared/payment-refusals';

const provider = paymentProviderFromEnv();

const body = z.object({
  orderID: z.string().min(1).max(64),
  country: z.string().min(2).max(2),
});

/**
 * `POST /api/verify-payment` (spec 7.5): checks the order with the provider's Orders API
 * (completed, 9.90 EUR, unused) and creates the 30-day plan for the country. Idempotent per
 * order id for its buyer.
 */
export const handler = httpHandler({ body }, async ({ userId, body, language }) => {
  const user = userId as string;
  try {
    const subscription = await verifyPayment(
      { userId: user, orderId: body.orderID, countryCode: body.country },
      { provider, plans: planStore, clock: systemClock },
    );
    return {
      ok: true,
      message: message('planActivated', language),
      subscription: subscriptionView([subscription], systemClock.now()),
    };
  } catch (error) {
    if (error instanceof PaymentRefused) throw paymentRefusal(error, language);
    throw error;
  }
});
