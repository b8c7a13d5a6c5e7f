import { shipmentList, type StoredShipment } from './shipment-list';

const NOW = Date.parse('2026-11-21T12:00:00Z');

function shipment(id: string, extra: Partial<StoredShipment> = {}): StoredShipment {
  return {
    shipmentId: id,
    shipmentName: id,
    referenceId: null,
    fcCode: 'MXP5',
    status: 'CLOSED',
    closedAt: null,
    lastUpdatedTo: '2026-11-01T00:00:00.000Z',
    marketplaceId: 'APJ6JRA9NG5V4',
    unitsExpected: 10,
    unitsFound: 8,
    discrepancy: 2,
    demo: false,
    items: [
      { sku: 'Z', asin: null, title: null, unitsExpected: 5, unitsFound: 3, discrepancy: 2 },
      { sku: 'A', asin: null, title: null, unitsExpected: 5, unitsFound: 5, discrepancy: 0 },
    ],
    ...extra,
  };
}

test('newest closing first, short items only, values, case status and expired shipments kept', () => {
  const list = shipmentList({
    shipments: [
      shipment('OLD', { closedAt: '2026-01-10T00:00:00.000Z' }),
      shipment('NEW', { lastUpdatedTo: '2026-11-15T00:00:00.000Z' }),
      shipment('MID'),
      shipment('EVEN', { discrepancy: 0 }),
    ],
    cases: [{ shipmentId: 'MID', status: 'Inviato', demoMode: false, createdAt: 'x' }],
    skuValues: [{ sku: 'Z', amount: 4.5, currency: 'EUR', updatedAt: 'x' }],
    realMode: true,
    now: NOW,
  });
  expect(list.map((s) => s.shipment_id)).toEqual(['NEW', 'MID', 'OLD']);
  expect(list[0]!.items).toEqual([
    {
      sku: 'Z',
      asin: null,
      title: null,
      units_expected: 5,
      units_found: 3,
      discrepancy: 2,
      unit_value: 4.5,
    },
  ]);
  expect(list[1]!.case).toEqual({ status: 'submitted', created_at: 'x' });
  expect(list[0]!.case).toBeNull();
  expect(list[2]!.claim).toMatchObject({ expired: true, estimated: false });
  expect(list[0]!.claim).toMatchObject({ expired: false, estimated: true });
});

test('real mode hides the demo samples', () => {
  const input = {
    shipments: [shipment('DEMO001', { demo: true }), shipment('FBA1')],
    cases: [],
    skuValues: [],
    now: NOW,
  };
  expect(shipmentList({ ...input, realMode: true }).map((s) => s.shipment_id)).toEqual(['FBA1']);
  expect(shipmentList({ ...input, realMode: false })).toHaveLength(2);
});
