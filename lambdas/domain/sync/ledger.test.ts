import { lastReceiptDates, ledgerChanges } from './ledger';

const HEADER =
  'Date\tFNSKU\tASIN\tMSKU\tTitle\tEvent Type\tReference ID\tQuantity\tFulfillment Center\tDisposition\tReason\tCountry\tReconciled Quantity\tUnreconciled Quantity';
const line = (date: string, event: string, ref: string) =>
  `${date}\tX001\tB001\tSKU-1\tMug\t${event}\t${ref}\t5\tMXP5\tSELLABLE\t\tIT\t0\t0`;

test('the last receipt per shipment, from Receipts lines only', () => {
  const text = [
    HEADER,
    line('09/10/2025', 'Receipts', 'FBA1'),
    line('09/12/2025', 'Receipts', 'FBA1'),
    line('09/20/2025', 'Adjustments', 'FBA1'),
    line('2025-08-01', 'Receipts', 'FBA2'),
    line('13/45/2025', 'Receipts', 'FBA3'),
    line('09/11/2025', 'Receipts', ''),
  ].join('\n');
  expect(Object.fromEntries(lastReceiptDates(text))).toEqual({
    FBA1: '2025-09-12T00:00:00.000Z',
    FBA2: '2025-08-01T00:00:00.000Z',
  });
});

test('a file without the ledger columns gives no date', () => {
  expect(lastReceiptDates('a\tb\n1\t2\n').size).toBe(0);
});

test('only shipments whose ledger date changed are written', () => {
  const receipts = new Map([
    ['A', '2025-09-12T00:00:00.000Z'],
    ['B', '2025-09-01T00:00:00.000Z'],
  ]);
  expect(
    ledgerChanges(
      [
        { shipmentId: 'A', ledgerReceivedAt: '2025-09-12T00:00:00.000Z' },
        { shipmentId: 'B' },
        { shipmentId: 'C' },
      ],
      receipts,
    ),
  ).toEqual([{ shipmentId: 'B', ledgerReceivedAt: '2025-09-01T00:00:00.000Z' }]);
});
