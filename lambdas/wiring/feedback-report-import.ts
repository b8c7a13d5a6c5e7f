import type { FeedbackReportImportDeps } from '../domain/feedback/report';
import { systemClock } from '../domain/clock';
import {
  DEFAULT_FEEDBACK_MARKETPLACE,
  feedbackMarketplaceForId,
} from '../domain/feedback/feedback-marketplaces';
import { tokenCipherFromEnv } from '../adapters/crypto/token-cipher';
import { getConnection } from '../adapters/dynamo/connections';
import { pendingFeedbackReports } from '../adapters/dynamo/feedback-reports';
import { sellerApisConfigFromEnv } from '../adapters/sp-api/config';
import { createSellerReports } from '../adapters/sp-api/seller-reports';
import { importFeedbackText } from './feedback-import';
import { once, refreshTokenReader } from './seller-access';
import type { Language } from '../domain/language';

/**
 * Built on first use and shared by every language's dependencies in the process: the token
 * cipher and the Reports clients on one LWA client (its access tokens cached per seller).
 */
const refreshToken = refreshTokenReader(once(() => tokenCipherFromEnv()));
const sellerReports = once(() => createSellerReports(sellerApisConfigFromEnv()));

/**
 * The feedback report import on the real adapters: the seller's connection and its refresh
 * token, only the Reports API of the SP-API (not the sync's clients), the pending-report item
 * and the file import.
 */
export function feedbackReportDependencies(language: Language = 'it'): FeedbackReportImportDeps {
  return {
    clock: systemClock,
    connection: getConnection,
    refreshToken,
    reports: (token, deadline) =>
      sellerReports().forSeller(token, deadline !== undefined ? { deadline } : {}),
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
