/**
 * The audit of what Amazon paid, and of the warehouse losses it has not paid. Pure: report rows
 * and the seller's unit costs in, claims out. Facts and windows: ../shared/design/claim-types.md.
 *
 * - Underpaid reimbursement: a reimbursement for a loss before a customer order (Lost_Inbound,
 *   Damaged_Inbound, Lost_Warehouse, Damaged_Warehouse) with cash units, paid below
 *   `threshold` × the seller's unit cost for the SKU (since March 2025 Amazon pays these at the
 *   sourcing cost). Window: 60 days from approval, as sellers' and vendors' reports say (no
 *   Amazon page states it). A reversal that takes back more than its reimbursement paid is
 *   flagged too. A SKU with no cost, or a cost in another currency, gives no claim (counted).
 * - Warehouse lost / damaged: see `auditLedger` below.
 */
import {
  fields,
  isReversal,
  type ReimbursementRow,
  type ReportProblem,
} from '../cases/reimbursements';
import type { CostInvoice } from './model';
import { UncostedTally, type UncostedSku } from './uncosted';
import { windowRule } from './windows';

export interface UnitCost {
  amount: number;
  currency: string;
  /** The supplier invoice the cost comes from; absent for a value the seller typed. */
  invoice?: CostInvoice;
}
/** The seller's unit cost per SKU. */
export type UnitCosts = Readonly<Record<string, UnitCost>>;

export type ClaimKind = 'underpaid_reimbursement' | 'warehouse_lost' | 'warehouse_damaged';
export type ClaimState = 'wait' | 'claim_now' | 'expired';

export interface Claim {
  kind: ClaimKind;
  sku: string | null;
  fnsku: string | null;
  /** The reimbursement id, or the ledger's Reference ID. */
  reference: string;
  units: number;
  /** What Amazon paid for these units (0 when it paid nothing). */
  amountPaid: number;
  /** The seller's unit cost × units; null when we hold no cost. */
  amountExpected: number | null;
  currency: string | null;
  /** ISO days, both included. */
  windowOpens: string;
  windowCloses: string;
  state: ClaimState;
  /** What a claim is about when its figures alone do not say it. */
  note: string | null;
}

export interface AuditOptions {
  /** The day the audit is run for (YYYY-MM-DD). */
  asOf: string;
  /** A payment below threshold × unit cost is underpaid; 0.95 unless set. */
  threshold?: number;
}

export const DEFAULT_THRESHOLD = 0.95;
/** Days from approval to file a re-evaluation (sellers' reports; no Amazon page says it). */
export const UNDERPAID_WINDOW_DAYS = windowRule('underpaid_reimbursement').closes;

const PRE_ORDER_REASONS = new Set([
  'lostinbound',
  'damagedinbound',
  'lostwarehouse',
  'damagedwarehouse',
]);

function reasonKey(reason: string): string {
  return reason.toLowerCase().replace(/[^a-z]/g, '');
}

