/**
 * The audit on the case poller's schedule: for a connected seller, the FBA reimbursements report
 * (the last 120 days: a re-evaluation can be asked for 60 days after a reimbursement, and a
 * warehouse loss is netted by what Amazon paid since) and the inventory ledger (the last 90
 * days: a warehouse loss can be claimed up to 60 days after the event) are requested (or a
 * pending one resumed), read line by line, audited against the seller's unit costs, and the
 * stored claims reconciled: new ones added, paid ones settled, a re-run writes nothing.
 * Pure: the SP-API and the table are ports.
 */
import { passOverSellers, type SellerPassOptions, type SellerPassSummary } from '../concurrency';
import { fetchFeedbackReport, type ReportFetch, type SellerReportDeps } from '../feedback/report';
import { parseReimbursementsReport, type ReimbursementRow } from '../cases/reimbursements';
import { REIMBURSEMENTS_REPORT_TYPE } from '../cases/reimbursement-check';
import {
  auditLedger,
  auditReimbursements,
  ledgerReader,
  textLines,
  type LedgerRow,
  type UnitCosts,
} from './audit';
import { reconcileClaims, windowsOpened, type StoredClaim } from './model';

export const LEDGER_REPORT_TYPE = 'GET_LEDGER_DETAIL_VIEW_DATA';
const REIMBURSEMENTS_LOOKBACK_DAYS = 120;
const LEDGER_LOOKBACK_DAYS = 90;
const DAY_MS = 86_400_000;

export interface ClaimsAuditDeps extends SellerReportDeps {
  /** The pending ledger report (`pending` holds the reimbursements one). */
  pendingLedger: SellerReportDeps['pending'];
  unitCosts(userId: string): Promise<UnitCosts>;
  storedClaims(userId: string): Promise<StoredClaim[]>;
  /**
   * Writes the claims that changed; `added` are the ones new to the seller, `opened` the held
   * ones whose window opened (from wait to claim_now).
   */
  saveClaims(
    userId: string,
    changed: StoredClaim[],
    added: StoredClaim[],
    opened?: StoredClaim[],
  ): Promise<void>;
  /** Lines left out of a report (line numbers only, for the logs). */
  rejectedLines(userId: string, report: string, lines: number[]): void;
}

export type ClaimsAudit =
  | { status: 'not_connected' }
  | { status: 'pending' | 'failed'; report: string }
  | { status: 'audited'; changed: StoredClaim[]; rejectedLines: number };

async function fetchReport(
  deps: ClaimsAuditDeps,
  pending: SellerReportDeps['pending'],
  userId: string,
  refreshToken: string,
  options: { marketplaceId: string; reportType: string; days: number; deadline: number },
  pollIntervalMs: number,
): Promise<ReportFetch> {
  const fetched = await fetchFeedbackReport(deps.reports(refreshToken, options.deadline), {
    marketplaceId: options.marketplaceId,
    reportType: options.reportType,
    dataStartTime: new Date(deps.clock.now() - options.days * DAY_MS).toISOString(),
    pendingReportId: await pending.get(userId),
    deadline: options.deadline,
    pollIntervalMs,
    clock: deps.clock,
  });
  if (fetched.status === 'pending') await pending.set(userId, fetched.reportId);
  else await pending.clear(userId);
  return fetched;
}

export async function auditClaims(
  userId: string,
  deps: ClaimsAuditDeps,
  timing: { deadline: number; pollIntervalMs: number },
): Promise<ClaimsAudit> {
  const connection = await deps.connection(userId);
  if (!connection || connection.status !== 'connected') return { status: 'not_connected' };
  const refreshToken = await deps.refreshToken(userId);
  if (!refreshToken) return { status: 'not_connected' };
  const common = { marketplaceId: connection.marketplaceId, deadline: timing.deadline };
  const reimbursements = await fetchReport(
    deps,
    deps.pending,
    userId,
    refreshToken,
    { ...common, reportType: REIMBURSEMENTS_REPORT_TYPE, days: REIMBURSEMENTS_LOOKBACK_DAYS },
    timing.pollIntervalMs,
  );
  if (reimbursements.status === 'pending' || reimbursements.status === 'failed')
    return { status: reimbursements.status, report: REIMBURSEMENTS_REPORT_TYPE };
  const ledger = await fetchReport(
    deps,
    deps.pendingLedger,
    userId,
    refreshToken,
    { ...common, reportType: LEDGER_REPORT_TYPE, days: LEDGER_LOOKBACK_DAYS },
    timing.pollIntervalMs,
  );
  if (ledger.status === 'pending' || ledger.status === 'failed')
    return { status: ledger.status, report: LEDGER_REPORT_TYPE };

  // CANCELLED: Amazon had nothing in the range.
  const parsed =
    reimbursements.status === 'done'
      ? parseReimbursementsReport(reimbursements.text)
      : { rows: [] as ReimbursementRow[], problems: [] };
  let rejected = parsed.problems.length;
  if (parsed.problems.length > 0) {
    deps.rejectedLines(
      userId,
      REIMBURSEMENTS_REPORT_TYPE,
      parsed.problems.map((p) => p.line),
    );
  }
  const asOf = new Date(deps.clock.now()).toISOString().slice(0, 10);
  const costs = await deps.unitCosts(userId);
  const found = auditReimbursements(parsed.rows, costs, { asOf }).claims;
  if (ledger.status === 'done') {
    const text = ledger.text;
    const ledgerProblems: number[] = [];
    // Line by line: only the adjustments the audit needs are kept.
    function* ledgerRows(): Generator<LedgerRow> {
      const read = ledgerReader();
      let lineNo = 0;
      for (const line of textLines(text)) {
        lineNo += 1;
        const out = read(line, lineNo);
        if (out === null) continue;
        if ('problem' in out) ledgerProblems.push(out.problem.line);
        else yield out;
      }
    }
    found.push(...auditLedger(ledgerRows(), parsed.rows, costs, { asOf }).claims);
    if (ledgerProblems.length > 0) deps.rejectedLines(userId, LEDGER_REPORT_TYPE, ledgerProblems);
    rejected += ledgerProblems.length;
  }
  const stored = await deps.storedClaims(userId);
  const now = new Date(deps.clock.now()).toISOString();
  const changed = reconcileClaims(stored, found, parsed.rows, {
    asOf,
    now,
    ledgerRead: true,
    costs,
  });
  const held = new Set(stored.map((claim) => claim.id));
  if (changed.length > 0) {
    await deps.saveClaims(
      userId,
      changed,
      changed.filter((claim) => !held.has(claim.id)),
      windowsOpened(stored, changed),
    );
  }
  return { status: 'audited', changed, rejectedLines: rejected };
}

/**
 * The audit's pass over every connected seller, a few at a time; a seller's failure never stops
 * the others; a report still being prepared is resumed by the next pass.
 */
export function auditAllClaims(
  users: AsyncIterable<string[]>,
  deps: ClaimsAuditDeps,
  options: SellerPassOptions,
): Promise<SellerPassSummary> {
  return passOverSellers(
    users,
    () => deps.clock.now(),
    options,
    (userId, timing) => auditClaims(userId, deps, timing),
  );
}
