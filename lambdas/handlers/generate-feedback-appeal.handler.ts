import { getCaseEndpoint } from '../adapters/dynamo/case-endpoints';
import { getFeedback } from '../adapters/dynamo/seller-feedback';
import { DEMO_FEEDBACK } from '../domain/demo-data';
import { feedbackAppealRequestSchema } from '../domain/feedback/contract';
import { generateFeedbackAppeal } from '../domain/feedback/appeal';
import { DEFAULT_FEEDBACK_MARKETPLACE } from '../domain/feedback/feedback-marketplaces';
import { feedbackToday } from '../domain/feedback/removal-window';
import { assertRemovableToday, demoSellerFeedback } from '../domain/feedback/seller-feedback';
import { NotFoundError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

const body = feedbackAppealRequestSchema;

/**
 * `POST /api/generate-feedback-appeal` (spec 7.5): the removal-request draft of one of the
 * caller's feedback rows, Italian unless English is asked for, and whether a reply address is
 * saved for the row's marketplace (Italy when the row has none). A row that is not removable
 * today (past its 60-day window, or no removal ground) is refused with 422.
 */
export const handler = httpHandler({ body }, async ({ body, userId, language }) => {
  const user = userId;
  const today = feedbackToday();
  const feedback =
    (await getFeedback(user, body.feedbackId)) ??
    demoSellerFeedback(user, DEMO_FEEDBACK, body.language, today).find(
      (f) => f.id === body.feedbackId,
    );
  if (!feedback) throw new NotFoundError(message('feedbackNotFound', language));
  assertRemovableToday(feedback, today);
  const endpoint = await getCaseEndpoint(
    user,
    feedback.marketplace ?? DEFAULT_FEEDBACK_MARKETPLACE,
  );
  return generateFeedbackAppeal(feedback, {
    language: body.language,
    hasReplyEmail: endpoint !== undefined,
  });
});
