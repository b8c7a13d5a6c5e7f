import { classifyFeedback, parseFeedbackText } from '../domain/feedback';
import { importFeedback, type FeedbackImportResult } from '../domain/seller-feedback';
import { saveFeedbackRows } from './dynamo/seller-feedback';

/** The largest feedback file accepted: API Gateway's payload limit, less base64 and form overhead. */
export const FEEDBACK_IMPORT_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Imports a feedback export for a user with the real parser, classifier and table; shared by
 * the file upload and the scheduled report import.
 *
 * @throws FeedbackFileError when the parser refuses the file; nothing is written then.
 */
export function importFeedbackText(input: {
  userId: string;
  marketplace: string;
  text: string;
  language: 'it' | 'en';
  maxBytes?: number;
}): Promise<FeedbackImportResult> {
  const text = input.text.startsWith('\uFEFF') ? input.text.slice(1) : input.text;
  return importFeedback(
    { userId: input.userId, marketplace: input.marketplace, text, now: new Date().toISOString() },
    {
      parse: (raw) =>
        parseFeedbackText(raw, { maxBytes: input.maxBytes ?? FEEDBACK_IMPORT_MAX_BYTES }),
      classify: (row) => classifyFeedback(row, { language: input.language }),
      save: saveFeedbackRows,
      idFor: (_userId, orderId) => orderId,
    },
  );
}
