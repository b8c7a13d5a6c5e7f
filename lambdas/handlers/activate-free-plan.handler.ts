import * as z from 'zod';
import { planStore } from '../adapters/dynamo/subscriptions';
import { freePlanDuringLaunch } from '../adapters/payment/paypal-orders';
import { systemClock } from '../domain/clock';
import { activateFreePlan, subscriptionView } from '../domain/plan/payment';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

const enabled = freePlanDuringLaunch();

const body = z.object({ country: z.string().min(2).max(2) });

/** `POST /api/activate-free-plan`: 30 days at 0 EUR, only while `PLAN_FREE_DURING_LAUNCH` is on. */
export const handler = httpHandler({ body }, async ({ userId, body, language }) => {
  const subscription = await activateFreePlan(
    { userId: userId, countryCode: body.country, enabled },
    { plans: planStore, clock: systemClock },
  );
  return {
    ok: true,
    message: message('planActivated', language),
    subscription: subscriptionView([subscription], systemClock.now()),
  };
});
