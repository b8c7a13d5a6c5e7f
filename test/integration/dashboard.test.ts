import './support/sync-env';
import { randomUUID } from 'node:crypto';
import { setProfileMode } from '../../lambdas/adapters/dynamo/profiles';
import { applyShipmentChanges } from '../../lambdas/adapters/dynamo/shipments';
import { syncRunStore } from '../../lambdas/adapters/dynamo/sync-runs';
import type { ListedShipment } from '../../lambdas/domain/sync/discrepancy';
import { diffListing } from '../../lambdas/domain/sync/listing';
import { newRun, planSync } from '../../lambdas/domain/sync/run';
import { api } from './support/accounts';
import { seller } from './support/proof';

/**
 * Issue 5 through the local API gateway: the shipments list, the dashboard figures, the unit
 * values per SKU, the signed-in demo sync and reset, and that nothing of one user ever shows
 * to another.
 */

const IT = 'APJ6JRA9NG5V4';
const DAY = 86_400_000;

function listed(
  id: string,
  updatedDaysAgo: number,
  items: [sku: string, expected: number, found: number][],
): ListedShipment {
  const to = Date.now() - updatedDaysAgo * DAY;
  const short = items.filter(([, e, f]) => e - f > 0);
  const expected = items.reduce((n, [, e]) => n + e, 0);
  const found = items.reduce((n, [, , f]) => n + f, 0);
  return {
    shipmentId: id,
    shipmentName: `Spedizione ${id}`,
    fcCode: 'MXP5',
    status: 'CLOSED',
    marketplaceId: IT,
    lastUpdated: { from: to - DAY, to },
    unitsExpected: expected,
    unitsFound: found,
    discrepancy: expected - found,
    items: short.map(([sku, e, f]) => ({
      sku,
      asin: `B0${sku.replace(/\W/g, '').slice(0, 8)}`,
      title: `Prodotto ${sku}`,
      unitsExpected: e,
      unitsFound: f,
      discrepancy: e - f,
    })),
  };
}

/** What a finished sync leaves: the listing and a succeeded run. */
async function seedSynced(userId: string, shipments: ListedShipment[]) {
  await applyShipmentChanges(userId, diffListing([], shipments, new Set()));
  const now = Date.now();
  const run = newRun({
    runId: `20260101T000000000Z-${randomUUID().slice(0, 6)}`,
    userId,
    trigger: 'manual',
    marketplaceId: IT,
    countryCode: 'IT',
    now,
    leaseMs: 60_000,
    plan: planSync(undefined, now),
  });
  expect(await syncRunStore.start(run)).toEqual({ started: true });
  await syncRunStore.finish(
    {
      ...run,
      status: 'succeeded',
      finishedAt: now,
      counts: { ...run.counts, shipmentsListed: shipments.length },
      progress: { ...run.progress, phase: 'done', percent: 100 },
    },
    { lastSuccessRunId: run.runId, lastSuccessAt: now, lastWindowTo: now, lastFullSyncAt: now },
  );
}

type ShipmentsBody = {
  mode: string;
  shipments: {
    shipment_id: string;
    discrepancy: number;
    demo: boolean;
    case: { status: string } | null;
    claim: { expired: boolean; days_left: number | null };
    items: { sku: string; discrepancy: number; unit_value: number | null }[];
  }[];
};
type DashboardBody = {
  figures: {
    potential_units: number;
    open_cases: number;
    resolved_cases: number;
    estimated_value: { amount: number | null; units_valued: number; units_unvalued: number };
  };
  activity: { kind: string; type: string; units: number | null }[];
};

const shipmentsOf = async (token: string) =>
  (await api('GET', '/api/shipments', { token })).body as unknown as ShipmentsBody;
const dashboardOf = async (token: string) =>
  (await api('GET', '/api/dashboard', { token })).body as unknown as DashboardBody;

