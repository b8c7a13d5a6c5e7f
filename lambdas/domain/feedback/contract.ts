/**
 * The HTTP contract of the feedback pages (spec 4.9, 7.2, 7.5; issue 18): request and response
 * bodies as zod schemas and TypeScript types. Pure (zod only), so the web app reads the answers
 * with the same schemas the functions answer with.
 *
 * Routes (all need the Cognito bearer token; every read and write is the caller's own):
 *
 *   GET  /api/feedback?marketplace=&removable=&limit=&cursor=  FeedbackListQuery → FeedbackPage
 *   POST /api/feedback-import/upload-url    FeedbackUploadRequest → FeedbackUploadResponse
 *   POST /api/feedback-import/{id}/start    —                     → FeedbackImportStarted (202)
 *   GET  /api/feedback-import/{id}          —                     → FeedbackImportResponse
 *   POST /api/generate-feedback-appeal      FeedbackAppealRequest → FeedbackAppeal
 *   POST /api/feedback-schedule             —                     → FeedbackScheduleResponse
 *        (202 while Amazon still prepares the report)
 */
import * as z from 'zod';

/** A page of the list; `marketplace=all` (or none) lists every marketplace. */
export const feedbackListQuerySchema = z.object({
  marketplace: z
    .string()
    .optional()
    .transform((v) => (!v || v.toLowerCase() === 'all' ? undefined : v)),
  removable: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(2000).optional(),
  /** The page's language; the reasons follow Accept-Language, this keeps one list per language. */
  lang: z.enum(['it', 'en']).optional(),
});
export type FeedbackListQuery = z.input<typeof feedbackListQuerySchema>;

/** A feedback row as the list shows it. */
export const feedbackRowSchema = z.object({
  id: z.string(),
  comment_date: z.string(),
  order_id: z.string(),
  asin: z.string().nullable(),
  rating: z.number(),
  comment: z.string(),
  is_fba: z.boolean().nullable(),
  keywords: z.array(z.string()),
  suggested_action: z.string(),
  suggested_reason: z.string().nullable(),
  suggested_reply: z.string().nullable(),
  removable: z.boolean(),
  marketplace: z.string().nullable(),
  /**
   * Why the row is removable today or not (removal-window.ts): `removable` (a removal ground,
   * requested by `last_day`), `too_late` (a removal ground past the 60 days), `not_removable`.
   */
  removal: z.object({
    status: z.enum(['removable', 'too_late', 'not_removable']),
    last_day: z.string(),
    age_days: z.number(),
    days_left: z.number(),
  }),
});
export type FeedbackRow = z.infer<typeof feedbackRowSchema>;

/** `total` counts up to 1,000 rows (`total_capped` beyond); `demo` marks the sample rows. */
export const feedbackPageSchema = z.object({
  items: z.array(feedbackRowSchema),
  total: z.number(),
  total_capped: z.boolean().default(false),
  next_cursor: z.string().nullable(),
  demo: z.boolean(),
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

export const FEEDBACK_IMPORT_STATUSES = [
  'awaiting_upload',
  'queued',
  'running',
  'done',
  'failed',
] as const;

/** A line of the file that could not be stored, and why. */
const rowErrorSchema = z.object({ line: z.number(), error: z.string() });

/** An import's progress. */
export const feedbackImportSchema = z.object({
  id: z.string(),
  status: z.enum(FEEDBACK_IMPORT_STATUSES),
  file_name: z.string(),
  marketplace: z.string(),
  rows_read: z.number(),
  rows_stored: z.number(),
  row_errors: z.number(),
  errors: z.array(rowErrorSchema),
  failure: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeedbackImport = z.infer<typeof feedbackImportSchema>;

/** The file to upload: an export of Seller Central (`.tsv`, `.txt` or `.csv`). */
export const feedbackUploadRequestSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/\.(tsv|txt|csv)$/i),
  size: z.number().int().min(1),
  marketplace: z.string().trim().max(40).optional(),
});
export type FeedbackUploadRequest = z.input<typeof feedbackUploadRequestSchema>;

/** A presigned PUT: the browser sends exactly these headers with the file. */
export const feedbackUploadResponseSchema = z.object({
  import: feedbackImportSchema,
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresIn: z.number(),
});
export type FeedbackUploadResponse = z.infer<typeof feedbackUploadResponseSchema>;

/** An import's id in the path. */
export const feedbackImportIdSchema = z.uuid();

export const feedbackImportResponseSchema = z.object({ import: feedbackImportSchema });
export type FeedbackImportResponse = z.infer<typeof feedbackImportResponseSchema>;

export const feedbackImportStartedSchema = feedbackImportResponseSchema.extend({
  message: z.string(),
});
export type FeedbackImportStarted = z.infer<typeof feedbackImportStartedSchema>;

/** Italian unless English is asked for. */
export const feedbackAppealRequestSchema = z.object({
  feedbackId: z.string().trim().min(1).max(200),
  language: z
    .string()
    .optional()
    .transform((v) => (v?.toLowerCase().startsWith('en') ? 'en' : 'it')),
});
export type FeedbackAppealRequest = z.input<typeof feedbackAppealRequestSchema>;

export const feedbackAppealSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  has_reply_email: z.boolean(),
});
export type FeedbackAppeal = z.infer<typeof feedbackAppealSchema>;

/**
 * The seller-feedback report imported now: `imported` with the rows stored, `no_data` when the
 * report was empty, `pending` (202) while Amazon still prepares it; the message in the caller's
 * language.
 */
export const feedbackScheduleResponseSchema = z.object({
  status: z.enum(['imported', 'no_data', 'pending']),
  reportId: z.string(),
  inserted: z.number().optional(),
  errors: z.array(rowErrorSchema).optional(),
  message: z.string(),
});
export type FeedbackScheduleResponse = z.infer<typeof feedbackScheduleResponseSchema>;
