import { listSubscriptions } from '../adapters/dynamo/subscriptions';
import type { Language } from '../domain/language';
import { activePlan } from '../domain/plan';
import { ForbiddenError, PaymentRequiredError } from './errors';
import { message } from './messages';
import { isAdmin } from './require-admin';

/** Where the web app renews the plan (the connect wizard's payment step). */
export const RENEW_PATH = '/connect-amazon';

/**
 * Issue 15: the paid actions on a case (upload, draft, submit) need an active plan, unless the
 * shipment is a demo sample (the demo stays free). Without one the case can still be viewed:
 * reads never call this. 402 with the reason and where to renew.
 */
export async function requirePlanFor(
  userId: string,
  shipment: { demo: boolean },
  language: Language,
  now = Date.now(),
): Promise<void> {
  if (shipment.demo) return;
  if (activePlan(await listSubscriptions(userId), now)) return;
  throw new PaymentRequiredError(message('caseNeedsPlan', language), {
    reason: 'no_plan',
    renew: RENEW_PATH,
  });
}

/** Whether the deployment turns the diagnostic routes on (DEBUG_TOOLS, the stage's `debugTools`). */
export function debugToolsEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DEBUG_TOOLS === 'true';
}

/**
 * The guard of what only the diagnostic pages (spec 2.12) call: the deployment must turn them
 * on, and the caller must be an admin (read from the user pool now, as every admin route does).
 */
export async function requireDebugTools(userId: string, language: Language): Promise<void> {
  if (!debugToolsEnabled()) throw new ForbiddenError(message('debugToolsOff', language));
  if (!(await isAdmin(userId))) throw new ForbiddenError(message('adminOnly', language));
}
