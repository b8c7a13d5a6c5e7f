/**
 * The stored claim: one model for every kind of money Amazon may owe the seller beyond an inbound
 * shipment (the audit's kinds now; customer returns and removals grow from it). A claim is found
 * by a rule on Amazon's reports (audit.ts), kept per seller with its subject, figures, window and
 * state, and followed until Amazon pays or its window closes. Pure: no storage here.
 *
 * Idempotent by construction: a claim's id is its kind and subject, so the same report read
 * twice gives the same claims; `reconcileClaims` says which stored claims change and how.
 */
import { isReversal, type ReimbursementRow } from '../cases/reimbursements';
import { round2, stateOn, type Claim, type UnitCosts } from './audit';

export const CLAIM_KINDS = [
  'underpaid_reimbursement',
  'warehouse_lost',
  'warehouse_damaged',
] as const;
export type StoredClaimKind = (typeof CLAIM_KINDS)[number];

/**
 * wait: Amazon is still in time to pay by itself (the window has not opened); claim_now; expired:
 * the window closed with nothing paid; filed: the seller opened the case; reimbursed: a later row
 * of the reimbursements report paid it; closed: nothing left to claim (the units were found).
 */
export const CLAIM_STATES = [
  'wait',
  'claim_now',
  'expired',
  'filed',
  'reimbursed',
  'closed',
] as const;
export type StoredClaimState = (typeof CLAIM_STATES)[number];

/** Where a window comes from, named to the seller with it. */
export type WindowSource = 'sellers_reports' | 'amazon_europe_2025';

export type Evidence = 'supplier_invoice' | 'sourcing_cost';

/**
 * The supplier invoice of the seller's library that proves a unit cost: the document (its id and
 * file name, downloadable by the seller alone), its number and date when they were read.
 */
export interface CostInvoice {
  documentId: string;
  name: string;
  number: string | null;
  date: string | null;
}

export interface StoredClaim {
  /** `<kind>:<reference>:<sku or fnsku>`: the same subject is the same claim. */
  id: string;
  kind: StoredClaimKind;
  subject: {
    /** The reimbursement id, or the ledger's Reference ID. */
    reference: string;
    sku: string | null;
    fnsku: string | null;
  };
  units: number;
  /** What Amazon paid for these units when the claim was found (0 when nothing). */
  amountPaid: number;
  /** The seller's unit cost × units; null when we hold no cost for the SKU. */
  amountExpected: number | null;
  currency: string | null;
  /**
   * Where the unit cost comes from: `invoice`, a supplier invoice of the library (`costInvoice`);
   * `sku_value`, a value the seller typed (no invoice in hand yet); null without one.
   */
  costSource: 'sku_value' | 'invoice' | null;
  /** The invoice that proves the cost (absent on claims stored before invoices were named). */
  costInvoice?: CostInvoice;
  /** When the seller marked the claim as opened with Amazon (state filed). */
  filedAt?: string;
  window: { opens: string; closes: string; source: WindowSource };
  state: StoredClaimState;
  evidence: Evidence[];
  /** What the claim is about when its figures alone do not say it (a reversal). */
  note: string | null;
  /** What Amazon paid after the claim was found (state reimbursed). */
  outcome: { amount: number; currency: string; reimbursementIds: string[]; at: string } | null;
  foundAt: string;
  updatedAt: string;
}

/** States a later audit never takes back: the seller's action, or Amazon's payment. */
const SETTLED: ReadonlySet<StoredClaimState> = new Set(['reimbursed', 'closed']);

export function claimId(claim: Pick<Claim, 'kind' | 'reference' | 'sku' | 'fnsku'>): string {
  return `${claim.kind}:${claim.reference}:${claim.sku ?? claim.fnsku ?? ''}`;
}

