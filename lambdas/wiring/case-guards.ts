import type { CaseGuards } from '../domain/cases/guards';
import { requirePlanFor } from '../shared/plan-guard';
import { requireDailyQuota } from '../shared/quota-guard';

/** The account checks of case actions, against the plan table, the user pool and the quotas. */
export const caseGuards: CaseGuards = {
  requirePlan: (userId, shipment, language) =>
    requirePlanFor(userId, { demo: shipment.demo === true }, language),
  // Loaded when a diagnostic route runs: it reads the user pool, whose settings only the
  // functions serving those routes have (the document reader and the draft function do not).
  requireDebugTools: async (userId, language) =>
    (await import('../shared/require-admin')).requireDebugTools(userId, language),
  requireDailyQuota: (userId, kind, language) => requireDailyQuota(userId, kind, language),
};
