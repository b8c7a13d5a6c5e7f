import './support/sync-env';
import { setProfileMode } from '../../lambdas/adapters/dynamo/profiles';
import { closedShipment, seedShipments } from '../support/shipments';
import { api } from './support/accounts';
import { seller } from './support/proof';

/**
 * Issue 18 through the local API gateway: the shipments list answers one page at a time with a
 * cursor, newest first, filtered on the server, and a cursor never opens another seller's list.
 */

const DAY = 86_400_000;
const FR = 'A13V1IB3VIYZZH';

type Page = {
  shipments: { shipment_id: string; items: unknown[]; claim: { days_left: number | null } }[];
  cursor: string | null;
};

async function page(token: string, query: string) {
  const answer = await api('GET', `/api/shipments?${query}`, { token });
  return {
    status: answer.status,
    body: answer.body as unknown as Page,
    size: JSON.stringify(answer.body).length,
  };
}

test('a seller with 60 shipments reads them page after page, newest first, each page under 100 KB', async () => {
  const a = await seller();
  await setProfileMode(a.userId, 'live');
  const now = Date.now();
  // SHIP-01 is the newest; every shipment has 10 short SKUs.
  const ids = Array.from({ length: 60 }, (_, i) => `SHIP-${String(i + 1).padStart(2, '0')}`);
  await seedShipments(
    a.userId,
    ids.map((id, i) => closedShipment(id, now - (i + 1) * DAY)),
  );

  const seen: string[] = [];
  let cursor: string | null = null;
  const sizes: number[] = [];
  do {
    const query: string = `limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await page(a.token, query);
    expect(answer.status).toBe(200);
    sizes.push(answer.size);
    expect(answer.body.shipments.every((s) => s.items.length === 10)).toBe(true);
    seen.push(...answer.body.shipments.map((s) => s.shipment_id));
    cursor = answer.body.cursor;
  } while (cursor);
  expect(sizes).toHaveLength(3);
  expect(seen).toEqual(ids);
  expect(Math.max(...sizes)).toBeLessThan(100 * 1024);

  // The largest page allowed is 50; larger asks are refused in the caller's language.
  const tooLarge = await api('GET', '/api/shipments?limit=500', { token: a.token, language: 'en' });
  expect(tooLarge.status).toBe(400);
  expect(tooLarge.body.message).toBe('Invalid list request: reload the page');
  expect((await page(a.token, 'limit=50')).body.shipments).toHaveLength(50);
});

test('deadline soon and marketplace filters; another seller cannot use a cursor', async () => {
  const a = await seller();
  const b = await seller();
  await setProfileMode(a.userId, 'live');
  const now = Date.now();
  // The 60-day inbound window is counted from the last update here: OLD-1 has 10 days left,
  // OLD-2's window is over.
  await seedShipments(a.userId, [
    closedShipment('NEW-1', now - 2 * DAY),
    closedShipment('NEW-2', now - 3 * DAY),
    closedShipment('FR-1', now - 4 * DAY, { marketplaceId: FR }),
    closedShipment('OLD-1', now - 50 * DAY),
    closedShipment('OLD-2', now - 70 * DAY),
  ]);
  const all = await page(a.token, 'limit=2');
  expect(all.body.shipments.map((s) => s.shipment_id)).toEqual(['NEW-1', 'NEW-2']);
  expect(all.body.cursor).not.toBeNull();

  const france = await page(a.token, `marketplace=${FR}`);
  expect(france.body.shipments.map((s) => s.shipment_id)).toEqual(['FR-1']);

  const soon = await page(a.token, 'deadline=soon');
  expect(soon.body.shipments.map((s) => [s.shipment_id, s.claim.days_left])).toEqual([
    ['OLD-1', 9],
  ]);

  // B replays A's cursor: refused, nothing of A shown.
  const stolen = await api(
    'GET',
    `/api/shipments?limit=2&cursor=${encodeURIComponent(all.body.cursor!)}`,
    { token: b.token },
  );
  expect(stolen.status).toBe(400);
  expect(JSON.stringify(stolen.body)).not.toContain('NEW-');
  expect((await api('GET', '/api/shipments?cursor=garbage', { token: a.token })).status).toBe(400);
});