test('a live seller sees every synced shipment with a discrepancy, newest first, with figures', async () => {
  const a = await seller();
  const b = await seller();
  await setProfileMode(a.userId, 'live');
  await seedSynced(a.userId, [
    listed('FBAOLD1', 200, [['MUG #1', 10, 4]]),
    listed('FBANEW1', 3, [
      ['MUG #1', 12, 10],
      ['CAFFÈ/250', 6, 6],
      ['TAZZA XL', 5, 4],
    ]),
    listed('FBAMID1', 30, [['TAZZA XL', 8, 7]]),
  ]);

  const list = await shipmentsOf(a.token);
  expect(list.mode).toBe('real');
  expect(list.shipments.map((s) => [s.shipment_id, s.discrepancy])).toEqual([
    ['FBANEW1', 3],
    ['FBAMID1', 1],
    ['FBAOLD1', 6],
  ]);
  expect(list.shipments[0]!.items.map((i) => [i.sku, i.discrepancy, i.unit_value])).toEqual([
    ['MUG #1', 2, null],
    ['TAZZA XL', 1, null],
  ]);
  // Past its claim window: still listed, marked expired.
  expect(list.shipments[2]!.claim.expired).toBe(true);
  expect(list.shipments[0]!.claim).toMatchObject({ expired: false });

  let dashboard = await dashboardOf(a.token);
  // The expired shipment without a case is no longer a potential reimbursement.
  expect(dashboard.figures).toMatchObject({
    potential_units: 4,
    open_cases: 0,
    resolved_cases: 0,
    estimated_value: { amount: null, units_valued: 0, units_unvalued: 4 },
  });
  expect(dashboard.activity[0]).toMatchObject({ kind: 'sync', type: 'success', units: 3 });

  // Unit values: refused unless a positive EUR amount with at most two decimals.
  for (const body of [
    { sku: 'MUG #1', amount: -1, currency: 'EUR' },
    { sku: 'MUG #1', amount: 0, currency: 'EUR' },
    { sku: 'MUG #1', amount: 1.005, currency: 'EUR' },
    { sku: 'MUG #1', amount: 3, currency: 'USD' },
    { sku: '', amount: 3, currency: 'EUR' },
  ]) {
    expect((await api('PUT', '/api/sku-values', { token: a.token, body })).status).toBe(400);
  }
  const saved = await api('PUT', '/api/sku-values', {
    token: a.token,
    body: { sku: 'MUG #1', amount: 12.5, currency: 'EUR' },
  });
  expect(saved.status).toBe(200);
  // A new value replaces the old one.
  await api('PUT', '/api/sku-values', {
    token: a.token,
    body: { sku: 'MUG #1', amount: 12.75, currency: 'EUR' },
  });
  expect((await shipmentsOf(a.token)).shipments[0]!.items[0]!.unit_value).toBe(12.75);
  dashboard = await dashboardOf(a.token);
  expect(dashboard.figures.estimated_value).toMatchObject({
    amount: 25.5,
    units_valued: 2,
    units_unvalued: 2,
  });

  // Another user sees nothing of it.
  expect((await shipmentsOf(b.token)).shipments).toEqual([]);
  expect((await dashboardOf(b.token)).figures).toMatchObject({
    potential_units: 0,
    estimated_value: { amount: null },
  });
  expect((await dashboardOf(b.token)).activity).toEqual([]);
});

test('the signed-in demo sync writes DEMO001–DEMO003 once; the reset removes only them', async () => {
  const demo = await seller();
  const live = await seller();

  const synced = await api('POST', '/api/demo/sync', { token: demo.token });
  expect(synced.status).toBe(200);
  // A repeat never duplicates.
  await api('POST', '/api/demo/sync', { token: demo.token });
  let list = await shipmentsOf(demo.token);
  expect(list.mode).toBe('demo');
  expect(list.shipments.map((s) => [s.shipment_id, s.discrepancy, s.demo]).sort()).toEqual([
    ['DEMO001', 2, true],
    ['DEMO002', 5, true],
    ['DEMO003', 4, true],
  ]);
  expect(list.shipments.flatMap((s) => s.items)).toHaveLength(5);
  // Each demo shipment got its demo case (spec 3), counted as open.
  expect(list.shipments.map((s) => s.case?.status)).toEqual(['ready', 'ready', 'ready']);
  expect((await dashboardOf(demo.token)).figures).toMatchObject({
    potential_units: 11,
    open_cases: 3,
    resolved_cases: 0,
  });
  expect((await shipmentsOf(live.token)).shipments).toEqual([]);

  // A live seller with synced data: the demo rows stay out of the real view, and the demo
  // reset leaves the synced shipment alone.
  await setProfileMode(live.userId, 'live');
  await seedSynced(live.userId, [listed('FBAKEEP1', 5, [['SKU 1', 4, 1]])]);
  await api('POST', '/api/demo/sync', { token: live.token });
  expect((await shipmentsOf(live.token)).shipments.map((s) => s.shipment_id)).toEqual(['FBAKEEP1']);
  const reset = await api('POST', '/api/demo/reset', { token: live.token });
  expect(reset.body).toMatchObject({ shipments_deleted: 3, cases_deleted: 3 });
  expect((await shipmentsOf(live.token)).shipments.map((s) => s.shipment_id)).toEqual(['FBAKEEP1']);
  await setProfileMode(live.userId, 'demo');
  expect((await shipmentsOf(live.token)).shipments.map((s) => s.shipment_id)).toEqual(['FBAKEEP1']);

  // The first user's demo data survived the other user's reset.
  list = await shipmentsOf(demo.token);
  expect(list.shipments).toHaveLength(3);
  await api('POST', '/api/demo/reset', { token: demo.token });
  expect((await shipmentsOf(demo.token)).shipments).toEqual([]);
  expect((await dashboardOf(demo.token)).figures).toMatchObject({
    potential_units: 0,
    open_cases: 0,
  });
});

test('without an active plan Sync now is refused and no run is recorded', async () => {
  const user = await seller();
  const res = await api('POST', '/api/sync-fba', { token: user.token });
  expect(res.status).toBe(402);
  expect(res.body.message).toMatch(/piano attivo/);
  expect((await api('GET', '/api/sync-runs/latest', { token: user.token })).body).toEqual({
    run: null,
    last_successful: null,
  });
});

test('every route needs a signed-in caller', async () => {
  for (const [method, route] of [
    ['GET', '/api/shipments'],
    ['GET', '/api/dashboard'],
    ['PUT', '/api/sku-values'],
    ['POST', '/api/demo/sync'],
    ['POST', '/api/demo/reset'],
  ] as const) {
    expect((await api(method, route)).status).toBe(401);
  }
});
