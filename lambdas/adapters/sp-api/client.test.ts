import {
  consent,
  DE,
  IT,
  REDIRECT_URI,
  shipment,
  startTestSim,
  testScenario,
  type TestSim,
} from '../../../local/spapi-simulator/test-support';
import { LOCAL_LWA_CLIENT_ID } from '../../../local/spapi-simulator';
import { UpstreamFailure } from '../../domain/sync/spapi-port';
import { SpApiClient } from './client';
import { LwaClient } from './lwa';
import { OperationLimiter } from './rate-limiter';
import { createSellerApis } from './seller-apis';
import { FAST_RETRY, simulatorCredentials as credentials } from './test-support';

let t: TestSim;
afterEach(() => t?.sim.close());

async function linked(scenario = testScenario()) {
  t = await startTestSim(scenario);
  const tokenRequests: string[] = [];
  const countingFetch: typeof fetch = async (input, init) => {
    tokenRequests.push(String(new URLSearchParams(String(init?.body)).get('grant_type')));
    return fetch(input, init);
  };
  const lwa = new LwaClient({
    tokenUrl: `${t.sim.url}/auth/o2/token`,
    credentials,
    clock: { now: () => t.clock.now().getTime(), sleep: async () => undefined },
    fetch: countingFetch,
  });
  const code = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
  const { refreshToken } = await lwa.exchangeAuthorizationCode(code, REDIRECT_URI);
  const limiter = new OperationLimiter({ now: () => Date.now(), sleep: async () => undefined });
  const client = new SpApiClient({
    endpoint: t.sim.url,
    accessToken: () => lwa.accessToken(refreshToken),
    forgetAccessToken: () => lwa.forget(refreshToken),
    retry: FAST_RETRY,
    limiter,
  });
  return { lwa, refreshToken, client, tokenRequests, limiter };
}

describe('LwaClient', () => {
  it('exchanges the consent code for a refresh token and caches access tokens until near expiry', async () => {
    const { lwa, refreshToken, client, tokenRequests } = await linked();
    await client.getMarketplaceParticipations();
    await client.getMarketplaceParticipations();
    expect(tokenRequests).toEqual(['authorization_code']);

    // Within five minutes of expiry the token is renewed before use.
    t.clock.advance(56 * 60_000);
    await lwa.accessToken(refreshToken);
    expect(tokenRequests).toEqual(['authorization_code', 'refresh_token']);
  });

  it('shares one token request between concurrent callers', async () => {
    const { lwa, refreshToken, tokenRequests } = await linked();
    lwa.forget(refreshToken);
    await Promise.all([1, 2, 3].map(() => lwa.accessToken(refreshToken)));
    expect(tokenRequests.filter((g) => g === 'refresh_token')).toHaveLength(1);
  });

  it('refuses a used code, and reads a refused refresh token as a revoked authorization', async () => {
    t = await startTestSim(testScenario());
    const lwa = new LwaClient({ tokenUrl: `${t.sim.url}/auth/o2/token`, credentials });
    const code = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
    await lwa.exchangeAuthorizationCode(code, REDIRECT_URI);
    await expect(lwa.exchangeAuthorizationCode(code, REDIRECT_URI)).rejects.toMatchObject({
      kind: 'permanent',
      code: 'invalid_code',
    });
    await expect(lwa.accessToken('Atzr|forged.token')).rejects.toMatchObject({
      kind: 'revoked',
      code: 'invalid_grant',
    });
  });

  it('reports a seller who removed the app as revoked on the next call, without retries', async () => {
    const { client, refreshToken, lwa } = await linked();
    await client.getMarketplaceParticipations();
    await fetch(`${t.sim.url}/__sim/revoke`, {
      method: 'POST',
      body: JSON.stringify({ selling_partner_id: 'A3TESTSELLER' }),
    });
    const before = client.callStats().total;

    await expect(client.getMarketplaceParticipations()).rejects.toMatchObject({
      kind: 'revoked',
      code: 'invalid_grant',
    });
    // One refused call with the old access token, then the refused refresh ends it.
    expect(client.callStats().total - before).toBe(2);
    await expect(lwa.accessToken(refreshToken)).rejects.toMatchObject({ kind: 'revoked' });
  });

  it('reports wrong client credentials as a permanent failure', async () => {
    t = await startTestSim(testScenario());
    const lwa = new LwaClient({
      tokenUrl: `${t.sim.url}/auth/o2/token`,
      credentials: async () => ({ clientId: LOCAL_LWA_CLIENT_ID, clientSecret: 'wrong' }),
    });
    await expect(lwa.accessToken('Atzr|x.y')).rejects.toMatchObject({
      kind: 'permanent',
      code: 'invalid_client',
    });
  });
});

