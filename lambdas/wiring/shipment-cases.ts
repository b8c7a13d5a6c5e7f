import { getCase } from '../adapters/dynamo/cases';
import { mapLimit } from '../domain/concurrency';
import type { CaseSummary } from '../domain/sync/shipment-list';

/** The cases of a page of shipments (a read per shipment, 8 at a time), as the list needs them. */
export async function caseSummariesOf(
  userId: string,
  shipments: readonly { shipmentId: string }[],
): Promise<CaseSummary[]> {
  const cases = await mapLimit(shipments, 8, (s) => getCase(userId, s.shipmentId));
  return cases
    .filter((c) => c !== undefined)
    .map((c) => ({
      shipmentId: c.shipment_id,
      status: c.status,
      demoMode: c.demo_mode,
      createdAt: c.created_at,
    }));
}
