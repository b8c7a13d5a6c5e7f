/**
 * Amazon's FBA reimbursements report (`GET_FBA_REIMBURSEMENTS_DATA`, Reports API 2021-06-30)
 * read and matched to the seller's inbound-shipment cases. Pure.
 *
 * The report, as Amazon documents it:
 * - Columns ("FBA Payments reports attributes", developer-docs.amazon.com/sp-api/docs/
 *   fba-payments-reports-attributes; Seller Central help 200732720, "Reimbursements report"):
 *   approval-date, reimbursement-id, case-id, amazon-order-id, reason, sku, fnsku, asin,
 *   product-name, condition, currency-unit, amount-per-unit, amount-total,
 *   quantity-reimbursed-cash, quantity-reimbursed-inventory, quantity-reimbursed-total,
 *   original-reimbursement-id, original-reimbursement-type. Tab-separated, one header row.
 * - One reimbursement id may have several line items; "when more than one reimbursement is
 *   processed on the same day for the same issue, they may be combined into a single
 *   transaction" (help 200732720), so several rows add up for one case.
 * - `case-id` is filled when the reimbursement was requested through a case.
 * - Reasons in the downloadable report are codes such as Lost_Inbound, Damaged_Inbound,
 *   Lost_Warehouse, Damaged_Warehouse, CustomerReturn, CustomerServiceIssue and
 *   Reimbursement_Reversal; the online report writes them as "Damaged: Warehouse". Only the
 *   inbound ones concern an inbound-shipment case; a reversal takes back an earlier
 *   reimbursement, named by `original-reimbursement-id`, with negative amounts.
 * - Units reimbursed as inventory (`quantity-reimbursed-inventory`) are units given back, not
 *   cash: they count as recovered units with no amount.
 */

export const REIMBURSEMENT_COLUMNS = [
  'approval-date',
  'reimbursement-id',
  'case-id',
  'amazon-order-id',
  'reason',
  'sku',
  'fnsku',
  'asin',
  'product-name',
  'condition',
  'currency-unit',
  'amount-per-unit',
  'amount-total',
  'quantity-reimbursed-cash',
  'quantity-reimbursed-inventory',
  'quantity-reimbursed-total',
  'original-reimbursement-id',
  'original-reimbursement-type',
] as const;

export interface ReimbursementRow {
  /** The approval day, `2026-11-10`. */
  approvalDate: string;
  /** The approval instant (ISO, UTC) when the report gives the time, as it usually does. */
  approvalAt: string | null;
  reimbursementId: string;
  caseId: string | null;
  reason: string;
  sku: string;
  fnsku: string | null;
  asin: string | null;
  currency: string;
  /** Cash, in the currency's units; negative on a reversal. */
  amountTotal: number;
  unitsCash: number;
  unitsInventory: number;
  originalReimbursementId: string | null;
}

export interface ReportProblem {
  line: number;
  message: string;
}

/** Reason codes as compared: letters only, lower case ("Lost_Inbound", "Lost: Inbound"). */
function reasonKey(reason: string): string {
  return reason.toLowerCase().replace(/[^a-z]/g, '');
}

const INBOUND_REASONS = new Set(['lostinbound', 'damagedinbound', 'inboundcarrierdamage']);
const REVERSAL_REASONS = new Set(['reimbursementreversal', 'reversal']);

export function isInboundReason(reason: string): boolean {
  return INBOUND_REASONS.has(reasonKey(reason));
}

export function isReversal(row: Pick<ReimbursementRow, 'reason' | 'amountTotal'>): boolean {
  return REVERSAL_REASONS.has(reasonKey(row.reason));
}

