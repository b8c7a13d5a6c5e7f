/**
 * The audit on the case poller's schedule: for a connected seller, the FBA reimbursements report
 * (the last 120 days: a re-evaluation can be asked for 60 days after a reimbursement, and a
 * warehouse loss is netted by what Amazon paid since), the inventory ledger (the last 90
 * days: a warehouse loss can be claimed up to 60 days after the event), the customer returns,
 * replacements, removal order and removal shipment reports and the seller's refunds
 * (audit-orders.ts) are requested (or a pending one resumed), read line by line, audited against
 * the seller's unit costs and counts, and the stored claims reconciled: new ones added, paid ones
 * settled, a re-run writes nothing. Pure: the SP-API and the table are ports.
 */
import { passOverSellers, type SellerPassOptions, type SellerPassSummary } from '../concurrency';
import { fetchFeedbackReport, type ReportFetch, type SellerReportDeps } from '../feedback/report';
import { REIMBURSEMENTS_REPORT_TYPE } from '../cases/reimbursement-check';
import {
  ORDER_LOOKBACK_DAYS,
  ORDER_REPORT_TYPES,
  readRefunds,
  type OrderReport,
  type ReportTexts,
  type TransactionsPort,
} from './audit-orders';
import { auditReports, LEDGER_REPORT_TYPE } from './audit-reports';
import type { UnitCosts } from './audit';
import { isDemoClaim, windowsOpened, type StoredClaim } from './model';
import type { RemovalSummary } from './removal-count';
import type { RemovalDeliveries } from './removals';
import type { UncostedSku } from './uncosted';

export { LEDGER_REPORT_TYPE };
const REIMBURSEMENTS_LOOKBACK_DAYS = 120;
const LEDGER_LOOKBACK_DAYS = 90;
const DAY_MS = 86_400_000;

export interface ClaimsAuditDeps extends SellerReportDeps {
  /** The pending ledger report (`pending` holds the reimbursements one). */
  pendingLedger: SellerReportDeps['pending'];
  /** The pending customer-return and removal reports, one each. */
  pendingOrderReports: Readonly<Record<OrderReport, SellerReportDeps['pending']>>;
  /** Finances v2024-06-19 for the seller. */
  transactions(refreshToken: string, deadline?: number): TransactionsPort;
  /** What the seller counted on arrival of each removal order; undefined when nothing recorded. */
  removalDeliveries(userId: string): Promise<RemovalDeliveries | undefined>;
  /** Keeps the removal orders shipped back, listing those the seller has not counted. */
  saveRemovals(userId: string, removals: readonly RemovalSummary[]): Promise<void>;
  /** A source the audit could not read for the seller (a token without the finance role). */
  sourceSkipped(userId: string, source: string, reason: string): void;
  unitCosts(userId: string): Promise<UnitCosts>;
  /** Replaces the SKUs the audit could not check for lack of a cost (empty: none). */
  saveUncosted(userId: string, uncosted: UncostedSku[]): Promise<void>;
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
  // Requested together (Amazon prepares them side by side); a report Amazon could not make
  // leaves its kinds unread (their claims kept as they are).
  const reports = Object.keys(ORDER_REPORT_TYPES) as OrderReport[];
  const fetched = await Promise.all(
    reports.map((report) =>
      fetchReport(
        deps,
        deps.pendingOrderReports[report],
        userId,
        refreshToken,
        { ...common, reportType: ORDER_REPORT_TYPES[report], days: ORDER_LOOKBACK_DAYS[report] },
        timing.pollIntervalMs,
      ),
    ),
  );
  const texts: Partial<Record<OrderReport, string | null | undefined>> = {};
  for (const [i, report] of reports.entries()) {
    const one = fetched[i] as ReportFetch;
    if (one.status === 'pending') return { status: 'pending', report: ORDER_REPORT_TYPES[report] };
    texts[report] = one.status === 'done' ? one.text : one.status === 'no_data' ? null : undefined;
  }
  // Amazon asks for postedBefore at least two minutes in the past.
  const nowMs = deps.clock.now();
  const refunds = await readRefunds(
    deps.transactions(refreshToken, timing.deadline),
    {
      marketplaceId: connection.marketplaceId,
      postedAfter: nowMs - ORDER_LOOKBACK_DAYS.transactions * DAY_MS,
      postedBefore: nowMs - 5 * 60_000,
    },
    () => true,
    (reason) => deps.sourceSkipped(userId, 'listTransactions', reason),
  );

  const asOf = new Date(deps.clock.now()).toISOString().slice(0, 10);
  // The demo's claims (sample reports) are never audited against Amazon's.
  const stored = (await deps.storedClaims(userId)).filter((claim) => !isDemoClaim(claim));
  const { changed, problems, uncosted, removals } = auditReports(
    {
      // CANCELLED: Amazon had nothing in the range.
      reimbursements: reimbursements.status === 'done' ? reimbursements.text : null,
      ledger: ledger.status === 'done' ? ledger.text : null,
      orders: texts as ReportTexts,
      refunds,
      deliveries: await deps.removalDeliveries(userId),
      costs: await deps.unitCosts(userId),
    },
    stored,
    { asOf, now: new Date(deps.clock.now()).toISOString() },
  );
  await deps.saveUncosted(userId, uncosted);
  if (removals) await deps.saveRemovals(userId, removals);
  let rejected = 0;
  for (const [report, lines] of problems) {
    deps.rejectedLines(userId, report, lines);
    rejected += lines.length;
  }
  const heldIds = new Set(stored.map((claim) => claim.id));
  if (changed.length > 0) {
    await deps.saveClaims(
      userId,
      changed,
      changed.filter((claim) => !heldIds.has(claim.id)),
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
