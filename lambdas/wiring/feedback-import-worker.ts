import { failFeedbackImport } from '../adapters/dynamo/feedback-imports';
import { enqueueFeedbackImport } from '../adapters/sqs/import-queue';
import type { FeedbackImportWorkerPorts } from '../domain/feedback/import-worker';
import { logger } from '../shared/logger';
import { runFeedbackImportJob } from './feedback-import-job';

/** The import queue consumer's ports over the real storage, table and queue. */
export function feedbackImportWorkerPorts(): FeedbackImportWorkerPorts {
  return {
    importFeedback: runFeedbackImportJob,
    continueFeedbackImport: enqueueFeedbackImport,
    failFeedbackImport: (userId, importId) => failFeedbackImport(userId, importId, 'unreadable'),
    log: (message, fields) => logger.info(message, fields),
  };
}
