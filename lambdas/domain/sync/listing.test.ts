import fc from 'fast-check';
import { compareCodeUnits, type ListedItem, type ListedShipment } from './discrepancy';
import { applyChanges, countChanges, diffListing } from './listing';

const at = Date.parse('2026-10-01T00:00:00Z');

function listed(id: string, items: [string, number, number][]): ListedShipment {
  // The engine always hands items over sorted by SKU.
  const sorted = [...items].sort((a, b) => compareCodeUnits(a[0], b[0]));
  const list: ListedItem[] = sorted.map(([sku, expected, found]) => ({
    sku,
    asin: null,
    title: null,
    unitsExpected: expected,
    unitsFound: found,
    discrepancy: expected - found,
  }));
  const expected = list.reduce((n, i) => n + i.unitsExpected, 0);
  const found = list.reduce((n, i) => n + i.unitsFound, 0);
  return {
    shipmentId: id,
    shipmentName: id,
    fcCode: 'MXP5',
    status: 'CLOSED',
    marketplaceId: 'APJ6JRA9NG5V4',
    lastUpdated: { from: at, to: at },
    unitsExpected: expected,
    unitsFound: found,
    discrepancy: expected - found,
    items: list,
  };
}

describe('diffListing', () => {
  it('adds new shipments, updates changed ones, removes those put right, leaves the rest', () => {
    // Prepare
    const stored = [
      listed('KEEP', [['A', 5, 4]]),
      listed('FIXED', [['A', 5, 4]]),
      listed('CHANGED', [
        ['A', 5, 4],
        ['B', 5, 3],
      ]),
      listed('UNSEEN', [['A', 5, 1]]),
    ];
    const next = [
      listed('KEEP', [['A', 5, 4]]),
      listed('CHANGED', [['A', 5, 2]]),
      listed('NEW', [['Z', 9, 1]]),
    ];
    // Act
    const changes = diffListing(stored, next, new Set(['KEEP', 'FIXED', 'CHANGED', 'NEW']));
    // Assess
    expect(changes.map((c) => [c.shipmentId, c.kind])).toEqual([
      ['CHANGED', 'updated'],
      ['FIXED', 'removed'],
      ['NEW', 'added'],
    ]);
    expect(changes[0]).toMatchObject({
      deleteSkus: ['B'],
      putItems: [{ sku: 'A', unitsFound: 2 }],
    });
    expect(changes[1]).toMatchObject({ header: null, deleteSkus: ['A'] });
    expect(countChanges(changes)).toEqual({
      shipmentsAdded: 1,
      shipmentsUpdated: 1,
      shipmentsRemoved: 1,
      itemsWritten: 2,
      itemsRemoved: 2,
    });
    expect(applyChanges(stored, changes).map((s) => s.shipmentId)).toEqual([
      'CHANGED',
      'KEEP',
      'NEW',
      'UNSEEN',
    ]);
  });

  it('sees no change when only the update range moved (a repeat through another window)', () => {
    const before = listed('S', [['A', 5, 4]]);
    const later = { ...before, lastUpdated: { from: at + 1, to: at + 1000 } };
    expect(diffListing([before], [later], new Set(['S']))).toEqual([]);
  });

  it('reaches a fixed point: applying the diff and diffing again gives nothing', () => {
    const shipmentArb = fc
      .record({
        id: fc.constantFrom('S1', 'S2', 'S3', 'S4', 'S5'),
        items: fc.uniqueArray(
          fc.tuple(fc.constantFrom('A', 'B', 'C#1', 'D /'), fc.nat(20), fc.nat(20)),
          { selector: (t) => t[0], maxLength: 4 },
        ),
      })
      .map(({ id, items }) => listed(id, items));
    const listingArb = fc.uniqueArray(shipmentArb, { selector: (s) => s.shipmentId });
    fc.assert(
      fc.property(
        listingArb,
        listingArb,
        fc.subarray(['S1', 'S2', 'S3', 'S4', 'S5']),
        (stored, next, extraScope) => {
          const scope = new Set([...next.map((s) => s.shipmentId), ...extraScope]);
          const after = applyChanges(stored, diffListing(stored, next, scope));
          expect(diffListing(after, next, scope)).toEqual([]);
          for (const s of next) expect(after.find((a) => a.shipmentId === s.shipmentId)).toEqual(s);
          for (const s of stored) {
            if (!scope.has(s.shipmentId)) {
              expect(after.find((a) => a.shipmentId === s.shipmentId)).toEqual(s);
            }
          }
          expect(new Set(after.map((s) => s.shipmentId)).size).toBe(after.length);
        },
      ),
    );
  });
});
