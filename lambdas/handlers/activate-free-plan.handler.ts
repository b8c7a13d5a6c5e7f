import { planStore } from '../adapters/dynamo/subscriptions';
import { freePlanDuringLaunch } from '../adapters/payment/paypal-orders';
import { systemClock } from '../domain/clock';
import { activateFreePlanRequestSchema, type PlanActivatedResponse } from '../domain/plan/contract';
import { activateFreePlan, subscriptionView } from '../domain/plan/payment';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

const enabled = freePlanDuringLaunch();

/** `POST /api/activate-free-plan`: 30 days at 0 EUR, only while `PLAN_FREE_DURING_LAUNCH` is on. */
export const handler = httpHandler(
  { body: activateFreePlanRequestSchema },
  async ({ userId, body, language }): Promise<PlanActivatedResponse> => {
    const subscription = await activateFreePlan(
      { userId, countryCode: body.country, enabled },
      { plans: planStore, clock: systemClock },
    );
    return {
      ok: true,
      message: message('planActivated', language),
      subscription: subscriptionView([subscription], systemClock.now()),
    };
  },
);
