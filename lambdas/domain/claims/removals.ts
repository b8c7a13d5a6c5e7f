/**
 * Removals Amazon owes for: pure, report rows and what the seller counted in, claims out. Facts
 * and windows: ../shared/design/claim-types.md. Amazon does not reimburse removals by itself.
 *
 * - Lost in transit: a removal order shipped with a tracking number (removal shipment detail)
 *   of which the seller recorded nothing received. Claimable 15 to 75 days after the removal
 *   was created (its request-date).
 * - Short: units the seller counted below what Amazon shipped (SKU by SKU); and units disposed on
 *   a return order (removal order detail: order-type Return, disposed-quantity), which the
 *   seller never asked to dispose of. Claimable within 60 days of delivery: we hold no delivery
 *   day, so the window counts from the last shipment day (earlier than the true deadline; the
 *   note says so); for disposed units from the order's last update.
 *
 * Only Amazon's shipment reports say what left; only the seller says what arrived: without
 * their count for a removal order no short or lost claim is proposed (it is counted instead).
 * Units Amazon reimbursed for the removal order and SKU are netted. One removal order per claim;
 * the reports name no marketplace. The expected amount is the seller's unit cost, when held.
 */
import { addDays, round2, stateOn, type UnitCosts } from './audit';
import { isCounted, summarizeRemovals } from './removal-count';
import type { OrderReimbursementRow, RemovalOrderRow, RemovalShipmentRow } from './reports';
import { reimbursedPool, type OrderClaim, type OrderClaimKind } from './returns';
import { windowRule } from './windows';

/** What the seller counted on arrival: removal order id → SKU → units received. */
export type RemovalDeliveries = Readonly<Record<string, Readonly<Record<string, number>>>>;

export interface RemovalsInput {
  orders: readonly RemovalOrderRow[];
  shipments: readonly RemovalShipmentRow[];
  /** Undefined when the seller recorded no deliveries at all. */
  deliveries: RemovalDeliveries | undefined;
  reimbursements: readonly OrderReimbursementRow[];
  costs: UnitCosts;
}

/** Days from the removal's creation (lost in transit), and from delivery (short). */
export const REMOVAL_WINDOWS = {
  removal_lost_in_transit: windowRule('removal_lost_in_transit'),
  removal_short: windowRule('removal_short'),
} as const;

interface Part {
  sku: string;
  fnsku: string | null;
  units: number;
}

export function auditRemovals(
  input: RemovalsInput,
  options: { asOf: string },
): { claims: OrderClaim[]; summary: { removal_delivery_not_recorded: number } } {
  const summary = { removal_delivery_not_recorded: 0 };
  const reimbursed = reimbursedPool(input.reimbursements);
  const claims: OrderClaim[] = [];

  const claim = (
    kind: OrderClaimKind,
    order: string,
    parts: Part[],
    opens: string,
    closes: string,
    note: string,
    tracking?: string[],
  ) => {
    const left = parts
      .map((p) => ({ ...p, units: reimbursed.take(order, p.sku, p.units) }))
      .filter((p) => p.units > 0);
    if (left.length === 0) return;
    const costs = left.map((p) => input.costs[p.sku]);
    const currencies = new Set(costs.map((c) => c?.currency.toUpperCase()));
    const priced = costs.every((c) => c !== undefined) && currencies.size === 1;
    const skus = new Set(left.map((p) => p.sku));
    const fnskus = new Set(left.map((p) => p.fnsku));
    claims.push({
      kind,
      sku: skus.size === 1 ? (left[0] as Part).sku : null,
      fnsku: fnskus.size === 1 ? (left[0] as Part).fnsku : null,
      reference: order,
      orders: [order],
      marketplace: null,
      units: left.reduce((sum, p) => sum + p.units, 0),
      amountPaid: 0,
      amountExpected: priced
        ? round2(left.reduce((sum, p) => sum + (input.costs[p.sku]?.amount ?? 0) * p.units, 0))
        : null,
      currency: priced ? ([...currencies][0] ?? null) : null,
      windowOpens: opens,
      windowCloses: closes,
      state: stateOn(options.asOf, opens, closes),
      note,
      ...(tracking ? { tracking } : {}),
    });
  };

  // What Amazon shipped, per removal order and SKU.
  for (const removal of summarizeRemovals(input.shipments)) {
    const order = removal.orderId;
    const counted = input.deliveries?.[order];
    if (!counted || !isCounted(removal, counted)) {
      summary.removal_delivery_not_recorded += 1;
      continue;
    }
    const skus: Part[] = removal.skus.map((p) => ({
      sku: p.sku,
      fnsku: p.fnsku,
      units: p.shipped,
    }));
    const lastShipped = removal.shippedOn;
    const tracked = removal.parcels.filter((p) => p.tracking !== '');
    const untracked = tracked.length < removal.parcels.length;
    const received = skus.reduce((sum, p) => sum + Math.max(0, counted[p.sku] ?? 0), 0);
    if (received === 0 && !untracked) {
      const window = REMOVAL_WINDOWS.removal_lost_in_transit;
      const tracking = [...new Set(tracked.map((p) => `${p.carrier} ${p.tracking}`.trim()))];
      const days = [...new Set(tracked.map((p) => p.shippedOn))].sort();
      claim(
        'removal_lost_in_transit',
        order,
        skus,
        addDays(removal.requestDate, window.opens),
        addDays(removal.requestDate, window.closes),
        `shipped ${days.join(', ')} with ${tracking.join(', ')}; the seller recorded nothing received`,
        tracking,
      );
      continue;
    }
    const short = skus
      .map((p) => ({ ...p, received: Math.max(0, counted[p.sku] ?? 0) }))
      .filter((p) => p.received < p.units);
    if (short.length === 0) continue;
    const window = REMOVAL_WINDOWS.removal_short;
    claim(
      'removal_short',
      order,
      short.map((p) => ({ sku: p.sku, fnsku: p.fnsku, units: p.units - p.received })),
      addDays(lastShipped, window.opens),
      addDays(lastShipped, window.closes),
      `${short.map((p) => `${p.sku} shipped ${p.units}, received ${p.received}`).join('; ')}${
        untracked ? '; shipped without a tracking number' : ''
      }; delivery day not held: window counted from the shipment day ${lastShipped}, to be confirmed`,
    );
  }

  // Units disposed on a return order: the seller asked for them back, not for a disposal.
  const disposed = new Map<string, RemovalOrderRow[]>();
  for (const row of input.orders) {
    if (row.orderType.trim().toLowerCase() !== 'return' || row.disposed <= 0) continue;
    const list = disposed.get(row.orderId) ?? [];
    list.push(row);
    disposed.set(row.orderId, list);
  }
  for (const [order, rows] of disposed) {
    const last = rows.reduce(
      (max, r) => (r.lastUpdatedDate > max ? r.lastUpdatedDate : max),
      rows[0]!.lastUpdatedDate,
    );
    const window = REMOVAL_WINDOWS.removal_short;
    claim(
      'removal_short',
      order,
      rows.map((r) => ({ sku: r.sku, fnsku: r.fnsku, units: r.disposed })),
      addDays(last, window.opens),
      addDays(last, window.closes),
      rows
        .map((r) => `${r.sku}: ${r.disposed} disposed on a return order, no disposal requested`)
        .join('; '),
    );
  }
  return { claims, summary };
}
