import { caseRecords } from '../adapters/case-records';
import { getProfile } from '../adapters/dynamo/profiles';
import { listStoredShipments } from '../adapters/dynamo/shipments';
import { listSkuValues } from '../adapters/dynamo/sku-values';
import { isRealMode, shipmentList } from '../domain/shipment-list';
import { httpHandler } from '../shared/http';

/**
 * `GET /api/shipments` (spec 2.7, 7.2): the caller's shipments with a discrepancy above 0,
 * newest closing first, each with its short items (and the unit value entered per SKU), its
 * case status when a case exists, and the claim deadline. Real mode hides the demo samples.
 * `{ mode: 'real' | 'demo', shipments: ShipmentListEntry[] }`.
 */
export const handler = httpHandler({}, async ({ userId }) => {
  const user = userId as string;
  const [profile, shipments, cases, skuValues] = await Promise.all([
    getProfile(user),
    listStoredShipments(user),
    caseRecords.list(user),
    listSkuValues(user),
  ]);
  const realMode = isRealMode(profile?.mode);
  return {
    mode: realMode ? 'real' : 'demo',
    shipments: shipmentList({ shipments, cases, skuValues, realMode, now: Date.now() }),
  };
});
