/**
 * What a removal brought back, as the seller counts it (issue 32): the removal orders Amazon
 * shipped back (removal shipment report, read by the hourly audit) are kept as a short summary
 * per order, listed to the seller until they say how many units arrived per SKU; the next audit
 * turns a count below what Amazon shipped into a removal_short claim (removals.ts), a count of
 * nothing on a tracked removal into removal_lost_in_transit, a full count into nothing. Pure: the
 * table and the clock are ports.
 */
import { ReasonedRefusal, type Refusal } from '../errors';
import type { MessageKey } from '../messages';
import type {
  RemovalCountBody,
  RemovalListQuery,
  RemovalListResponse,
  RemovalView,
} from './contract';
import type { RemovalShipmentRow } from './reports';

/** A removal order as Amazon's shipment report tells it. */
export interface RemovalSummary {
  orderId: string;
  /** The earliest request day of its lines. */
  requestDate: string;
  /** The last shipment day (we hold no delivery day). */
  shippedOn: string;
  /** Each parcel: its day, carrier and tracking number ('' when the report gives none). */
  parcels: { shippedOn: string; carrier: string; tracking: string }[];
  /** Units shipped per SKU, in the report's order. */
  skus: { sku: string; fnsku: string | null; shipped: number }[];
}

/** A summary as stored, with the seller's count once given. */
export interface StoredRemoval extends RemovalSummary {
  /** Units received per SKU; null until the seller counted. */
  received: Record<string, number> | null;
  countedAt: string | null;
}

/**
 * Whether a shipment line went back to the seller: a liquidation goes to a liquidator and a
 * disposal nowhere, so the seller has nothing to count and Amazon nothing to owe for transit. A
 * report without the order type is read as before (every shipment the seller's).
 */
const toSeller = (row: RemovalShipmentRow) => {
  const type = row.orderType.trim().toLowerCase();
  return type === '' || type === 'return';
};

/**
 * The removal orders with units shipped back to the seller, one summary each, in the report's
 * order.
 */
export function summarizeRemovals(rows: readonly RemovalShipmentRow[]): RemovalSummary[] {
  const byOrder = new Map<string, RemovalSummary>();
  for (const row of rows) {
    if (row.shipped <= 0 || !toSeller(row)) continue;
    let summary = byOrder.get(row.orderId);
    if (!summary) {
      summary = {
        orderId: row.orderId,
        requestDate: row.requestDate,
        shippedOn: row.shipmentDate,
        parcels: [],
        skus: [],
      };
      byOrder.set(row.orderId, summary);
    }
    if (row.requestDate < summary.requestDate) summary.requestDate = row.requestDate;
    if (row.shipmentDate > summary.shippedOn) summary.shippedOn = row.shipmentDate;
    const parcel = {
      shippedOn: row.shipmentDate,
      carrier: row.carrier,
      tracking: row.trackingNumber,
    };
    if (
      !summary.parcels.some(
        (p) =>
          p.shippedOn === parcel.shippedOn &&
          p.carrier === parcel.carrier &&
          p.tracking === parcel.tracking,
      )
    ) {
      summary.parcels.push(parcel);
    }
    const part = summary.skus.find((p) => p.sku === row.sku);
    if (part) part.shipped += row.shipped;
    else summary.skus.push({ sku: row.sku, fnsku: row.fnsku, shipped: row.shipped });
  }
  return [...byOrder.values()];
}

/** Counted: the seller gave a number for each of the removal's SKUs. */
export function isCounted(
  summary: RemovalSummary,
  received: Readonly<Record<string, number>> | null | undefined,
): boolean {
  return !!received && summary.skus.every((p) => received[p.sku] !== undefined);
}

export type RemovalCountRefusal = 'skus' | 'over_shipped';

/**
 * A count fits its removal when it names each of its SKUs once, no other, and no more units than
 * Amazon shipped of each (more would be a typing slip: nothing is owed for it).
 */
