import { METRIC, recordMetric } from '../shared/metrics';
import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import { connectedUserIds } from '../adapters/dynamo/connections';
import { feedbackReportDependencies } from '../wiring/feedback-report-import';
import { mapLimit } from '../domain/concurrency';
import { importFeedbackReport } from '../domain/feedback/report';
import { logger } from '../shared/logger';

/** Sellers imported at once: createReport allows a burst of 15 per seller, each on its own token. */
const CONCURRENCY = 4;
/** How long one seller's report is waited for before it is left for the next run. */
const PER_SELLER_WAIT_MS = 90_000;
const POLL_INTERVAL_MS = 10_000;
/** Kept back so the function ends before its timeout. */
const SAFETY_MARGIN_MS = 30_000;

const deps = feedbackReportDependencies('it');

/**
 * The 7-day feedback import (spec 9, scheduled in lib/functions.ts): for every connected seller,
 * the seller-feedback report is requested and imported like a file. A report Amazon has not
 * finished in time is remembered and picked up by the next run or the seller's "import now".
 */
export const handler = middy(async (_event: unknown, context: Context) => {
  const summary = { sellers: 0, imported: 0, noData: 0, pending: 0, failed: 0 };
  const end = () => deps.clock.now() + context.getRemainingTimeInMillis() - SAFETY_MARGIN_MS;
  const functionDeadline = end();
  for await (const page of connectedUserIds()) {
    await mapLimit(page, CONCURRENCY, async (userId) => {
      if (deps.clock.now() >= functionDeadline) return;
      summary.sellers += 1;
      try {
        const result = await importFeedbackReport(userId, deps, {
          deadline: Math.min(deps.clock.now() + PER_SELLER_WAIT_MS, functionDeadline),
          pollIntervalMs: POLL_INTERVAL_MS,
        });
        if (result.status === 'imported') summary.imported += 1;
        else if (result.status === 'no_data') summary.noData += 1;
        else if (result.status === 'pending') summary.pending += 1;
        else if (result.status === 'failed') summary.failed += 1;
      } catch (error) {
        summary.failed += 1;
        logger.warn('Feedback report import failed', { userId, error: error as Error });
      }
    });
  }
  logger.info('Scheduled feedback import done', { summary });
  recordMetric(METRIC.reportImported, summary.imported);
  if (summary.failed > 0) recordMetric(METRIC.reportImportFailed, summary.failed);
  return summary;
}).use(injectLambdaContext(logger, { clearState: true }));
