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
import { isReversal, type ReimbursementRow } from '../cases/reimbursements';

export interface UnitCost {
  amount: number;
  currency: string;
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
export const UNDERPAID_WINDOW_DAYS = 60;

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
): { claims: Claim[]; summary: { sku_without_cost: number; currency_mismatch: number } } {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const summary = { sku_without_cost: 0, currency_mismatch: 0 };
  const claims: Claim[] = [];

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
  return { claims, summary };
}
