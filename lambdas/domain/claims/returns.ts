/**
 * Customer returns Amazon owes for: pure, report rows and refunds in, claims out. Facts and
 * windows: ../shared/design/claim-types.md (Amazon Europe, Jan 2025: 45–105 days after the
 * refund).
 *
 * - Refunded, not returned: an FBA refund (Finances v2024-06-19, item fulfillmentNetwork AFN)
 *   whose order and SKU did not come back (customer returns report) and that Amazon did not
 *   reimburse (reimbursements report, same order id and SKU). Claimable from day 46 (more than
 *   45 days after the refund) to day 105.
 * - Returned damaged: a return whose detailed-disposition puts the fault on Amazon or its carrier
 *   (CARRIER_DAMAGED, DAMAGED, DISTRIBUTOR_DAMAGED; or reason DAMAGED_BY_CARRIER / DAMAGED_BY_FC)
 *   and not reimbursed; the window counts from the order's refund, or from the return day when
 *   we hold no refund (the note says so).
 * - Replacement not returned: a replacement shipped while the original order and SKU never came
 *   back, and not reimbursed (original or replacement order id); window from the replacement's
 *   shipment day.
 *
 * Units are netted oldest first; a reimbursement without SKU covers any SKU of its order. Claims
 * open now are grouped, at most 5 orders per claim and one marketplace (and currency) per claim;
 * those still waiting or expired stay one per order, each with its own window.
 */
import { addDays, round2, stateOn, type Claim, type ClaimState } from './audit';
import type { CustomerReturnRow, OrderReimbursementRow, ReplacementRow } from './reports';
import type { Refund } from './transactions';
import { windowRule } from './windows';

export type OrderClaimKind =
  | 'customer_return_not_returned'
  | 'customer_return_damaged'
  | 'replacement_not_returned'
  | 'removal_lost_in_transit'
  | 'removal_short';

/** A claim about orders (customer orders or a removal order), with its marketplace. */
export interface OrderClaim extends Omit<Claim, 'kind'> {
  kind: OrderClaimKind;
  /** The marketplace id; null when no report or transaction we hold says it. */
  marketplace: string | null;
  /** The order ids the claim names (the reference is them, comma-separated). */
  orders: string[];
  /** A removal lost in transit: the carrier and tracking number of each shipment. */
  tracking?: string[];
  /** Each order's part: its units and what it is worth (null when we hold no amount). */
  byOrder?: Record<string, { units: number; amount: number | null }>;
}

export interface CustomerReturnsInput {
  refunds: readonly Refund[];
  returns: readonly CustomerReturnRow[];
  replacements: readonly ReplacementRow[];
  reimbursements: readonly OrderReimbursementRow[];
  /** The marketplace of orders any transaction names (for replacements). */
  marketplaceByOrder?: ReadonlyMap<string, string>;
}

/** Days after the refund (or replacement): the window opens after day 45 and closes on day 105. */
export const RETURN_WINDOW = windowRule('customer_return_not_returned');
/** Orders per claim at most (sellers' own advice: a few orders per claim). */
export const ORDERS_PER_CLAIM = 5;

const AMAZON_FAULT_DISPOSITIONS = new Set(['CARRIER_DAMAGED', 'DAMAGED', 'DISTRIBUTOR_DAMAGED']);
const AMAZON_FAULT_REASONS = new Set(['DAMAGED_BY_CARRIER', 'DAMAGED_BY_FC']);

const code = (value: string) =>
  value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

/** Units per order and SKU that can be taken once (returns, reimbursements). */
export class UnitPool {
  private readonly units = new Map<string, number>();
  add(order: string, sku: string, units: number) {
    const key = `${order}\t${sku}`;
    this.units.set(key, (this.units.get(key) ?? 0) + units);
  }
  /** Takes up to `wanted` units of the order and SKU (then of the order with no SKU): what is left. */
  take(order: string, sku: string, wanted: number): number {
    let left = wanted;
    for (const key of [`${order}\t${sku}`, `${order}\t`]) {
      const have = this.units.get(key) ?? 0;
      if (left <= 0 || have <= 0) continue;
      const taken = Math.min(have, left);
      this.units.set(key, have - taken);
      left -= taken;
    }
    return left;
  }
}

export function reimbursedPool(rows: readonly OrderReimbursementRow[]): UnitPool {
  const pool = new UnitPool();
  for (const row of rows) pool.add(row.orderId, row.sku, row.units);
  return pool;
}

/** One order's part of a claim. */
export interface ClaimLine {
  order: string;
  sku: string;
  fnsku: string | null;
  units: number;
  amount: number | null;
  currency: string | null;
  marketplace: string | null;
  opens: string;
  closes: string;
  note: string;
}

