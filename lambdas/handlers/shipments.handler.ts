import { getProfile } from '../adapters/dynamo/profiles';
import { listShipmentPage } from '../adapters/dynamo/shipments';
import { getSkuValues } from '../adapters/dynamo/sku-values';
import { isRealMode, shipmentList } from '../domain/sync/shipment-list';
import { deadlineRange } from '../domain/cases/claim-windows';
import { DEADLINE_SOON_DAYS, shipmentListQuerySchema } from '../domain/sync/contract';
import { httpHandler } from '../shared/http';
import { caseSummariesOf } from '../wiring/shipment-cases';

const DAY_MS = 86_400_000;

/**
 * `GET /api/shipments?limit=&cursor=&marketplace=&deadline=soon&window=&sort=` (spec 2.7, 7.2):
 * one page of the caller's shipments with a discrepancy above 0, newest closing first, each
 * with its short items (and the unit value entered per SKU), its case status when a case
 * exists, and the claim deadline. Real mode hides the demo samples. `deadline=soon` keeps the
 * shipments whose claim window ends within 14 days; `window=` one state of the window (or
 * `claimable`: all but expired); `sort=deadline` the nearest deadline first, claimable only.
 * `{ mode: 'real' | 'demo', shipments: ShipmentListEntry[], cursor: string | null }`.
 */
const options = { query: shipmentListQuerySchema, invalid: { query: 'badListQuery' } } as const;

export const handler = httpHandler(options, async ({ query, userId }) => {
  const user = userId;
  const now = Date.now();
  const profile = await getProfile(user);
  const realMode = isRealMode(profile?.mode);
  const window = query.window ?? (query.sort === 'deadline' ? 'claimable' : undefined);
  const page = await listShipmentPage(user, {
    limit: query.limit,
    cursor: query.cursor || undefined,
    realMode,
    marketplace: query.marketplace,
    deadlineBefore:
      query.deadline === 'soon'
        ? new Date(now + DEADLINE_SOON_DAYS * DAY_MS).toISOString()
        : undefined,
    deadlineRange: window ? deadlineRange(window, now) : undefined,
    ascending: query.sort === 'deadline',
    now,
  });
  const [summaries, skuValues] = await Promise.all([
    caseSummariesOf(user, page.shipments),
    getSkuValues(
      user,
      page.shipments.flatMap((s) => s.items.map((i) => i.sku)),
    ),
  ]);
  return {
    mode: realMode ? 'real' : 'demo',
    shipments: shipmentList({
      shipments: page.shipments,
      cases: summaries,
      skuValues,
      realMode,
      now,
    }),
    cursor: page.cursor,
  };
});