describe('SpApiClient', () => {
  it('pages through getShipments with URL-encoded NextTokens', async () => {
    const shipments = Array.from({ length: 23 }, (_, i) =>
      shipment(`FBA${String(i).padStart(3, '0')}`),
    );
    const { client } = await linked(
      testScenario({ inbound: { pageSize: 2, itemsPageSize: 2, shipments } }),
    );
    const range = {
      marketplaceId: IT,
      statuses: ['CLOSED'],
      updatedAfter: Date.parse('2026-01-01T00:00:00Z'),
      updatedBefore: Date.parse('2026-11-01T00:00:00Z'),
    };
    const ids: string[] = [];
    let page = await client.getShipments(range);
    let pages = 1;
    for (;;) {
      ids.push(...page.shipments.map((s) => s.shipmentId));
      if (!page.nextToken) break;
      expect(page.nextToken.startsWith('+/')).toBe(true);
      page = await client.getShipments({ marketplaceId: IT, nextToken: page.nextToken });
      pages += 1;
    }
    expect(pages).toBe(12);
    expect(ids).toEqual(shipments.map((s) => s.ShipmentId));
    expect(client.callStats()).toEqual({ total: 12, throttled: 0, retried: 0 });
  });

  it('reads items per shipment (then via getShipmentItems NEXT_TOKEN) and by date range', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({
      SellerSKU: `SKU ${i}/#è`,
      QuantityShipped: 10,
      ...(i === 0 ? {} : { QuantityReceived: 9 }),
    }));
    const { client } = await linked(
      testScenario({
        inbound: {
          pageSize: 2,
          itemsPageSize: 2,
          shipments: [shipment('FBA1', { items }), shipment('FBA2', { MarketplaceId: DE })],
        },
      }),
    );
    let page = await client.getShipmentItemsByShipmentId('FBA1');
    const seen = [...page.items];
    while (page.nextToken) {
      page = await client.getShipmentItems({ marketplaceId: IT, nextToken: page.nextToken });
      seen.push(...page.items);
    }
    expect(seen.map((i) => [i.shipmentId, i.sku, i.quantityReceived])).toEqual([
      ['FBA1', 'SKU 0/#è', null],
      ['FBA1', 'SKU 1/#è', 9],
      ['FBA1', 'SKU 2/#è', 9],
      ['FBA1', 'SKU 3/#è', 9],
      ['FBA1', 'SKU 4/#è', 9],
    ]);
    const bulk = await client.getShipmentItems({
      marketplaceId: DE,
      updatedAfter: Date.parse('2026-01-01T00:00:00Z'),
      updatedBefore: Date.parse('2026-11-01T00:00:00Z'),
    });
    expect(bulk.items.map((i) => i.shipmentId)).toEqual(['FBA2']);
    expect(await client.getShipmentItemsByShipmentId('NOPE')).toEqual({ items: [] });
  });

  it('finds ASIN and title of SKUs with spaces, slashes, # and accents, and of one with a comma', async () => {
    const skus = ['a b', 'c/d', 'e#f', 'Caffè', 'x,y'];
    const { client } = await linked(
      testScenario({
        inventory: {
          summaries: skus.map((sku, i) => ({
            sellerSku: sku,
            fnSku: `X00000000${i}`,
            asin: `B00000000${i}`,
            productName: `Prodotto ${sku}`,
          })),
        },
      }),
    );
    const found = await client.getInventorySummaries({
      marketplaceId: IT,
      skus: [...skus, 'unknown'],
    });
    expect([...found.entries()].sort()).toEqual(
      skus.map((sku, i) => [sku, { asin: `B00000000${i}`, title: `Prodotto ${sku}` }]).sort(),
    );
    expect(client.callStats().total).toBe(2);
  });

  it('retries injected 429 and 503 answers and counts them', async () => {
    const { client } = await linked(
      testScenario({
        inbound: {
          pageSize: 1,
          itemsPageSize: 2,
          shipments: [1, 2, 3, 4, 5, 6].map((i) => shipment(`S${i}`)),
        },
        faults: { throttleEveryNthCall: 3, serverErrorEveryNthCall: 5 },
      }),
    );
    const ids: string[] = [];
    let page = await client.getShipments({
      marketplaceId: IT,
      statuses: ['CLOSED'],
      updatedAfter: 0,
      updatedBefore: Date.parse('2026-11-01T00:00:00Z'),
    });
    for (;;) {
      ids.push(...page.shipments.map((s) => s.shipmentId));
      if (!page.nextToken) break;
      page = await client.getShipments({ marketplaceId: IT, nextToken: page.nextToken });
    }
    expect(ids).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6']);
    const stats = client.callStats();
    expect(stats.total).toBe(t.sim.stats().total);
    expect(stats.throttled).toBe(t.sim.stats().throttled);
    expect(stats.retried).toBe(t.sim.stats().throttled + t.sim.stats().serverErrors);
    expect(stats.total - stats.retried).toBe(6);
    expect(stats.throttled).toBeGreaterThan(0);
  });

  it('gives up after the bounded retries with a transient failure', async () => {
    const { client } = await linked(testScenario({ faults: { throttleEveryNthCall: 1 } }));
    const failure = await client.getMarketplaceParticipations().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamFailure);
    expect(failure).toMatchObject({ kind: 'transient', code: 'QuotaExceeded', status: 429 });
    expect(client.callStats()).toEqual({ total: 7, throttled: 7, retried: 6 });
  });

  /** A linked client on `scenario` whose sleeps are recorded (and advance its clock). */
  async function timedClient(scenario: ReturnType<typeof testScenario>, deadline?: number) {
    t = await startTestSim(scenario);
    const slept: number[] = [];
    let now = Date.now();
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        slept.push(ms);
        now += ms;
      },
    };
    const lwa = new LwaClient({ tokenUrl: `${t.sim.url}/auth/o2/token`, credentials });
    const code = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
    const { refreshToken } = await lwa.exchangeAuthorizationCode(code, REDIRECT_URI);
    const client = new SpApiClient({
      endpoint: t.sim.url,
      accessToken: () => lwa.accessToken(refreshToken),
      retry: FAST_RETRY,
      clock,
      limiter: new OperationLimiter(clock),
      ...(deadline !== undefined ? { deadline: now + deadline } : {}),
    });
    return { client, slept };
  }

  it('fails at once, as transient, when Amazon throttles and its next slot is past the caller\u2019s deadline', async () => {
    // An HTTP request's budget: 10 s, while a drained bucket refills in about a minute.
    const { client, slept } = await timedClient(
      testScenario({ faults: { throttleEveryNthCall: 1 } }),
      10_000,
    );
    const failure = await client.getMarketplaceParticipations().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamFailure);
    expect(failure).toMatchObject({ kind: 'transient', code: 'QuotaExceeded', status: 429 });
    // One request; no wait for the refill was started.
    expect(client.callStats().total).toBe(1);
    expect(slept.every((ms) => ms < 10_000)).toBe(true);
  });

  it('without a deadline waits for the refill after a 429 and then succeeds', async () => {
    const { client, slept } = await timedClient(
      testScenario({ rateScale: 1, faults: { throttleEveryNthCall: 2 } }),
    );
    await client.getMarketplaceParticipations();
    await client.getMarketplaceParticipations();
    expect(client.callStats()).toMatchObject({ total: 3, throttled: 1 });
    // The drained bucket refills at the rate Amazon reported (0.016/s): about a minute.
    expect(Math.max(...slept)).toBeGreaterThan(30_000);
  });

  it('follows the rate Amazon reports in x-amzn-RateLimit-Limit', async () => {
    const { client, limiter } = await linked(testScenario({ rateScale: 50 }));
    expect(limiter.bucket('getMarketplaceParticipations').currentRate).toBe(0.016);
    await client.getMarketplaceParticipations();
    expect(limiter.bucket('getMarketplaceParticipations').currentRate).toBe(0.8);
  });

  it('renews an access token Amazon no longer accepts, once', async () => {
    t = await startTestSim(testScenario());
    // Our clock stands still, so the cached token looks fresh when Amazon has expired it.
    const frozen = t.clock.now().getTime();
    const lwa = new LwaClient({
      tokenUrl: `${t.sim.url}/auth/o2/token`,
      credentials,
      clock: { now: () => frozen, sleep: async () => undefined },
    });
    const code = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
    const { refreshToken } = await lwa.exchangeAuthorizationCode(code, REDIRECT_URI);
    t.clock.advance(61 * 60_000);
    const client = new SpApiClient({
      endpoint: t.sim.url,
      accessToken: () => lwa.accessToken(refreshToken),
      forgetAccessToken: () => lwa.forget(refreshToken),
      retry: FAST_RETRY,
    });
    const participations = await client.getMarketplaceParticipations();
    expect(participations.map((p) => [p.countryCode, p.storeName])).toEqual([
      ['IT', 'Bottega Prova'],
      ['DE', 'Bottega Prova'],
    ]);
    expect(client.callStats()).toEqual({ total: 2, throttled: 0, retried: 1 });
  });

  it('builds per-seller clients on one LWA client', async () => {
    t = await startTestSim(testScenario());
    const apis = createSellerApis({
      endpoint: t.sim.url,
      tokenUrl: `${t.sim.url}/auth/o2/token`,
      credentials,
    });
    const code = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
    const { refreshToken } = await apis.authorization.exchangeAuthorizationCode(code, REDIRECT_URI);
    const participations = await apis.authorization.marketplaceParticipations(refreshToken);
    expect(participations.every((p) => p.isParticipating)).toBe(true);
  });
});
