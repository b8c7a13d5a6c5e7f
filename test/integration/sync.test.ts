import { REFRESH_TOKEN_KEY, stack } from './support/sync-env';
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  LOCAL_LWA_CLIENT_ID,
  LOCAL_LWA_CLIENT_SECRET,
  parseScenario,
  startSpapiSimulator,
  type Scenario,
  type SpapiSimulator,
} from '../../local/spapi-simulator';
import { consent, REDIRECT_URI } from '../../local/spapi-simulator/test-support';
import { AesGcmTokenCipher } from '../../lambdas/adapters/crypto/token-cipher';
import { table, TABLE_NAME } from '../../lambdas/adapters/dynamo/client';
import { disconnect, getConnection } from '../../lambdas/adapters/dynamo/connections';
import { marketplaceKeys } from '../../lambdas/adapters/dynamo/keys';
import { loadSyncedShipments } from '../../lambdas/adapters/dynamo/shipments';
import { putSubscription } from '../../lambdas/adapters/dynamo/subscriptions';
import { syncRunStore } from '../../lambdas/adapters/dynamo/sync-runs';
import { createSellerApis } from '../../lambdas/adapters/sp-api/seller-apis';
import { connectionWriter, syncDependencies } from '../../lambdas/wiring/sync-dependencies';
import { monthsBefore, systemClock, type Clock } from '../../lambdas/domain/clock';
import { compareCodeUnits } from '../../lambdas/domain/sync/discrepancy';
import { marketplaceIdForCountry } from '../../lambdas/domain/marketplaces';
import { linkSellerAccount } from '../../lambdas/domain/connection/seller-link';
import { startSync, SyncRefused, type SyncDeps } from '../../lambdas/domain/sync/sync';
import { runSyncJob } from '../../lambdas/domain/sync/jobs';
import type { SyncRun } from '../../lambdas/domain/sync/run';
import { shipmentView, type ShipmentView } from '../../lambdas/domain/sync/view';

/**
 * The sync end to end on the real adapters: the SP-API simulator in-process (rates scaled up,
 * retries without waiting), the integration stack's DynamoDB Local, the worker's job runner.
 * Every scenario is generated here and checked exactly against an independent reading of the
 * discrepancy rules, and the table is checked for duplicate rows.
 */

const IT = 'APJ6JRA9NG5V4';
const DE = 'A1PA6795UKMFR9';
const FAST_RETRY = { maxRetries: 6, baseDelayMs: 1, maxDelayMs: 4 };
const credentials = async () => ({
  clientId: LOCAL_LWA_CLIENT_ID,
  clientSecret: LOCAL_LWA_CLIENT_SECRET,
});
const ADDRESS = {
  Name: 'Bottega Prova',
  AddressLine1: 'Via Roma 1',
  City: 'Milano',
  CountryCode: 'IT',
  PostalCode: '20100',
};
type Item = { SellerSKU: string; QuantityShipped: number; QuantityReceived?: number };

const iso = (ms: number) => new Date(ms).toISOString();
const daysAgo = (days: number) => iso(Date.now() - days * 86_400_000);

function shipment(id: string, items: Item[], overrides: Record<string, unknown> = {}) {
  return {
    ShipmentId: id,
    ShipmentName: `Spedizione ${id}`,
    ShipmentStatus: 'CLOSED',
    DestinationFulfillmentCenterId: 'MXP5',
    MarketplaceId: IT,
    LastUpdatedDate: daysAgo(10),
    ShipFromAddress: ADDRESS,
    items,
    ...overrides,
  };
}

/** A scenario, validated like a file; `inbound` is merged over small page sizes. */
function scenario(patch: {
  inbound?: Record<string, unknown>;
  [section: string]: unknown;
}): Scenario {
  return parseScenario({
    name: 'integration',
    seller: {
      sellingPartnerId: 'A3INTEGRATION',
      storeName: 'Bottega Prova',
      marketplaceIds: [IT, DE],
    },
    connection: { countryCode: 'IT' },
    rateScale: 1000,
    ...patch,
    inbound: { pageSize: 5, itemsPageSize: 7, ...patch.inbound },
  });
}

