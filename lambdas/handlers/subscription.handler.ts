import { listSubscriptions } from '../adapters/dynamo/subscriptions';
import { systemClock } from '../domain/clock';
import type { SubscriptionResponse } from '../domain/plan/contract';
import { subscriptionView } from '../domain/plan/payment';
import { httpHandler } from '../shared/http';

/** `GET /api/subscription`: the plan in force, for the wizard's step 3 and the plan alerts. */
export const handler = httpHandler({}, async ({ userId }): Promise<SubscriptionResponse> =>
  subscriptionView(await listSubscriptions(userId), systemClock.now()),
);
