import type { ListedItem } from '../../domain/sync/discrepancy';
import { marketplaceKeys } from './keys';

/** Rows written by the sync; demo shipments (DEMO001–DEMO003) carry another source. */
export const SYNC_SOURCE = 'spapi';
/** Rows written by the signed-in demo sync (spec 7.3), removed by the demo reset. */
export const DEMO_SOURCE = 'demo';

/** A shipment item row: the spec's shipment_items fields. */
export interface ShipmentItemRow {
  PK: string;
  SK: string;
  type: 'shipment_item';
  source: string;
  user_id: string;
  shipment_id: string;
  marketplace_id: string;
  sku: string;
  asin: string | null;
  title: string | null;
  units_expected: number;
  units_found: number;
  discrepancy: number;
}

export function shipmentItemRow(
  userId: string,
  shipmentId: string,
  marketplaceId: string,
  item: ListedItem,
): ShipmentItemRow {
  return {
    ...marketplaceKeys.shipmentItem(userId, shipmentId, item.sku),
    type: 'shipment_item',
    source: SYNC_SOURCE,
    user_id: userId,
    shipment_id: shipmentId,
    marketplace_id: marketplaceId,
    sku: item.sku,
    asin: item.asin,
    title: item.title,
    units_expected: item.unitsExpected,
    units_found: item.unitsFound,
    discrepancy: item.discrepancy,
  };
}

export function toListedItem(row: ShipmentItemRow): ListedItem {
  return {
    sku: row.sku,
    asin: row.asin ?? null,
    title: row.title ?? null,
    unitsExpected: row.units_expected,
    unitsFound: row.units_found,
    discrepancy: row.discrepancy,
  };
}