/** The rules of spapi-simulator.md applied straight to the scenario: what a sync must list. */
function expected(s: Scenario, marketplaceId: string, from: number, to: number): ShipmentView[] {
  const inventory = new Map(s.inventory.summaries.map((x) => [x.sellerSku, x]));
  const out: ShipmentView[] = [];
  for (const sh of s.inbound.shipments) {
    const updated = Date.parse(sh.LastUpdatedDate);
    if (sh.ShipmentStatus !== 'CLOSED' || sh.MarketplaceId !== marketplaceId) continue;
    if (updated < from || updated > to) continue;
    const bySku = new Map<string, { e: number; f: number }>();
    for (const i of sh.items) {
      const line = bySku.get(i.SellerSKU) ?? { e: 0, f: 0 };
      line.e += i.QuantityShipped;
      line.f += i.QuantityReceived ?? 0;
      bySku.set(i.SellerSKU, line);
    }
    const e = [...bySku.values()].reduce((n, l) => n + l.e, 0);
    const f = [...bySku.values()].reduce((n, l) => n + l.f, 0);
    if (e - f <= 0) continue;
    out.push({
      shipment_id: sh.ShipmentId,
      shipment_name: sh.ShipmentName,
      fc_code: sh.DestinationFulfillmentCenterId,
      status: 'CLOSED',
      units_expected: e,
      units_found: f,
      discrepancy: e - f,
      items: [...bySku.entries()]
        .filter(([, l]) => l.e - l.f > 0)
        .map(([sku, l]) => ({
          sku,
          asin: inventory.get(sku)?.asin ?? null,
          title: inventory.get(sku)?.productName ?? null,
          units_expected: l.e,
          units_found: l.f,
          discrepancy: l.e - l.f,
        }))
        .sort((a, b) => compareCodeUnits(a.sku, b.sku)),
    });
  }
  return out.sort((a, b) => compareCodeUnits(a.shipment_id, b.shipment_id));
}

async function rawRows(userId: string) {
  const out: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': 'SHIP#' },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    out.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}

interface Harness {
  sim: SpapiSimulator;
  /** SP-API calls the sync made, without the one linking the account made. */
  syncCalls(): { total: number; throttled: number; serverErrors: number };
  deps: ReturnType<typeof syncDependencies>;
  userId: string;
  marketplaceId: string;
  /** Starts a run and carries it through the worker's job runner until it ends. */
  sync(): Promise<SyncRun>;
  listing(): Promise<ShipmentView[]>;
}

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) {
    await disconnect(h.userId);
    await h.sim.close();
  }
});

async function harness(
  s: Scenario,
  options: { countryCode?: string; clock?: Clock; deps?: SyncDeps['options'] } = {},
): Promise<Harness> {
  const sim = await startSpapiSimulator({ port: 0, scenario: s, defaultRedirectUri: REDIRECT_URI });
  const clock = options.clock ?? systemClock;
  const cipher = new AesGcmTokenCipher(Buffer.from(REFRESH_TOKEN_KEY, 'base64'));
  const sellerApis = createSellerApis({
    endpoint: sim.url,
    tokenUrl: `${sim.url}/auth/o2/token`,
    credentials,
    retry: FAST_RETRY,
  });
  const deps = syncDependencies({
    clock,
    sellerApis: () => sellerApis,
    cipher: () => cipher,
    options: options.deps,
  });
  deps.log = undefined;
  const userId = `it-sync-${randomUUID()}`;
  const countryCode = options.countryCode ?? 'IT';
  const code = (await consent(sim)).get('spapi_oauth_code') ?? '';
  await linkSellerAccount(
    { userId, code, sellerId: s.seller.sellingPartnerId, countryCode, redirectUri: REDIRECT_URI },
    { authorization: sellerApis.authorization, connections: connectionWriter, cipher, clock },
  );
  await putSubscription({
    id: randomUUID(),
    userId,
    status: 'active',
    createdAt: iso(clock.now() - 1000),
    expiresAt: iso(clock.now() + 30 * 86_400_000),
    countryCode,
  });
  const linking = sim.stats();
  const queue: SyncRun[] = [];
  const jobDeps = {
    ...deps,
    queue: { enqueue: async (runs: readonly SyncRun[]) => (queue.push(...runs), []) },
    connectedUserIds: async function* () {
      yield [userId];
    },
  };
  const h: Harness = {
    sim,
    syncCalls: () => {
      const now = sim.stats();
      return {
        total: now.total - linking.total,
        throttled: now.throttled - linking.throttled,
        serverErrors: now.serverErrors - linking.serverErrors,
      };
    },
    deps,
    userId,
    marketplaceId: marketplaceIdForCountry(countryCode) as string,
    async sync() {
      queue.push(await startSync(userId, 'manual', deps));
      let last: SyncRun | undefined;
      for (let delivery = 0; queue.length > 0 && delivery < 50; delivery += 1) {
        const run = queue.shift() as SyncRun;
        await runSyncJob({ type: 'sync.user', userId, runId: run.runId }, jobDeps, {
          remainingMs: 60_000,
          receiveCount: 1,
          maxReceiveCount: 5,
          safetyMarginMs: 0,
        });
        last = await syncRunStore.get(userId, run.runId);
      }
      return last as SyncRun;
    },
    async listing() {
      return (await loadSyncedShipments(userId, h.marketplaceId)).map(shipmentView);
    },
  };
  harnesses.push(h);
  return h;
}

async function expectExactListing(h: Harness, want: ShipmentView[]) {
  expect(await h.listing()).toEqual(want);
  const rows = await rawRows(h.userId);
  const wantedRows = want.length + want.reduce((n, s) => n + s.items.length, 0);
  expect(rows).toHaveLength(wantedRows);
  expect(new Set(rows.map((r) => r.SK)).size).toBe(wantedRows);
}