/** The audit's claim as stored, found at `now`; `costs` name the invoice behind a unit cost. */
export function toStoredClaim(claim: Claim, now: string, costs?: UnitCosts): StoredClaim {
  const underpaid = claim.kind === 'underpaid_reimbursement';
  const hasCost = claim.amountExpected !== null && claim.amountExpected > 0;
  const invoice = hasCost && claim.sku ? costs?.[claim.sku]?.invoice : undefined;
  return {
    id: claimId(claim),
    kind: claim.kind,
    subject: { reference: claim.reference, sku: claim.sku, fnsku: claim.fnsku },
    units: claim.units,
    amountPaid: claim.amountPaid,
    amountExpected: claim.amountExpected,
    currency: claim.currency,
    costSource: hasCost ? (invoice ? 'invoice' : 'sku_value') : null,
    ...(invoice ? { costInvoice: invoice } : {}),
    window: {
      opens: claim.windowOpens,
      closes: claim.windowCloses,
      source: underpaid ? 'sellers_reports' : 'amazon_europe_2025',
    },
    state: claim.state,
    evidence: underpaid ? ['supplier_invoice'] : ['sourcing_cost'],
    note: claim.note,
    outcome: null,
    foundAt: now,
    updatedAt: now,
  };
}

/** The amount a claim asks for: expected less paid, never below 0; null without a cost. */
export function claimDifference(claim: Pick<StoredClaim, 'amountExpected' | 'amountPaid'>) {
  if (claim.amountExpected === null) return null;
  return Math.max(0, round2(claim.amountExpected - claim.amountPaid));
}

/**
 * The report's rows that pay a claim after it was found:
 * - an underpaid reimbursement: a later row naming it as `original-reimbursement-id` with cash
 *   (Amazon's re-evaluation), or a later row for the same SKU carrying a case id (the seller's
 *   re-evaluation case paid);
 * - a warehouse loss: a Lost_Warehouse / Damaged_Warehouse row for the same FNSKU (or SKU)
 *   approved on or after the loss.
 */
export function paymentsFor(
  claim: StoredClaim,
  rows: readonly ReimbursementRow[],
): ReimbursementRow[] {
  const { reference, sku, fnsku } = claim.subject;
  if (claim.kind === 'underpaid_reimbursement') {
    return rows.filter(
      (row) =>
        !isReversal(row) &&
        row.amountTotal > 0 &&
        row.reimbursementId !== reference &&
        (row.originalReimbursementId === reference ||
          (row.caseId !== null &&
            row.sku === sku &&
            row.approvalDate >= claim.window.opens &&
            row.approvalDate <= claim.window.closes)),
    );
  }
  const reason = claim.kind === 'warehouse_lost' ? 'lostwarehouse' : 'damagedwarehouse';
  return rows.filter(
    (row) =>
      !isReversal(row) &&
      row.reason.toLowerCase().replace(/[^a-z]/g, '') === reason &&
      (fnsku ? row.fnsku === fnsku : row.sku === sku) &&
      row.amountTotal > 0 &&
      // The loss happened 45 (lost) or 10 (damaged) days before the window opens.
      row.approvalDate >= lossDay(claim),
  );
}

