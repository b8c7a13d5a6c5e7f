import { compareCodeUnits, type ListedItem, type ListedShipment } from './discrepancy';

/**
 * How the stored listing moves to a newly computed one, shipment by shipment. A change holds
 * a shipment's header and its items together so the store can write each shipment in one
 * transaction: a reader never sees a header whose totals disagree with its items.
 */
export interface ShipmentChange {
  shipmentId: string;
  kind: 'added' | 'updated' | 'removed';
  /** The header to write; null when the shipment leaves the listing. */
  header: ListedShipment | null;
  /** Items to write (new or changed). */
  putItems: ListedItem[];
  /** Items to delete; for a removed shipment, every stored item. */
  deleteSkus: string[];
}

/** The counts a change set adds to a sync run. */
export interface ChangeCounts {
  shipmentsAdded: number;
  shipmentsUpdated: number;
  shipmentsRemoved: number;
  itemsWritten: number;
  itemsRemoved: number;
}

function sameItem(a: ListedItem, b: ListedItem): boolean {
  return (
    a.sku === b.sku &&
    a.asin === b.asin &&
    a.title === b.title &&
    a.unitsExpected === b.unitsExpected &&
    a.unitsFound === b.unitsFound &&
    a.discrepancy === b.discrepancy
  );
}

/**
 * Whether two listed shipments show the same thing. The update range is bookkeeping, not
 * listing: a repeat sync that merely sees the shipment through a different window changes
 * nothing.
 */
export function sameHeader(a: ListedShipment, b: ListedShipment): boolean {
  return (
    a.shipmentId === b.shipmentId &&
    a.shipmentName === b.shipmentName &&
    a.fcCode === b.fcCode &&
    a.status === b.status &&
    a.marketplaceId === b.marketplaceId &&
    a.unitsExpected === b.unitsExpected &&
    a.unitsFound === b.unitsFound &&
    a.discrepancy === b.discrepancy
  );
}

/**
 * The changes that turn `stored` into `next` for the shipments in `scope` (those the sync
 * looked at). Stored shipments outside the scope are left alone: an incremental sync says
 * nothing about shipments that did not change at the source. Applying the result and diffing
 * again yields no change, which is what makes a repeat sync a no-op.
 */
export function diffListing(
  stored: readonly ListedShipment[],
  next: readonly ListedShipment[],
  scope: ReadonlySet<string>,
): ShipmentChange[] {
  const storedById = new Map(stored.map((s) => [s.shipmentId, s]));
  const nextIds = new Set(next.map((s) => s.shipmentId));
  const changes: ShipmentChange[] = [];

  for (const shipment of next) {
    const before = storedById.get(shipment.shipmentId);
    if (!before) {
      changes.push({
        shipmentId: shipment.shipmentId,
        kind: 'added',
        header: shipment,
        putItems: shipment.items,
        deleteSkus: [],
      });
      continue;
    }
    const beforeItems = new Map(before.items.map((i) => [i.sku, i]));
    const putItems = shipment.items.filter((item) => {
      const old = beforeItems.get(item.sku);
      return !old || !sameItem(old, item);
    });
    const nextSkus = new Set(shipment.items.map((i) => i.sku));
    const deleteSkus = before.items.map((i) => i.sku).filter((sku) => !nextSkus.has(sku));
    if (sameHeader(before, shipment) && putItems.length === 0 && deleteSkus.length === 0) continue;
    changes.push({
      shipmentId: shipment.shipmentId,
      kind: 'updated',
      header: shipment,
      putItems,
      deleteSkus,
    });
  }

  for (const before of stored) {
    if (nextIds.has(before.shipmentId) || !scope.has(before.shipmentId)) continue;
    changes.push({
      shipmentId: before.shipmentId,
      kind: 'removed',
      header: null,
      putItems: [],
      deleteSkus: before.items.map((i) => i.sku),
    });
  }
  return changes.sort((a, b) => compareCodeUnits(a.shipmentId, b.shipmentId));
}

/** The listing after the changes, as the store will hold it. */
export function applyChanges(
  stored: readonly ListedShipment[],
  changes: readonly ShipmentChange[],
): ListedShipment[] {
  const byId = new Map(stored.map((s) => [s.shipmentId, s]));
  for (const change of changes) {
    if (!change.header) {
      byId.delete(change.shipmentId);
      continue;
    }
    const before = byId.get(change.shipmentId);
    const items = new Map((before?.items ?? []).map((i) => [i.sku, i]));
    for (const sku of change.deleteSkus) items.delete(sku);
    for (const item of change.putItems) items.set(item.sku, item);
    byId.set(change.shipmentId, {
      ...change.header,
      items: [...items.values()].sort((a, b) => compareCodeUnits(a.sku, b.sku)),
    });
  }
  return [...byId.values()].sort((a, b) => compareCodeUnits(a.shipmentId, b.shipmentId));
}

/** Adds up what a change set writes and deletes. */
export function countChanges(changes: readonly ShipmentChange[]): ChangeCounts {
  const counts: ChangeCounts = {
    shipmentsAdded: 0,
    shipmentsUpdated: 0,
    shipmentsRemoved: 0,
    itemsWritten: 0,
    itemsRemoved: 0,
  };
  for (const change of changes) {
    if (change.kind === 'added') counts.shipmentsAdded += 1;
    else if (change.kind === 'updated') counts.shipmentsUpdated += 1;
    else counts.shipmentsRemoved += 1;
    counts.itemsWritten += change.putItems.length;
    counts.itemsRemoved += change.deleteSkus.length;
  }
  return counts;
}