/**
 * Lines to claims: lines open on `asOf` grouped by marketplace and currency, at most
 * `ORDERS_PER_CLAIM` orders each (an order's lines stay together), soonest deadline first; the
 * others one claim per order and window.
 */
export function groupLines(
  kind: OrderClaimKind,
  lines: readonly ClaimLine[],
  asOf: string,
): OrderClaim[] {
  const groups = new Map<string, ClaimLine[][]>();
  const sorted = [...lines].sort((a, b) =>
    a.closes !== b.closes ? (a.closes < b.closes ? -1 : 1) : a.order < b.order ? -1 : 1,
  );
  for (const line of sorted) {
    const state = stateOn(asOf, line.opens, line.closes);
    const key =
      state === 'claim_now'
        ? `${line.marketplace ?? ''}\t${line.currency ?? ''}`
        : `${line.order}\t${line.opens}\t${line.closes}`;
    const chunks = groups.get(key) ?? [];
    groups.set(key, chunks);
    const last = chunks[chunks.length - 1];
    const orders = new Set(last?.map((l) => l.order));
    if (last && (orders.has(line.order) || orders.size < ORDERS_PER_CLAIM)) last.push(line);
    else chunks.push([line]);
  }
  const claims: OrderClaim[] = [];
  for (const chunk of [...groups.values()].flat()) claims.push(toClaim(kind, chunk, asOf));
  return claims.sort((a, b) =>
    (a.marketplace ?? '') !== (b.marketplace ?? '')
      ? (a.marketplace ?? '') < (b.marketplace ?? '')
        ? -1
        : 1
      : a.windowCloses !== b.windowCloses
        ? a.windowCloses < b.windowCloses
          ? -1
          : 1
        : a.reference < b.reference
          ? -1
          : 1,
  );
}

function toClaim(kind: OrderClaimKind, lines: ClaimLine[], asOf: string): OrderClaim {
  const first = lines[0] as ClaimLine;
  const orders = [...new Set(lines.map((l) => l.order))];
  const only = <T>(values: T[]): T | null =>
    new Set(values).size === 1 ? (values[0] ?? null) : null;
  const opens = lines.reduce((max, l) => (l.opens > max ? l.opens : max), first.opens);
  const closes = lines.reduce((min, l) => (l.closes < min ? l.closes : min), first.closes);
  const amounts = lines.map((l) => l.amount);
  const state: ClaimState = stateOn(asOf, opens, closes);
  const byOrder: Record<string, { units: number; amount: number | null }> = {};
  for (const line of lines) {
    const part = (byOrder[line.order] ??= { units: 0, amount: 0 });
    part.units += line.units;
    part.amount =
      part.amount === null || line.amount === null ? null : round2(part.amount + line.amount);
  }
  return {
    kind,
    sku: only(lines.map((l) => l.sku)),
    fnsku: only(lines.map((l) => l.fnsku)),
    reference: orders.join(','),
    orders,
    marketplace: first.marketplace,
    units: lines.reduce((sum, l) => sum + l.units, 0),
    amountPaid: 0,
    amountExpected: amounts.every((a) => a !== null)
      ? round2(amounts.reduce((sum: number, a) => sum + (a ?? 0), 0))
      : null,
    currency: first.currency,
    windowOpens: opens,
    windowCloses: closes,
    state,
    note: lines.map((l) => l.note).join('; '),
    byOrder,
  };
}

const returnWindow = (day: string) => ({
  opens: addDays(day, RETURN_WINDOW.opens),
  closes: addDays(day, RETURN_WINDOW.closes),
});

/** `<kind>\t<order id>`: an order's part in a claim of a kind. */
export const orderKey = (kind: OrderClaimKind, order: string) => `${kind}\t${order}`;

