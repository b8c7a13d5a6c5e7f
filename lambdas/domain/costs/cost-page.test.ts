import type { SkuValue } from '../sync/sku-values';
import { decideUnitCost, unitCostPage, type CostDeps } from './cost-page';

/** The Costi screen on in-memory ports: shipments' SKUs and the ones the audit left unchecked. */
function memory(): CostDeps & { values: SkuValue[] } {
  const values: SkuValue[] = [];
  return {
    values,
    listInvoices: async () => [],
    listVerdicts: async () => [],
    listSkus: async () => [{ sku: 'MOKA-6', title: 'Moka 6 tazze', asin: 'B00MOKA6' }],
    listUncosted: async () => [
      {
        sku: 'CACAO-250',
        fnsku: 'X00CACAO',
        reimbursements: 2,
        units: 3,
        latestApproval: '2026-11-02',
      },
      { sku: 'MOKA-6', fnsku: null, reimbursements: 1, units: 1, latestApproval: '2026-10-20' },
    ],
    listValues: async () => [...values],
    putValue: async (_userId, value) => {
      values.push(value);
    },
    afterChange: async () => {},
    now: () => Date.parse('2026-11-10T10:00:00Z'),
  };
}

describe('the Costi screen and the SKUs Amazon reimbursed', () => {
  it('lists a reimbursed SKU no shipment holds, marked with what the audit could not check', async () => {
    const page = await unitCostPage(memory(), 'u1', {});
    expect(page.total).toBe(2);
    expect(page.costs.map((c) => [c.sku, c.state, c.reimbursed])).toEqual([
      ['CACAO-250', 'missing', { reimbursements: 2, units: 3, latest_approval: '2026-11-02' }],
      ['MOKA-6', 'missing', { reimbursements: 1, units: 1, latest_approval: '2026-10-20' }],
    ]);
  });

  it('pages the reimbursed SKUs with the others', async () => {
    const deps = memory();
    const first = await unitCostPage(deps, 'u1', { limit: 1 });
    expect(first.costs.map((c) => c.sku)).toEqual(['CACAO-250']);
    const second = await unitCostPage(deps, 'u1', { limit: 1, cursor: first.next_cursor ?? '' });
    expect(second.costs.map((c) => c.sku)).toEqual(['MOKA-6']);
    expect(second.next_cursor).toBeNull();
  });

  it('proposes the cost an invoice line names the reimbursed SKU by its FNSKU', async () => {
    const deps = memory();
    deps.listInvoices = async () => [
      {
        documentId: 'doc-1',
        invoiceIndex: 0,
        number: 'FT-9',
        date: '2026-10-15',
        currency: 'EUR',
        lines: [
          { description: 'Cacao amaro 250 g', quantity: 10, amount: 48, codes: ['X00CACAO'] },
        ],
      },
    ];
    const page = await unitCostPage(deps, 'u1', {});
    expect(page.costs[0]).toMatchObject({
      sku: 'CACAO-250',
      state: 'proposed',
      amount: 4.8,
      invoice: { number: 'FT-9', line: 1 },
    });
  });

  it('holds the cost the seller types for such a SKU, which the audit then counts', async () => {
    const deps = memory();
    const decided = await decideUnitCost(deps, 'u1', {
      action: 'correct',
      sku: 'CACAO-250',
      amount: 12.5,
      currency: 'eur',
    });
    expect(decided.cost).toMatchObject({
      sku: 'CACAO-250',
      amount: 12.5,
      currency: 'EUR',
      counts: true,
    });
    expect(deps.values.map((v) => [v.sku, v.amount])).toEqual([['CACAO-250', 12.5]]);
  });
});
