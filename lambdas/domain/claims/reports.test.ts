import { textLines } from './audit';
import {
  customerReturnsReader,
  orderReimbursementsReader,
  readAll,
  removalOrdersReader,
  removalShipmentsReader,
  replacementsReader,
  type LineReader,
} from './reports';
import { jsonArrayElements, readTransactions } from './transactions';

const read = <T>(reader: Parameters<typeof readAll<T>>[0], lines: string[]) =>
  readAll(reader, textLines(lines.join('\r\n')));

describe('report readers', () => {
  it('find columns by name in any order and case, and report lines that do not fit with their number', () => {
    const out = read(customerReturnsReader(), [
      '\uFEFFSKU\tquantity\torder-id\tdetailed-disposition\treturn-date\tstatus',
      'CAFFE-1\t1\t402-1\tCARRIER_DAMAGED\t2026-08-20T09:00:00+00:00\tUnit returned to inventory',
      '',
      'CAFFE-1\tuno\t402-2\tSELLABLE\t2026-08-20\t',
      'CAFFE-1\t1\t402-3\tSELLABLE',
      'CAFFE-1\t1\t402-4\tSELLABLE\tieri\t',
    ]);
    expect(out.rows).toEqual([
      expect.objectContaining({
        orderId: '402-1',
        sku: 'CAFFE-1',
        quantity: 1,
        returnDate: '2026-08-20',
      }),
    ]);
    expect(out.problems).toEqual([
      { line: 4, message: 'unreadable: quantity is not a whole number' },
      { line: 5, message: 'unreadable: 4 fields where the header has 6' },
      { line: 6, message: 'unreadable: return-date is not a date' },
    ]);
  });

  it('say which columns a report lacks, and read no row of it', () => {
    const readers: LineReader<object | null>[] = [
      customerReturnsReader(),
      replacementsReader(),
      removalOrdersReader(),
      removalShipmentsReader(),
      orderReimbursementsReader(),
    ];
    for (const reader of readers) {
      const out = read(reader, ['sku\tquantity', 'CAFFE-1\t1']);
      expect(out.rows).toEqual([]);
      expect(out.problems).toHaveLength(1);
      expect(out.problems[0]?.message).toMatch(/^missing columns: /);
    }
  });

  it('read removal dates written month/day/year and an empty quantity as none', () => {
    const out = read(removalShipmentsReader(), [
      'request-date\torder-id\tshipment-date\tsku\tshipped-quantity\ttracking-number\tcarrier',
      '08/01/2026\tRMV-1\t08/05/2026\tCAFFE-1\t\tBRT1\tBRT',
    ]);
    expect(out.problems).toEqual([]);
    expect(out.rows).toEqual([
      expect.objectContaining({
        requestDate: '2026-08-01',
        shipmentDate: '2026-08-05',
        shipped: 0,
      }),
    ]);
  });

  it('keep only the reimbursements that name an order, with what they paid', () => {
    const out = read(orderReimbursementsReader(), [
      'approval-date\treimbursement-id\tamazon-order-id\treason\tsku\tcurrency-unit\tamount-total\tquantity-reimbursed-cash\tquantity-reimbursed-inventory\tquantity-reimbursed-total',
      '2026-09-01T09:00:00+00:00\t9100\t\tLost_Warehouse\tCAFFE-1\tEUR\t9.00\t1\t0\t1',
      '2026-09-01T09:00:00+00:00\t9101\t402-1\tCustomerReturn\tCAFFE-1\teur\t1,021.50\t1\t1\t2',
    ]);
    expect(out.rows).toEqual([
      {
        line: 3,
        approvalDate: '2026-09-01',
        orderId: '402-1',
        sku: 'CAFFE-1',
        reason: 'CustomerReturn',
        units: 2,
        reimbursementId: '9101',
        amountTotal: 1021.5,
        currency: 'EUR',
      },
    ]);
  });
});

describe('Finances v2024-06-19 transactions', () => {
  const refund = {
    relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: '402-1' }],
    transactionType: 'Refund',
    postedDate: '2026-08-01T23:30:00-02:00',
    totalAmount: { currencyCode: 'EUR', currencyAmount: -20 },
    marketplaceDetails: { marketplaceId: 'APJ6JRA9NG5V4', marketplaceName: 'Amazon.it' },
    items: [
      {
        totalAmount: { currencyCode: 'EUR', currencyAmount: -20 },
        contexts: [
          {
            contextType: 'ProductContext',
            sku: 'CAFFE-1',
            quantityShipped: 1,
            fulfillmentNetwork: 'AFN',
          },
        ],
      },
    ],
  };

  it('read a refund: its order, its day in UTC, its marketplace and its items', () => {
    const out = readTransactions(JSON.stringify([refund]));
    expect(out.problems).toEqual([]);
    expect(out.refunds).toEqual([
      {
        index: 1,
        orderId: '402-1',
        postedDay: '2026-08-02',
        marketplaceId: 'APJ6JRA9NG5V4',
        items: [
          { sku: 'CAFFE-1', quantity: 1, fulfillmentNetwork: 'AFN', amount: -20, currency: 'EUR' },
        ],
      },
    ]);
  });

  it('report a transaction that does not fit the model, or a refund that does not say its order or items, never guessing', () => {
    const out = readTransactions(
      JSON.stringify([
        { ...refund, postedDate: 'ieri' },
        { ...refund, totalAmount: { currencyCode: 'EUR', currencyAmount: '20' } },
        { ...refund, relatedIdentifiers: [] },
        { ...refund, items: [{ contexts: [{ contextType: 'ProductContext', sku: 'CAFFE-1' }] }] },
        { ...refund, transactionType: 'Shipment', items: [] },
        refund,
      ]),
    );
    expect(out.refunds.map((r) => r.index)).toEqual([6]);
    expect(out.problems.map((p) => p.line)).toEqual([1, 2, 3, 4]);
    expect(out.problems[0]?.message).toMatch(/^transaction 1 unreadable: postedDate/);
    expect(out.problems[2]?.message).toContain('no ORDER_ID');
  });

  it('split a JSON array into its elements, strings with brackets and escapes included', () => {
    const text = ' [ {"a":"]},\\"["}, [1,2] ,3,"x"]';
    expect([...jsonArrayElements(text)].map((e) => JSON.parse(e) as unknown)).toEqual([
      { a: ']},"[' },
      [1, 2],
      3,
      'x',
    ]);
    expect([...jsonArrayElements('[]')]).toEqual([]);
    expect(() => [...jsonArrayElements('{"transactions": []}')]).toThrow('not a JSON array');
  });
});
