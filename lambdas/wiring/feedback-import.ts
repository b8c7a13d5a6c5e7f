import { classifyFeedback, FEEDBACK_MAX_BYTES, parseFeedbackText } from '../domain/feedback';
import { importFeedback, type FeedbackImportResult } from '../domain/feedback/seller-feedback';
import { saveFeedbackRows } from '../adapters/dynamo/seller-feedback';
import type { Language } from '../domain/language';
import { feedbackToday } from '../domain/feedback/removal-window';

/**
 * Imports a feedback export held in memory for a user with the real parser, classifier and
 * table: the seller-feedback report Amazon prepares (uploaded files go through the background
 * import, wiring/feedback-import-job.ts).
 *
 * @throws FeedbackFileError when the parser refuses the file; nothing is written then.
 */
export function importFeedbackText(input: {
  userId: string;
  marketplace: string;
  text: string;
  language: Language;
  maxBytes?: number;
}): Promise<FeedbackImportResult> {
  const today = feedbackToday();
  const text = input.text.startsWith('\uFEFF') ? input.text.slice(1) : input.text;
  return importFeedback(
    { userId: input.userId, marketplace: input.marketplace, text, now: new Date().toISOString() },
    {
      parse: (raw) => parseFeedbackText(raw, { maxBytes: input.maxBytes ?? FEEDBACK_MAX_BYTES }),
      classify: (row) => classifyFeedback(row, { language: input.language, today }),
      save: saveFeedbackRows,
      idFor: (_userId, orderId) => orderId,
    },
  );
}
