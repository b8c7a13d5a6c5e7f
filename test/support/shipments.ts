import { applyShipmentChanges } from '../../lambdas/adapters/dynamo/shipments';
import type { ListedShipment } from '../../lambdas/domain/sync/discrepancy';
import { diffListing } from '../../lambdas/domain/sync/listing';

/**
 * Synced shipments for tests and benches, written through the sync's own adapter (each shipment
 * with its items in one transaction, several at once).
 */

export const IT_MARKETPLACE = 'APJ6JRA9NG5V4';

/** A closed shipment last updated at `updatedAt`, `skus` SKUs each short of `shortBy` units. */
export function closedShipment(
  id: string,
  updatedAt: number,
  options: { skus?: number; shortBy?: number; marketplaceId?: string } = {},
): ListedShipment {
  const skus = options.skus ?? 10;
  const shortBy = options.shortBy ?? 1;
  const items = Array.from({ length: skus }, (_, i) => ({
    sku: `SKU-${String(i + 1).padStart(2, '0')}`,
    asin: `B0${String(i + 1).padStart(8, '0')}`,
    title: `Prodotto ${i + 1}`,
    unitsExpected: 10,
    unitsFound: 10 - shortBy,
    discrepancy: shortBy,
  }));
  return {
    shipmentId: id,
    shipmentName: `Spedizione ${id}`,
    fcCode: 'MXP5',
    status: 'CLOSED',
    marketplaceId: options.marketplaceId ?? IT_MARKETPLACE,
    lastUpdated: { from: updatedAt - 86_400_000, to: updatedAt },
    unitsExpected: skus * 10,
    unitsFound: skus * (10 - shortBy),
    discrepancy: skus * shortBy,
    items,
  };
}

/** Writes the shipments as a first sync would (every one new). */
export async function seedShipments(userId: string, shipments: ListedShipment[]): Promise<void> {
  await applyShipmentChanges(userId, diffListing([], shipments, new Set()));
}
