import { REFRESH_TOKEN_KEY } from './sync-env';
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  LOCAL_LWA_CLIENT_ID,
  LOCAL_LWA_CLIENT_SECRET,
  parseScenario,
  startSpapiSimulator,
  type Scenario,
  type SpapiSimulator,
} from '../../../local/spapi-simulator';
import { consent, REDIRECT_URI } from '../../../local/spapi-simulator/test-support';
import { AesGcmTokenCipher } from '../../../lambdas/adapters/crypto/token-cipher';
import { table, TABLE_NAME } from '../../../lambdas/adapters/dynamo/client';
import { disconnect } from '../../../lambdas/adapters/dynamo/connections';
import { loadSyncedShipments } from '../../../lambdas/adapters/dynamo/shipments';
import { putSubscription } from '../../../lambdas/adapters/dynamo/subscriptions';
import { syncRunStore } from '../../../lambdas/adapters/dynamo/sync-runs';
import { createSellerApis } from '../../../lambdas/adapters/sp-api/seller-apis';
import { connectionWriter, syncDependencies } from '../../../lambdas/wiring/sync-dependencies';
import { monthsBefore, systemClock, type Clock } from '../../../lambdas/domain/clock';
import { compareCodeUnits } from '../../../lambdas/domain/sync/discrepancy';
import { marketplaceIdForCountry } from '../../../lambdas/domain/marketplaces';
import { linkSellerAccount } from '../../../lambdas/domain/connection/seller-link';
import { startSync, type SyncDeps } from '../../../lambdas/domain/sync/sync';
import { runSyncJob } from '../../../lambdas/domain/sync/jobs';
import type { SyncRun } from '../../../lambdas/domain/sync/run';
import { shipmentView, type ShipmentView } from '../../../lambdas/domain/sync/view';

/**
 * The sync end to end on the real adapters: the SP-API simulator in-process (rates scaled up,
 * retries without waiting), the integration stack's DynamoDB Local, the worker's job runner.
 * Every scenario is generated here and checked exactly against an independent reading of the
 * discrepancy rules, and the table is checked for duplicate rows.
 *
 * Shared by the sync-*.test.ts files: scenarios, the expected listing, and a harness that links a
 * seller to its own simulator and syncs through the worker's job runner.
 */

export const IT = 'APJ6JRA9NG5V4';
export const DE = 'A1PA6795UKMFR9';
const FAST_RETRY = { maxRetries: 6, baseDelayMs: 1, maxDelayMs: 4 };
export const credentials = async () => ({
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

export const iso = (ms: number) => new Date(ms).toISOString();
export const daysAgo = (days: number) => iso(Date.now() - days * 86_400_000);
/** The 18 months up to now that a sync reads. */
export const syncWindow = () => ({ from: monthsBefore(Date.now(), 18), to: Date.now() });

export function shipment(id: string, items: Item[], overrides: Record<string, unknown> = {}) {
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
export function scenario(patch: {
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
export function expected(
  s: Scenario,
  marketplaceId: string,
  from: number,
  to: number,
): ShipmentView[] {
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

export async function rawRows(userId: string) {
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

export interface Harness {
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

/** Disconnects the sellers and stops the simulators of the harnesses made so far (afterEach). */
export async function closeHarnesses(): Promise<void> {
  for (const h of harnesses.splice(0)) {
    await disconnect(h.userId);
    await h.sim.close();
  }
}

export async function harness(
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

export async function expectExactListing(h: Harness, want: ShipmentView[]) {
  expect(await h.listing()).toEqual(want);
  const rows = await rawRows(h.userId);
  const wantedRows = want.length + want.reduce((n, s) => n + s.items.length, 0);
  expect(rows).toHaveLength(wantedRows);
  expect(new Set(rows.map((r) => r.SK)).size).toBe(wantedRows);
}
