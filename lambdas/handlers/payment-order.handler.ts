import * as z from 'zod';
import { planStore } from '../adapters/dynamo/subscriptions';
import { paymentProviderFromEnv } from '../adapters/payment/paypal-orders';
import { systemClock } from '../domain/clock';
import { createPlanOrder } from '../domain/plan/payment';
import { httpHandler, parseJsonBody, type HttpRequest } from '../shared/http';
import { message } from '../shared/messages';

const { provider, merchantId } = paymentProviderFromEnv();

const createBody = z.object({ country: z.string().length(2) });

/** The checkout button's `createOrder`: the plan's order, made and recorded by the server. */
async function create({ event, userId, language }: HttpRequest<unknown>) {
  const body = parseJsonBody(createBody, event);
  const order = await createPlanOrder(
    {
      userId: userId,
      countryCode: body.country,
      description: message('planOrderDescription', language),
    },
    { provider, plans: planStore, clock: systemClock, merchantId },
  );
  return { statusCode: 201, body: { id: order.orderId } };
}

/** Whether the seller has orders not yet turned into a plan: the wizard then offers recovery. */
async function pending({ userId }: HttpRequest<unknown>) {
  const orders = await planStore.listUnclaimedOrders(userId);
  return { unclaimed: orders.length };
}

/**
 * `POST /api/payment-order` creates the PayPal order for the caller (intent CAPTURE, 9.90 EUR
 * to our payee, custom_id = the caller, a unique invoice_id) and records it as theirs;
 * `GET /api/payment-order` counts the caller's orders not yet turned into a plan.
 */
export const handler = httpHandler({}, async (request) =>
  request.event.requestContext.http.method === 'POST' ? create(request) : pending(request),
);
