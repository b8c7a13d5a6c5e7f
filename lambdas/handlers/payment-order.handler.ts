import { rememberBilling, rememberedBilling } from '../adapters/dynamo/receipts';
import { planStore } from '../adapters/dynamo/subscriptions';
import { paymentProviderFromEnv } from '../adapters/payment/paypal-orders';
import { systemClock } from '../domain/clock';
import { paymentOrderRequestSchema, type PendingOrdersResponse } from '../domain/plan/contract';
import { createPlanOrder } from '../domain/plan/payment';
import { normalizeBilling } from '../domain/plan/receipts';
import { httpRoutes, route } from '../shared/http';
import { message } from '../shared/messages';
import { requireDailyQuota } from '../wiring/quota-guard';

const { provider, merchantId } = paymentProviderFromEnv();

/**
 * `POST /api/payment-order` creates the PayPal order for the caller (intent CAPTURE, 9.90 EUR
 * to our payee, custom_id = the caller, a unique invoice_id) and records it as theirs, within
 * the seller's daily allowance of orders and the one-country rule, with the billing details its
 * receipt is made out to (remembered for the next checkout);
 * `GET /api/payment-order` counts the caller's orders not yet turned into a plan and answers
 * the remembered billing details.
 */
export const handler = httpRoutes({
  'POST /api/payment-order': route(
    { body: paymentOrderRequestSchema },
    async ({ userId, body, language }) => {
      const billing = body.billing ? normalizeBilling(body.billing) : undefined;
      if (billing) await rememberBilling(userId, billing);
      const order = await createPlanOrder(
        {
          userId,
          countryCode: body.country,
          description: message('planOrderDescription', language),
          ...(billing ? { billing } : {}),
        },
        {
          provider,
          plans: planStore,
          clock: systemClock,
          merchantId,
          // Each order is a real one at PayPal: a day's allowance per seller (429 when spent).
          beforeOrder: () => requireDailyQuota(userId, 'payment-order', language),
        },
      );
      return { statusCode: 201, body: { id: order.orderId } };
    },
  ),
  'GET /api/payment-order': route({}, async ({ userId }): Promise<PendingOrdersResponse> => ({
    unclaimed: (await planStore.listUnclaimedOrders(userId)).length,
    billing: await rememberedBilling(userId),
  })),
});
