import type { Language } from '../domain/language';
import { caseMessage } from '../domain/cases/messages';
import { activePlan, type Subscription } from '../domain/plan/plan';
import { PaymentRequiredError } from './errors';
import { message } from './messages';

/** Where the web app renews the plan (the connect wizard's payment step). */
export const RENEW_PATH = '/connect-amazon?renew=1';

/** The guard's port: the caller's subscriptions (wiring hands it the table's). */
export type SubscriptionsOf = (userId: string) => Promise<readonly Subscription[]>;

/**
 * Issue 15: the paid actions on a case (upload, draft, submit) need an active plan, unless the
 * shipment is a demo sample (the demo stays free). Without one the case can still be viewed:
 * reads never call this. 402 with the reason and where to renew.
 */
export async function requirePlanFor(
  subscriptions: SubscriptionsOf,
  userId: string,
  shipment: { demo: boolean },
  language: Language,
  now = Date.now(),
): Promise<void> {
  if (shipment.demo) return;
  if (activePlan(await subscriptions(userId), now)) return;
  throw new PaymentRequiredError(caseMessage('caseNeedsPlan', language), {
    reason: 'no_plan',
    renew: RENEW_PATH,
  });
}

/**
 * Issue 19: actions that call Amazon for the seller (the on-demand feedback report) need an
 * active plan; 402 with the reason and where to renew.
 */
export async function requireActivePlan(
  subscriptions: SubscriptionsOf,
  userId: string,
  language: Language,
  now = Date.now(),
): Promise<void> {
  if (activePlan(await subscriptions(userId), now)) return;
  throw new PaymentRequiredError(message('feedbackNeedsPlan', language), {
    reason: 'no_plan',
    renew: RENEW_PATH,
  });
}
