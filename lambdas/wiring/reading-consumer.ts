import middy from '@middy/core';
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { readQueuedDocument } from '../domain/documents/background-reading';
import { parseDocumentReadMessage, SYNC_MAX_RECEIVE_COUNT } from '../shared/job-messages';
import { logger } from '../shared/logger';
import { readingWorkerDependencies as deps } from './document-reading-worker';

async function processLogged(record: SQSRecord): Promise<void> {
  try {
    const message = parseDocumentReadMessage(record.body);
    const receiveCount = Number(record.attributes.ApproximateReceiveCount ?? '1');
    const outcome = await readQueuedDocument(deps, message, {
      lastAttempt: receiveCount >= SYNC_MAX_RECEIVE_COUNT,
    });
    logger.info('Reading message done', { outcome, receiveCount });
  } catch (error) {
    logger.error('Document reading failed', { messageId: record.messageId, error: error as Error });
    throw error;
  }
}

/**
 * The reading queue's consumer (`domain/documents/background-reading.ts`): reads one uploaded
 * scan or photo by OCR and stores its reading, once. A failed message comes back after the
 * visibility timeout; its last delivery reads the file without OCR, so no document waits for
 * good; a message that still fails waits in the dead-letter queue.
 */
const readingConsumer = middy(
  async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> =>
    processPartialResponse(event, processLogged, new BatchProcessor(EventType.SQS), {
      context,
      processInParallel: false,
    }),
).use(injectLambdaContext(logger, { clearState: true }));

/**
 * The document reader serves its routes and consumes the reading queue (one function: the app
 * stack is at CloudFormation's resource limit): an SQS batch goes to the consumer.
 */
export function withReadingQueue<E, R>(http: (event: E, context: Context) => Promise<R>) {
  return (event: E | SQSEvent, context: Context): Promise<R | SQSBatchResponse> =>
    typeof event === 'object' && event !== null && 'Records' in event
      ? readingConsumer(event, context)
      : http(event as E, context);
}
