/**
 * The audit of one pass's reports (audit-run.ts reads them from Amazon): the reimbursements
 * report, the inventory ledger, the customer-return and removal reports and the seller's refunds,
 * against the seller's unit costs and stored claims. Pure: texts and rows in, the claims that
 * change out.
 */
import { parseReimbursementsReport, type ReimbursementRow } from '../cases/reimbursements';
import { REIMBURSEMENTS_REPORT_TYPE } from '../cases/reimbursement-check';
import { LEDGER_REPORT_TYPE } from '../sync/ledger';
import {
  auditLedger,
  auditReimbursements,
  ledgerReader,
  textLines,
  type Claim,
  type LedgerRow,
  type UnitCosts,
} from './audit';
import { auditOrders, type ReportTexts } from './audit-orders';
import { isOrderKind, reconcileClaims, type StoredClaim } from './model';
import type { RemovalSummary } from './removal-count';
import type { RemovalDeliveries } from './removals';
import { orderReimbursementsReader, readAll, type OrderReimbursementRow } from './reports';
import { orderKey, type OrderClaim } from './returns';
import type { TransactionsRead } from './transactions';
import type { UncostedSku } from './uncosted';

export { LEDGER_REPORT_TYPE };

/** What one pass read of a seller's reports (see `auditClaims`). */
export interface ReportsRead {
  /** The reimbursements report's text; null when Amazon had nothing in the range. */
  reimbursements: string | null;
  /** The inventory ledger's text; null when Amazon had nothing in the range. */
  ledger: string | null;
  /** The customer-return and removal reports (undefined: not read). */
  orders: ReportTexts;
  /** The seller's refunds; undefined when not read (a token without the finance role). */
  refunds: TransactionsRead | undefined;
  deliveries: RemovalDeliveries | undefined;
  costs: UnitCosts;
}

/**
 * The audit of what was read against the seller's stored claims, on `asOf`: the claims that
 * change (`reconcileClaims`) and the lines left out of each report. The reports are read line by
 * line; only the rows the rules need are kept.
 */
export function auditReports(
  read: ReportsRead,
  stored: readonly StoredClaim[],
  at: { asOf: string; now: string },
): {
  changed: StoredClaim[];
  problems: Map<string, number[]>;
  /** The SKUs whose pre-order-loss reimbursements could not be checked for lack of a cost. */
  uncosted: UncostedSku[];
  /** The removals read from the removal shipment report (undefined: not read). */
  removals: RemovalSummary[] | undefined;
} {
  const { costs } = read;
  const { asOf } = at;
  const problems = new Map<string, number[]>();
  const parsed =
    read.reimbursements !== null
      ? parseReimbursementsReport(read.reimbursements)
      : { rows: [] as ReimbursementRow[], problems: [] };
  if (parsed.problems.length > 0) {
    problems.set(
      REIMBURSEMENTS_REPORT_TYPE,
      parsed.problems.map((p) => p.line),
    );
  }
  const audited = auditReimbursements(parsed.rows, costs, { asOf });
  const found: (Claim | OrderClaim)[] = audited.claims;
  if (read.ledger !== null) {
    const text = read.ledger;
    const ledgerProblems: number[] = [];
    // Line by line: only the adjustments the audit needs are kept.
    function* ledgerRows(): Generator<LedgerRow> {
      const reader = ledgerReader();
      let lineNo = 0;
      for (const line of textLines(text)) {
        lineNo += 1;
        const out = reader(line, lineNo);
        if (out === null) continue;
        if ('problem' in out) ledgerProblems.push(out.problem.line);
        else yield out;
      }
    }
    found.push(...auditLedger(ledgerRows(), parsed.rows, costs, { asOf }).claims);
    if (ledgerProblems.length > 0) problems.set(LEDGER_REPORT_TYPE, ledgerProblems);
  }
  const orderRows =
    read.reimbursements !== null
      ? readAll(orderReimbursementsReader(), textLines(read.reimbursements)).rows
      : ([] as OrderReimbursementRow[]);
  const held = new Set(
    stored.flatMap((claim) => {
      const kind = claim.kind;
      return isOrderKind(kind)
        ? (claim.subject.orders ?? []).map((order) => orderKey(kind, order))
        : [];
    }),
  );
  const orders = auditOrders(
    { texts: read.orders, refunds: read.refunds, orderRows, deliveries: read.deliveries, costs },
    { asOf, held },
  );
  for (const [report, lines] of orders.problems) problems.set(report, lines);
  const changed = reconcileClaims(stored, [...found, ...orders.claims], parsed.rows, {
    asOf,
    now: at.now,
    ledgerRead: true,
    costs,
    orderRows,
    orderKindsRead: orders.kindsRead,
    owed: orders.owed,
  });
  return { changed, problems, uncosted: audited.uncosted, removals: orders.removals };
}
