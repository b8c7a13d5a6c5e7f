import { usagePlanFromModel } from './model-validator';
import { USAGE_PLANS, type SpapiOperation } from './rate-limiter';
import {
  authorize,
  callSp,
  IT,
  shipment,
  startTestSim,
  testScenario,
  withQuery,
  type TestSim,
} from './test-support';

const PARTICIPATIONS = '/sellers/v1/marketplaceParticipations';
const SHIPMENTS = withQuery('/fba/inbound/v0/shipments', {
  MarketplaceId: IT,
  QueryType: 'SHIPMENT',
  ShipmentStatusList: 'CLOSED',
});

describe('usage plans', () => {
  it.each(Object.keys(USAGE_PLANS) as SpapiOperation[])(
    '%s uses the rate and burst of its model',
    (operation) => {
      expect(USAGE_PLANS[operation]).toEqual(usagePlanFromModel(operation));
    },
  );
});

describe('faults', () => {
  let t: TestSim;
  afterEach(() => t.sim.close());

  it('throttles every Nth and fails every Mth SP-API call, counting from 1, throttling first', async () => {
    t = await startTestSim(
      testScenario({
        faults: { throttleEveryNthCall: 3, serverErrorEveryNthCall: 4 },
        rateScale: 1000,
      }),
    );
    const { accessToken } = await authorize(t.sim);
    const statuses: number[] = [];
    for (let n = 1; n <= 12; n += 1) {
      const operation = n % 2 ? 'getShipments' : 'getMarketplaceParticipations';
      const res = await callSp(t.sim, operation, n % 2 ? SHIPMENTS : PARTICIPATIONS, accessToken);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toEqual({
          errors: [
            {
              code: 'QuotaExceeded',
              message: 'You exceeded your quota for the requested resource.',
            },
          ],
        });
        expect(res.headers.get('x-amzn-ratelimit-limit')).toBeNull();
      }
    }

    expect(statuses).toEqual([200, 200, 429, 503, 200, 429, 200, 503, 429, 200, 200, 429]);
    expect(t.sim.stats()).toEqual({
      total: 12,
      throttled: 4,
      serverErrors: 2,
      byOperation: { getShipments: 6, getMarketplaceParticipations: 6 },
    });
  });

  it('does not number unauthenticated calls, LWA or the consent page', async () => {
    t = await startTestSim(testScenario({ faults: { throttleEveryNthCall: 2 } }));
    const { accessToken } = await authorize(t.sim);
    await callSp(t.sim, 'getMarketplaceParticipations', PARTICIPATIONS, undefined);
    const first = await callSp(t.sim, 'getMarketplaceParticipations', PARTICIPATIONS, accessToken);
    const second = await callSp(t.sim, 'getMarketplaceParticipations', PARTICIPATIONS, accessToken);

    expect([first.status, second.status]).toEqual([200, 429]);
  });
});