describe('shipment sync on DynamoDB with the SP-API simulator', () => {
  const window = () => ({ from: monthsBefore(Date.now(), 18), to: Date.now() });

  it('pages through many pages of shipments and items and lists exactly what is short', async () => {
    // Prepare: 120 closed shipments on pages of 3, items on pages of 4
    const s = scenario({
      inbound: {
        pageSize: 3,
        itemsPageSize: 4,
        shipments: Array.from({ length: 120 }, (_, i) =>
          shipment(
            `FBA${String(i).padStart(4, '0')}`,
            [
              { SellerSKU: `SKU-${i % 7}`, QuantityShipped: 12, QuantityReceived: 12 - (i % 3) },
              { SellerSKU: `SKU-${(i + 1) % 7}`, QuantityShipped: 6, QuantityReceived: 6 },
              {
                SellerSKU: `SKU-${(i + 2) % 7}`,
                QuantityShipped: 4,
                QuantityReceived: i % 5 === 0 ? 1 : 4,
              },
            ],
            { LastUpdatedDate: daysAgo(1 + ((i * 4) % 500)) },
          ),
        ),
      },
      inventory: {
        summaries: [0, 1, 2, 3, 4, 5].map((k) => ({
          sellerSku: `SKU-${k}`,
          fnSku: `X00000000${k}`,
          asin: `B00000000${k}`,
          productName: `Prodotto ${k}`,
        })),
      },
    });
    const h = await harness(s);
    // Act
    const run = await h.sync();
    // Assess
    const w = window();
    const want = expected(s, IT, w.from, w.to);
    expect(want.length).toBeGreaterThan(60);
    expect(run).toMatchObject({ status: 'succeeded', counts: { shipmentsListed: want.length } });
    await expectExactListing(h, want);
    expect(run.calls.total).toBe(h.syncCalls().total);
  });

  it('lists only closed shipments, whatever the other statuses hold', async () => {
    const statuses = [
      'WORKING',
      'SHIPPED',
      'RECEIVING',
      'CANCELLED',
      'DELETED',
      'CLOSED',
      'ERROR',
      'IN_TRANSIT',
      'DELIVERED',
      'CHECKED_IN',
    ];
    const s = scenario({
      inbound: {
        shipments: statuses.map((status) =>
          shipment(
            `FBA-${status}`,
            [{ SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 2 }],
            {
              ShipmentStatus: status,
            },
          ),
        ),
      },
    });
    const h = await harness(s);
    await h.sync();
    await expectExactListing(h, expected(s, IT, window().from, window().to));
    expect((await h.listing()).map((x) => x.shipment_id)).toEqual(['FBA-CLOSED']);
  });

  it('keeps the 18-month edge: a second inside is listed, a second outside is not', async () => {
    // The run's clock is fixed, so its window is known before the scenario is written.
    const now = Date.now();
    const clock: Clock = { now: () => now, sleep: systemClock.sleep };
    const edge = monthsBefore(now, 18);
    const short = [{ SellerSKU: 'A', QuantityShipped: 5, QuantityReceived: 1 }];
    const s = scenario({
      inbound: {
        shipments: [
          shipment('INSIDE', short, { LastUpdatedDate: iso(edge + 1000) }),
          shipment('EXACT', short, { LastUpdatedDate: iso(edge) }),
          shipment('OUTSIDE', short, { LastUpdatedDate: iso(edge - 1000) }),
          shipment('NOW', short, { LastUpdatedDate: iso(now) }),
        ],
      },
    });
    const h = await harness(s, { clock });
    const run = await h.sync();
    expect(run.window).toEqual({ from: edge, to: now });
    expect((await h.listing()).map((x) => x.shipment_id)).toEqual(['EXACT', 'INSIDE', 'NOW']);
  });

  it('syncs only the connected marketplace of a seller selling in two', async () => {
    const s = scenario({
      inbound: {
        shipments: [
          shipment('IT-1', [{ SellerSKU: 'A', QuantityShipped: 8, QuantityReceived: 5 }]),
          shipment('DE-1', [{ SellerSKU: 'A', QuantityShipped: 8, QuantityReceived: 1 }], {
            MarketplaceId: DE,
          }),
          shipment('DE-2', [{ SellerSKU: 'B', QuantityShipped: 3 }], { MarketplaceId: DE }),
        ],
      },
    });
    const italian = await harness(s);
    await italian.sync();
    await expectExactListing(italian, expected(s, IT, window().from, window().to));

    const german = await harness(s, { countryCode: 'DE' });
    await german.sync();
    await expectExactListing(german, expected(s, DE, window().from, window().to));
    expect((await german.listing()).map((x) => x.shipment_id)).toEqual(['DE-1', 'DE-2']);
  });

  it('handles missing QuantityReceived, odd SKUs, empty shipments and shipments netting to zero', async () => {
    const odd = ['SKU con spazi', 'A/B/C', 'CAFÉ#1', 'Ñandú ü', 'x,y'];
    const s = scenario({
      inbound: {
        itemsPageSize: 2,
        shipments: [
          shipment('MISSING', [
            { SellerSKU: 'M1', QuantityShipped: 7 },
            { SellerSKU: 'M2', QuantityShipped: 3, QuantityReceived: 3 },
          ]),
          shipment(
            'ODD',
            odd.map((sku, i) => ({ SellerSKU: sku, QuantityShipped: 10 + i, QuantityReceived: 9 })),
          ),
          shipment('EMPTY', []),
          shipment('NETS-ZERO', [
            { SellerSKU: 'Z1', QuantityShipped: 10, QuantityReceived: 7 },
            { SellerSKU: 'Z2', QuantityShipped: 10, QuantityReceived: 13 },
          ]),
          shipment('EXCESS', [{ SellerSKU: 'E1', QuantityShipped: 10, QuantityReceived: 11 }]),
        ],
      },
      inventory: {
        summaries: odd.slice(0, 4).map((sku, i) => ({
          sellerSku: sku,
          fnSku: `X00000001${i}`,
          asin: `B00000001${i}`,
          productName: `Articolo «${sku}»`,
        })),
      },
    });
    const h = await harness(s);
    await h.sync();
    const want = expected(s, IT, window().from, window().to);
    await expectExactListing(h, want);
    expect(want.map((x) => x.shipment_id)).toEqual(['MISSING', 'ODD']);
    const oddItems = (await h.listing())[1]?.items ?? [];
    expect(oddItems.map((i) => [i.sku, i.asin])).toEqual([
      ['A/B/C', 'B000000011'],
      ['CAFÉ#1', 'B000000012'],
      ['SKU con spazi', 'B000000010'],
      ['x,y', null],
      ['Ñandú ü', 'B000000013'],
    ]);
  });

  it('gets exact results through injected 429 and 503 answers, and counts them', async () => {
    const s = scenario({
      inbound: {
        pageSize: 2,
        itemsPageSize: 3,
        shipments: Array.from({ length: 15 }, (_, i) =>
          shipment(
            `F${String(i).padStart(2, '0')}`,
            [
              { SellerSKU: `S${i}`, QuantityShipped: 9, QuantityReceived: 9 - (i % 4) },
              { SellerSKU: `T${i}`, QuantityShipped: 2, QuantityReceived: 2 },
            ],
            { LastUpdatedDate: daysAgo(2 + i * 30) },
          ),
        ),
      },
      faults: { throttleEveryNthCall: 4, serverErrorEveryNthCall: 7 },
    });
    const h = await harness(s);
    const run = await h.sync();
    await expectExactListing(h, expected(s, IT, window().from, window().to));
    const stats = h.syncCalls();
    expect(run.calls).toEqual({
      total: stats.total,
      throttled: stats.throttled,
      retried: stats.throttled + stats.serverErrors,
    });
    expect(stats.throttled).toBeGreaterThan(0);
    expect(stats.serverErrors).toBeGreaterThan(0);
  });

  it('resolves a sent case as found when a later sync shows every unit received (issue 16)', async () => {
    const first = scenario({
      inbound: {
        shipments: [
          shipment('FOUNDLATER', [
            { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 7 },
            { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 5 },
          ]),
          shipment('STILLSHORT', [{ SellerSKU: 'C', QuantityShipped: 3, QuantityReceived: 1 }]),
        ],
      },
    });
    const h = await harness(first);
    await h.sync();
    // Both disputes went to Amazon.
    for (const shipmentId of ['FOUNDLATER', 'STILLSHORT']) {
      await table.send(
        new PutCommand({
          TableName: TABLE_NAME,
          Item: {
            PK: `USER#${h.userId}`,
            SK: `CASE#${shipmentId}`,
            type: 'case',
            id: randomUUID(),
            user_id: h.userId,
            shipment_id: shipmentId,
            status: 'Inviato',
            demo_mode: false,
            created_at: iso(Date.now() - 86_400_000),
            updated_at: iso(Date.now() - 86_400_000),
            submitted_at: iso(Date.now() - 86_400_000),
            sent_provider: 'ses',
            sent_message_id: `<${randomUUID()}@eu-west-1.amazonses.com>`,
            sent_target: 'amazon',
          },
        }),
      );
    }

    // Amazon counted the three missing units of FOUNDLATER.
    h.sim.loadScenario(
      scenario({
        inbound: {
          shipments: [
            shipment(
              'FOUNDLATER',
              [
                { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 10 },
                { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 5 },
              ],
              { LastUpdatedDate: daysAgo(0.01) },
            ),
            shipment('STILLSHORT', [{ SellerSKU: 'C', QuantityShipped: 3, QuantityReceived: 1 }]),
          ],
        },
      }),
    );
    await h.sync();
    const { getCase } = await import('../../lambdas/adapters/dynamo/cases');
    expect(await getCase(h.userId, 'FOUNDLATER')).toMatchObject({
      status: 'unita_ritrovate',
      units_recovered: 3,
      outcome_source: 'sync',
    });
    expect(await getCase(h.userId, 'STILLSHORT')).toMatchObject({ status: 'Inviato' });
    // A repeat sync changes nothing more.
    await h.sync();
    expect((await getCase(h.userId, 'FOUNDLATER'))?.units_recovered).toBe(3);
  });

  it('follows the source on a re-sync, and a repeat changes nothing', async () => {
    // Prepare: first sync
    const first = scenario({
      inbound: {
        shipments: [
          shipment('FIXED', [
            { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 8 },
            { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 4 },
          ]),
          shipment('PARTLY', [
            { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 8 },
            { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 4 },
          ]),
          shipment('SAME', [{ SellerSKU: 'C', QuantityShipped: 3, QuantityReceived: 1 }]),
        ],
      },
    });
    const h = await harness(first);
    await h.sync();
    await expectExactListing(h, expected(first, IT, window().from, window().to));

    // Act: Amazon found the units of FIXED and one SKU of PARTLY; a new shipment closed
    const changed = scenario({
      inbound: {
        shipments: [
          shipment(
            'FIXED',
            [
              { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 10 },
              { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 5 },
            ],
            { LastUpdatedDate: daysAgo(0.01) },
          ),
          shipment(
            'PARTLY',
            [
              { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 10 },
              { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 4 },
            ],
            { LastUpdatedDate: daysAgo(0.01) },
          ),
          shipment('SAME', [{ SellerSKU: 'C', QuantityShipped: 3, QuantityReceived: 1 }]),
          shipment('NEW', [{ SellerSKU: 'D', QuantityShipped: 6 }], {
            LastUpdatedDate: daysAgo(0.01),
          }),
        ],
      },
    });
    h.sim.loadScenario(changed);
    const resync = await h.sync();

    // Assess
    expect(resync.mode).toBe('incremental');
    await expectExactListing(h, expected(changed, IT, window().from, window().to));
    expect((await h.listing()).map((x) => [x.shipment_id, x.items.map((i) => i.sku)])).toEqual([
      ['NEW', ['D']],
      ['PARTLY', ['B']],
      ['SAME', ['C']],
    ]);
    expect(resync.counts).toMatchObject({
      shipmentsAdded: 1,
      shipmentsUpdated: 1,
      shipmentsRemoved: 1,
      itemsRemoved: 3,
    });

    const before = await rawRows(h.userId);
    const repeat = await h.sync();
    expect(repeat.counts).toMatchObject({
      shipmentsAdded: 0,
      shipmentsUpdated: 0,
      shipmentsRemoved: 0,
      itemsWritten: 0,
      itemsRemoved: 0,
    });
    expect(await rawRows(h.userId)).toEqual(before);
  });

  it('lets one of two concurrent syncs run and tells the other', async () => {
    const h = await harness(scenario({ inbound: { shipments: [] } }));
    const results = await Promise.allSettled([
      startSync(h.userId, 'manual', h.deps),
      startSync(h.userId, 'manual', h.deps),
      startSync(h.userId, 'scheduled', h.deps),
    ]);
    const started = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(SyncRefused);
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        reason: 'already_running',
        runningRunId: (started[0] as PromiseFulfilledResult<SyncRun>).value.runId,
      });
    }
  });

  it('completes after a worker crash midway, with no duplicate rows', async () => {
    const s = scenario({
      inbound: {
        shipments: Array.from({ length: 30 }, (_, i) =>
          shipment(
            `C${String(i).padStart(2, '0')}`,
            [
              { SellerSKU: `K${i}`, QuantityShipped: 5, QuantityReceived: 1 },
              { SellerSKU: `L${i}`, QuantityShipped: 5, QuantityReceived: 2 },
            ],
            { LastUpdatedDate: daysAgo(3 + i * 17) },
          ),
        ),
      },
    });
    const h = await harness(s);
    const apply = h.deps.listing.apply;
    let applies = 0;
    h.deps.listing.apply = async (userId, changes) => {
      applies += 1;
      if (applies === 3) {
        // Half the slice reaches the table, then the worker dies.
        await apply(userId, changes.slice(0, Math.ceil(changes.length / 2)));
        throw new Error('worker crashed');
      }
      return apply(userId, changes);
    };
    const run = await startSync(h.userId, 'manual', h.deps);
    const job = { type: 'sync.user' as const, userId: h.userId, runId: run.runId };
    const jobDeps = {
      ...h.deps,
      queue: { enqueue: async () => [] },
      connectedUserIds: async function* () {},
    };
    const delivery = { remainingMs: 60_000, maxReceiveCount: 5, safetyMarginMs: 0 };

    await expect(runSyncJob(job, jobDeps, { ...delivery, receiveCount: 1 })).rejects.toThrow(
      'worker crashed',
    );
    expect(await syncRunStore.get(h.userId, run.runId)).toMatchObject({
      status: 'running',
      failedAttempts: 1,
    });

    // The queue delivers the message again.
    await runSyncJob(job, jobDeps, { ...delivery, receiveCount: 2 });
    expect(await syncRunStore.get(h.userId, run.runId)).toMatchObject({ status: 'succeeded' });
    await expectExactListing(h, expected(s, IT, window().from, window().to));
  });

  it('stores the refresh token encrypted and never reads it into the connection', async () => {
    const h = await harness(scenario({ inbound: { shipments: [] } }));
    const { Items } = await table.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND SK = :sk',
        ExpressionAttributeValues: {
          ':pk': marketplaceKeys.connection(h.userId).PK,
          ':sk': marketplaceKeys.connection(h.userId).SK,
        },
      }),
    );
    const stored = Items?.[0] ?? {};
    expect(String(stored.lwa_refresh_token)).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain('Atzr|');
    const connection = await getConnection(h.userId);
    expect(connection).toMatchObject({
      status: 'connected',
      storeName: 'Bottega Prova',
      countryCode: 'IT',
      activeMarketplaces: ['IT'],
    });
    expect(JSON.stringify(connection)).not.toContain('lwa_refresh_token');
    expect(stack.dynamodb.table).toBe(TABLE_NAME);
  });
});

