import {
  authorize,
  callSp,
  DE,
  IT,
  shipment,
  startTestSim,
  testScenario,
  withQuery,
  type TestSim,
} from './test-support';

interface ShipmentsBody {
  payload: { ShipmentData: Record<string, unknown>[]; NextToken?: string };
}
interface ItemsBody {
  payload: { ItemData: Record<string, unknown>[]; NextToken?: string };
}

const SHIPMENTS = '/fba/inbound/v0/shipments';
const SHIPMENT_ITEMS = '/fba/inbound/v0/shipmentItems';

const items = (n: number, prefix: string): Record<string, unknown>[] =>
  Array.from({ length: n }, (_, i) => ({
    SellerSKU: `${prefix}-${i}`,
    FulfillmentNetworkSKU: `X00000000${i}`,
    QuantityShipped: 10 + i,
    QuantityReceived: 10 + i,
    QuantityInCase: 0,
  }));

const scenario = testScenario({
  inbound: {
    pageSize: 2,
    itemsPageSize: 2,
    shipments: [
      shipment('FBA1', { LastUpdatedDate: '2025-01-10T00:00:00Z' }),
      shipment('FBA2', { ShipmentStatus: 'WORKING', LastUpdatedDate: '2026-02-01T00:00:00Z' }),
      shipment('FBA3', { LastUpdatedDate: '2026-03-01T08:00:00Z', items: items(5, 'TAZZA') }),
      shipment('FBA4', { MarketplaceId: DE, LastUpdatedDate: '2026-03-02T00:00:00Z' }),
      shipment('FBA5', {
        LastUpdatedDate: '2026-04-01T00:00:00Z',
        items: [{ SellerSKU: 'MOKA 3/ROSSA #1', QuantityShipped: 4 }],
      }),
      shipment('FBA6', { ShipmentStatus: 'RECEIVING', LastUpdatedDate: '2026-05-01T00:00:00Z' }),
      shipment('FBA7', { LastUpdatedDate: '2026-06-01T00:00:00Z' }),
    ],
  },
});