function lossDay(claim: StoredClaim): string {
  const days = claim.kind === 'warehouse_lost' ? 45 : 10;
  const at = new Date(`${claim.window.opens}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

/**
 * What a new audit changes in the stored claims (only the claims that change are returned):
 * - a claim the audit finds and we do not hold is added, in the audit's state (never claim_now
 *   before its window opens: the audit says wait);
 * - a claim we hold and the audit finds again keeps what the seller or Amazon settled, and
 *   otherwise takes the audit's figures and state (a filed claim stays filed);
 * - a claim we hold, not settled, paid by a later row of the reimbursements report moves to
 *   reimbursed with that amount; a warehouse loss the audit no longer finds and no row paid was
 *   netted by units found: closed. Otherwise its state follows the calendar.
 */
export function reconcileClaims(
  stored: readonly StoredClaim[],
  found: readonly Claim[],
  rows: readonly ReimbursementRow[],
  options: { asOf: string; now: string; ledgerRead: boolean; costs?: UnitCosts },
): StoredClaim[] {
  const held = new Map(stored.map((claim) => [claim.id, claim]));
  const seen = new Set<string>();
  const out: StoredClaim[] = [];
  const paidOff = (claim: StoredClaim): StoredClaim | undefined => {
    const paid = paymentsFor(claim, rows);
    if (paid.length === 0) return undefined;
    return {
      ...claim,
      state: 'reimbursed',
      outcome: {
        amount: round2(paid.reduce((sum, row) => sum + row.amountTotal, 0)),
        currency: (paid[0] as ReimbursementRow).currency,
        reimbursementIds: [...new Set(paid.map((row) => row.reimbursementId))].sort(),
        at: options.now,
      },
      updatedAt: options.now,
    };
  };
  for (const claim of found) {
    const fresh = toStoredClaim(claim, options.now, options.costs);
    if (seen.has(fresh.id)) continue;
    seen.add(fresh.id);
    const before = held.get(fresh.id);
    if (before && SETTLED.has(before.state)) continue;
    const next: StoredClaim = before
      ? {
          ...fresh,
          state: before.state === 'filed' ? 'filed' : fresh.state,
          ...(before.state === 'filed' && before.filedAt ? { filedAt: before.filedAt } : {}),
          foundAt: before.foundAt,
        }
      : fresh;
    // What Amazon already paid is never proposed, and a payment settles a held claim.
    const settled = paidOff(next);
    if (settled) out.push(settled);
    else if (!before || !sameClaim(before, next)) out.push(next);
  }
  for (const before of stored) {
    if (seen.has(before.id) || SETTLED.has(before.state)) continue;
    const settled = paidOff(before);
    if (settled) {
      out.push(settled);
      continue;
    }
    // A warehouse loss gone from a ledger we did read (its event is within the range read),
    // with nothing paid: its units were found.
    if (
      before.kind !== 'underpaid_reimbursement' &&
      options.ledgerRead &&
      before.window.closes >= options.asOf
    ) {
      out.push({ ...before, state: 'closed', updatedAt: options.now });
      continue;
    }
    if (before.state === 'filed') continue;
    const state = stateOn(options.asOf, before.window.opens, before.window.closes);
    if (state !== before.state) out.push({ ...before, state, updatedAt: options.now });
  }
  return out;
}

function sameClaim(a: StoredClaim, b: StoredClaim): boolean {
  const { updatedAt: _a, ...left } = a;
  const { updatedAt: _b, ...right } = b;
  return canonical(left) === canonical(right);
}

/** JSON with keys sorted: a stored claim comes back with its keys in any order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Why a claim cannot be marked as opened with Amazon: its window has not opened (Amazon is still
 * in time to pay by itself, and a premature claim harms the account), has closed, or Amazon
 * already paid it or its units were found.
 */
export type FilingRefusal = 'not_open_yet' | 'window_closed' | 'settled';

/**
 * The seller says they opened the claim with Amazon (`filed` true) or takes it back (false).
 * Only a claim to file now can be marked; marking a filed claim again, or taking back one not
 * filed, changes nothing. Taken back, it is in the state its window gives on `asOf`.
 */
export function markFiled(
  claim: StoredClaim,
  filed: boolean,
  at: { asOf: string; now: string },
): StoredClaim | { refused: FilingRefusal } {
  if (!filed) {
    if (claim.state !== 'filed') return claim;
    const { filedAt: _filedAt, ...rest } = claim;
    const state = stateOn(at.asOf, claim.window.opens, claim.window.closes);
    return { ...rest, state, updatedAt: at.now };
  }
  if (claim.state === 'filed') return claim;
  if (claim.state === 'claim_now') {
    return { ...claim, state: 'filed', filedAt: at.now, updatedAt: at.now };
  }
  if (claim.state === 'wait') return { refused: 'not_open_yet' };
  if (claim.state === 'expired') return { refused: 'window_closed' };
  return { refused: 'settled' };
}

/** The claims whose window opened in this audit: held as `wait`, now to file. */
export function windowsOpened(
  stored: readonly StoredClaim[],
  changed: readonly StoredClaim[],
): StoredClaim[] {
  const before = new Map(stored.map((claim) => [claim.id, claim.state]));
  return changed.filter((claim) => claim.state === 'claim_now' && before.get(claim.id) === 'wait');
}