export function isPreOrderLoss(reason: string): boolean {
  return PRE_ORDER_REASONS.has(reasonKey(reason));
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** `day` + `days`, ISO day (UTC calendar). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export function stateOn(asOf: string, opens: string, closes: string): ClaimState {
  if (asOf < opens) return 'wait';
  if (asOf > closes) return 'expired';
  return 'claim_now';
}

/** Cents, so that comparisons are exact. */
const cents = (value: number) => Math.round(value * 100);

export function auditReimbursements(
  rows: readonly ReimbursementRow[],
  costs: UnitCosts,
  options: AuditOptions,
): {
  claims: Claim[];
  summary: { sku_without_cost: number; currency_mismatch: number };
  /** The SKUs left unchecked for lack of a cost, the most recently reimbursed first. */
  uncosted: UncostedSku[];
} {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const summary = { sku_without_cost: 0, currency_mismatch: 0 };
  const claims: Claim[] = [];
  const uncosted = new UncostedTally();

  // One reimbursement id may have several line items: add them up per id and SKU.
  const paid = new Map<string, ReimbursementRow[]>();
  const reversals = new Map<string, ReimbursementRow[]>();
  for (const row of rows) {
    if (isReversal(row)) {
      if (!row.originalReimbursementId) continue;
      const list = reversals.get(row.originalReimbursementId) ?? [];
      list.push(row);
      reversals.set(row.originalReimbursementId, list);
      continue;
    }
    if (!isPreOrderLoss(row.reason)) continue;
    const key = `${row.reimbursementId}\t${row.sku}`;
    const list = paid.get(key) ?? [];
    list.push(row);
    paid.set(key, list);
  }

  const window = (day: string) => {
    const closes = addDays(day, UNDERPAID_WINDOW_DAYS);
    return { windowOpens: day, windowCloses: closes, state: stateOn(options.asOf, day, closes) };
  };

  for (const list of paid.values()) {
    const first = list[0] as ReimbursementRow;
    const units = list.reduce((sum, row) => sum + Math.max(0, row.unitsCash), 0);
    if (units <= 0) continue;
    const amountPaid = round2(list.reduce((sum, row) => sum + row.amountTotal, 0));
    // Reversed since: the unit came back or the money went; the reversal rule looks at it.
    if (reversals.has(first.reimbursementId)) continue;
    const cost = costs[first.sku];
    if (!cost) {
      summary.sku_without_cost += 1;
      uncosted.add(first, units);
      continue;
    }
    if (cost.currency.toUpperCase() !== first.currency) {
      summary.currency_mismatch += 1;
      continue;
    }
    const expected = cost.amount * units;
    if (cents(amountPaid) >= cents(threshold * expected)) continue;
    claims.push({
      kind: 'underpaid_reimbursement',
      sku: first.sku || null,
      fnsku: first.fnsku,
      reference: first.reimbursementId,
      units,
      amountPaid,
      amountExpected: round2(expected),
      currency: first.currency,
      ...window(first.approvalDate),
      note: null,
    });
  }

  // A reversal taking back more than its reimbursement paid (any reason, same currency).
  const paidById = new Map<string, ReimbursementRow[]>();
  for (const row of rows) {
    if (isReversal(row) || !reversals.has(row.reimbursementId)) continue;
    const list = paidById.get(row.reimbursementId) ?? [];
    list.push(row);
    paidById.set(row.reimbursementId, list);
  }
  for (const [originalId, taken] of reversals) {
    const original = paidById.get(originalId);
    // The original is older than the report covers: nothing we hold to compare with.
    if (!original) continue;
    const currency = (original[0] as ReimbursementRow).currency;
    if (taken.some((row) => row.currency !== currency)) continue;
    const given = round2(original.reduce((sum, row) => sum + row.amountTotal, 0));
    const back = round2(taken.reduce((sum, row) => sum + Math.abs(row.amountTotal), 0));
    if (cents(back) <= cents(given)) continue;
    const last = [...taken].sort((a, b) =>
      (a.approvalAt ?? a.approvalDate) < (b.approvalAt ?? b.approvalDate) ? -1 : 1,
    )[taken.length - 1] as ReimbursementRow;
    claims.push({
      kind: 'underpaid_reimbursement',
      sku: last.sku || (original[0] as ReimbursementRow).sku || null,
      fnsku: last.fnsku ?? (original[0] as ReimbursementRow).fnsku,
      reference: last.reimbursementId,
      units: original.reduce((sum, row) => sum + Math.max(0, row.unitsCash), 0),
      amountPaid: round2(given - back),
      amountExpected: 0,
      currency,
      ...window(last.approvalDate),
      note: `reversal of ${originalId} takes back ${back.toFixed(2)} ${currency} where ${given.toFixed(2)} was paid`,
    });
  }
  return { claims, summary, uncosted: uncosted.list() };
}

/**
 * Amazon's inventory ledger, detailed view (`GET_LEDGER_DETAIL_VIEW_DATA`): tab-separated, one
 * header row with Date, FNSKU, ASIN, MSKU, Title, Event Type, Reference ID, Quantity,
 * Fulfillment Center, Disposition, Reason, Country, Reconciled Quantity, Unreconciled Quantity
 * (downloads may add Date and Time, Store). Columns are found by name, in any order and case.
 */
export interface LedgerRow {
  /** The line in the file (1 is the header). */
  line: number;
  /** The event's day, ISO. */
  date: string;
  fnsku: string;
  msku: string | null;
  eventType: string;
  referenceId: string;
  /** Signed units. */
  quantity: number;
  reason: string;
  /** Amazon's count of units not yet found or reimbursed; null when the column is empty. */
  unreconciled: number | null;
}

/**
 * The inventory ledger's detailed view (GET_LEDGER_DETAIL_VIEW_DATA), in Amazon's column order
 * (claim-types.md); downloads may add columns ("Date and Time", "Store"), which are ignored.
 */
export const LEDGER_COLUMNS = [
  'Date',
  'FNSKU',
  'ASIN',
  'MSKU',
  'Title',
  'Event Type',
  'Reference ID',
  'Quantity',
  'Fulfillment Center',
  'Disposition',
  'Reason',
  'Country',
  'Reconciled Quantity',
  'Unreconciled Quantity',
] as const;

const LEDGER_REQUIRED = ['date', 'fnsku', 'event type', 'reference id', 'quantity', 'reason'];

/**
 * A ledger date: an ISO day (with a time after it, the day as written), or month/day/year as
 * the API's ledger writes it ("09/01/2026").
 */
function ledgerDay(value: string): string | undefined {
  const text = value.trim();
  let day: string | undefined;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(text);
  if (iso) day = iso[1];
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us)
    day = `${us[3]}-${(us[1] as string).padStart(2, '0')}-${(us[2] as string).padStart(2, '0')}`;
  if (!day || Number.isNaN(Date.parse(day))) return undefined;
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day ? day : undefined;
}

