import { getProfile } from '../adapters/dynamo/profiles';
import { listFeedback } from '../adapters/dynamo/seller-feedback';
import { DEMO_FEEDBACK } from '../domain/demo-data';
import { feedbackListQuerySchema } from '../domain/feedback/contract';
import { isFeedbackMarketplace } from '../domain/feedback/feedback-marketplaces';
import { feedbackToday, oldestRemovableDate } from '../domain/feedback/removal-window';
import {
  demoSellerFeedback,
  matchesFeedbackFilter,
  presentSellerFeedback,
} from '../domain/feedback/seller-feedback';
import { ValidationError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

/**
 * `GET /api/feedback?marketplace=&removable=&limit=&cursor=` (spec 7.2): the caller's feedback,
 * newest comment first; a marketplace filter also shows rows without a marketplace, and
 * `removable=true` keeps only rows removable today (a removal ground inside the 60-day window);
 * each row says why it is or is not removable, in the caller's language. A page holds at most `limit` rows (default 50) and
 * stays under 100 KB; `next_cursor` reads the next one, `total` counts up to 1,000 rows
 * (`total_capped` beyond). A signed-in user in demo mode who has imported nothing sees the
 * five demo items.
 */
export const handler = httpHandler({ query: feedbackListQuerySchema }, async (request) => {
  const { query, userId, language } = request;
  const { marketplace, removable, limit, cursor } = query;
  if (marketplace && !isFeedbackMarketplace(marketplace)) {
    throw new ValidationError(message('feedbackMarketplaceInvalid', language));
  }
  const user = userId;
  const today = feedbackToday();
  const filter = {
    marketplace,
    removableOnly: removable,
    removableSince: oldestRemovableDate(today),
  };
  const page = await listFeedback(user, filter, { limit, cursor });
  if (page.total === 0 && !cursor) {
    const anyRow =
      filter.marketplace || filter.removableOnly
        ? await listFeedback(user, {}, { limit: 1 })
        : page;
    if (anyRow.total === 0 && (await getProfile(user))?.mode === 'demo') {
      const items = demoSellerFeedback(user, DEMO_FEEDBACK, language, today)
        .map((row) => presentSellerFeedback(row, language, today, { ownReason: true }))
        .filter((row) => matchesFeedbackFilter(row, filter));
      return { items, total: items.length, total_capped: false, next_cursor: null, demo: true };
    }
  }
  const items = page.items.map((row) => presentSellerFeedback(row, language, today));
  return { ...page, items, demo: false };
});
