import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { RetryLater } from '../domain/sync/sync';
import { runWorkerJob } from '../domain/sync/worker-jobs';
import { parseJobMessage, SYNC_MAX_RECEIVE_COUNT } from '../shared/job-messages';
import { logger } from '../shared/logger';
import { syncWorkerJobs } from '../wiring/sync-worker-jobs';

/** Kept back from the function's time to save the current slice and queue the continuation. */
const SAFETY_MARGIN_MS = 25_000;

const jobs = syncWorkerJobs();

/** Runs one message; logs why it failed before Powertools reports it back to the queue. */
async function processLogged(record: SQSRecord, context: Context | undefined): Promise<void> {
  try {
    const delivery = {
      remainingMs: (context as Context).getRemainingTimeInMillis(),
      receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
      maxReceiveCount: SYNC_MAX_RECEIVE_COUNT,
      safetyMarginMs: SAFETY_MARGIN_MS,
      now: Date.now(),
    };
    await runWorkerJob(parseJobMessage(record.body), delivery, jobs);
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
 * The sync queue's consumer (`domain/sync/worker-jobs.ts`). Each message succeeds or fails on
 * its own (Powertools' partial batch response); a failed message comes back after the visibility
 * timeout and, after five deliveries, waits in the dead-letter queue. Messages run one after
 * another: a sync segment plans its work on the function's remaining time. A processor per
 * batch: it holds the batch's state, which two concurrent invocations must not share.
 */
export const handler = middy(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
  processPartialResponse(event, processLogged, new BatchProcessor(EventType.SQS), {
    context,
    processInParallel: false,
  }),
).use(injectLambdaContext(logger, { clearState: true }));
