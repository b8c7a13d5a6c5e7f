import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { runFeedbackImportMessage } from '../domain/feedback/import-worker';
import { parseImportMessage, SYNC_MAX_RECEIVE_COUNT } from '../shared/job-messages';
import { logger } from '../shared/logger';
import { feedbackImportWorkerPorts } from '../wiring/feedback-import-worker';

/** Kept back from the function's time to save the current slice and queue the continuation. */
const SAFETY_MARGIN_MS = 25_000;

const ports = feedbackImportWorkerPorts();

async function processLogged(record: SQSRecord, context: Context | undefined): Promise<void> {
  try {
    await runFeedbackImportMessage(
      parseImportMessage(record.body),
      {
        remainingMs: (context as Context).getRemainingTimeInMillis(),
        receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
        maxReceiveCount: SYNC_MAX_RECEIVE_COUNT,
        safetyMarginMs: SAFETY_MARGIN_MS,
        now: Date.now(),
      },
      ports,
    );
  } catch (error) {
    logger.error('Feedback import failed', { messageId: record.messageId, error: error as Error });
    throw error;
  }
}

/**
 * The import queue's consumer (`domain/feedback/import-worker.ts`): one slice of an uploaded
 * feedback export per message, as the sync worker does with a sync segment. A failed message
 * comes back after the visibility timeout and, after five deliveries, waits in the dead-letter
 * queue.
 */
export const handler = middy(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
  processPartialResponse(event, processLogged, new BatchProcessor(EventType.SQS), {
    context,
    processInParallel: false,
  }),
).use(injectLambdaContext(logger, { clearState: true }));
