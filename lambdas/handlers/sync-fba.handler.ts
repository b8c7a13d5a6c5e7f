import { syncDependencies } from '../wiring/sync-dependencies';
import { syncQueue } from '../adapters/sqs/sync-queue';
import type { SyncStarted } from '../domain/sync/contract';
import { abandonRun, startSync } from '../domain/sync/sync';
import { syncRunView } from '../domain/sync/view';
import { UpstreamError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';
import { requireDailyQuota } from '../wiring/quota-guard';
import { METRIC, recordMetric } from '../shared/metrics';

const deps = syncDependencies();

/**
 * `POST /api/sync-fba` ("Sync now"): starts a sync of the caller's connected marketplace and
 * queues it for the worker, answering 202 at once; a first sync can take longer than API
 * Gateway waits (29 s), so the dashboard polls `GET /api/sync-runs/latest` for progress.
 * 402 without an active plan, 403 when the plan covers another country, 409 when not
 * connected, revoked, or a sync is already running.
 */
export const handler = httpHandler({}, async ({ userId, language }) => {
  await requireDailyQuota(userId, 'report-request', language, deps.clock);
  const run = await startSync(userId, 'manual', deps);
  const notQueued = await syncQueue.enqueue([run]);
  if (notQueued.length > 0) {
    await abandonRun(run, 'The sync could not be queued', deps);
    throw new UpstreamError('The sync could not be queued');
  }
  recordMetric(METRIC.syncStarted);
  const body: SyncStarted = {
    message: message('syncStarted', language),
    run: syncRunView(run, deps.clock.now()),
  };
  return { statusCode: 202, body };
});
