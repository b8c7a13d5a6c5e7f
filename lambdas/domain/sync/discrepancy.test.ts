import fc from 'fast-check';
import {
  computeDiscrepancies,
  skusNeedingCatalog,
  withCatalog,
  type CatalogEntry,
  type InboundItem,
  type InboundShipment,
} from './discrepancy';

const IT = 'APJ6JRA9NG5V4';
const DE = 'A1PA6795UKMFR9';
const NOW = Date.parse('2026-11-01T00:00:00Z');
const WINDOW_FROM = Date.parse('2025-05-01T00:00:00Z');
const rules = { marketplaceId: IT, window: { from: WINDOW_FROM, to: NOW } };

function shipment(id: string, overrides: Partial<InboundShipment> = {}): InboundShipment {
  const at = Date.parse('2026-10-01T10:00:00Z');
  return {
    shipmentId: id,
    shipmentName: `Spedizione ${id}`,
    status: 'CLOSED',
    fcCode: 'MXP5',
    marketplaceId: IT,
    lastUpdated: { from: at, to: at },
    ...overrides,
  };
}

const item = (
  shipmentId: string,
  sku: string,
  shipped: number,
  received?: number | null,
): InboundItem => ({ shipmentId, sku, quantityShipped: shipped, quantityReceived: received });

describe('computeDiscrepancies', () => {
  it('lists a short shipment with only its short items, ASIN and title from the catalog', () => {
    // Prepare
    const catalog = new Map<string, CatalogEntry>([['A', { asin: 'B0A', title: 'Moka' }]]);
    // Act
    const { listed, considered } = computeDiscrepancies(
      {
        shipments: [shipment('S1')],
        items: [item('S1', 'B', 10, 10), item('S1', 'A', 12, 9), item('S1', 'C', 5, 4)],
        catalog,
      },
      rules,
    );
    // Assess
    expect(considered).toEqual(['S1']);
    expect(listed).toEqual([
      expect.objectContaining({
        shipmentId: 'S1',
        unitsExpected: 27,
        unitsFound: 23,
        discrepancy: 4,
        items: [
          {
            sku: 'A',
            asin: 'B0A',
            title: 'Moka',
            unitsExpected: 12,
            unitsFound: 9,
            discrepancy: 3,
          },
          { sku: 'C', asin: null, title: null, unitsExpected: 5, unitsFound: 4, discrepancy: 1 },
        ],
      }),
    ]);
  });

  it('counts a missing QuantityReceived as 0 received', () => {
    const { listed } = computeDiscrepancies(
      {
        shipments: [shipment('S1')],
        items: [item('S1', 'A', 7), item('S1', 'B', 3, null)],
        catalog: new Map(),
      },
      rules,
    );
    expect(listed[0]).toMatchObject({ unitsExpected: 10, unitsFound: 0, discrepancy: 10 });
    expect(listed[0]?.items.map((i) => i.discrepancy)).toEqual([7, 3]);
  });

  it('does not list a shipment that nets to zero or to an excess, though it was considered', () => {
    const { listed, considered } = computeDiscrepancies(
      {
        shipments: [shipment('ZERO'), shipment('EXCESS')],
        items: [item('ZERO', 'A', 10, 7), item('ZERO', 'B', 10, 13), item('EXCESS', 'A', 10, 12)],
        catalog: new Map(),
      },
      rules,
    );
    expect(listed).toEqual([]);
    expect(considered).toEqual(['EXCESS', 'ZERO']);
  });

  it('ignores shipments that are not closed, of another marketplace, or outside the window', () => {
    const statuses = [
      'WORKING',
      'SHIPPED',
      'RECEIVING',
      'CANCELLED',
      'DELETED',
      'ERROR',
      'IN_TRANSIT',
      'DELIVERED',
      'CHECKED_IN',
    ];
    const old = WINDOW_FROM - 1;
    const { listed, considered } = computeDiscrepancies(
      {
        shipments: [
          ...statuses.map((status) => shipment(status, { status })),
          shipment('DE', { marketplaceId: DE }),
          shipment('OLD', { lastUpdated: { from: old, to: old } }),
          shipment('EDGE', { lastUpdated: { from: WINDOW_FROM, to: WINDOW_FROM } }),
        ],
        items: [...statuses, 'DE', 'OLD', 'EDGE'].map((id) => item(id, 'A', 5, 1)),
        catalog: new Map(),
      },
      rules,
    );
    expect(considered).toEqual(['EDGE']);
    expect(listed.map((s) => s.shipmentId)).toEqual(['EDGE']);
  });

  it('lists nothing for a closed shipment without items', () => {
    const result = computeDiscrepancies(
      { shipments: [shipment('EMPTY')], items: [], catalog: new Map() },
      rules,
    );
    expect(result).toEqual({ listed: [], considered: ['EMPTY'] });
  });

  it('sums a SKU that appears twice in one shipment and counts a repeated shipment once', () => {
    const { listed } = computeDiscrepancies(
      {
        shipments: [shipment('S1'), shipment('S1')],
        items: [item('S1', 'A', 5, 5), item('S1', 'A', 5, 2)],
        catalog: new Map(),
      },
      rules,
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]?.items).toEqual([
      expect.objectContaining({ sku: 'A', unitsExpected: 10, unitsFound: 7, discrepancy: 3 }),
    ]);
  });

  it('keeps SKUs with spaces, slashes, # and accents as they are, sorted by code unit', () => {
    const skus = ['zeta', 'Caffè #2', 'A/B 1', 'Ñandú', 'a b'];
    const { listed } = computeDiscrepancies(
      {
        shipments: [shipment('S1')],
        items: skus.map((sku) => item('S1', sku, 2, 1)),
        catalog: new Map(),
      },
      rules,
    );
    expect(listed[0]?.items.map((i) => i.sku)).toEqual([
      'A/B 1',
      'Caffè #2',
      'a b',
      'zeta',
      'Ñandú',
    ]);
  });

  it('asks the catalog only about listed SKUs and fills them in afterwards', () => {
    const { listed } = computeDiscrepancies(
      {
        shipments: [shipment('S1'), shipment('S2')],
        items: [item('S1', 'A', 3, 1), item('S1', 'B', 3, 3), item('S2', 'C', 3, 3)],
        catalog: new Map(),
      },
      rules,
    );
    expect(skusNeedingCatalog(listed)).toEqual(['A']);
    const filled = withCatalog(listed, new Map([['A', { asin: 'B1', title: 'T' }]]));
    expect(filled[0]?.items[0]).toMatchObject({ asin: 'B1', title: 'T' });
  });
});