describe('rate limiting', () => {
  let t: TestSim;
  afterEach(() => t.sim.close());

  it('allows the burst, then 429 with the rate header, then refills at the rate', async () => {
    t = await startTestSim(
      testScenario({
        rateScale: 1,
        inventory: { summaries: [{ sellerSku: 'A', fnSku: 'X1', asin: 'B1', productName: 'A' }] },
      }),
    );
    const { accessToken } = await authorize(t.sim);
    const call = () =>
      callSp(
        t.sim,
        'getInventorySummaries',
        withQuery('/fba/inventory/v1/summaries', {
          granularityType: 'Marketplace',
          granularityId: IT,
          marketplaceIds: IT,
        }),
        accessToken,
      );

    const burst = [(await call()).status, (await call()).status];
    const over = await call();
    t.clock.advance(499);
    const stillEmpty = await call();
    t.clock.advance(1);
    const refilled = await call();
    const emptyAgain = await call();
    t.clock.advance(60_000);
    const afterPause = [(await call()).status, (await call()).status, (await call()).status];

    expect(burst).toEqual([200, 200]);
    expect(over.status).toBe(429);
    // Amazon sends no rate-limit header with a 429, only with answers it served.
    expect(over.headers.get('x-amzn-ratelimit-limit')).toBeNull();
    expect(over.body).toEqual({
      errors: [
        { code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' },
      ],
    });
    expect(stillEmpty.status).toBe(429);
    expect(refilled.status).toBe(200);
    expect(emptyAgain.status).toBe(429);
    // The bucket never holds more than the burst.
    expect(afterPause).toEqual([200, 200, 429]);
    expect(t.sim.stats().throttled).toBe(4);
  });

  it('multiplies rates, not bursts, by rateScale and keeps a bucket per operation', async () => {
    t = await startTestSim(
      testScenario({ rateScale: 25, inbound: { shipments: [shipment('FBA1')] } }),
    );
    const { accessToken } = await authorize(t.sim);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i += 1) {
      statuses.push(
        (await callSp(t.sim, 'getMarketplaceParticipations', PARTICIPATIONS, accessToken)).status,
      );
    }
    const other = await callSp(t.sim, 'getShipments', SHIPMENTS, accessToken);
    t.clock.advance(2_500); // 0.016 × 25 = 0.4 per second: one request every 2.5 s.
    const refilled = await callSp(
      t.sim,
      'getMarketplaceParticipations',
      PARTICIPATIONS,
      accessToken,
    );

    expect(statuses.slice(0, 15).every((s) => s === 200)).toBe(true);
    expect(statuses[15]).toBe(429);
    expect(other.status).toBe(200);
    expect(other.headers.get('x-amzn-ratelimit-limit')).toBe('50');
    expect(refilled.status).toBe(200);
    expect(refilled.headers.get('x-amzn-ratelimit-limit')).toBe('0.4');
  });
});

describe('admin endpoints', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim(testScenario({ inbound: { shipments: [shipment('FBA1')] } }));
  });
  afterAll(() => t.sim.close());

  it('reports health and stats', async () => {
    const { accessToken } = await authorize(t.sim);
    await callSp(t.sim, 'getShipments', SHIPMENTS, accessToken);
    const health = await fetch(`${t.sim.url}/__sim/health`);
    const stats = await fetch(`${t.sim.url}/__sim/stats`);

    expect(await health.json()).toEqual({ ok: true });
    expect(await stats.json()).toEqual({
      total: 1,
      throttled: 0,
      serverErrors: 0,
      byOperation: { getShipments: 1 },
    });
  });

  it('replaces the scenario with a valid one and refuses a malformed one, naming the field', async () => {
    const { accessToken } = await authorize(t.sim);
    const next = {
      ...testScenario(),
      name: 'replaced',
      inbound: { shipments: [shipment('FBA9')] },
    };
    const replaced = await fetch(`${t.sim.url}/__sim/scenario`, {
      method: 'POST',
      body: JSON.stringify(next),
    });
    const bad = await fetch(`${t.sim.url}/__sim/scenario`, {
      method: 'POST',
      body: JSON.stringify({
        ...next,
        inbound: { shipments: [shipment('FBA10', { LastUpdatedDate: 'ieri' })] },
      }),
    });
    const list = await callSp<{ payload: { ShipmentData: { ShipmentId: string }[] } }>(
      t.sim,
      'getShipments',
      SHIPMENTS,
      accessToken,
    );

    expect(await replaced.json()).toEqual({ ok: true, name: 'replaced' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain(
      'inbound.shipments[0].LastUpdatedDate',
    );
    expect(list.body.payload.ShipmentData.map((s) => s.ShipmentId)).toEqual(['FBA9']);
    expect(t.sim.stats().total).toBe(1);
  });

  it('answers 404 with an SP-API error body for unknown paths', async () => {
    const res = await fetch(`${t.sim.url}/orders/v0/orders`);

    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ errors: [expect.objectContaining({ code: 'NotFound' })] });
  });
});
