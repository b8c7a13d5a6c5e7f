import { queryPages } from './client';
import { marketplaceKeys } from './keys';
import { DEMO_SHIPMENTS } from '../../domain/demo-data';
import { feedbackMarketplaceForId } from '../../domain/feedback/feedback-marketplaces';
import { marketplaceDomainForId } from '../../domain/marketplaces';
import type { ShipmentForDispute } from '../../domain/cases/submit';
import { disputeSender } from '../../domain/cases/sender';
import { getConnection } from './connections';
import { getProfile } from './profiles';

/** The Italian marketplace: where the demo samples and shipments of unknown origin belong. */
const DEFAULT_MARKETPLACE = 'amazon.it';

/** The storefront domain of the shipment's marketplace (every one the wizard offers). */
function marketplaceOf(marketplaceId: string): string {
  return (
    marketplaceDomainForId(marketplaceId) ??
    feedbackMarketplaceForId(marketplaceId) ??
    DEFAULT_MARKETPLACE
  );
}

/**
 * A shipment of the user with its items, as the dispute text needs it (spec 9). Reads the
 * shipment and its items from the user's partition; the demo samples DEMO001–DEMO003 are
 * answered from the sample data when the user has no row for them.
 */
export async function getShipmentForCase(
  userId: string,
  shipmentId: string,
): Promise<(ShipmentForDispute & { demo: boolean }) | undefined> {
  const shipmentKey = marketplaceKeys.shipment(userId, shipmentId);
  let header: Record<string, unknown> | undefined;
  const items: ShipmentForDispute['items'] = [];
  // Who writes to Amazon: the seller's name (profile), store and Seller ID (connection).
  const identity = Promise.all([getProfile(userId), getConnection(userId)]);
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': shipmentKey.PK, ':sk': shipmentKey.SK },
    ConsistentRead: true,
  });
  for await (const page of pages) {
    for (const row of page) {
      if (row.SK === shipmentKey.SK) header = row;
      else if (row.type === 'shipment_item' && row.shipment_id === shipmentId)
        items.push({
          sku: row.sku as string,
          asin: (row.asin as string | null) ?? null,
          title: (row.title as string | null) ?? null,
          units_expected: Number(row.units_expected ?? 0),
          units_found: Number(row.units_found ?? 0),
        });
    }
  }
  const [profile, connection] = await identity;
  if (header) {
    const marketplace = marketplaceOf(String(header.marketplace_id ?? ''));
    return {
      shipment_id: shipmentId,
      shipment_name: (header.shipment_name as string | null) ?? null,
      reference_id: (header.reference_id as string | null) ?? null,
      fc_code: (header.fc_code as string | null) ?? null,
      // Only dates we hold: Amazon's listing gives no closing date (a demo sample has one).
      closed_at: (header.closed_at_ts as string | null) ?? null,
      closed_by:
        (header.closed_by as string | undefined) ??
        (header.last_updated_to as string | undefined) ??
        null,
      ledger_received_at: (header.ledger_received_at as string | undefined) ?? null,
      units_expected: Number(header.units_expected ?? 0),
      units_found: Number(header.units_found ?? 0),
      marketplace,
      marketplace_id: String(header.marketplace_id ?? ''),
      items,
      demo: header.source !== 'spapi',
      sender: disputeSender(profile, connection, marketplace),
    };
  }
  const demo = DEMO_SHIPMENTS.find((s) => s.shipment_id === shipmentId);
  if (!demo) return undefined;
  return {
    shipment_id: demo.shipment_id,
    shipment_name: demo.shipment_name,
    reference_id: null,
    fc_code: null,
    closed_at: demo.created_at,
    units_expected: demo.units_expected,
    units_found: demo.units_found,
    marketplace: DEFAULT_MARKETPLACE,
    sender: disputeSender(profile, connection, DEFAULT_MARKETPLACE),
    items: demo.items.map((i) => ({
      sku: i.sku,
      asin: i.asin,
      title: i.title,
      units_expected: i.expected,
      units_found: i.received,
    })),
    demo: true,
  };
}
