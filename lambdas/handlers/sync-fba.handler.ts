import { syncDependencies } from '../wiring/sync-dependencies';
import { syncQueue } from '../adapters/sqs/sync-queue';
import { abandonRun, startSync, SyncRefused } from '../domain/sync/sync';
import { syncRunView } from '../domain/sync/view';
import {
  ConflictError,
  ForbiddenError,
  PaymentRequiredError,
  UpstreamError,
} from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';
import { requireDailyQuota } from '../shared/quota-guard';
import { METRIC, recordMetric } from '../shared/metrics';
import type { Language } from '../domain/language';

const deps = syncDependencies();

function refusal(error: SyncRefused, language: Language) {
  switch (error.reason) {
    case 'no_plan':
      return new PaymentRequiredError(message('syncNeedsPlan', language));
    case 'plan_country':
      return new ForbiddenError(message('syncPlanCountry', language));
    case 'not_connected':
      return new ConflictError(message('syncNotConnected', language), { reason: error.reason });
    case 'connection_revoked':
      return new ConflictError(message('syncConnectionRevoked', language), {
        reason: error.reason,
      });
    case 'already_running':
      return new ConflictError(message('syncAlreadyRunning', language), {
        reason: error.reason,
        runId: error.runningRunId,
      });
  }
}

/**
 * `POST /api/sync-fba` ("Sync now"): starts a sync of the caller's connected marketplace and
 * queues it for the worker, answering 202 at once; a first sync can take longer than API
 * Gateway waits (29 s), so the dashboard polls `GET /api/sync-runs/latest` for progress.
 * 402 without an active plan, 403 when the plan covers another country, 409 when not
 * connected, revoked, or a sync is already running.
 */
export const handler = httpHandler({}, async ({ userId, language }) => {
  await requireDailyQuota(userId, 'report-request', language, deps.clock);
  let run;
  try {
    run = await startSync(userId, 'manual', deps);
  } catch (error) {
    if (error instanceof SyncRefused) throw refusal(error, language);
    throw error;
  }
  const notQueued = await syncQueue.enqueue([run]);
  if (notQueued.length > 0) {
    await abandonRun(run, 'The sync could not be queued', deps);
    throw new UpstreamError('The sync could not be queued');
  }
  recordMetric(METRIC.syncStarted);
  return {
    statusCode: 202,
    body: { message: message('syncStarted', language), run: syncRunView(run, deps.clock.now()) },
  };
});
