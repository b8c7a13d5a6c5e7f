/**
 * The discrepancy engine: which inbound shipments lost units, and which SKUs in them.
 * Rules (spapi-simulator.md, "Discrepancy rules"): closed shipments of the connected
 * marketplace last updated inside the lookback window; a missing received quantity counts as
 * 0; a shipment is listed when expected − found > 0, an item when its own shipped − received
 * > 0; ASIN and title come from the inventory summaries, null when the SKU is not there.
 */

/** The only shipment status whose counts are final. */
export const CLOSED = 'CLOSED';

/** An instant range in epoch milliseconds, both ends inclusive. */
export interface TimeRange {
  from: number;
  to: number;
}

/** A shipment as the sync saw it. */
export interface InboundShipment {
  shipmentId: string;
  shipmentName: string;
  status: string;
  fcCode: string | null;
  marketplaceId: string;
  /**
   * Where the shipment's last update lies. Amazon's getShipments does not return the date, only
   * filters on it, so the sync knows it up to the range it asked for.
   */
  lastUpdated: TimeRange;
}

/** One line of a shipment. */
export interface InboundItem {
  shipmentId: string;
  sku: string;
  quantityShipped: number;
  /** Absent until Amazon has counted anything. */
  quantityReceived?: number | null;
}

/** What the inventory summaries say about a SKU. */
export interface CatalogEntry {
  asin: string | null;
  title: string | null;
}

export interface ListedItem {
  sku: string;
  asin: string | null;
  title: string | null;
  unitsExpected: number;
  unitsFound: number;
  discrepancy: number;
}

export interface ListedShipment {
  shipmentId: string;
  shipmentName: string;
  fcCode: string | null;
  status: typeof CLOSED;
  marketplaceId: string;
  lastUpdated: TimeRange;
  /**
   * The latest moment the shipment can have closed, as the first sync that saw it closed
   * bounds it (epoch ms): kept from sync to sync, the earliest bound wins.
   */
  closedBy?: number;
  /** When a sync first wrote the shipment (ISO); kept from sync to sync. */
  firstSyncedAt?: string;
  /** The last receipt Amazon's inventory ledger records for it (ISO); kept until the ledger says otherwise. */
  ledgerReceivedAt?: string | null;
  unitsExpected: number;
  unitsFound: number;
  discrepancy: number;
  /** Only the SKUs short on their own, sorted by SKU. */
  items: ListedItem[];
}

export interface DiscrepancyRules {
  /** The connected marketplace; every other marketplace is ignored. */
  marketplaceId: string;
  /** The sync's look-back (`SYNC_LOOKBACK_MONTHS` back from now, `claim-windows.ts`). */
  window: TimeRange;
}

export interface DiscrepancyResult {
  /** Shipments with a shortfall, sorted by id. */
  listed: ListedShipment[];
  /**
   * Every shipment the rules looked at (closed, connected marketplace, inside the window),
   * listed or not: a previously listed shipment in this set that is no longer listed has been
   * put right at the source and leaves the listing.
   */
  considered: string[];
}

/** Code-unit order, the order `example-expected.json` and the CLI print. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether a shipment falls under the rules: closed, of the connected marketplace, and possibly
 * last updated inside the window (its known update range overlaps the window).
 */
export function isConsidered(shipment: InboundShipment, rules: DiscrepancyRules): boolean {
  return (
    shipment.status === CLOSED &&
    shipment.marketplaceId === rules.marketplaceId &&
    shipment.lastUpdated.to >= rules.window.from &&
    shipment.lastUpdated.from <= rules.window.to
  );
}

function received(item: InboundItem): number {
  return item.quantityReceived ?? 0;
}

/**
 * Computes the shipments and items to list.
 *
 * The same SKU twice in one shipment is read as two lines of one product and summed, so the
 * item's discrepancy is its total shipped minus its total received. A shipment seen twice
 * (for instance on two overlapping pages) counts once. The result does not depend on the order
 * of the inputs.
 */
export function computeDiscrepancies(
  input: {
    shipments: readonly InboundShipment[];
    items: readonly InboundItem[];
    catalog: ReadonlyMap<string, CatalogEntry>;
  },
  rules: DiscrepancyRules,
): DiscrepancyResult {
  const considered = new Map<string, InboundShipment>();
  for (const shipment of input.shipments) {
    if (isConsidered(shipment, rules) && !considered.has(shipment.shipmentId)) {
      considered.set(shipment.shipmentId, shipment);
    }
  }

  const lines = new Map<string, Map<string, { shipped: number; received: number }>>();
  for (const item of input.items) {
    if (!considered.has(item.shipmentId)) continue;
    const bySku = lines.get(item.shipmentId) ?? new Map();
    const line = bySku.get(item.sku) ?? { shipped: 0, received: 0 };
    line.shipped += item.quantityShipped;
    line.received += received(item);
    bySku.set(item.sku, line);
    lines.set(item.shipmentId, bySku);
  }

  const listed: ListedShipment[] = [];
  for (const shipment of considered.values()) {
    const bySku = lines.get(shipment.shipmentId) ?? new Map();
    let unitsExpected = 0;
    let unitsFound = 0;
    const items: ListedItem[] = [];
    for (const [sku, line] of bySku) {
      unitsExpected += line.shipped;
      unitsFound += line.received;
      const discrepancy = line.shipped - line.received;
      if (discrepancy > 0) {
        const entry = input.catalog.get(sku);
        items.push({
          sku,
          asin: entry?.asin ?? null,
          title: entry?.title ?? null,
          unitsExpected: line.shipped,
          unitsFound: line.received,
          discrepancy,
        });
      }
    }
    const discrepancy = unitsExpected - unitsFound;
    if (discrepancy <= 0) continue;
    items.sort((a, b) => compareCodeUnits(a.sku, b.sku));
    listed.push({
      shipmentId: shipment.shipmentId,
      shipmentName: shipment.shipmentName,
      fcCode: shipment.fcCode,
      status: CLOSED,
      marketplaceId: shipment.marketplaceId,
      lastUpdated: shipment.lastUpdated,
      unitsExpected,
      unitsFound,
      discrepancy,
      items,
    });
  }
  listed.sort((a, b) => compareCodeUnits(a.shipmentId, b.shipmentId));
  return { listed, considered: [...considered.keys()].sort(compareCodeUnits) };
}

/**
 * The SKUs whose ASIN and title the listing needs: those of listed items only, so the sync
 * asks the inventory API about nothing else.
 */
export function skusNeedingCatalog(listed: readonly ListedShipment[]): string[] {
  return [...new Set(listed.flatMap((s) => s.items.map((i) => i.sku)))].sort(compareCodeUnits);
}

/** A listed shipment with ASIN and title filled in from the catalog. */
export function withCatalog(
  listed: readonly ListedShipment[],
  catalog: ReadonlyMap<string, CatalogEntry>,
): ListedShipment[] {
  return listed.map((shipment) => ({
    ...shipment,
    items: shipment.items.map((item) => ({
      ...item,
      asin: catalog.get(item.sku)?.asin ?? null,
      title: catalog.get(item.sku)?.title ?? null,
    })),
  }));
}