export function checkRemovalCount(
  summary: RemovalSummary,
  received: RemovalCountBody['received'],
): { received: Record<string, number> } | { refused: RemovalCountRefusal } {
  const shipped = new Map(summary.skus.map((p) => [p.sku, p.shipped]));
  if (received.length !== shipped.size || received.some((r) => !shipped.has(r.sku)))
    return { refused: 'skus' };
  if (received.some((r) => r.units > (shipped.get(r.sku) ?? 0))) return { refused: 'over_shipped' };
  return { received: Object.fromEntries(received.map((r) => [r.sku, r.units])) };
}

const REMOVAL_REFUSALS = {
  not_found: { kind: 'not_found', messageKey: 'removalNotFound' },
  skus: { kind: 'invalid_input', messageKey: 'removalCountSkus' },
  over_shipped: { kind: 'invalid_input', messageKey: 'removalCountOverShipped' },
  changed: { kind: 'conflict', messageKey: 'removalChanged' },
} as const satisfies Record<string, Refusal & { messageKey: MessageKey }>;

export class RemovalCountRefused extends ReasonedRefusal<keyof typeof REMOVAL_REFUSALS> {
  constructor(reason: keyof typeof REMOVAL_REFUSALS) {
    super(reason, REMOVAL_REFUSALS, { details: reason === 'not_found' ? undefined : { reason } });
  }
}

export interface RemovalCountDeps {
  getRemoval(userId: string, orderId: string): Promise<StoredRemoval | undefined>;
  /**
   * Stores the count on the removal as read (`removal`); undefined when the removal changed in
   * the meantime (a later report added a SKU), so the count is checked again.
   */
  saveCount(
    userId: string,
    removal: StoredRemoval,
    received: Record<string, number>,
    at: string,
  ): Promise<StoredRemoval | undefined>;
  clock: { now(): number };
}

export function toRemovalView(removal: StoredRemoval): RemovalView {
  return {
    removal_order_id: removal.orderId,
    request_date: removal.requestDate,
    shipped_on: removal.shippedOn,
    parcels: removal.parcels.map((p) => ({
      shipped_on: p.shippedOn,
      carrier: p.carrier || null,
      tracking: p.tracking || null,
    })),
    skus: removal.skus,
    received: removal.received,
    counted_at: removal.countedAt,
  };
}

const sameCount = (a: Record<string, number> | null, b: Record<string, number>) =>
  !!a &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.keys(b).every((k) => a[k] === b[k]);

/**
 * `PUT /api/removals/{id}/received`: the units that arrived per SKU, for one of the caller's
 * removals. The same count again changes nothing; another replaces it.
 */
export async function recordRemovalCount(
  deps: RemovalCountDeps,
  userId: string,
  orderId: string,
  received: RemovalCountBody['received'],
): Promise<{ removal: RemovalView }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const removal = await deps.getRemoval(userId, orderId);
    if (!removal) throw new RemovalCountRefused('not_found');
    const checked = checkRemovalCount(removal, received);
    if ('refused' in checked) throw new RemovalCountRefused(checked.refused);
    if (sameCount(removal.received, checked.received)) return { removal: toRemovalView(removal) };
    const at = new Date(deps.clock.now()).toISOString();
    const saved = await deps.saveCount(userId, removal, checked.received, at);
    if (saved) return { removal: toRemovalView(saved) };
  }
  throw new RemovalCountRefused('changed');
}

/** `GET /api/removals`: one page of the removals the seller has not counted, oldest first. */
export async function listRemovalsToCount(
  page: (
    userId: string,
    request: { cursor?: string | undefined; pageSize: number },
  ) => Promise<{ removals: StoredRemoval[]; cursor: string | null }>,
  userId: string,
  query: RemovalListQuery,
): Promise<RemovalListResponse> {
  const found = await page(userId, { ...query, pageSize: query.limit });
  return { removals: found.removals.map(toRemovalView), cursor: found.cursor };
}
