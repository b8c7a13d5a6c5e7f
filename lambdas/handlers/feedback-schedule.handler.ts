import { feedbackReportDependencies } from '../wiring/feedback-report-import';
import type { FeedbackScheduleResponse } from '../domain/feedback/contract';
import { importFeedbackReport } from '../domain/feedback/report';
import { ConflictError, UpstreamError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { requireActivePlan } from '../wiring/plan-guard';
import { METRIC, recordMetric } from '../shared/metrics';
import { message } from '../shared/messages';
import { requireDailyQuota } from '../wiring/quota-guard';

/** Time this function spends waiting on Amazon, well within API Gateway's 29 s. */
const WAIT_MS = 20_000;
const POLL_INTERVAL_MS = 2_000;

/** Every answer, 202 or 200, as the contract has it. */
const answer = (body: FeedbackScheduleResponse) => body;

const deps = { it: feedbackReportDependencies('it'), en: feedbackReportDependencies('en') };

/**
 * `POST /api/feedback-schedule` (spec 7.5): imports the seller-feedback report of the connected
 * marketplace now, as the 7-day schedule does. A report Amazon is still preparing after
 * {@link WAIT_MS} is answered with 202 and resumed by the next call or scheduled run. Needs an
 * active plan (402 otherwise); concurrent calls request one report between them (the others
 * answer 202 while it is prepared).
 */
export const handler = httpHandler({}, async ({ userId, language }) => {
  const d = deps[language];
  // Counted before the plan check, as Sync now does: one allowance for every report request.
  await requireDailyQuota(userId, 'report-request', language, d.clock);
  await requireActivePlan(userId, language);
  const result = await importFeedbackReport(userId, d, {
    deadline: d.clock.now() + WAIT_MS,
    pollIntervalMs: POLL_INTERVAL_MS,
  });
  switch (result.status) {
    case 'not_connected':
      throw new ConflictError(message('feedbackReportNotConnected', language), {
        reason: 'not_connected',
      });
    case 'failed':
      recordMetric(METRIC.reportImportFailed);
      throw new UpstreamError('Amazon could not prepare the feedback report');
    case 'pending':
      return {
        statusCode: 202,
        body: answer({ ...result, message: message('feedbackReportPending', language) }),
      };
    case 'no_data':
      return answer({
        ...result,
        inserted: 0,
        errors: [],
        message: message('feedbackReportNoData', language),
      });
    case 'imported':
      recordMetric(METRIC.reportImported, result.inserted);
      return answer({ ...result, message: message('feedbackReportImported', language) });
  }
});
