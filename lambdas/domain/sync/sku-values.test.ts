import { eurValues, shipmentEstimate } from './sku-values';

describe("a shipment's estimated value", () => {
  it('is missing units times the unit value the seller gave, to the cent', () => {
    expect(
      shipmentEstimate([
        { discrepancy: 3, unit_value: 12.1 },
        { discrepancy: 2, unit_value: 0.35 },
      ]),
    ).toEqual({ amount: 37, unitsValued: 5, unitsUnvalued: 0 });
  });

  it('counts units without a value apart instead of guessing them', () => {
    expect(
      shipmentEstimate([
        { discrepancy: 4, unit_value: 10 },
        { discrepancy: 6, unit_value: null },
      ]),
    ).toEqual({ amount: 40, unitsValued: 4, unitsUnvalued: 6 });
  });

  it('has no amount when no missing SKU has a value, and ignores SKUs with nothing missing', () => {
    expect(
      shipmentEstimate([
        { discrepancy: 2, unit_value: null },
        { discrepancy: 0, unit_value: 99 },
      ]),
    ).toEqual({ amount: null, unitsValued: 0, unitsUnvalued: 2 });
  });
});

describe('eurValues', () => {
  it('keeps the euro values by SKU and leaves out a cost in another currency (no rate is held)', () => {
    const values = eurValues([
      { sku: 'A', amount: 4.5, currency: 'EUR', updatedAt: 'now' },
      { sku: 'B', amount: 7, currency: 'USD', updatedAt: 'now', state: 'confirmed' },
    ]);
    expect([...values]).toEqual([['A', 4.5]]);
  });
});
