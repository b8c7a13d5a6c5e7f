import { caseRecords } from '../adapters/case-records';
import { getProfile } from '../adapters/dynamo/profiles';
import { listStoredShipments } from '../adapters/dynamo/shipments';
import { listSkuValues } from '../adapters/dynamo/sku-values';
import { syncRunStore } from '../adapters/dynamo/sync-runs';
import { dashboardFigures, recentActivity } from '../domain/dashboard';
import { isRealMode } from '../domain/shipment-list';
import { syncRunView } from '../domain/sync-view';
import { httpHandler } from '../shared/http';

/** Sync runs read for the activity list; more would never show. */
const RECENT_RUNS = 10;

/**
 * `GET /api/dashboard` (spec 2.6, with the caller's real figures instead of samples):
 * `{ figures: DashboardFigures, activity: ActivityEntry[] }`.
 */
export const handler = httpHandler({}, async ({ userId }) => {
  const user = userId as string;
  const now = Date.now();
  const [profile, shipments, cases, skuValues, runs, audits] = await Promise.all([
    getProfile(user),
    listStoredShipments(user),
    caseRecords.list(user),
    listSkuValues(user),
    syncRunStore.recent(user, RECENT_RUNS),
    caseRecords.audits(user),
  ]);
  const realMode = isRealMode(profile?.mode);
  return {
    figures: dashboardFigures({ shipments, cases, skuValues, realMode, now }),
    activity: recentActivity({
      runs: runs.map((run) => syncRunView(run, now)),
      audits,
      cases,
      shipments,
      skuValues,
      realMode,
    }),
  };
});
