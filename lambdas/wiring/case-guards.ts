import type { CaseGuards } from '../domain/cases/guards';
import { requirePlanFor } from '../shared/plan-guard';
import { requireDailyQuota } from '../shared/quota-guard';
import { requireDebugTools } from '../shared/require-admin';

/** The account checks of case actions, against the plan table, the user pool and the quotas. */
export const caseGuards: CaseGuards = {
  requirePlan: (userId, shipment, language) =>
    requirePlanFor(userId, { demo: shipment.demo === true }, language),
  requireDebugTools,
  requireDailyQuota: (userId, kind, language) => requireDailyQuota(userId, kind, language),
};