describe('computeDiscrepancies properties', () => {
  const skuArb = fc.constantFrom('A', 'B', 'C 1', 'D/2', 'E#3', 'Fè');
  const shipmentIdArb = fc.constantFrom('S1', 'S2', 'S3', 'S4');
  const itemArb = fc.record({
    shipmentId: shipmentIdArb,
    sku: skuArb,
    quantityShipped: fc.integer({ min: 0, max: 500 }),
    quantityReceived: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
  });
  const inputArb = fc.record({
    statuses: fc.array(fc.constantFrom('CLOSED', 'CLOSED', 'RECEIVING', 'WORKING'), {
      minLength: 4,
      maxLength: 4,
    }),
    items: fc.array(itemArb, { maxLength: 40 }),
  });
  const build = (input: { statuses: string[]; items: InboundItem[] }) => ({
    shipments: ['S1', 'S2', 'S3', 'S4'].map((id, i) =>
      shipment(id, { status: input.statuses[i] as string }),
    ),
    items: input.items,
    catalog: new Map<string, CatalogEntry>(),
  });

  it('gives every shipment discrepancy = expected − found, always above 0', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const s of computeDiscrepancies(build(input), rules).listed) {
          expect(s.discrepancy).toBe(s.unitsExpected - s.unitsFound);
          expect(s.discrepancy).toBeGreaterThan(0);
          for (const i of s.items) {
            expect(i.discrepancy).toBe(i.unitsExpected - i.unitsFound);
            expect(i.discrepancy).toBeGreaterThan(0);
          }
        }
      }),
    );
  });

  it('lists a shipment exactly when its own lines sum to a shortfall', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const data = build(input);
        const listed = new Set(computeDiscrepancies(data, rules).listed.map((s) => s.shipmentId));
        for (const s of data.shipments) {
          const lines = input.items.filter((i) => i.shipmentId === s.shipmentId);
          const shortfall = lines.reduce(
            (n, i) => n + i.quantityShipped - (i.quantityReceived ?? 0),
            0,
          );
          expect(listed.has(s.shipmentId)).toBe(s.status === 'CLOSED' && shortfall > 0);
        }
      }),
    );
  });

  it('does not depend on the order of shipments or items', () => {
    fc.assert(
      fc.property(
        inputArb.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray(input.items, { minLength: input.items.length }),
            fc.shuffledSubarray([0, 1, 2, 3], { minLength: 4 }),
          ),
        ),
        ([input, shuffledItems, order]) => {
          const data = build(input);
          const reordered = {
            ...data,
            shipments: order.map((i) => data.shipments[i] as InboundShipment),
            items: shuffledItems,
          };
          expect(computeDiscrepancies(reordered, rules)).toEqual(computeDiscrepancies(data, rules));
        },
      ),
    );
  });

  it('never lists an item of an unlisted shipment and never a SKU twice per shipment', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const s of computeDiscrepancies(build(input), rules).listed) {
          expect(new Set(s.items.map((i) => i.sku)).size).toBe(s.items.length);
          expect(s.items.reduce((n, i) => n + i.discrepancy, 0)).toBeGreaterThanOrEqual(
            s.discrepancy,
          );
        }
      }),
    );
  });
});