const wholeNumber = (value: string) =>
  /^[-+]?\d+$/.test(value.trim()) ? Number(value) : undefined;

/**
 * A reader of the ledger one line at a time (the file may have hundreds of thousands): the
 * first line given is the header. Each later line gives a row, a problem (with its line number;
 * never counted: a wrong number of fields, a Quantity or Unreconciled Quantity that is no whole
 * number, a date we cannot read) or nothing (a blank line).
 */
export function ledgerReader(): (
  line: string,
  lineNo: number,
) => LedgerRow | { problem: ReportProblem } | null {
  let at: Map<string, number> | undefined;
  let width = 0;
  let fatal: ReportProblem | undefined;
  return (line, lineNo) => {
    if (at === undefined) {
      const header = line
        .replace(/^\uFEFF/, '')
        .split('\t')
        .map((h) => h.trim().toLowerCase());
      at = new Map(header.map((name, index) => [name, index]));
      width = header.length;
      const missing = LEDGER_REQUIRED.filter((name) => !at?.has(name));
      if (missing.length > 0) {
        fatal = { line: lineNo, message: `missing columns: ${missing.join(', ')}` };
        return { problem: fatal };
      }
      return null;
    }
    if (fatal || line.trim() === '') return null;
    const reject = (why: string) => ({ problem: { line: lineNo, message: `unreadable: ${why}` } });
    const cells = fields(line);
    while (cells.length > width && (cells[cells.length - 1] ?? '').trim() === '') cells.pop();
    if (cells.length !== width)
      return reject(`${cells.length} fields where the header has ${width}`);
    const cell = (name: string) => (cells[at?.get(name) ?? -1] ?? '').trim();
    const date = ledgerDay(cell('date'));
    if (!date) return reject('Date is not a date');
    const quantity = wholeNumber(cell('quantity'));
    if (quantity === undefined) return reject('Quantity is not a whole number');
    const unreconciledText = cell('unreconciled quantity');
    const unreconciled = unreconciledText === '' ? null : wholeNumber(unreconciledText);
    if (unreconciled === undefined) return reject('Unreconciled Quantity is not a whole number');
    return {
      line: lineNo,
      date,
      fnsku: cell('fnsku'),
      msku: cell('msku') || null,
      eventType: cell('event type'),
      referenceId: cell('reference id'),
      quantity,
      reason: cell('reason'),
      unreconciled,
    };
  };
}

/** The text's lines one at a time, without splitting it into an array. */
export function* textLines(text: string): Generator<string> {
  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    yield text.slice(start, stop > start && text[stop - 1] === '\r' ? stop - 1 : stop);
    if (end < 0) return;
    start = end + 1;
  }
}

/** Reads a whole ledger text: rows and problems (see `ledgerReader`). */
export function parseLedgerReport(text: string): { rows: LedgerRow[]; problems: ReportProblem[] } {
  const read = ledgerReader();
  const rows: LedgerRow[] = [];
  const problems: ReportProblem[] = [];
  let lineNo = 0;
  for (const line of textLines(text)) {
    lineNo += 1;
    const out = read(line, lineNo);
    if (out === null) continue;
    if ('problem' in out) problems.push(out.problem);
    else rows.push(out);
  }
  return { rows, problems };
}

const LOST_CODES = new Set(['M', '5']);
const FOUND_CODES = new Set(['F']);
const DAMAGED_CODES = new Set(['E', '6', '7', 'K', 'U']);

/** Days after the event: Amazon's own payout due, and the last day to file (Amazon Europe, Jan 2025). */
export const WAREHOUSE_WINDOWS = {
  warehouse_lost: windowRule('warehouse_lost'),
  warehouse_damaged: windowRule('warehouse_damaged'),
} as const;

interface Loss {
  kind: 'warehouse_lost' | 'warehouse_damaged';
  row: LedgerRow;
  left: number;
}

