/**
 * The case poller's look at Amazon's money (issue 16): for a seller with cases sent to Amazon
 * and not settled, the FBA reimbursements report is requested (or a pending one resumed),
 * read, and matched to those cases; each case whose outcome changed is recorded. Pure: the
 * SP-API, the table and the mail are ports.
 */
import { passOverSellers, type SellerPassOptions, type SellerPassSummary } from '../concurrency';
import { fetchFeedbackReport, type SellerReportDeps } from '../feedback/report';
import {
  matchReimbursements,
  parseReimbursementsReport,
  type CaseForMatching,
  type CaseOutcome,
} from './reimbursements';

export const REIMBURSEMENTS_REPORT_TYPE = 'GET_FBA_REIMBURSEMENTS_DATA';

/** A sent case, with what the report gave it last time (so only changes are recorded). */
export interface AwaitingCase extends CaseForMatching {
  recorded: { amount: number | null; unitsRecovered: number | null; reimbursementIds: string[] };
}

export interface ReimbursementCheckDeps extends SellerReportDeps {
  awaitingCases(userId: string): Promise<AwaitingCase[]>;
  /** Records a case's new outcome (status, amount, units, ids, activity, the seller's email). */
  record(userId: string, outcome: CaseOutcome): Promise<void>;
  /**
   * Report lines left out because they do not fit the header (a warning for the logs): line
   * numbers only, never a line's contents.
   */
  rejectedLines(userId: string, reportId: string, lines: number[]): void;
}

export type ReimbursementCheck =
  | { status: 'nothing_to_check' | 'not_connected' }
  | { status: 'pending' | 'failed'; reportId: string }
  | {
      status: 'checked';
      reportId: string | null;
      changed: CaseOutcome[];
      /** Line numbers of the report's lines left out (they did not fit the header). */
      rejectedLines: number[];
    };

/** Whether the report says something new about a case. */
function changed(c: AwaitingCase, outcome: CaseOutcome): boolean {
  const ids = [...outcome.reimbursementIds].sort().join(',');
  const before = [...c.recorded.reimbursementIds].sort().join(',');
  return (
    ids !== before ||
    (c.recorded.amount ?? 0) !== outcome.amount ||
    (c.recorded.unitsRecovered ?? 0) !== outcome.unitsRecovered
  );
}

export async function checkReimbursements(
  userId: string,
  deps: ReimbursementCheckDeps,
  timing: { deadline: number; pollIntervalMs: number },
): Promise<ReimbursementCheck> {
  const cases = await deps.awaitingCases(userId);
  if (cases.length === 0) return { status: 'nothing_to_check' };
  const connection = await deps.connection(userId);
  if (!connection || connection.status !== 'connected') return { status: 'not_connected' };
  const refreshToken = await deps.refreshToken(userId);
  if (!refreshToken) return { status: 'not_connected' };
  // From the day before the oldest case went out: nothing earlier can be any case's.
  const earliest = cases.reduce((min, c) => (c.submittedAt < min ? c.submittedAt : min), '9999');
  const fetched = await fetchFeedbackReport(deps.reports(refreshToken, timing.deadline), {
    marketplaceId: connection.marketplaceId,
    reportType: REIMBURSEMENTS_REPORT_TYPE,
    dataStartTime: new Date(Date.parse(earliest) - 86_400_000).toISOString(),
    pendingReportId: await deps.pending.get(userId),
    deadline: timing.deadline,
    pollIntervalMs: timing.pollIntervalMs,
    clock: deps.clock,
  });
  if (fetched.status === 'pending') {
    await deps.pending.set(userId, fetched.reportId);
    return fetched;
  }
  await deps.pending.clear(userId);
  if (fetched.status === 'failed') return fetched;
  // CANCELLED: Amazon had no reimbursement in the range, which is news too after a reversal.
  const parsed =
    fetched.status === 'done'
      ? parseReimbursementsReport(fetched.text)
      : { rows: [], problems: [] };
  // Lines that do not fit the header are never counted; which ones is worth a warning.
  const rejectedLines = parsed.problems.map((problem) => problem.line);
  if (rejectedLines.length > 0) deps.rejectedLines(userId, fetched.reportId, rejectedLines);
  const outcomes = matchReimbursements(cases, parsed.rows);
  const news = outcomes.filter((outcome, index) => changed(cases[index]!, outcome));
  for (const outcome of news) await deps.record(userId, outcome);
  return { status: 'checked', reportId: fetched.reportId, changed: news, rejectedLines };
}

/**
 * The case poller's pass over every seller with cases waiting for Amazon: each seller's report
 * is waited for briefly (a few at a time, within the Reports API's per-seller limits); one still
 * being prepared is resumed by the next pass. A seller's failure never stops the others.
 */
export function checkAllReimbursements(
  users: AsyncIterable<string[]>,
  deps: ReimbursementCheckDeps,
  options: SellerPassOptions,
): Promise<SellerPassSummary> {
  return passOverSellers(
    users,
    () => deps.clock.now(),
    options,
    (userId, timing) => checkReimbursements(userId, deps, timing),
  );
}
