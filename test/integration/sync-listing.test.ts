import './support/sync-env';
import { monthsBefore, systemClock, type Clock } from '../../lambdas/domain/clock';
import {
  IT,
  DE,
  iso,
  daysAgo,
  shipment,
  scenario,
  expected,
  harness,
  expectExactListing,
  closeHarnesses,
  syncWindow,
} from './support/sync-harness';

/** What a sync lists: paging, statuses, the 18-month window, marketplaces, odd items, faults. */

describe('shipment sync on DynamoDB with the SP-API simulator: what it lists', () => {
  afterEach(closeHarnesses);

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
    const w = syncWindow();
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
    await expectExactListing(h, expected(s, IT, syncWindow().from, syncWindow().to));
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
    await expectExactListing(italian, expected(s, IT, syncWindow().from, syncWindow().to));

    const german = await harness(s, { countryCode: 'DE' });
    await german.sync();
    await expectExactListing(german, expected(s, DE, syncWindow().from, syncWindow().to));
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
    const want = expected(s, IT, syncWindow().from, syncWindow().to);
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
    await expectExactListing(h, expected(s, IT, syncWindow().from, syncWindow().to));
    const stats = h.syncCalls();
    expect(run.calls).toEqual({
      total: stats.total,
      throttled: stats.throttled,
      retried: stats.throttled + stats.serverErrors,
    });
    expect(stats.throttled).toBeGreaterThan(0);
    expect(stats.serverErrors).toBeGreaterThan(0);
  });
});
