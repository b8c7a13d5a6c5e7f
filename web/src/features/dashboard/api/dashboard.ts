import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { revalidate, useUserRead } from '../../../lib/swr';

const figuresSchema = z.object({
  potential_units: z.number(),
  open_shipments: z.number(),
  open_cases: z.number(),
  resolved_cases: z.number(),
  estimated_value: z.object({
    amount: z.number().nullable(),
    currency: z.string(),
    units_valued: z.number(),
    units_unvalued: z.number(),
  }),
  recovered: z.object({
    amounts: z.array(z.object({ currency: z.string(), amount: z.number() })),
    units: z.number(),
  }),
});

const activitySchema = z.object({
  kind: z.enum(['sync', 'upload', 'submission', 'response']),
  type: z.enum(['success', 'pending', 'info']),
  at: z.string(),
  shipment_id: z.string().nullable(),
  status: z.string().nullable(),
  units: z.number().nullable(),
  amount: z.number().nullable(),
  doc_type: z.string().nullable(),
  filename: z.string().nullable(),
});

const monthSchema = z.object({
  month: z.string(),
  recovered: z.array(z.object({ currency: z.string(), amount: z.number() })),
  missing_units: z.number(),
});

const dashboardSchema = z.object({
  figures: figuresSchema,
  months: z.array(monthSchema),
  activity: z.array(activitySchema),
});

export type DashboardData = z.infer<typeof dashboardSchema>;
export type MonthBucket = z.infer<typeof monthSchema>;
export type ActivityEntry = z.infer<typeof activitySchema>;

const runSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  progress: z.object({ phase: z.string(), percent: z.number() }),
  counts: z.object({ shipments_listed: z.number() }).passthrough(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export type SyncRun = z.infer<typeof runSchema>;

const latestSchema = z.object({
  run: runSchema.nullable(),
  last_successful: runSchema.nullable(),
});

export type LatestRuns = z.infer<typeof latestSchema>;

/** How often a sync in progress is read again. */
export const SYNC_POLL_MS = 1000;

/**
 * `GET /api/sync-runs/latest`: the run in progress (or the last one) and the last success, read
 * again every second while a run is in progress.
 */
export function useLatestRuns() {
  return useUserRead('/sync-runs/latest', latestSchema, {
    refreshInterval: (latest) => (latest?.run?.status === 'running' ? SYNC_POLL_MS : 0),
    // SWR's default 2 s would serve every other tick from the previous answer.
    dedupingInterval: SYNC_POLL_MS / 2,
  });
}

/** `POST /api/sync-fba` ("Sync now"): 202 with the queued run; 402 without an active plan. */
export async function startSync(): Promise<SyncRun> {
  const body = await apiRequest('/sync-fba', {
    method: 'POST',
    schema: z.object({ message: z.string(), run: runSchema }),
  });
  return body.run;
}

/** `POST /api/demo/sync`: the demo shipments into the signed-in user's data. */
export async function syncDemoShipments(): Promise<void> {
  await apiRequest('/demo/sync', { method: 'POST' });
}

/** `POST /api/demo/reset`: removes the demo shipments and demo cases. */
export async function resetDemoData(): Promise<void> {
  await apiRequest('/demo/reset', { method: 'POST' });
}

/** `GET /api/dashboard`: the figures and activity of the signed-in user. */
export function useDashboard() {
  return useUserRead('/dashboard', dashboardSchema);
}

/** The figures changed (a unit value saved): the cards read them again. */
export function refreshDashboard(): Promise<unknown> {
  return revalidate('/dashboard');
}
