import type { FeedbackReportImportDeps } from '../domain/feedback/report';
import {
  DEFAULT_FEEDBACK_MARKETPLACE,
  feedbackMarketplaceForId,
} from '../domain/feedback/feedback-marketplaces';
import { pendingFeedbackReports } from '../adapters/dynamo/feedback-reports';
import { importFeedbackText } from './feedback-import';
import { syncDependencies } from './sync-dependencies';
import type { Language } from '../domain/language';

/**
 * The feedback report import on the real adapters: the connection and its token as the sync
 * reads them, the SP-API client's Reports calls, the pending-report item and the file import.
 */
export function feedbackReportDependencies(language: Language = 'it'): FeedbackReportImportDeps {
  const sync = syncDependencies();
  return {
    clock: sync.clock,
    connection: sync.connections.get,
    refreshToken: sync.connections.refreshToken,
    reports: (refreshToken) => sync.sellerApis().forSeller(refreshToken),
    pending: pendingFeedbackReports,
    importText: (userId, marketplaceId, text) =>
      importFeedbackText({
        userId,
        marketplace: feedbackMarketplaceForId(marketplaceId) ?? DEFAULT_FEEDBACK_MARKETPLACE,
        text,
        language,
        // A report is not an upload: API Gateway's limit does not apply.
        maxBytes: 200 * 1024 * 1024,
      }),
  };
}