describe('sync handlers: POST /api/sync-fba, GET /api/sync-runs/latest and the queue worker', () => {
  type HttpHandler = (
    event: unknown,
    context: unknown,
  ) => Promise<{ statusCode: number; body: string }>;
  type WorkerHandler = (
    event: unknown,
    context: unknown,
  ) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;
  let syncFba: HttpHandler;
  let latest: HttpHandler;
  let worker: WorkerHandler;
  let sim: SpapiSimulator;
  let queue: { url: string };
  let sqs: import('@aws-sdk/client-sqs').SQSClient;
  const users: string[] = [];

  const context = {
    functionName: 'test',
    awsRequestId: 'req',
    getRemainingTimeInMillis: () => 60_000,
  };
  const httpEvent = (userId: string | undefined, language = 'it') => ({
    version: '2.0',
    routeKey: 'POST /api/sync-fba',
    rawPath: '/api/sync-fba',
    headers: { 'accept-language': language },
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'POST', path: '/api/sync-fba' },
      ...(userId ? { authorizer: { jwt: { claims: { sub: userId }, scopes: [] } } } : {}),
    },
  });
  const call = async (handler: HttpHandler, userId: string | undefined, language?: string) => {
    const response = await handler(httpEvent(userId, language), context);
    return { status: response.statusCode, body: JSON.parse(response.body || 'null') };
  };

  async function receiveAll(): Promise<
    { MessageId?: string; Body?: string; ReceiptHandle?: string }[]
  > {
    const { ReceiveMessageCommand, DeleteMessageCommand } = await import('@aws-sdk/client-sqs');
    const out: { MessageId?: string; Body?: string; ReceiptHandle?: string }[] = [];
    for (;;) {
      const { Messages } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queue.url,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 0,
        }),
      );
      if (!Messages?.length) return out;
      for (const m of Messages) {
        out.push(m);
        await sqs.send(
          new DeleteMessageCommand({ QueueUrl: queue.url, ReceiptHandle: m.ReceiptHandle }),
        );
      }
    }
  }

  const sqsEvent = (bodies: { id: string; body: string }[]) => ({
    Records: bodies.map(({ id, body }) => ({
      messageId: id,
      receiptHandle: id,
      body,
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: {},
      eventSource: 'aws:sqs',
    })),
  });

  async function linkUser(countryCode = 'IT'): Promise<string> {
    const userId = `it-handler-${randomUUID()}`;
    users.push(userId);
    const apis = createSellerApis({
      endpoint: sim.url,
      tokenUrl: `${sim.url}/auth/o2/token`,
      credentials,
    });
    const code = (await consent(sim)).get('spapi_oauth_code') ?? '';
    await linkSellerAccount(
      { userId, code, sellerId: 'A3INTEGRATION', countryCode, redirectUri: REDIRECT_URI },
      {
        authorization: apis.authorization,
        connections: connectionWriter,
        cipher: new AesGcmTokenCipher(Buffer.from(REFRESH_TOKEN_KEY, 'base64')),
        clock: systemClock,
      },
    );
    return userId;
  }

  const plan = (userId: string, countryCode = 'IT') =>
    putSubscription({
      id: randomUUID(),
      userId,
      status: 'active',
      createdAt: iso(Date.now() - 1000),
      expiresAt: iso(Date.now() + 86_400_000),
      countryCode,
    });

  const s = scenario({
    inbound: {
      shipments: [
        shipment('H1', [{ SellerSKU: 'A', QuantityShipped: 9, QuantityReceived: 4 }]),
        shipment('H2', [{ SellerSKU: 'B', QuantityShipped: 9, QuantityReceived: 9 }]),
      ],
    },
  });

  beforeAll(async () => {
    const { ensureQueueWithDlq } = await import('../../local/stack/sqs');
    const { SQSClient } = await import('@aws-sdk/client-sqs');
    const { LOCAL_CREDENTIALS: credentialsOfStack, LOCAL_REGION } =
      await import('../../local/stack/aws');
    queue = await ensureQueueWithDlq(stack.sqs.endpoint, `it-sync-${randomUUID()}`);
    sqs = new SQSClient({
      endpoint: stack.sqs.endpoint,
      region: LOCAL_REGION,
      credentials: credentialsOfStack,
    });
    sim = await startSpapiSimulator({ port: 0, scenario: s, defaultRedirectUri: REDIRECT_URI });
    Object.assign(process.env, {
      SYNC_QUEUE_URL: queue.url,
      SPAPI_ENDPOINT: sim.url,
      LWA_TOKEN_URL: `${sim.url}/auth/o2/token`,
      // The worker mails a seller whose case Amazon reimbursed (the case poller, issue 16).
      APP_URL: stack.webUrl,
      MAIL_FROM: 'no-reply@rimborsifba.local',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(stack.mail.smtpPort),
    });
    syncFba = (await import('../../lambdas/handlers/sync-fba.handler'))
      .handler as unknown as HttpHandler;
    latest = (await import('../../lambdas/handlers/sync-runs.handler'))
      .handler as unknown as HttpHandler;
    worker = (await import('../../lambdas/handlers/sync-worker.handler'))
      .handler as unknown as WorkerHandler;
  });

  afterAll(async () => {
    for (const userId of users) await disconnect(userId);
    await sim?.close();
    sqs?.destroy();
  });

  it('answers 401 without a caller, 402 without a plan and 409 without a connection', async () => {
    expect((await call(syncFba, undefined)).status).toBe(401);

    const userId = await linkUser();
    expect(await call(syncFba, userId)).toEqual({
      status: 402,
      body: expect.objectContaining({
        error: 'payment_required',
        message:
          'Per sincronizzare le spedizioni serve un piano attivo. Attiva il piano per continuare.',
      }),
    });
    expect((await call(syncFba, userId, 'en')).body.message).toBe(
      'Syncing shipments needs an active plan. Activate the plan to continue.',
    );

    await plan(userId, 'DE');
    expect((await call(syncFba, userId)).status).toBe(403);

    const unlinked = `it-handler-${randomUUID()}`;
    await plan(unlinked);
    expect(await call(syncFba, unlinked)).toEqual({
      status: 409,
      body: expect.objectContaining({
        message: 'Collega il tuo account Amazon per sincronizzare le spedizioni.',
        details: { reason: 'not_connected' },
      }),
    });
    expect(await receiveAll()).toEqual([]);
  });

  it('queues a run (202), refuses a second (409), and the worker carries it to the end', async () => {
    // Prepare
    const userId = await linkUser();
    await plan(userId);

    // Act: Sync now, twice
    const first = await call(syncFba, userId);
    const second = await call(syncFba, userId, 'en');

    // Assess: one run queued, the other refused
    expect(first).toEqual({
      status: 202,
      body: {
        message: 'Sincronizzazione avviata',
        run: expect.objectContaining({
          status: 'running',
          mode: 'full',
          progress: { phase: 'queued', percent: 0 },
        }),
      },
    });
    expect(second).toEqual({
      status: 409,
      body: expect.objectContaining({
        message: 'A sync is already running.',
        details: { reason: 'already_running', runId: first.body.run.id },
      }),
    });
    const inProgress = await call(latest, userId);
    expect(inProgress.body).toEqual({
      run: expect.objectContaining({ id: first.body.run.id, status: 'running' }),
      last_successful: null,
    });

    const messages = await receiveAll();
    expect(messages.map((m) => JSON.parse(m.Body ?? ''))).toEqual([
      { type: 'sync.user', userId, runId: first.body.run.id },
    ]);
    const result = await worker(sqsEvent([{ id: 'm1', body: messages[0]?.Body ?? '' }]), context);
    expect(result).toEqual({ batchItemFailures: [] });

    const done = await call(latest, userId);
    expect(done.body.run).toMatchObject({
      id: first.body.run.id,
      status: 'succeeded',
      progress: { phase: 'done', percent: 100 },
      counts: { shipments_listed: 1, items_listed: 1, shipments_added: 1 },
      calls: { total: expect.any(Number), throttled: 0, retried: 0 },
      error: null,
    });
    expect(done.body.last_successful).toEqual(done.body.run);
    expect((await loadSyncedShipments(userId, IT)).map((x) => x.shipmentId)).toEqual(['H1']);
  });

  it('dispatches the 7-day sync to connected sellers with a plan, through the sync index', async () => {
    const withPlan = await linkUser();
    await plan(withPlan);
    const withoutPlan = await linkUser();
    const gone = await linkUser();
    await plan(gone);
    await disconnect(gone);

    const result = await worker(
      sqsEvent([{ id: 'due', body: JSON.stringify({ type: 'sync.due' }) }]),
      context,
    );
    expect(result).toEqual({ batchItemFailures: [] });

    const queued = (await receiveAll()).map(
      (m) => JSON.parse(m.Body ?? '') as { userId: string; runId: string },
    );
    const mine = queued.filter((m) => [withPlan, withoutPlan, gone].includes(m.userId));
    expect(mine.map((m) => m.userId)).toEqual([withPlan]);
    const run = await syncRunStore.get(withPlan, mine[0]?.runId ?? '');
    expect(run).toMatchObject({ trigger: 'scheduled', status: 'running' });
  });

  it('reports a message it cannot read as failed, so it reaches the dead-letter queue', async () => {
    const result = await worker(
      sqsEvent([
        { id: 'bad', body: '{"type":"sync.user"}' },
        { id: 'poll', body: '{"type":"cases.poll"}' },
      ]),
      context,
    );
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'bad' }] });
  });
});