/** A number as the report writes it ("12.50", "-3", "1,234.00" in some exports). */
function amount(value: string): number | undefined {
  const text = value.trim().replace(/,(?=\d{3}(\D|$))/g, '');
  if (text === '') return 0;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** Approval dates come as ISO date-times ("2026-11-20T08:14:02+00:00") or days. */
function isoDay(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  if (!match) return undefined;
  return Number.isNaN(Date.parse(match[1] as string)) ? undefined : (match[1] as string);
}

/** The instant of an approval date that has a time, in UTC; null for a bare day. */
function isoInstant(value: string): string | null {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/**
 * Reads the report's text (already un-gzipped): rows with Amazon's column names, in any
 * column order, with unreadable rows reported by line rather than guessed.
 */
export function parseReimbursementsReport(text: string): {
  rows: ReimbursementRow[];
  problems: ReportProblem[];
} {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split('\t').map((h) => h.trim().toLowerCase());
  const at = new Map(header.map((name, index) => [name, index]));
  const missing = ['approval-date', 'reimbursement-id', 'reason', 'sku', 'amount-total'].filter(
    (name) => !at.has(name),
  );
  if (missing.length > 0) {
    return { rows: [], problems: [{ line: 1, message: `missing columns: ${missing.join(', ')}` }] };
  }
  const rows: ReimbursementRow[] = [];
  const problems: ReportProblem[] = [];
  lines.slice(1).forEach((line, index) => {
    if (line.trim() === '') return;
    const cells = line.split('\t');
    const cell = (name: string) => (cells[at.get(name) ?? -1] ?? '').trim();
    const day = isoDay(cell('approval-date'));
    const total = amount(cell('amount-total'));
    const cash = amount(cell('quantity-reimbursed-cash'));
    const inventory = amount(cell('quantity-reimbursed-inventory'));
    if (!day || total === undefined || cash === undefined || inventory === undefined) {
      problems.push({ line: index + 2, message: 'unreadable date, amount or quantity' });
      return;
    }
    const optional = (name: string) => cell(name) || null;
    rows.push({
      approvalDate: day,
      approvalAt: isoInstant(cell('approval-date')),
      reimbursementId: cell('reimbursement-id'),
      caseId: optional('case-id'),
      reason: cell('reason'),
      sku: cell('sku'),
      fnsku: optional('fnsku'),
      asin: optional('asin'),
      currency: cell('currency-unit').toUpperCase(),
      amountTotal: total,
      unitsCash: cash,
      unitsInventory: inventory,
      originalReimbursementId: optional('original-reimbursement-id'),
    });
  });
  return { rows, problems };
}

/** What matching needs of a case. */
export interface CaseForMatching {
  shipmentId: string;
  /** When the dispute went to Amazon (ISO); a reimbursement approved before it is not its. */
  submittedAt: string;
  /** Amazon's case id, when the seller recorded it. */
  amazonCaseId: string | null;
  /** The SKUs with units missing, and how many. */
  items: { sku: string; asin: string | null; missing: number }[];
}

export interface CaseOutcome {
  shipmentId: string;
  status: 'reimbursed' | 'partly_reimbursed' | 'none';
  /** Cash recovered, rounded to cents; 0 when only inventory came back. */
  amount: number;
  currency: string | null;
  unitsRecovered: number;
  unitsMissing: number;
  /** The report lines counted for the case (reversals included). */
  reimbursementIds: string[];
  skus: string[];
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Matches report rows to cases. A row counts for a case when its reason is an inbound one (or
 * it reverses a row the case counted), it was approved on or after the day the case was sent,
 * and either its case id is the case's Amazon case id or, with no case id on either side, its
 * SKU (or ASIN) is one of the case's missing SKUs. Cases sent earlier are served first, and a
 * case takes units by SKU only up to what it misses, so two cases for the same SKU do not
 * both claim one reimbursement. Several rows add up; reversals subtract.
 */
export function matchReimbursements(
  cases: readonly CaseForMatching[],
  rows: readonly ReimbursementRow[],
): CaseOutcome[] {
  const ordered = [...cases].sort((a, b) => (a.submittedAt < b.submittedAt ? -1 : 1));
  const used = new Set<ReimbursementRow>();
  const counted = new Map<string, ReimbursementRow[]>();
  const inbound = rows
    .filter((row) => isInboundReason(row.reason) && !isReversal(row))
    .sort((a, b) => (a.approvalDate < b.approvalDate ? -1 : 1));

  for (const c of ordered) {
    const day = c.submittedAt.slice(0, 10);
    // The report gives whole seconds.
    const sentAt = new Date(Math.floor(Date.parse(c.submittedAt) / 1000) * 1000).toISOString();
    // Approved before the dispute went out: not its answer (to the second when the report says).
    const before = (row: ReimbursementRow) =>
      row.approvalAt ? row.approvalAt < sentAt : row.approvalDate < day;
    const mine: ReimbursementRow[] = [];
    const left = new Map(c.items.map((item) => [item.sku, item.missing]));
    for (const row of inbound) {
      if (used.has(row) || before(row)) continue;
      if (c.amazonCaseId && row.caseId) {
        if (row.caseId !== c.amazonCaseId) continue;
      } else if (row.caseId && !c.amazonCaseId) {
        // Another case's reimbursement (or one we cannot tie to this case): not ours by SKU.
        continue;
      }
      const item = c.items.find(
        (i) => i.sku === row.sku || (i.asin !== null && row.asin !== null && i.asin === row.asin),
      );
      const byCaseId = Boolean(c.amazonCaseId && row.caseId === c.amazonCaseId);
      if (!item && !byCaseId) continue;
      if (item && !byCaseId && (left.get(item.sku) ?? 0) <= 0) continue;
      mine.push(row);
      used.add(row);
      if (item)
        left.set(item.sku, (left.get(item.sku) ?? 0) - (row.unitsCash + row.unitsInventory));
    }
    counted.set(c.shipmentId, mine);
  }

  // Reversals take back the rows they name, from whichever case counted them.
  for (const reversal of rows.filter(isReversal)) {
    for (const [, mine] of counted) {
      if (mine.some((row) => row.reimbursementId === reversal.originalReimbursementId)) {
        mine.push(reversal);
        break;
      }
    }
  }

  return cases.map((c) => {
    const mine = counted.get(c.shipmentId) ?? [];
    const unitsMissing = c.items.reduce((sum, item) => sum + item.missing, 0);
    const sign = (row: ReimbursementRow) => (isReversal(row) ? -1 : 1);
    const unitsRecovered = Math.max(
      0,
      mine.reduce(
        (sum, row) => sum + sign(row) * (Math.abs(row.unitsCash) + Math.abs(row.unitsInventory)),
        0,
      ),
    );
    const cash = Math.max(
      0,
      round2(mine.reduce((sum, row) => sum + sign(row) * Math.abs(row.amountTotal), 0)),
    );
    const currency = mine.find((row) => row.currency)?.currency ?? null;
    const status: CaseOutcome['status'] =
      unitsRecovered <= 0 && cash <= 0
        ? 'none'
        : unitsRecovered >= unitsMissing
          ? 'reimbursed'
          : 'partly_reimbursed';
    return {
      shipmentId: c.shipmentId,
      status,
      amount: cash,
      currency: status === 'none' ? null : currency,
      unitsRecovered,
      unitsMissing,
      reimbursementIds: [...new Set(mine.map((row) => row.reimbursementId))],
      skus: [...new Set(mine.map((row) => row.sku).filter(Boolean))],
    };
  });
}
