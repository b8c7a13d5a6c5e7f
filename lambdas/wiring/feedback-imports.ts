import { randomUUID } from 'node:crypto';
import { objectSize, presignUpload } from '../adapters/documents';
import {
  createFeedbackImport,
  getFeedbackImport,
  queueFeedbackImport,
} from '../adapters/dynamo/feedback-imports';
import { feedbackUploadKey } from './feedback-import-job';
import { enqueueFeedbackImport } from '../adapters/sqs/import-queue';
import type { FeedbackImportDeps } from '../domain/feedback/imports';
import { requireDailyQuota } from './quota-guard';

/** Feedback imports over the table, the documents bucket and the sync queue. */
export const feedbackImportDeps: FeedbackImportDeps = {
  imports: {
    create: (input) => createFeedbackImport(input),
    get: getFeedbackImport,
    markQueued: queueFeedbackImport,
  },
  uploads: {
    presignPut: (userId, importId, contentType, size, seconds) =>
      presignUpload(feedbackUploadKey(userId, importId), contentType, size, seconds),
    size: (userId, importId) => objectSize(feedbackUploadKey(userId, importId)),
  },
  enqueue: enqueueFeedbackImport,
  spendDailyImport: (userId, language) => requireDailyQuota(userId, 'feedback-import', language),
  newId: randomUUID,
};
