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
 *   cash: they count as recovered units with no amount. `quantity-reimbursed-total` is cash plus
 *   inventory. A reversal usually takes the cash back and returns the unit as inventory (cash -1,
 *   inventory 1, total 0): the unit stays recovered and only the money changes; a reversal with a
 *   negative total gives no unit back and takes the unit away.
 * - `approval-date` is an instant with its offset ("2026-03-04T10:15:00+00:00"); the report is
 *   listed newest first, so rows are ordered by that instant, never by their place in the file.
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
  /**
   * The approval instant (ISO, UTC) when the report gives the time with its offset, as it
   * usually does; null for a bare day.
   */
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
  /**
   * Units in all, signed: cash + inventory (`quantity-reimbursed-total` when the line gives no
   * other quantity). 0 on a reversal that returns the unit as inventory, negative on one that
   * gives no unit back.
   */
  unitsTotal: number;
  originalReimbursementId: string | null;
}

/** A line of the report left out, with its line number (1 is the header) and why. */
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

/** A quantity: a whole number of units, signed; empty is none. */
function quantity(value: string): number | undefined {
  const text = value.trim();
  if (text === '') return 0;
  return /^[-+]?\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * An approval date: an ISO date-time with its offset ("2026-11-20T08:14:02+00:00",
 * "2026-11-20T08:14:02.120Z"), or a bare day. A time without its offset is no instant we know.
 */
function approval(value: string): { day: string; at: string | null } | undefined {
  const text = value.trim();
  const match =
    /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2}))?$/i.exec(
      text,
    );
  if (!match) return undefined;
  const day = match[1] as string;
  if (Number.isNaN(Date.parse(day)) || new Date(day).toISOString().slice(0, 10) !== day) {
    return undefined;
  }
  if (!match[2]) return { day, at: null };
  const offset = (match[3] as string).toUpperCase();
  const normalized = offset === 'Z' ? 'Z' : offset.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2');
  const at = Date.parse(`${day}T${match[2]}${normalized}`);
  return Number.isNaN(at) ? undefined : { day, at: new Date(at).toISOString() };
}

/**
 * A line's fields. Seller Central quotes a field only when it holds a quote, a tab or a line
 * break ("a""b" is a"b); a tab inside quotes is the field's, any other tab separates fields.
 */
export function fields(line: string): string[] {
  const out: string[] = [];
  let index = 0;
  for (;;) {
    if (line[index] === '"') {
      const quoted = /^"((?:[^"]|"")*)"(?=\t|$)/.exec(line.slice(index));
      if (quoted) {
        out.push((quoted[1] as string).replace(/""/g, '"'));
        index += quoted[0].length;
        if (index >= line.length) return out;
        index += 1;
        continue;
      }
    }
    const end = line.indexOf('\t', index);
    if (end < 0) {
      out.push(line.slice(index));
      return out;
    }
    out.push(line.slice(index, end));
    index = end + 1;
  }
}

/** ISO 4217 codes, as the runtime knows them. */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** The instant a row sorts by: its approval instant, or the start of its day (UTC). */
function approvalKey(row: ReimbursementRow): string {
  return row.approvalAt ?? `${row.approvalDate}T00:00:00.000Z`;
}

function byApproval(a: ReimbursementRow, b: ReimbursementRow): number {
  const ka = approvalKey(a);
  const kb = approvalKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * Reads the report's text (already un-gzipped): rows with Amazon's column names, in any
 * column order. A line that does not fit the header (not as many fields as the header, or
 * fields shifted by a stray tab so that the currency is no ISO 4217 code or a quantity or amount
 * no number) is left out and reported with its line
 * number rather than guessed. The reasons name columns, never a line's values.
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
    const reject = (why: string) =>
      problems.push({ line: index + 2, message: `unreadable: ${why}` });
    const cells = fields(line);
    // Trailing empty fields beyond the header are harmless; any other count means a shift.
    while (cells.length > header.length && (cells[cells.length - 1] ?? '').trim() === '') {
      cells.pop();
    }
    if (cells.length !== header.length) {
      reject(`${cells.length} fields where the header has ${header.length}`);
      return;
    }
    const cell = (name: string) => (cells[at.get(name) ?? -1] ?? '').trim();
    const approved = approval(cell('approval-date'));
    if (!approved) {
      reject('approval-date is not a date (with its offset when it has a time)');
      return;
    }
    // A stray tab shows first here: the column holds another column's value.
    const currency = cell('currency-unit').toUpperCase();
    if (currency !== '' && !CURRENCIES.has(currency)) {
      reject('currency-unit is not an ISO 4217 code');
      return;
    }
    const total = amount(cell('amount-total'));
    const perUnit = amount(cell('amount-per-unit'));
    if (total === undefined || perUnit === undefined) {
      reject(`${total === undefined ? 'amount-total' : 'amount-per-unit'} is not a number`);
      return;
    }
    const cash = quantity(cell('quantity-reimbursed-cash'));
    const inventory = quantity(cell('quantity-reimbursed-inventory'));
    const written = quantity(cell('quantity-reimbursed-total'));
    const unreadable = [
      ['quantity-reimbursed-cash', cash],
      ['quantity-reimbursed-inventory', inventory],
      ['quantity-reimbursed-total', written],
    ].find(([, value]) => value === undefined);
    if (unreadable || cash === undefined || inventory === undefined || written === undefined) {
      reject(`${String(unreadable?.[0])} is not a whole number`);
      return;
    }
    // A line with no money (inventory only) may leave the currency empty.
    if (currency === '' && (total !== 0 || perUnit !== 0)) {
      reject('currency-unit is empty on a line with an amount');
      return;
    }
    const optional = (name: string) => cell(name) || null;
    rows.push({
      approvalDate: approved.day,
      approvalAt: approved.at,
      reimbursementId: cell('reimbursement-id'),
      caseId: optional('case-id'),
      reason: cell('reason'),
      sku: cell('sku'),
      fnsku: optional('fnsku'),
      asin: optional('asin'),
      currency,
      amountTotal: total,
      unitsCash: cash,
      unitsInventory: inventory,
      // The total when it is all the line says of units; cash + inventory otherwise.
      unitsTotal:
        cell('quantity-reimbursed-cash') === '' && cell('quantity-reimbursed-inventory') === ''
          ? written
          : cash + inventory,
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
 * both claim one reimbursement. Rows are taken in the order Amazon approved them (to the
 * instant, whatever their order in the file). Several rows add up; a reversal takes its money
 * back, and units only when its total quantity is negative (a unit returned as inventory stays
 * recovered).
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
    .sort(byApproval);

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
      if (item) left.set(item.sku, (left.get(item.sku) ?? 0) - row.unitsTotal);
    }
    counted.set(c.shipmentId, mine);
  }

  // Reversals take back the rows they name, from whichever case counted them.
  for (const reversal of rows.filter(isReversal).sort(byApproval)) {
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
    // Units as the rows' total quantities say: a reversal returning the unit as inventory
    // (total 0) leaves it recovered; one with a negative total takes it away; none adds units.
    const units = (row: ReimbursementRow) =>
      isReversal(row) ? Math.min(0, row.unitsTotal) : row.unitsTotal;
    const unitsRecovered = Math.max(
      0,
      mine.reduce((sum, row) => sum + units(row), 0),
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
