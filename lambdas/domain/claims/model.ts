/**
 * The stored claim: one model for every kind of money Amazon may owe the seller: units missing
 * from an inbound shipment (inbound.ts: the case of the shipment stays the source of its texts
 * and documents), the audit's kinds (audit.ts), customer returns (returns.ts) and removals
 * (removals.ts). An audit claim is found
 * by a rule on Amazon's reports (audit.ts), kept per seller with its subject, figures, window and
 * state, and followed until Amazon pays or its window closes. Pure: no storage here.
 *
 * Idempotent by construction: a claim's id is its kind and subject, so the same report read
 * twice gives the same claims; `reconcileClaims` says which stored claims change and how.
 */
import { isReversal, type ReimbursementRow } from '../cases/reimbursements';
import { round2, stateOn, type Claim, type UnitCosts } from './audit';
import type { OrderReimbursementRow } from './reports';
import { orderKey, type OrderClaim, type OrderClaimKind } from './returns';
import { INBOUND_KIND, sameClaim } from './stored';

/** The kinds about customer orders or a removal order (returns.ts, removals.ts). */
export const ORDER_CLAIM_KINDS = [
  'customer_return_not_returned',
  'customer_return_damaged',
  'replacement_not_returned',
  'removal_lost_in_transit',
  'removal_short',
] as const satisfies readonly OrderClaimKind[];

export const CLAIM_KINDS = [
  'inbound_shipment',
  'underpaid_reimbursement',
  'warehouse_lost',
  'warehouse_damaged',
  ...ORDER_CLAIM_KINDS,
] as const;
export type StoredClaimKind = (typeof CLAIM_KINDS)[number];

export { INBOUND_KIND, sameClaim } from './stored';

export function isOrderKind(kind: StoredClaimKind): kind is OrderClaimKind {
  return (ORDER_CLAIM_KINDS as readonly string[]).includes(kind);
}

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

/**
 * Where a window comes from, named to the seller with it: sellers' reports (underpaid), Amazon
 * Europe's January 2025 rules (warehouse losses; customer returns 45–105 days after the refund),
 * or no source we can name (removals: 15–75 days from creation, 60 days from delivery, as
 * claim-types.md gives them without a page to cite): to be confirmed; inbound shipments: Amazon's
 * announcement of September 2024 (60 days after delivery, 6 months on the EU help page).
 */
export const WINDOW_SOURCES = [
  'sellers_reports',
  'amazon_europe_2025',
  'unconfirmed',
  'amazon_inbound_2024',
] as const;
export type WindowSource = (typeof WINDOW_SOURCES)[number];

/**
 * What the seller needs in hand to file: the supplier invoice or sourcing cost (pre-order
 * losses); the order ids (customer returns, replacements: both order ids), the returns report
 * line (a damaged return), the tracking number (a removal lost in transit), what the seller
 * counted and photos (a removal short).
 */
export const EVIDENCE = [
  'supplier_invoice',
  'sourcing_cost',
  'order_ids',
  'returns_report_line',
  'tracking_number',
  'seller_count',
  'photos',
] as const;
export type Evidence = (typeof EVIDENCE)[number];

