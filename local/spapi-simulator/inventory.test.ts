import {
  authorize,
  callSp,
  DE,
  IT,
  startTestSim,
  testScenario,
  withQuery,
  type TestSim,
} from './test-support';

interface SummariesBody {
  payload: {
    granularity: { granularityType: string; granularityId: string };
    inventorySummaries: Record<string, unknown>[];
  };
  pagination?: { nextToken?: string };
}

const SUMMARIES = '/fba/inventory/v1/summaries';
const ODD_SKUS = ['MOKA 3 TAZZE', 'TAZZA/ROSSA', 'SET#6', 'CAFFÈ-ÉLITE ☕', 'A+B', 'Ü 100%'];

const scenario = testScenario({
  inventory: {
    summaries: [
      ...Array.from({ length: 120 }, (_, i) => ({
        sellerSku: `SKU-${String(i).padStart(3, '0')}`,
        fnSku: `X${String(i).padStart(9, '0')}`,
        asin: `B0${String(i).padStart(8, '0')}`,
        productName: `Prodotto ${i}`,
        condition: 'NewItem',
        totalQuantity: i,
        ...(i < 3 ? { lastUpdatedTime: '2026-10-20T10:00:00Z' } : {}),
      })),
      ...ODD_SKUS.map((sku, i) => ({
        sellerSku: sku,
        fnSku: `Y${i}`,
        asin: `B1${i}`,
        productName: `Strano ${sku}`,
        condition: 'NewItem',
      })),
    ],
  },
});

describe('FBA Inventory getInventorySummaries', () => {
  let t: TestSim;
  let token: string;
  beforeAll(async () => {
    t = await startTestSim(scenario);
    token = (await authorize(t.sim)).accessToken;
  });
  afterAll(() => t.sim.close());

  const summaries = (params: Record<string, string | string[] | undefined>) => {
    // The burst is 2: let the bucket refill between calls (rateScale 1000 → 2 per ms).
    t.clock.advance(1);
    return callSp<SummariesBody>(
      t.sim,
      'getInventorySummaries',
      withQuery(SUMMARIES, {
        details: 'true',
        granularityType: 'Marketplace',
        granularityId: IT,
        marketplaceIds: IT,
        ...params,
      }),
      token,
    );
  };

  it('answers a batch of 50 sellerSkus in one page, with details', async () => {
    const batch = Array.from({ length: 50 }, (_, i) => `SKU-${String(i * 2).padStart(3, '0')}`);
    const res = await summaries({ sellerSkus: batch });

    expect(res.status).toBe(200);
    expect(res.body.payload.granularity).toEqual({
      granularityType: 'Marketplace',
      granularityId: IT,
    });
    expect(res.body.payload.inventorySummaries.map((s) => s.sellerSku)).toEqual(batch);
    expect(res.body.pagination).toBeUndefined();
    expect(res.body.payload.inventorySummaries[1]).toEqual({
      asin: 'B000000002',
      fnSku: 'X000000002',
      sellerSku: 'SKU-002',
      condition: 'NewItem',
      inventoryDetails: expect.objectContaining({
        fulfillableQuantity: 2,
        inboundWorkingQuantity: 0,
      }),
      lastUpdatedTime: '2026-10-20T10:00:00Z',
      productName: 'Prodotto 2',
      totalQuantity: 2,
    });
  });

  it('refuses 51 sellerSkus', async () => {
    const res = await summaries({ sellerSkus: Array.from({ length: 51 }, (_, i) => `SKU-${i}`) });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: [expect.objectContaining({ code: 'InvalidInput' })] });
  });

  it('leaves out inventoryDetails unless details=true and skips unknown SKUs', async () => {
    const res = await summaries({ details: undefined, sellerSkus: ['SKU-001', 'NOPE'] });

    expect(res.body.payload.inventorySummaries).toEqual([
      expect.not.objectContaining({ inventoryDetails: expect.anything() }),
    ]);
  });

  it('decodes SKUs with spaces, /, #, + and non-ASCII letters, in a list and alone', async () => {
    const listed = await summaries({ sellerSkus: ODD_SKUS });
    const single = await summaries({ sellerSku: 'CAFFÈ-ÉLITE ☕' });
    // A hand-built query as an axios-style client sends it: spaces as '+', the rest encoded.
    const handBuilt = await callSp<SummariesBody>(
      t.sim,
      'getInventorySummaries',
      `${SUMMARIES}?granularityType=Marketplace&granularityId=${IT}&marketplaceIds=${IT}&sellerSkus=MOKA+3+TAZZE,TAZZA%2FROSSA,SET%236,A%2BB`,
      token,
    );

    expect(listed.body.payload.inventorySummaries.map((s) => s.sellerSku)).toEqual(ODD_SKUS);
    expect(single.body.payload.inventorySummaries.map((s) => s.productName)).toEqual([
      'Strano CAFFÈ-ÉLITE ☕',
    ]);
    expect(handBuilt.body.payload.inventorySummaries.map((s) => s.sellerSku)).toEqual([
      'MOKA 3 TAZZE',
      'TAZZA/ROSSA',
      'SET#6',
      'A+B',
    ]);
  });

  it('pages the whole inventory by 50 with pagination.nextToken', async () => {
    const pages: number[] = [];
    let res = await summaries({});
    for (;;) {
      expect(res.status).toBe(200);
      pages.push(res.body.payload.inventorySummaries.length);
      const next = res.body.pagination?.nextToken;
      if (!next) break;
      res = await summaries({ nextToken: next });
    }

    expect(pages).toEqual([50, 50, 26]);
  });

  it('expires a nextToken after 30 seconds', async () => {
    const first = await summaries({});
    t.clock.advance(30_001);
    const late = await summaries({ nextToken: first.body.pagination?.nextToken });

    expect(late.status).toBe(400);
    expect(late.body).toEqual({
      errors: [expect.objectContaining({ message: 'The nextToken has expired' })],
    });
  });

  it('returns summaries changed since startDateTime, within 18 months', async () => {
    const changed = await summaries({ startDateTime: '2026-10-01T00:00:00Z' });
    const tooOld = await summaries({ startDateTime: '2024-01-01T00:00:00Z' });

    expect(changed.body.payload.inventorySummaries.map((s) => s.sellerSku)).toEqual([
      'SKU-000',
      'SKU-001',
      'SKU-002',
    ]);
    expect(tooOld.status).toBe(400);
  });

  it('checks granularity and marketplace parameters', async () => {
    const cases: Record<string, string | undefined>[] = [
      { granularityType: undefined },
      { granularityType: 'Country' },
      { granularityId: DE },
      { marketplaceIds: `${IT},${DE}` },
      { granularityId: 'A1F83G8C2ARO7P', marketplaceIds: 'A1F83G8C2ARO7P' },
    ];
    for (const params of cases) {
      expect({ params, status: (await summaries(params)).status }).toEqual({ params, status: 400 });
    }
  });
});
