import * as z from 'zod';
import { getCase } from '../adapters/dynamo/cases';
import { getProfile } from '../adapters/dynamo/profiles';
import { listShipmentPage } from '../adapters/dynamo/shipments';
import { getSkuValues } from '../adapters/dynamo/sku-values';
import { mapLimit } from '../domain/concurrency';
import { MARKETPLACE_IDS } from '../domain/marketplaces';
import { isRealMode, shipmentList, type CaseSummary } from '../domain/shipment-list';
import { ValidationError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

const DAY_MS = 86_400_000;
/** "Deadline soon": the claim window ends within this many days. */
export const DEADLINE_SOON_DAYS = 14;
/** A page of 50 shipments with 10 short SKUs each stays well under 100 KB. */
export const MAX_PAGE_SIZE = 50;
const DEFAULT_PAGE_SIZE = 25;

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  cursor: z.string().max(2000).optional(),
  marketplace: z.enum(Object.values(MARKETPLACE_IDS)).optional(),
  deadline: z.enum(['soon']).optional(),
});

/**
 * `GET /api/shipments?limit=&cursor=&marketplace=&deadline=soon` (spec 2.7, 7.2; issue 18):
 * one page of the caller's shipments with a discrepancy above 0, newest closing first, each
 * with its short items (and the unit value entered per SKU), its case status when a case
 * exists, and the claim deadline. Real mode hides the demo samples. `deadline=soon` keeps the
 * shipments whose claim window ends within 14 days.
 * `{ mode: 'real' | 'demo', shipments: ShipmentListEntry[], cursor: string | null }`.
 */
export const handler = httpHandler({}, async ({ event, userId, language }) => {
  const user = userId;
  const parsed = listQuery.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new ValidationError(message('badListQuery', language));
  const query = parsed.data;
  const now = Date.now();
  const profile = await getProfile(user);
  const realMode = isRealMode(profile?.mode);
  const page = await listShipmentPage(user, {
    limit: query.limit,
    cursor: query.cursor || undefined,
    realMode,
    marketplace: query.marketplace,
    deadlineBefore:
      query.deadline === 'soon'
        ? new Date(now + DEADLINE_SOON_DAYS * DAY_MS).toISOString()
        : undefined,
    now,
  });
  const [cases, skuValues] = await Promise.all([
    mapLimit(page.shipments, 8, (s) => getCase(user, s.shipmentId)),
    getSkuValues(
      user,
      page.shipments.flatMap((s) => s.items.map((i) => i.sku)),
    ),
  ]);
  const summaries: CaseSummary[] = cases
    .filter((c) => c !== undefined)
    .map((c) => ({
      shipmentId: c.shipment_id,
      status: c.status,
      demoMode: c.demo_mode,
      createdAt: c.created_at,
    }));
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