describe('Sync now through the local stack: gateway, queue, consumer and worker', () => {
  it('syncs the default scenario for a signed-in seller and shows progress, then the result', async () => {
    const accounts = await import('./support/accounts');
    const { IT_ENV } = await import('./stack');
    const { DEFAULT_SCENARIO_FILE } = await import('../../local/scenarios');
    const { loadScenarioFile, resolveScenarioDates } = await import('../../local/spapi-simulator');
    const fs = await import('node:fs');
    const path = await import('node:path');

    // Prepare: a confirmed user, linked to the stack simulator's seller, with a plan
    const { email, userId, password } = await accounts.registerConfirmedUser();
    const session = await accounts.signInWithPassword(email, password);
    const stackKey = fs
      .readFileSync(
        path.resolve(__dirname, '../..', IT_ENV.LOCAL_DIR, 'keys/refresh-token.key'),
        'utf8',
      )
      .trim();
    const spapi = stack.spapi.endpoint;
    const apis = createSellerApis({
      endpoint: spapi,
      tokenUrl: `${spapi}/auth/o2/token`,
      credentials,
    });
    const confirm = await fetch(`${spapi}/apps/authorize/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        application_id: 'amzn1.sp.solution.local',
        state: 'e2e-state',
        redirect_uri: REDIRECT_URI,
        decision: 'authorize',
      }),
      redirect: 'manual',
    });
    const redirect = new URL(confirm.headers.get('location') ?? '').searchParams;
    await linkSellerAccount(
      {
        userId,
        code: redirect.get('spapi_oauth_code') ?? '',
        sellerId: redirect.get('selling_partner_id') ?? '',
        countryCode: 'IT',
        redirectUri: REDIRECT_URI,
      },
      {
        authorization: apis.authorization,
        connections: connectionWriter,
        cipher: new AesGcmTokenCipher(Buffer.from(stackKey, 'base64')),
        clock: systemClock,
      },
    );
    await putSubscription({
      id: randomUUID(),
      userId,
      status: 'active',
      createdAt: iso(Date.now() - 1000),
      expiresAt: iso(Date.now() + 86_400_000),
      countryCode: 'IT',
    });

    try {
      // Act: Sync now, then poll like the dashboard
      const started = await accounts.api('POST', '/api/sync-fba', { token: session.AccessToken });
      expect(started).toEqual({
        status: 202,
        body: expect.objectContaining({ message: 'Sincronizzazione avviata' }),
      });
      const phases = new Set<string>();
      let latest: {
        run: { status: string; progress: { phase: string }; counts: Record<string, number> };
      };
      const deadline = Date.now() + 60_000;
      do {
        await new Promise((r) => setTimeout(r, 100));
        latest = (
          await accounts.api('GET', '/api/sync-runs/latest', { token: session.AccessToken })
        ).body as typeof latest;
        phases.add(latest.run.progress.phase);
      } while (latest.run.status === 'running' && Date.now() < deadline);

      // Assess: the run ended well and the listing is exactly the scenario's
      expect(latest.run.status).toBe('succeeded');
      expect(phases.has('done')).toBe(true);
      const now = Date.now();
      const scenarioNow = resolveScenarioDates(
        loadScenarioFile(DEFAULT_SCENARIO_FILE),
        new Date(now),
      );
      const want = expected(scenarioNow, IT, monthsBefore(now, 18), now);
      expect(want.length).toBeGreaterThan(3);
      expect((await loadSyncedShipments(userId, IT)).map(shipmentView)).toEqual(want);
      expect(latest.run.counts.shipments_listed).toBe(want.length);
    } finally {
      await disconnect(userId);
    }
  });
});