export function auditCustomerReturns(
  input: CustomerReturnsInput,
  options: {
    asOf: string;
    /**
     * Orders already in a stored claim of the kind (`orderKey`): left out of the new claims, so
     * an order is never claimed twice however the open ones group on a later day.
     */
    held?: ReadonlySet<string>;
  },
): {
  claims: OrderClaim[];
  summary: { refund_network_unknown: number };
  /** Every order still owed for, by kind (`orderKey`), held or not. */
  owed: Set<string>;
} {
  const summary = { refund_network_unknown: 0 };
  const returned = new UnitPool();
  for (const row of input.returns) returned.add(row.orderId, row.sku, row.quantity);
  const reimbursed = reimbursedPool(input.reimbursements);

  // Refunds, oldest first: units neither returned nor reimbursed.
  const refunds = [...input.refunds].sort((a, b) =>
    a.postedDay < b.postedDay ? -1 : a.postedDay > b.postedDay ? 1 : a.index - b.index,
  );
  const refundOf = new Map<
    string,
    { refund: Refund; perUnit: Map<string, { amount: number | null; currency: string | null }> }
  >();
  const notReturned: ClaimLine[] = [];
  for (const refund of refunds) {
    for (const item of refund.items) {
      const perUnit =
        item.amount === null || item.quantity === 0 ? null : Math.abs(item.amount) / item.quantity;
      const known = refundOf.get(refund.orderId) ?? { refund, perUnit: new Map() };
      if (!known.perUnit.has(item.sku)) {
        known.perUnit.set(item.sku, { amount: perUnit, currency: item.currency });
      }
      refundOf.set(refund.orderId, known);
      if (item.fulfillmentNetwork === null) {
        summary.refund_network_unknown += 1;
        continue;
      }
      if (item.fulfillmentNetwork !== 'AFN') continue;
      const left = reimbursed.take(
        refund.orderId,
        item.sku,
        returned.take(refund.orderId, item.sku, item.quantity),
      );
      if (left <= 0) continue;
      notReturned.push({
        order: refund.orderId,
        sku: item.sku,
        fnsku: null,
        units: left,
        amount: perUnit === null ? null : perUnit * left,
        currency: item.currency,
        marketplace: refund.marketplaceId,
        ...returnWindow(refund.postedDay),
        note: `${refund.orderId} ${item.sku} ×${left} refunded ${refund.postedDay}`,
      });
    }
  }

  // Returns Amazon or its carrier damaged.
  const damaged: ClaimLine[] = [];
  for (const row of input.returns) {
    const fault =
      AMAZON_FAULT_DISPOSITIONS.has(code(row.detailedDisposition)) ||
      AMAZON_FAULT_REASONS.has(code(row.reason));
    if (!fault || row.quantity <= 0 || /reimburs/i.test(row.status)) continue;
    const left = reimbursed.take(row.orderId, row.sku, row.quantity);
    if (left <= 0) continue;
    const known = refundOf.get(row.orderId);
    const price = known?.perUnit.get(row.sku);
    const perUnit = price?.amount ?? null;
    const disposition = row.detailedDisposition || row.reason;
    damaged.push({
      order: row.orderId,
      sku: row.sku,
      fnsku: row.fnsku,
      units: left,
      amount: perUnit === null ? null : perUnit * left,
      currency: perUnit === null ? null : (price?.currency ?? null),
      marketplace:
        known?.refund.marketplaceId ?? input.marketplaceByOrder?.get(row.orderId) ?? null,
      ...returnWindow(known ? known.refund.postedDay : row.returnDate),
      note: known
        ? `${row.orderId} ${row.sku} ×${left} returned ${row.returnDate} ${disposition}, refunded ${known.refund.postedDay}`
        : `${row.orderId} ${row.sku} ×${left} returned ${row.returnDate} ${disposition}; no refund held: window counted from the return, to be confirmed`,
    });
  }

  // Replacements whose original never came back.
  const replaced: ClaimLine[] = [];
  for (const row of input.replacements) {
    if (row.quantity <= 0) continue;
    let left = returned.take(row.originalOrderId, row.sku, row.quantity);
    left = reimbursed.take(row.originalOrderId, row.sku, left);
    if (row.replacementOrderId) left = reimbursed.take(row.replacementOrderId, row.sku, left);
    if (left <= 0) continue;
    replaced.push({
      order: row.originalOrderId,
      sku: row.sku,
      fnsku: null,
      units: left,
      amount: null,
      currency: null,
      marketplace:
        input.marketplaceByOrder?.get(row.originalOrderId) ??
        input.marketplaceByOrder?.get(row.replacementOrderId) ??
        null,
      ...returnWindow(row.shipmentDate),
      note: `${row.originalOrderId} ${row.sku} ×${left} not returned; replacement ${row.replacementOrderId || '(no order id)'} shipped ${row.shipmentDate}`,
    });
  }

  const owed = new Set<string>();
  const group = (kind: OrderClaimKind, lines: ClaimLine[]) => {
    for (const line of lines) owed.add(orderKey(kind, line.order));
    const fresh = lines.filter((line) => !options.held?.has(orderKey(kind, line.order)));
    return groupLines(kind, fresh, options.asOf);
  };
  return {
    claims: [
      ...group('customer_return_not_returned', notReturned),
      ...group('customer_return_damaged', damaged),
      ...group('replacement_not_returned', replaced),
    ],
    summary,
    owed,
  };
}
