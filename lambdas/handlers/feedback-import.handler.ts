import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { objectSize, presignUpload } from '../adapters/documents';
import {
  createFeedbackImport,
  getFeedbackImport,
  queueFeedbackImport,
} from '../adapters/dynamo/feedback-imports';
import { feedbackUploadKey } from '../wiring/feedback-import-job';
import { enqueueFeedbackImport } from '../adapters/sqs/sync-queue';
import { FEEDBACK_UPLOAD_MAX_BYTES, type FeedbackImportJob } from '../domain/feedback/import-job';
import {
  DEFAULT_FEEDBACK_MARKETPLACE,
  isFeedbackMarketplace,
} from '../domain/feedback/feedback-marketplaces';
import type { Language } from '../domain/language';
import {
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from '../shared/errors';
import { httpHandler, parseJsonBody, type HttpEvent } from '../shared/http';
import { message } from '../shared/messages';
import { requireDailyQuota } from '../shared/quota-guard';

const UPLOAD_URL_SECONDS = 15 * 60;

const uploadRequest = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/\.(tsv|txt|csv)$/i),
  size: z.number().int().min(1),
  marketplace: z.string().trim().max(40).optional(),
});

const importId = z.uuid();

function view(job: FeedbackImportJob) {
  return {
    id: job.import_id,
    status: job.status,
    file_name: job.file_name,
    marketplace: job.marketplace,
    rows_read: job.rows_read,
    rows_stored: job.rows_stored,
    row_errors: job.row_errors,
    errors: job.errors,
    failure: job.failure,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

async function uploadUrl(userId: string, event: HttpEvent, language: Language) {
  const parsed = uploadRequest.safeParse(parseJsonBody(z.unknown(), event));
  if (!parsed.success) throw new ValidationError(message('feedbackFileMissing', language));
  const body = parsed.data;
  if (body.size > FEEDBACK_UPLOAD_MAX_BYTES) {
    throw new PayloadTooLargeError(message('feedbackFileTooLarge', language));
  }
  const requested = body.marketplace;
  const marketplace =
    !requested || requested.toLowerCase() === 'all' ? DEFAULT_FEEDBACK_MARKETPLACE : requested;
  if (!isFeedbackMarketplace(marketplace)) {
    throw new ValidationError(message('feedbackMarketplaceInvalid', language));
  }
  // One of the seller's daily imports is spent here, before anything is stored or presigned.
  await requireDailyQuota(userId, 'feedback-import', language);
  const job = await createFeedbackImport({
    import_id: randomUUID(),
    user_id: userId,
    file_name: body.fileName.slice(0, 255),
    size: body.size,
    marketplace,
    language,
  });
  const contentType = 'text/plain';
  return {
    import: view(job),
    uploadUrl: await presignUpload(
      feedbackUploadKey(userId, job.import_id),
      contentType,
      body.size,
      UPLOAD_URL_SECONDS,
    ),
    method: 'PUT' as const,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.size) },
    expiresIn: UPLOAD_URL_SECONDS,
  };
}

async function ownImport(userId: string, event: HttpEvent, language: Language) {
  const id = importId.safeParse(event.pathParameters?.id);
  if (!id.success) throw new NotFoundError(message('feedbackImportNotFound', language));
  const job = await getFeedbackImport(userId, id.data);
  if (!job) throw new NotFoundError(message('feedbackImportNotFound', language));
  return job;
}

async function start(userId: string, event: HttpEvent, language: Language) {
  const job = await ownImport(userId, event, language);
  if (job.status === 'awaiting_upload') {
    // The presigned PUT signed the declared size; the object must be there, and that size.
    const size = await objectSize(feedbackUploadKey(userId, job.import_id));
    if (size === undefined || size === 0) {
      throw new ConflictError(message('feedbackUploadMissing', language), { reason: 'no_upload' });
    }
    if (size > FEEDBACK_UPLOAD_MAX_BYTES) {
      throw new PayloadTooLargeError(message('feedbackFileTooLarge', language));
    }
    // Only the call that moves it to queued puts it on the queue: starting twice imports once.
    if (await queueFeedbackImport(userId, job.import_id)) {
      await enqueueFeedbackImport(userId, job.import_id);
    }
  }
  const current = (await getFeedbackImport(userId, job.import_id)) ?? job;
  return {
    statusCode: 202,
    body: { import: view(current), message: message('feedbackImportQueued', language) },
  };
}

/**
 * Feedback exports of any size (issue 18, spec 7.5): `POST /api/feedback-import/upload-url`
 * ({ fileName, size, marketplace }) gives a presigned PUT for the file; `POST
 * /api/feedback-import/{id}/start` queues the background import once the file is uploaded;
 * `GET /api/feedback-import/{id}` answers its progress (rows read, stored, row errors). The
 * marketplace is the page filter's; Italy when the filter is All (spec 4.9).
 */
export const handler = httpHandler({}, async ({ event, userId, language }) => {
  const user = userId;
  switch (event.routeKey) {
    case 'POST /api/feedback-import/upload-url':
      return uploadUrl(user, event, language);
    case 'POST /api/feedback-import/{id}/start':
      return start(user, event, language);
    case 'GET /api/feedback-import/{id}':
      return { import: view(await ownImport(user, event, language)) };
    default:
      throw new NotFoundError('No such route');
  }
});
