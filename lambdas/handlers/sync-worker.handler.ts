import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { connectedUserIds } from '../adapters/dynamo/connections';
import { stepDemoCases, usersAwaitingOutcome } from '../adapters/dynamo/cases';
import { sendDigests } from '../adapters/alerts';
import { addAlert } from '../adapters/dynamo/alerts';
import { sweepIfAccountDeleted } from '../adapters/dynamo/account-guard';
import { AccountDeleted } from '../domain/account/deletion';
import { reimbursementCheckDependencies } from '../wiring/reimbursement-check';
import { checkAllReimbursements } from '../domain/cases/reimbursement-check';
import { nextDemoStep } from '../domain/cases/demo-poller';
import { enqueueFeedbackImport, syncQueue } from '../adapters/sqs/sync-queue';
import { failFeedbackImport } from '../adapters/dynamo/feedback-imports';
import { syncDependencies } from '../wiring/sync-dependencies';
import { runSyncJob, type SyncJobDeps } from '../domain/sync/jobs';
import { RetryLater } from '../domain/sync/sync';
import { jobMessage, SYNC_MAX_RECEIVE_COUNT } from '../shared/job-messages';
import { logger } from '../shared/logger';
import { METRIC, recordMetric } from '../shared/metrics';

/** Kept back from the function's time to save the current slice and queue the continuation. */
const SAFETY_MARGIN_MS = 25_000;

const base = syncDependencies();
// Fail at cold start, not in the middle of a seller's sync, when Amazon's configuration or the
// refresh-token key is missing.
base.sellerApis();
base.cipher();

const reimbursements = reimbursementCheckDependencies();

const deps: SyncJobDeps = {
  ...base,
  queue: syncQueue,
  connectedUserIds: () => connectedUserIds(),
};

async function processRecord(record: SQSRecord, context: Context) {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch {
    body = undefined;
  }
  const job = jobMessage.safeParse(body);
  if (!job.success) {
    // Never valid however often it is retried; failing it parks it in the dead-letter queue,
    // where somebody sees it.
    throw new Error(`Not a sync job: ${record.body.slice(0, 200)}`);
  }
  if (job.data.type === 'cases.poll') {
    // The case tracker's schedule: simulated replies on demo cases (issue 6), and Amazon's
    // reimbursements matched to real cases (issue 16).
    logger.info('Demo cases stepped', {
      stepped: await stepDemoCases(nextDemoStep, undefined, afterDashboardDataChanged),
    });
    const summary = await checkAllReimbursements(usersAwaitingOutcome(), reimbursements, {
      deadline: Date.now() + context.getRemainingTimeInMillis() - SAFETY_MARGIN_MS,
      perSellerMs: 20_000,
      pollIntervalMs: 5_000,
      concurrency: 2,
      onError: (userId, error) =>
        logger.warn('Reimbursement check failed', { userId, error: error as Error }),
    });
    logger.info('Reimbursements checked', { summary });
    return;
  }
  if (job.data.type === 'feedback.import') {
    const { userId, importId } = job.data;
    const remainingMs = context.getRemainingTimeInMillis();
    // Loaded on the first import: the sync's own runs need no bucket configuration.
    const { runFeedbackImportJob } = await import('../wiring/feedback-import-job');
    try {
      const outcome = await runFeedbackImportJob(userId, importId, {
        deadline: Date.now() + remainingMs - SAFETY_MARGIN_MS,
        // Outlives this invocation, and lapses well before the queue redelivers the message.
        leaseMs: remainingMs + 60_000,
      });
      logger.info('Feedback import run', { importId, outcome });
      if (outcome === 'paused') await enqueueFeedbackImport(userId, importId);
    } catch (error) {
      if (Number(record.attributes.ApproximateReceiveCount ?? '1') >= SYNC_MAX_RECEIVE_COUNT) {
        await failFeedbackImport(userId, importId, 'unreadable');
      }
      throw error;
    }
    return;
  }
  if (job.data.type === 'alerts.digest') {
    logger.info('Daily digests', { summary: await sendDigests() });
    return;
  }
  const result = await runSyncJob(job.data, deps, {
    remainingMs: context.getRemainingTimeInMillis(),
    receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
    maxReceiveCount: SYNC_MAX_RECEIVE_COUNT,
    safetyMarginMs: SAFETY_MARGIN_MS,
  });
  logger.info('Sync job done', { job: job.data, result });
  if (job.data.type === 'sync.user' && (await removedForDeletedAccount(job.data.userId))) return;
  if (result.type === 'sync.user' && result.outcome === 'failed') recordMetric(METRIC.syncFailed);
  if (result.type === 'sync.user' && result.outcome === 'completed') {
    recordMetric(METRIC.syncCompleted);
    const added = result.run?.counts.shipmentsAdded ?? 0;
    if (added > 0 && job.data.type === 'sync.user') {
      await addAlert(job.data.userId, { kind: 'new_discrepancies', shipments: added });
    }
  }
  if (result.type === 'sync.due') {
    recordMetric(METRIC.syncStarted, result.summary.started);
    if (result.summary.failed > 0) recordMetric(METRIC.syncFailed, result.summary.failed);
  }
}

/**
 * A segment's bookkeeping (run, lock, sync state) is not guarded write by write; if the
 * account was deleted while it ran, what it put back is removed and nothing more follows.
 */
async function removedForDeletedAccount(userId: string): Promise<boolean> {
  try {
    await sweepIfAccountDeleted(userId);
    return false;
  } catch (error) {
    if (!(error instanceof AccountDeleted)) throw error;
    logger.info('Sync job ended: the account was deleted meanwhile');
    return true;
  }
}

/** Logs why a message failed before Powertools reports it back to the queue. */
async function processLogged(record: SQSRecord, context: Context | undefined): Promise<void> {
  try {
    await processRecord(record, context as Context);
  } catch (error) {
    if (error instanceof RetryLater) {
      logger.warn('Sync job will be retried', {
        messageId: record.messageId,
        reason: error.message,
      });
    } else {
      logger.error('Sync job failed', { messageId: record.messageId, error: error as Error });
    }
    throw error;
  }
}

/**
 * The sync queue's consumer: runs `sync.user` segments and the `sync.due` dispatcher (see
 * domain/sync/jobs.ts). Each message succeeds or fails on its own (Powertools' partial batch
 * response); a failed message comes back after the visibility timeout and, after five
 * deliveries, waits in the dead-letter queue. Messages run one after another: a sync segment
 * plans its work on the function's remaining time. A processor per batch: it holds the batch's
 * state, which two concurrent invocations must not share.
 */
export const handler = middy(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
  processPartialResponse(event, processLogged, new BatchProcessor(EventType.SQS), {
    context,
    processInParallel: false,
  }),
).use(injectLambdaContext(logger, { clearState: true }));
