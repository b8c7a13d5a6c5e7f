import { ReasonedRefusal, type Refusal } from '../errors';
import { FEEDBACK_UPLOAD_MAX_BYTES, type FeedbackImportJob } from './import-job';
import { DEFAULT_FEEDBACK_MARKETPLACE, isFeedbackMarketplace } from './feedback-marketplaces';
import type { Language } from '../language';
import {
  feedbackImportIdSchema,
  feedbackUploadRequestSchema,
  type FeedbackImport,
  type FeedbackUploadResponse,
} from './contract';

/**
 * Feedback exports of any size (issue 18, spec 7.5): the browser uploads the file straight to
 * storage with a presigned PUT, then the import runs in the background, a slice at a time.
 */

const UPLOAD_URL_SECONDS = 15 * 60;
const CONTENT_TYPE = 'text/plain';

export type FeedbackImportRefusal =
  'file_missing' | 'file_too_large' | 'marketplace_invalid' | 'not_found' | 'no_upload';

const IMPORT_REFUSALS: Record<FeedbackImportRefusal, Refusal> = {
  file_missing: { kind: 'invalid_input', messageKey: 'feedbackFileMissing' },
  file_too_large: { kind: 'too_large', messageKey: 'feedbackFileTooLarge' },
  marketplace_invalid: { kind: 'invalid_input', messageKey: 'feedbackMarketplaceInvalid' },
  not_found: { kind: 'not_found', messageKey: 'feedbackImportNotFound' },
  no_upload: { kind: 'conflict', messageKey: 'feedbackUploadMissing' },
};

export class FeedbackImportRefused extends ReasonedRefusal<FeedbackImportRefusal> {
  constructor(reason: FeedbackImportRefusal) {
    super(reason, IMPORT_REFUSALS, reason === 'no_upload' ? { details: { reason } } : {});
  }
}

export interface FeedbackImportDeps {
  imports: {
    create(
      input: Pick<
        FeedbackImportJob,
        'import_id' | 'user_id' | 'file_name' | 'size' | 'marketplace' | 'language'
      >,
    ): Promise<FeedbackImportJob>;
    get(userId: string, importId: string): Promise<FeedbackImportJob | undefined>;
    /** Moves an import awaiting its upload to queued; true for the one call that did. */
    markQueued(userId: string, importId: string): Promise<boolean>;
  };
  uploads: {
    presignPut(
      userId: string,
      importId: string,
      contentType: string,
      size: number,
      seconds: number,
    ): Promise<string>;
    /** The uploaded file's size, undefined when nothing was uploaded. */
    size(userId: string, importId: string): Promise<number | undefined>;
  };
  /** Puts the import on the background queue. */
  enqueue(userId: string, importId: string): Promise<void>;
  /** Spends one of the seller's daily imports, or refuses. */
  spendDailyImport(userId: string, language: Language): Promise<void>;
  newId(): string;
}

export function feedbackImportView(job: FeedbackImportJob): FeedbackImport {
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

/**
 * A presigned PUT for a new import's file. The marketplace is the page filter's; Italy when the
 * filter is All (spec 4.9). One of the seller's daily imports is spent before anything is
 * stored or presigned.
 */
export async function requestFeedbackUpload(
  userId: string,
  request: unknown,
  language: Language,
  deps: FeedbackImportDeps,
): Promise<FeedbackUploadResponse> {
  const parsed = feedbackUploadRequestSchema.safeParse(request);
  if (!parsed.success) throw new FeedbackImportRefused('file_missing');
  const body = parsed.data;
  if (body.size > FEEDBACK_UPLOAD_MAX_BYTES) throw new FeedbackImportRefused('file_too_large');
  const requested = body.marketplace;
  const marketplace =
    !requested || requested.toLowerCase() === 'all' ? DEFAULT_FEEDBACK_MARKETPLACE : requested;
  if (!isFeedbackMarketplace(marketplace)) throw new FeedbackImportRefused('marketplace_invalid');
  await deps.spendDailyImport(userId, language);
  const job = await deps.imports.create({
    import_id: deps.newId(),
    user_id: userId,
    file_name: body.fileName.slice(0, 255),
    size: body.size,
    marketplace,
    language,
  });
  return {
    import: feedbackImportView(job),
    uploadUrl: await deps.uploads.presignPut(
      userId,
      job.import_id,
      CONTENT_TYPE,
      body.size,
      UPLOAD_URL_SECONDS,
    ),
    method: 'PUT',
    headers: { 'Content-Type': CONTENT_TYPE, 'Content-Length': String(body.size) },
    expiresIn: UPLOAD_URL_SECONDS,
  };
}

/** The caller's own import; another user's, or an id that is none, is not found. */
export async function ownFeedbackImport(
  userId: string,
  rawId: string | undefined,
  deps: Pick<FeedbackImportDeps, 'imports'>,
): Promise<FeedbackImportJob> {
  const id = feedbackImportIdSchema.safeParse(rawId);
  if (!id.success) throw new FeedbackImportRefused('not_found');
  const job = await deps.imports.get(userId, id.data);
  if (!job) throw new FeedbackImportRefused('not_found');
  return job;
}

/**
 * Queues the background import once the file is uploaded, at the size the PUT signed. Starting
 * twice imports once: only the call that moves the import to queued puts it on the queue.
 */
export async function startFeedbackImport(
  userId: string,
  rawId: string | undefined,
  deps: FeedbackImportDeps,
): Promise<FeedbackImport> {
  const job = await ownFeedbackImport(userId, rawId, deps);
  if (job.status === 'awaiting_upload') {
    const size = await deps.uploads.size(userId, job.import_id);
    if (size === undefined || size === 0) throw new FeedbackImportRefused('no_upload');
    if (size > FEEDBACK_UPLOAD_MAX_BYTES) throw new FeedbackImportRefused('file_too_large');
    if (await deps.imports.markQueued(userId, job.import_id)) {
      await deps.enqueue(userId, job.import_id);
    }
  }
  return feedbackImportView((await deps.imports.get(userId, job.import_id)) ?? job);
}
