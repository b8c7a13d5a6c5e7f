import { caseRecords } from '../adapters/case-records';
import { getDashboardSummary, refreshDashboardSummary } from '../adapters/dashboard-summary';
import { latestCaseChange } from '../adapters/dynamo/cases';
import { getProfile } from '../adapters/dynamo/profiles';
import { syncRunStore } from '../adapters/dynamo/sync-runs';
import { auditActivity, newestActivity, runActivity } from '../domain/dashboard';
import { isSummaryCurrent } from '../domain/dashboard-summary';
import type { DashboardResponse } from '../domain/sync/contract';
import { isRealMode } from '../domain/sync/shipment-list';
import { syncRunView } from '../domain/sync/view';
import { httpHandler } from '../shared/http';

/** Sync runs read for the activity list; more would never show. */
const RECENT_RUNS = 10;

/**
 * `GET /api/dashboard` (spec 2.6, with the caller's real figures instead of samples): the
 * contract's DashboardResponse. Reads a fixed number of items: the profile, the stored summary, the latest runs and audit entries,
 * and the seller's latest case change (one key). The summary is computed again only when it is
 * missing or out of date (a sync finished or a case changed after it, a claim window or a month
 * turned, the profile changed mode).
 */
export const handler = httpHandler({}, async ({ userId }): Promise<DashboardResponse> => {
  const user = userId;
  const now = Date.now();
  const [profile, stored, runs, audits, caseChange] = await Promise.all([
    getProfile(user),
    getDashboardSummary(user),
    syncRunStore.recent(user, RECENT_RUNS),
    caseRecords.audits(user),
    latestCaseChange(user),
  ]);
  const views = runs.map((run) => syncRunView(run, now));
  const lastSyncFinishedAt =
    views
      .map((run) => run.finished_at)
      .filter((at): at is string => at !== null)
      .sort()
      .at(-1) ?? null;
  const realMode = isRealMode(profile?.mode);
  // The listing key starts with the case's updated_at.
  const lastCaseChangeAt = caseChange?.split('#')[0] ?? null;
  const summary = isSummaryCurrent(stored, { realMode, now, lastSyncFinishedAt, lastCaseChangeAt })
    ? stored
    : await refreshDashboardSummary(user, now);
  return {
    figures: summary.figures,
    months: summary.months,
    activity: newestActivity([
      ...runActivity(views),
      ...auditActivity(audits),
      ...summary.case_activity,
    ]),
  };
});