/**
 * Warehouse losses Amazon has not paid. From the ledger's adjustments: lost (Reason M or 5) and
 * damaged (E, 6, 7, K, U) with units not reconciled (Unreconciled Quantity, or the units taken
 * out when the column is empty). A lost unit is netted by units found later (Reason F, same
 * FNSKU) and by Lost_Warehouse reimbursements approved since the loss; a damaged one by
 * Damaged_Warehouse reimbursements since. A reimbursement names the FNSKU, or with none the SKU
 * (the ledger's MSKU). The oldest loss is netted first. Each loss left becomes a claim whose
 * window opens when Amazon's own payout is due (state `wait` before) and closes 60 days after
 * the event. Rows are kept only for these adjustments, so a long ledger holds little.
 */
export function auditLedger(
  ledgerRows: Iterable<LedgerRow>,
  reimbursements: readonly ReimbursementRow[],
  costs: UnitCosts,
  options: Pick<AuditOptions, 'asOf'>,
): { claims: Claim[]; summary: { sku_without_cost: number } } {
  const losses: Loss[] = [];
  const founds: LedgerRow[] = [];
  for (const row of ledgerRows) {
    if (row.eventType.trim().toLowerCase() !== 'adjustments') continue;
    const reason = row.reason.trim().toUpperCase();
    if (FOUND_CODES.has(reason)) {
      if (row.quantity > 0) founds.push(row);
      continue;
    }
    const kind = LOST_CODES.has(reason)
      ? 'warehouse_lost'
      : DAMAGED_CODES.has(reason)
        ? 'warehouse_damaged'
        : undefined;
    if (!kind) continue;
    const units = row.unreconciled ?? Math.max(0, -row.quantity);
    if (units > 0) losses.push({ kind, row, left: units });
  }
  const byDate = (a: { date: string }, b: { date: string }) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : 0;
  losses.sort((a, b) => byDate(a.row, b.row));

  // What nets a loss: units found, and reimbursements, each taken by the oldest loss before it.
  const credits: {
    kind: Loss['kind'];
    date: string;
    fnsku: string | null;
    sku: string | null;
    units: number;
  }[] = [
    ...founds.map((row) => ({
      kind: 'warehouse_lost' as const,
      date: row.date,
      fnsku: row.fnsku,
      sku: null,
      units: row.quantity,
    })),
    ...reimbursements
      .filter((row) => !isReversal(row) && row.unitsTotal > 0)
      .flatMap((row) => {
        const key = reasonKey(row.reason);
        const kind: Loss['kind'] | undefined =
          key === 'lostwarehouse'
            ? 'warehouse_lost'
            : key === 'damagedwarehouse'
              ? 'warehouse_damaged'
              : undefined;
        return kind
          ? [
              {
                kind,
                date: row.approvalDate,
                fnsku: row.fnsku,
                sku: row.sku || null,
                units: row.unitsTotal,
              },
            ]
          : [];
      }),
  ].sort(byDate);
  // Losses by FNSKU and by MSKU (oldest first), so a long ledger is not scanned per credit.
  const byFnsku = new Map<string, Loss[]>();
  const byMsku = new Map<string, Loss[]>();
  const add = (map: Map<string, Loss[]>, key: string, loss: Loss) => {
    const list = map.get(key);
    if (list) list.push(loss);
    else map.set(key, [loss]);
  };
  for (const loss of losses) {
    add(byFnsku, loss.row.fnsku, loss);
    if (loss.row.msku) add(byMsku, loss.row.msku, loss);
  }
  for (const credit of credits) {
    let units = credit.units;
    const candidates = credit.fnsku
      ? byFnsku.get(credit.fnsku)
      : credit.sku !== null
        ? byMsku.get(credit.sku)
        : undefined;
    for (const loss of candidates ?? []) {
      if (units <= 0 || loss.row.date > credit.date) break;
      if (loss.kind !== credit.kind || loss.left <= 0) continue;
      const taken = Math.min(units, loss.left);
      loss.left -= taken;
      units -= taken;
    }
  }

  const summary = { sku_without_cost: 0 };
  const claims: Claim[] = [];
  for (const loss of losses) {
    if (loss.left <= 0) continue;
    const window = WAREHOUSE_WINDOWS[loss.kind];
    const opens = addDays(loss.row.date, window.opens);
    const closes = addDays(loss.row.date, window.closes);
    const cost = loss.row.msku ? costs[loss.row.msku] : undefined;
    if (!cost) summary.sku_without_cost += 1;
    claims.push({
      kind: loss.kind,
      sku: loss.row.msku,
      fnsku: loss.row.fnsku || null,
      reference: loss.row.referenceId,
      units: loss.left,
      amountPaid: 0,
      amountExpected: cost ? round2(cost.amount * loss.left) : null,
      currency: cost ? cost.currency.toUpperCase() : null,
      windowOpens: opens,
      windowCloses: closes,
      state: stateOn(options.asOf, opens, closes),
      note: null,
    });
  }
  return { claims, summary };
}
