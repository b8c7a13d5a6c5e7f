import { FEEDBACK_IMPORT_MAX_BYTES, importFeedbackText } from '../adapters/feedback-import';
import { FeedbackFileError } from '../domain/feedback';
import {
  DEFAULT_FEEDBACK_MARKETPLACE,
  isFeedbackMarketplace,
} from '../domain/feedback-marketplaces';
import { multipartBoundary, MultipartError, parseMultipart } from '../domain/multipart';
import { PayloadTooLargeError, UnprocessableError, ValidationError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { requireDailyQuota } from '../shared/quota-guard';
import { METRIC, recordMetric } from '../shared/metrics';
import { message } from '../shared/messages';

/** Room for the form's other field and part headers around the file. */
const MAX_BODY_BYTES = FEEDBACK_IMPORT_MAX_BYTES + 64 * 1024;

/**
 * `POST /api/feedback-import-csv` (spec 7.5): multipart `file` + `marketplace`. Parses the
 * export (TSV, TXT or CSV; English or Italian headers), classifies every row and upserts one
 * row per order. Unreadable rows come back in `errors` with their line; a file without a
 * recognisable header or over the limit is refused and nothing is written. The marketplace
 * is the page filter's; Italy when the filter is All (spec 4.9).
 */
export const handler = httpHandler({}, async ({ event, userId, language }) => {
  const headers = event.headers ?? {};
  const boundary = multipartBoundary(headers['content-type'] ?? headers['Content-Type']);
  if (!boundary) throw new ValidationError(message('feedbackFileMissing', language));
  const raw = event.body
    ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  if (raw.length > MAX_BODY_BYTES) {
    throw new PayloadTooLargeError(message('feedbackFileTooLarge', language));
  }

  let parts;
  try {
    parts = parseMultipart(raw, boundary);
  } catch (error) {
    if (error instanceof MultipartError) {
      throw new ValidationError(message('feedbackFileMissing', language));
    }
    throw error;
  }
  const file = parts.find((p) => p.name === 'file');
  if (!file || file.data.length === 0) {
    throw new ValidationError(message('feedbackFileMissing', language));
  }
  if (file.data.length > FEEDBACK_IMPORT_MAX_BYTES) {
    throw new PayloadTooLargeError(message('feedbackFileTooLarge', language));
  }
  const requested = parts
    .find((p) => p.name === 'marketplace')
    ?.data.toString('utf8')
    .trim();
  const marketplace =
    !requested || requested.toLowerCase() === 'all' ? DEFAULT_FEEDBACK_MARKETPLACE : requested;
  if (!isFeedbackMarketplace(marketplace)) {
    throw new ValidationError(message('feedbackMarketplaceInvalid', language));
  }

  await requireDailyQuota(userId as string, 'feedback-import', language);
  let result;
  try {
    result = await importFeedbackText({
      userId: userId as string,
      marketplace,
      text: file.data.toString('utf8'),
      language,
    });
  } catch (error) {
    recordMetric(METRIC.reportImportFailed);
    if (error instanceof FeedbackFileError) {
      if (error.code === 'too_large') {
        throw new PayloadTooLargeError(message('feedbackFileTooLarge', language));
      }
      throw new UnprocessableError(message('feedbackFileUnreadable', language), {
        reason: error.code,
        detail: error.message,
      });
    }
    throw error;
  }
  recordMetric(METRIC.reportImported, result.inserted);
  return {
    inserted: result.inserted,
    marketplace,
    message:
      result.inserted > 0
        ? message('feedbackImported', language)
        : message('feedbackNoRows', language),
    errors: result.errors,
  };
});
