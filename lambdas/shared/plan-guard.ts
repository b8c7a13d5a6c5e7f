import type { Language } from '../domain/language';
import { caseMessage } from '../domain/cases/messages';
import { shipmentCountry } from '../domain/marketplaces';
import { planMessage } from '../domain/plan/messages';
import { activePlan, planCovers, type Subscription } from '../domain/plan/plan';
import { PaymentRequiredError } from './errors';

/** Where the web app renews the plan (the connect wizard's payment step). */
export const RENEW_PATH = '/connect-amazon?renew=1';

/** The guard's port: the caller's subscriptions (wiring hands it the table's). */
export type SubscriptionsOf = (userId: string) => Promise<readonly Subscription[]>;

/**
 * Issue 15: the paid actions on a case (upload, draft, submit) need an active plan, unless the
 * shipment is a demo sample (the demo stays free). Without one the case can still be viewed:
 * reads never call this. 402 with the reason and where to renew. A plan covers one marketplace
 * country, as sync checks: a shipment of another country is refused (`plan_country`).
 */
export async function requirePlanFor(
  subscriptions: SubscriptionsOf,
  userId: string,
  shipment: {
    demo: boolean;
    marketplace_id?: string | undefined;
    marketplace?: string | undefined;
  },
  language: Language,
  now = Date.now(),
): Promise<void> {
  if (shipment.demo) return;
  const plan = activePlan(await subscriptions(userId), now);
  if (!plan) {
    throw new PaymentRequiredError(caseMessage('caseNeedsPlan', language), {
      reason: 'no_plan',
      renew: RENEW_PATH,
    });
  }
  const country = shipmentCountry(shipment);
  if (country && !planCovers(plan, country)) {
    throw new PaymentRequiredError(
      planMessage('casePlanCountry', language, {
        plan: plan.countryCode ?? '',
        shipment: country,
      }),
      { reason: 'plan_country', plan_country: plan.countryCode, shipment_country: country },
    );
  }
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
  throw new PaymentRequiredError(planMessage('feedbackNeedsPlan', language), {
    reason: 'no_plan',
    renew: RENEW_PATH,
  });
}
