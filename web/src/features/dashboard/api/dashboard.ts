import { apiRequest } from '../../../lib/api-client';
import { revalidate, useUserRead } from '../../../lib/swr';
import {
  dashboardResponseSchema,
  demoResetResponseSchema,
  demoSyncResponseSchema,
  latestRunsSchema,
  syncStartedSchema,
  type SyncRunSummary,
} from '@domain/sync/contract';

export type {
  ActivityEntry,
  DashboardResponse as DashboardData,
  LatestRuns,
  MonthBucket,
  SyncRunSummary as SyncRun,
} from '@domain/sync/contract';

/** How often a sync in progress is read again. */
export const SYNC_POLL_MS = 1000;

/**
 * `GET /api/sync-runs/latest`: the run in progress (or the last one) and the last success, read
 * again every second while a run is in progress.
 */
export function useLatestRuns() {
  return useUserRead('/sync-runs/latest', latestRunsSchema, {
    refreshInterval: (latest) => (latest?.run?.status === 'running' ? SYNC_POLL_MS : 0),
    // SWR's default 2 s would serve every other tick from the previous answer.
    dedupingInterval: SYNC_POLL_MS / 2,
  });
}

/** `POST /api/sync-fba` ("Sync now"): 202 with the queued run; 402 without an active plan. */
export async function startSync(): Promise<SyncRunSummary> {
  const body = await apiRequest('/sync-fba', {
    method: 'POST',
    schema: syncStartedSchema,
  });
  return body.run;
}

/** `POST /api/demo/sync`: the demo shipments into the signed-in user's data. */
export async function syncDemoShipments(): Promise<void> {
  await apiRequest('/demo/sync', { method: 'POST', schema: demoSyncResponseSchema });
}

/** `POST /api/demo/reset`: removes the demo shipments and demo cases. */
export async function resetDemoData(): Promise<void> {
  await apiRequest('/demo/reset', { method: 'POST', schema: demoResetResponseSchema });
}

/** `GET /api/dashboard`: the figures and activity of the signed-in user. */
export function useDashboard() {
  return useUserRead('/dashboard', dashboardResponseSchema);
}

/** The figures changed (a unit value saved): the cards read them again. */
export function refreshDashboard(): Promise<unknown> {
  return revalidate('/dashboard');
}