describe('Fulfillment Inbound v0', () => {
  let t: TestSim;
  let token: string;
  beforeAll(async () => {
    t = await startTestSim(scenario);
    token = (await authorize(t.sim)).accessToken;
  });
  afterAll(() => t.sim.close());

  const getShipments = (params: Record<string, string | string[] | undefined>) =>
    callSp<ShipmentsBody>(t.sim, 'getShipments', withQuery(SHIPMENTS, params), token);

  /** Follows NextToken the way the model says: QueryType=NEXT_TOKEN plus MarketplaceId. */
  async function allShipmentIds(params: Record<string, string | string[]>): Promise<string[][]> {
    const pages: string[][] = [];
    let res = await getShipments(params);
    for (;;) {
      expect(res.status).toBe(200);
      pages.push(res.body.payload.ShipmentData.map((s) => String(s.ShipmentId)));
      const next = res.body.payload.NextToken;
      if (!next) return pages;
      res = await getShipments({ QueryType: 'NEXT_TOKEN', NextToken: next, MarketplaceId: IT });
    }
  }

  it('filters by status and marketplace and pages with NEXT_TOKEN', async () => {
    const pages = await allShipmentIds({
      MarketplaceId: IT,
      QueryType: 'SHIPMENT',
      ShipmentStatusList: 'CLOSED',
    });

    expect(pages).toEqual([
      ['FBA1', 'FBA3'],
      ['FBA5', 'FBA7'],
    ]);
  });

  it('applies LastUpdatedAfter/Before inclusively on the scenario dates', async () => {
    const pages = await allShipmentIds({
      MarketplaceId: IT,
      QueryType: 'SHIPMENT',
      ShipmentStatusList: ['CLOSED', 'RECEIVING'],
      LastUpdatedAfter: '2026-03-01T08:00:00Z',
      LastUpdatedBefore: '2026-05-01T00:00:00Z',
    });

    expect(pages.flat()).toEqual(['FBA3', 'FBA5', 'FBA6']);
  });

  it('serves DATE_RANGE queries with a status or id list and requires both dates for them', async () => {
    const ok = await allShipmentIds({
      MarketplaceId: IT,
      QueryType: 'DATE_RANGE',
      ShipmentStatusList: ['CLOSED', 'WORKING'],
      LastUpdatedAfter: '2026-01-01T00:00:00Z',
      LastUpdatedBefore: '2026-03-31T00:00:00Z',
    });
    const byId = await allShipmentIds({
      MarketplaceId: IT,
      QueryType: 'DATE_RANGE',
      ShipmentIdList: 'FBA2',
      LastUpdatedAfter: '2026-01-01T00:00:00Z',
      LastUpdatedBefore: '2026-03-31T00:00:00Z',
    });
    const missing = await getShipments({
      MarketplaceId: IT,
      QueryType: 'DATE_RANGE',
      ShipmentStatusList: 'CLOSED',
      LastUpdatedAfter: '2026-01-01T00:00:00Z',
    });

    expect(ok.flat()).toEqual(['FBA2', 'FBA3']);
    expect(byId.flat()).toEqual(['FBA2']);
    expect(missing.status).toBe(400);
    expect(missing.headers.get('x-amzn-ratelimit-limit')).toBeTruthy();
  });

  it('refuses a DATE_RANGE query without a status or id list, as Amazon does', async () => {
    const res = await getShipments({
      MarketplaceId: IT,
      QueryType: 'DATE_RANGE',
      LastUpdatedAfter: '2026-01-01T00:00:00Z',
      LastUpdatedBefore: '2026-03-31T00:00:00Z',
    });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: [{ code: 'InvalidInput' }] });
  });

  it('matches both the status and the id list when both are given', async () => {
    const res = await getShipments({
      MarketplaceId: IT,
      QueryType: 'SHIPMENT',
      ShipmentStatusList: 'CLOSED',
      ShipmentIdList: 'FBA2,FBA3,FBA4',
    });

    expect(res.body.payload.ShipmentData.map((s) => s.ShipmentId)).toEqual(['FBA3']);
  });

  it('never returns the scenario-only fields and sends the model fields', async () => {
    const res = await getShipments({
      MarketplaceId: DE,
      QueryType: 'SHIPMENT',
      ShipmentIdList: 'FBA4',
    });
    const [only] = res.body.payload.ShipmentData;

    expect(res.headers.get('x-amzn-ratelimit-limit')).toBe('2000');
    expect(res.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(only).toEqual({
      ShipmentId: 'FBA4',
      ShipmentName: 'Spedizione FBA4',
      ShipFromAddress: expect.objectContaining({ City: 'Milano', StateOrProvinceCode: 'MI' }),
      DestinationFulfillmentCenterId: 'MXP5',
      ShipmentStatus: 'CLOSED',
      LabelPrepType: 'SELLER_LABEL',
      AreCasesRequired: false,
    });
  });

  it('refuses bad queries with 400 InvalidInput', async () => {
    const cases = [
      { QueryType: 'SHIPMENT', ShipmentStatusList: 'CLOSED' },
      { MarketplaceId: IT, QueryType: 'SHIPMENT' },
      { MarketplaceId: IT, QueryType: 'EVERYTHING', ShipmentStatusList: 'CLOSED' },
      { MarketplaceId: IT, QueryType: 'SHIPMENT', ShipmentStatusList: 'CLOSD' },
      {
        MarketplaceId: IT,
        QueryType: 'SHIPMENT',
        ShipmentStatusList: 'CLOSED',
        LastUpdatedAfter: 'yesterday',
      },
      { MarketplaceId: IT, QueryType: 'NEXT_TOKEN', NextToken: 'bm90IGEgdG9rZW4=' },
      { MarketplaceId: IT, QueryType: 'NEXT_TOKEN' },
    ];
    for (const params of cases) {
      const res = await getShipments(params);
      expect({ params, status: res.status }).toEqual({ params, status: 400 });
      expect(res.body).toEqual({ errors: [expect.objectContaining({ code: 'InvalidInput' })] });
    }
  });

  it('needs the same MarketplaceId with NEXT_TOKEN and an encoded token', async () => {
    const first = await getShipments({
      MarketplaceId: IT,
      QueryType: 'SHIPMENT',
      ShipmentStatusList: 'CLOSED',
    });
    const next = first.body.payload.NextToken ?? '';
    const otherMarketplace = await getShipments({
      QueryType: 'NEXT_TOKEN',
      NextToken: next,
      MarketplaceId: DE,
    });
    const unencoded = await callSp(
      t.sim,
      'getShipments',
      `${SHIPMENTS}?QueryType=NEXT_TOKEN&MarketplaceId=${IT}&NextToken=${next}`,
      token,
    );

    expect(next).toMatch(/^\+\//);
    expect(otherMarketplace.status).toBe(400);
    expect(unencoded.status).toBe(400);
  });

  describe('items', () => {
    const byShipment = (id: string) =>
      callSp<ItemsBody>(
        t.sim,
        'getShipmentItemsByShipmentId',
        `${SHIPMENTS}/${encodeURIComponent(id)}/items`,
        token,
      );
    const nextItems = (next: string, marketplaceId = IT) =>
      callSp<ItemsBody>(
        t.sim,
        'getShipmentItems',
        withQuery(SHIPMENT_ITEMS, {
          QueryType: 'NEXT_TOKEN',
          NextToken: next,
          MarketplaceId: marketplaceId,
        }),
        token,
      );

    it('pages a shipment by itemsPageSize, continuing through getShipmentItems NEXT_TOKEN', async () => {
      const skus: string[][] = [];
      let res = await byShipment('FBA3');
      for (;;) {
        expect(res.status).toBe(200);
        skus.push(res.body.payload.ItemData.map((i) => String(i.SellerSKU)));
        const next = res.body.payload.NextToken;
        if (!next) break;
        res = await nextItems(next);
      }

      expect(skus).toEqual([['TAZZA-0', 'TAZZA-1'], ['TAZZA-2', 'TAZZA-3'], ['TAZZA-4']]);
    });

    it('sends the model item fields and omits a missing QuantityReceived', async () => {
      const full = await byShipment('FBA3');
      const missing = await byShipment('FBA5');

      expect(full.body.payload.ItemData[0]).toEqual({
        ShipmentId: 'FBA3',
        SellerSKU: 'TAZZA-0',
        FulfillmentNetworkSKU: 'X000000000',
        QuantityShipped: 10,
        QuantityReceived: 10,
        QuantityInCase: 0,
      });
      expect(missing.body.payload.ItemData).toEqual([
        { ShipmentId: 'FBA5', SellerSKU: 'MOKA 3/ROSSA #1', QuantityShipped: 4 },
      ]);
    });

    it('answers 404 for an unknown shipment and 400 for a NextToken on the by-id call', async () => {
      const unknown = await byShipment('FBA404');
      const withToken = await callSp(
        t.sim,
        'getShipmentItemsByShipmentId',
        `${SHIPMENTS}/FBA3/items?NextToken=abc`,
        token,
      );

      expect(unknown.status).toBe(404);
      expect(withToken.status).toBe(400);
    });

    it('lists the items of the shipments updated in a DATE_RANGE, across pages', async () => {
      const seen: string[] = [];
      let res = await callSp<ItemsBody>(
        t.sim,
        'getShipmentItems',
        withQuery(SHIPMENT_ITEMS, {
          MarketplaceId: IT,
          QueryType: 'DATE_RANGE',
          LastUpdatedAfter: '2026-02-01T00:00:00Z',
          LastUpdatedBefore: '2026-04-01T00:00:00Z',
        }),
        token,
      );
      for (;;) {
        seen.push(
          ...res.body.payload.ItemData.map((i) => `${String(i.ShipmentId)}:${String(i.SellerSKU)}`),
        );
        const next = res.body.payload.NextToken;
        if (!next) break;
        res = await nextItems(next);
      }

      expect(seen).toEqual([
        'FBA2:FBA2-SKU',
        'FBA3:TAZZA-0',
        'FBA3:TAZZA-1',
        'FBA3:TAZZA-2',
        'FBA3:TAZZA-3',
        'FBA3:TAZZA-4',
        'FBA5:MOKA 3/ROSSA #1',
      ]);
    });

    it('requires MarketplaceId and a matching marketplace for date-range tokens', async () => {
      const noMarketplace = await callSp(
        t.sim,
        'getShipmentItems',
        withQuery(SHIPMENT_ITEMS, {
          QueryType: 'DATE_RANGE',
          LastUpdatedAfter: '2026-01-01T00:00:00Z',
          LastUpdatedBefore: '2026-12-01T00:00:00Z',
        }),
        token,
      );
      const first = await callSp<ItemsBody>(
        t.sim,
        'getShipmentItems',
        withQuery(SHIPMENT_ITEMS, {
          MarketplaceId: IT,
          QueryType: 'DATE_RANGE',
          LastUpdatedAfter: '2026-01-01T00:00:00Z',
          LastUpdatedBefore: '2026-12-01T00:00:00Z',
        }),
        token,
      );
      const wrongMarketplace = await nextItems(first.body.payload.NextToken ?? '', DE);

      expect(noMarketplace.status).toBe(400);
      expect(wrongMarketplace.status).toBe(400);
    });
  });
});