const ORDER_EVIDENCE: Readonly<Record<OrderClaimKind, Evidence[]>> = {
  customer_return_not_returned: ['order_ids'],
  customer_return_damaged: ['order_ids', 'returns_report_line'],
  replacement_not_returned: ['order_ids'],
  removal_lost_in_transit: ['tracking_number'],
  removal_short: ['seller_count', 'photos'],
};

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
    /**
     * The reimbursement id, the ledger's Reference ID, the order ids (comma-separated) or the
     * removal order id.
     */
    reference: string;
    sku: string | null;
    fnsku: string | null;
    /** The order kinds: the customer order ids, or the removal order id. */
    orders?: string[];
    /** The order kinds: each order's units and worth (absent on claims stored before it). */
    byOrder?: Record<string, { units: number; amount: number | null }>;
    /** The order kinds: the marketplace id; null when no report we hold names it. */
    marketplace?: string | null;
    /** A removal lost in transit: carrier and tracking number of each shipment. */
    tracking?: string[];
  };
  units: number;
  /** What Amazon paid for these units when the claim was found (0 when nothing). */
  amountPaid: number;
  /** The seller's unit cost × units; null when we hold no cost for the SKU. */
  amountExpected: number | null;
  currency: string | null;
  /**
   * Where the expected amount comes from: `invoice`, a supplier invoice of the library
   * (`costInvoice`); `sku_value`, a value the seller typed (no invoice in hand yet); `refund`,
   * what Amazon refunded the buyer (its own figure for units lost after an order); null without
   * one.
   */
  costSource: 'sku_value' | 'invoice' | 'refund' | null;
  /** The invoice that proves the cost (absent on claims stored before invoices were named). */
  costInvoice?: CostInvoice;
  /** When the seller marked the claim as opened with Amazon (state filed). */
  filedAt?: string;
  window: {
    opens: string;
    closes: string;
    source: WindowSource;
    /** Inbound: the later deadline of the EU help page (yyyy-mm-dd); until then not lost. */
    lastChance?: string | null;
    /** Inbound: counted from the latest possible closing, not a known date (da confermare). */
    estimated?: boolean;
  };
  state: StoredClaimState;
  /** Inbound: the case's own status as stored (spec 4.1), null without a case. */
  caseStatus?: string | null;
  evidence: Evidence[];
  /** What the claim is about when its figures alone do not say it (a reversal). */
  note: string | null;
  /** What Amazon paid after the claim was found (state reimbursed). */
  outcome: { amount: number; currency: string; reimbursementIds: string[]; at: string } | null;
  /**
   * An order claim Amazon paid for some of its orders only: those orders and what was paid
   * (the last payment's day); the claim stays open for the others.
   */
  partial?: {
    orders: string[];
    amount: number;
    currency: string;
    reimbursementIds: string[];
    at: string;
  } | null;
  foundAt: string;
  updatedAt: string;
  /** A demo sample shipment's claim (its reference is the sample's shipment id). */
  demo?: true;
}

/**
 * Every demo claim's reference starts with it (claims/demo.ts): the demo reset deletes them,
 * real mode and the audit leave them out.
 */
export const DEMO_REFERENCE_PREFIX = 'DEMO-';

/** Whether a stored claim is one of the demo's (its reference or its mark says so). */
export function isDemoClaim(claim: Pick<StoredClaim, 'subject' | 'demo'>): boolean {
  return claim.demo === true || claim.subject.reference.startsWith(DEMO_REFERENCE_PREFIX);
}

/** States a later audit never takes back: the seller's action, or Amazon's payment. */
const SETTLED: ReadonlySet<StoredClaimState> = new Set(['reimbursed', 'closed']);

export function claimId(
  claim: Pick<Claim | OrderClaim, 'kind' | 'reference' | 'sku' | 'fnsku'>,
): string {
  return `${claim.kind}:${claim.reference}:${claim.sku ?? claim.fnsku ?? ''}`;
}

