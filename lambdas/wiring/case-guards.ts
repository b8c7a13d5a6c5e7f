import type { CaseGuards } from '../domain/cases/guards';
import { refuseWhenDebugToolsOff } from '../shared/debug-tools';
import { requirePlanFor } from './plan-guard';
import { requireDailyQuota } from './quota-guard';

/** The account checks of case actions, against the plan table, the user pool and the quotas. */
export const caseGuards: CaseGuards = {
  requirePlan: (userId, shipment, language) =>
    requirePlanFor(
      userId,
      {
        demo: shipment.demo === true,
        marketplace_id: shipment.marketplace_id,
        marketplace: shipment.marketplace,
      },
      language,
    ),
  // The stage's switch first; the admin check (the user pool, whose settings only the functions
  // serving these routes have) is loaded when a diagnostic route gets past it.
  requireDebugTools: async (userId, language) => {
    refuseWhenDebugToolsOff(language);
    await (await import('./admin-guard')).requireAdmin(userId, language);
  },
  requireDailyQuota: (userId, kind, language) => requireDailyQuota(userId, kind, language),
};