/** The audit's claim as stored, found at `now`; `costs` name the invoice behind a unit cost. */
export function toStoredClaim(
  claim: Claim | OrderClaim,
  now: string,
  costs?: UnitCosts,
): StoredClaim {
  if ('orders' in claim) return toStoredOrderClaim(claim, now);
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

function toStoredOrderClaim(claim: OrderClaim, now: string): StoredClaim {
  const removal = claim.kind === 'removal_lost_in_transit' || claim.kind === 'removal_short';
  const priced = claim.amountExpected !== null && claim.amountExpected > 0;
  return {
    id: claimId(claim),
    kind: claim.kind,
    subject: {
      reference: claim.reference,
      sku: claim.sku,
      fnsku: claim.fnsku,
      orders: claim.orders,
      marketplace: claim.marketplace,
      ...(claim.tracking ? { tracking: claim.tracking } : {}),
      ...(claim.byOrder ? { byOrder: claim.byOrder } : {}),
    },
    units: claim.units,
    amountPaid: claim.amountPaid,
    amountExpected: claim.amountExpected,
    currency: claim.currency,
    costSource: priced ? (removal ? 'sku_value' : 'refund') : null,
    window: {
      opens: claim.windowOpens,
      closes: claim.windowCloses,
      source: removal ? 'unconfirmed' : 'amazon_europe_2025',
    },
    state: claim.state,
    evidence: ORDER_EVIDENCE[claim.kind],
    note: claim.note,
    outcome: null,
    foundAt: now,
    updatedAt: now,
  };
}

/** Reimbursement reasons that pay each order kind (letters only, lower case). */
const ORDER_REASONS: Readonly<Record<OrderClaimKind, (reason: string) => boolean>> = {
  customer_return_not_returned: (r) => r === 'customerreturn' || r === 'customerserviceissue',
  customer_return_damaged: (r) =>
    r === 'customerreturn' || r === 'customerserviceissue' || r === 'damagedwarehouse',
  replacement_not_returned: (r) => r === 'customerreturn' || r === 'customerserviceissue',
  removal_lost_in_transit: (r) => r.startsWith('removal'),
  removal_short: (r) => r.startsWith('removal'),
};

/**
 * The reimbursements report's lines that pay an order claim: approved on or after the day it
 * was found (what was paid before is netted by the rule), for a reason that fits the kind,
 * naming one of the claim's orders and its SKU (any SKU when the claim spans several, or the
 * line names none). Only when every order of the claim is paid; a part payment leaves it open.
 */
export function orderPaymentsFor(
  claim: StoredClaim,
  rows: readonly OrderReimbursementRow[],
): OrderReimbursementRow[] {
  if (!isOrderKind(claim.kind)) return [];
  const fits = ORDER_REASONS[claim.kind];
  const orders = new Set(claim.subject.orders ?? []);
  const since = claim.foundAt.slice(0, 10);
  const { sku } = claim.subject;
  const paid = rows.filter(
    (row) =>
      orders.has(row.orderId) &&
      row.units > 0 &&
      row.amountTotal > 0 &&
      row.approvalDate >= since &&
      fits(row.reason.toLowerCase().replace(/[^a-z]/g, '')) &&
      (sku === null || row.sku === '' || row.sku === sku),
  );
  const named = new Set(paid.map((row) => row.orderId));
  return orders.size > 0 && [...orders].every((order) => named.has(order)) ? paid : [];
}

/**
 * The later lines paying some, not all, of an order claim's orders (the claim stays open for the
 * others); [] when none or all are paid.
 */
export function partialOrderPayments(
  claim: StoredClaim,
  rows: readonly OrderReimbursementRow[],
): OrderReimbursementRow[] {
  if (!isOrderKind(claim.kind) || (claim.subject.orders ?? []).length < 2) return [];
  if (orderPaymentsFor(claim, rows).length > 0) return [];
  // The same rule with each order alone: the lines that pay it.
  return (claim.subject.orders ?? []).flatMap((order) =>
    orderPaymentsFor({ ...claim, subject: { ...claim.subject, orders: [order] } }, rows),
  );
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
  if (isOrderKind(claim.kind) || claim.kind === INBOUND_KIND) return [];
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
 * - an order claim (customer returns, removals) is paid by a later line naming its orders
 *   (`orderPaymentsFor`); one whose kind's reports were read and none of whose orders is still
 *   owed (the units came back, or the seller counted them in) is closed; one whose reports were
 *   not read (a report or permission missing) follows the calendar.
 */
export function reconcileClaims(
  stored: readonly StoredClaim[],
  found: readonly (Claim | OrderClaim)[],
  rows: readonly ReimbursementRow[],
  options: {
    asOf: string;
    now: string;
    ledgerRead: boolean;
    /** The seller's unit costs, naming the invoice behind each. */
    costs?: UnitCosts;
    /** The reimbursements report's lines that name an order. */
    orderRows?: readonly OrderReimbursementRow[];
    /** The order kinds whose sources this audit read. */
    orderKindsRead?: ReadonlySet<OrderClaimKind>;
    /** Every order still owed for, by kind (`orderKey`), in the kinds read. */
    owed?: ReadonlySet<string>;
  },
): StoredClaim[] {
  const held = new Map(stored.map((claim) => [claim.id, claim]));
  const seen = new Set<string>();
  const out: StoredClaim[] = [];
  const paidOff = (claim: StoredClaim): StoredClaim | undefined => {
    const paid: readonly Pick<ReimbursementRow, 'amountTotal' | 'currency' | 'reimbursementId'>[] =
      isOrderKind(claim.kind)
        ? orderPaymentsFor(claim, options.orderRows ?? [])
        : paymentsFor(claim, rows);
    const first = paid[0];
    if (!first) return undefined;
    return {
      ...claim,
      state: 'reimbursed',
      outcome: {
        amount: round2(paid.reduce((sum, row) => sum + row.amountTotal, 0)),
        currency: first.currency || (claim.currency ?? ''),
        reimbursementIds: [...new Set(paid.map((row) => row.reimbursementId))].sort(),
        at: options.now,
      },
      updatedAt: options.now,
    };
  };
  /** An order claim paid for some of its orders: what was paid, the claim still open. */
  const partlyPaid = (claim: StoredClaim): StoredClaim | undefined => {
    const paid = partialOrderPayments(claim, options.orderRows ?? []);
    const first = paid[0];
    if (!first) return undefined;
    const partial = {
      orders: [...new Set(paid.map((row) => row.orderId))].sort(),
      amount: round2(paid.reduce((sum, row) => sum + row.amountTotal, 0)),
      currency: first.currency || (claim.currency ?? ''),
      reimbursementIds: [...new Set(paid.map((row) => row.reimbursementId))].sort(),
      at: paid.reduce((last, row) => (row.approvalDate > last ? row.approvalDate : last), ''),
    };
    if (JSON.stringify(claim.partial ?? null) === JSON.stringify(partial)) return undefined;
    return { ...claim, partial, updatedAt: options.now };
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
          ...(before.partial ? { partial: before.partial } : {}),
          foundAt: before.foundAt,
        }
      : fresh;
    // What Amazon already paid is never proposed, and a payment settles a held claim.
    const settled = paidOff(next);
    if (settled) {
      out.push(settled);
      continue;
    }
    const kept = partlyPaid(next) ?? next;
    if (!before || !sameClaim(before, kept)) out.push(kept);
  }
  for (const before of stored) {
    if (seen.has(before.id) || SETTLED.has(before.state) || before.kind === INBOUND_KIND) continue;
    const settled = paidOff(before);
    if (settled) {
      out.push(settled);
      continue;
    }
    // Amazon paid some of its orders: said on the claim, which stays open for the others.
    const held = partlyPaid(before) ?? before;
    // A warehouse loss gone from a ledger we did read (its event is within the range read),
    // with nothing paid: its units were found.
    if (
      (before.kind === 'warehouse_lost' || before.kind === 'warehouse_damaged') &&
      options.ledgerRead &&
      before.window.closes >= options.asOf
    ) {
      out.push({ ...before, state: 'closed', updatedAt: options.now });
      continue;
    }
    // An order claim whose reports were read and none of whose orders is still owed.
    const kind = before.kind;
    if (
      isOrderKind(kind) &&
      options.orderKindsRead?.has(kind) &&
      !(before.subject.orders ?? []).some((order) => options.owed?.has(orderKey(kind, order)))
    ) {
      out.push({ ...held, state: 'closed', updatedAt: options.now });
      continue;
    }
    const state =
      held.state === 'filed'
        ? held.state
        : stateOn(options.asOf, held.window.opens, held.window.closes);
    if (state !== held.state) out.push({ ...held, state, updatedAt: options.now });
    else if (held !== before) out.push(held);
  }
  return out;
}

/**
 * Why a claim cannot be marked as opened with Amazon: its window has not opened (Amazon is still
 * in time to pay by itself, and a premature claim harms the account), has closed, or Amazon
 * already paid it or its units were found.
 */
export type FilingRefusal = 'not_open_yet' | 'window_closed' | 'settled' | 'on_case';

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
  // An inbound shipment is filed from its case sheet, which keeps its status.
  if (claim.kind === INBOUND_KIND) return { refused: 'on_case' };
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
