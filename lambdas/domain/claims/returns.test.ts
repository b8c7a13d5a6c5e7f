import { textLines } from './audit';
import {
  CUSTOMER_RETURN_COLUMNS,
  customerReturnsReader,
  orderReimbursementsReader,
  readAll,
  REPLACEMENT_COLUMNS,
  replacementsReader,
  type OrderReimbursementRow,
} from './reports';
import { REIMBURSEMENT_COLUMNS } from '../cases/reimbursements';
import { auditCustomerReturns, type CustomerReturnsInput } from './returns';
import { readTransactions } from './transactions';

function tsv<C extends string>(columns: readonly C[], rows: Partial<Record<C, string>>[]) {
  return [columns.join('\t'), ...rows.map((r) => columns.map((c) => r[c] ?? '').join('\t'))].join(
    '\n',
  );
}

function read<T>(reader: Parameters<typeof readAll<T>>[0], text: string): T[] {
  const out = readAll(reader, textLines(text));
  expect(out.problems).toEqual([]);
  return out.rows;
}

const IT = 'APJ6JRA9NG5V4';
const DE = 'A1PA6795UKMFR9';

/** A Finances v2024-06-19 refund, as listTransactions gives it. */
function refund(
  order: string,
  posted: string,
  items: { sku: string; qty: number; amount?: number; network?: string }[],
  marketplaceId = IT,
) {
  return {
    sellingPartnerMetadata: { sellingPartnerId: 'A1SELLER', accountType: 'PAYABLE', marketplaceId },
    relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: order }],
    transactionType: 'Refund',
    transactionId: `T-${order}`,
    transactionStatus: 'RELEASED',
    description: 'Refund Order',
    postedDate: `${posted}T10:00:00Z`,
    totalAmount: {
      currencyCode: 'EUR',
      currencyAmount: -items.reduce((s, i) => s + (i.amount ?? 20), 0),
    },
    marketplaceDetails: { marketplaceId, marketplaceName: 'Amazon.it' },
    items: items.map((i) => ({
      description: 'Caffè',
      totalAmount: { currencyCode: 'EUR', currencyAmount: -(i.amount ?? 20) },
      contexts: [
        {
          contextType: 'ProductContext',
          sku: i.sku,
          asin: 'B0CAFFE',
          quantityShipped: i.qty,
          fulfillmentNetwork: i.network ?? 'AFN',
        },
      ],
    })),
  };
}

function input(parts: {
  transactions?: unknown[];
  returns?: Partial<Record<(typeof CUSTOMER_RETURN_COLUMNS)[number], string>>[];
  replacements?: Partial<Record<(typeof REPLACEMENT_COLUMNS)[number], string>>[];
  reimbursements?: Partial<Record<(typeof REIMBURSEMENT_COLUMNS)[number], string>>[];
}): CustomerReturnsInput {
  const tx = readTransactions(JSON.stringify(parts.transactions ?? []));
  expect(tx.problems).toEqual([]);
  return {
    refunds: tx.refunds,
    marketplaceByOrder: tx.marketplaceByOrder,
    returns: read(customerReturnsReader(), tsv(CUSTOMER_RETURN_COLUMNS, parts.returns ?? [])),
    replacements: read(replacementsReader(), tsv(REPLACEMENT_COLUMNS, parts.replacements ?? [])),
    reimbursements: read<OrderReimbursementRow>(
      orderReimbursementsReader(),
      tsv(REIMBURSEMENT_COLUMNS, parts.reimbursements ?? []),
    ),
  };
}

const returned = (order: string, sku: string, disposition = 'SELLABLE', extra = {}) => ({
  'return-date': '2026-08-20T09:00:00+00:00',
  'order-id': order,
  sku,
  fnsku: 'X00CAFFE',
  quantity: '1',
  'detailed-disposition': disposition,
  reason: 'UNWANTED_ITEM',
  status: 'Unit returned to inventory',
  ...extra,
});

const reimbursed = (order: string, sku: string, units = '1', reason = 'CustomerReturn') => ({
  'approval-date': '2026-09-30T09:00:00+00:00',
  'reimbursement-id': `R-${order}`,
  'amazon-order-id': order,
  reason,
  sku,
  'currency-unit': 'EUR',
  'amount-total': '18.00',
  'quantity-reimbursed-cash': units,
  'quantity-reimbursed-inventory': '0',
  'quantity-reimbursed-total': units,
});

describe('customer return refunded, not returned', () => {
  it('claims an FBA refund with no return and no reimbursement, from day 46 to day 105 after the refund', () => {
    const { claims } = auditCustomerReturns(
      input({
        transactions: [refund('402-1111111-1111111', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }])],
      }),
      { asOf: '2026-09-16' },
    );
    expect(claims).toEqual([
      {
        kind: 'customer_return_not_returned',
        sku: 'CAFFE-1',
        fnsku: null,
        reference: '402-1111111-1111111',
        orders: ['402-1111111-1111111'],
        marketplace: IT,
        units: 1,
        amountPaid: 0,
        amountExpected: 20,
        currency: 'EUR',
        windowOpens: '2026-09-16',
        windowCloses: '2026-11-14',
        state: 'claim_now',
        note: '402-1111111-1111111 CAFFE-1 ×1 refunded 2026-08-01',
        byOrder: { '402-1111111-1111111': { units: 1, amount: 20 } },
      },
    ]);
  });

  it('waits until the refund is more than 45 days old, and expires after day 105', () => {
    const refunds = [refund('402-1', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }])];
    const on = (asOf: string) =>
      auditCustomerReturns(input({ transactions: refunds }), { asOf }).claims[0]?.state;
    expect(on('2026-09-15')).toBe('wait');
    expect(on('2026-09-16')).toBe('claim_now');
    expect(on('2026-11-14')).toBe('claim_now');
    expect(on('2026-11-15')).toBe('expired');
  });

  it('proposes nothing for an order and SKU that came back, or that Amazon reimbursed', () => {
    const { claims } = auditCustomerReturns(
      input({
        transactions: [
          refund('402-1', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }]),
          refund('402-2', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }]),
          refund('402-3', '2026-08-01', [{ sku: 'CAFFE-1', qty: 2, amount: 40 }]),
        ],
        returns: [returned('402-1', 'CAFFE-1')],
        reimbursements: [reimbursed('402-2', 'CAFFE-1'), reimbursed('402-3', 'CAFFE-1')],
      }),
      { asOf: '2026-10-01' },
    );
    // 402-3: two refunded, one reimbursed: the other one is still owed, at half the refund.
    expect(claims.map((c) => [c.reference, c.units, c.amountExpected])).toEqual([['402-3', 1, 20]]);
  });

  it('a return of another SKU of the same order does not cover the refunded SKU', () => {
    const { claims } = auditCustomerReturns(
      input({
        transactions: [refund('402-1', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }])],
        returns: [returned('402-1', 'TE-9')],
      }),
      { asOf: '2026-10-01' },
    );
    expect(claims.map((c) => c.reference)).toEqual(['402-1']);
  });

  it("leaves out the seller's own shipments (MFN), and counts refunds that do not say their network", () => {
    const { claims, summary } = auditCustomerReturns(
      input({
        transactions: [
          refund('402-1', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1, network: 'MFN' }]),
          {
            ...refund('402-2', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }]),
            items: [
              {
                totalAmount: { currencyCode: 'EUR', currencyAmount: -20 },
                contexts: [{ contextType: 'ProductContext', sku: 'CAFFE-1', quantityShipped: 1 }],
              },
            ],
          },
        ],
      }),
      { asOf: '2026-10-01' },
    );
    expect(claims).toEqual([]);
    expect(summary.refund_network_unknown).toBe(1);
  });

  it('groups at most 5 orders per claim, one marketplace per claim', () => {
    const transactions = [
      ...Array.from({ length: 7 }, (_, i) =>
        refund(`402-${i + 1}`, '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }]),
      ),
      refund('302-1', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }], DE),
    ];
    const { claims } = auditCustomerReturns(input({ transactions }), { asOf: '2026-10-01' });
    expect(claims.map((c) => [c.marketplace, c.reference, c.units])).toEqual([
      [DE, '302-1', 1],
      [IT, '402-1,402-2,402-3,402-4,402-5', 5],
      [IT, '402-6,402-7', 2],
    ]);
  });
});

describe('customer return damaged by Amazon or its carrier', () => {
  it('claims a return Amazon or its carrier damaged and did not reimburse, in the window of its refund', () => {
    const { claims } = auditCustomerReturns(
      input({
        transactions: [
          refund('402-1', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }]),
          refund('402-2', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }]),
          refund('402-3', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }]),
          refund('402-4', '2026-08-01', [{ sku: 'CAFFE-1', qty: 1 }]),
        ],
        returns: [
          returned('402-1', 'CAFFE-1', 'CARRIER_DAMAGED'),
          returned('402-2', 'CAFFE-1', 'CUSTOMER_DAMAGED'),
          returned('402-3', 'CAFFE-1', 'DAMAGED'),
          returned('402-4', 'CAFFE-1', 'DISTRIBUTOR_DAMAGED'),
        ],
        reimbursements: [reimbursed('402-3', 'CAFFE-1', '1', 'Damaged_Warehouse')],
      }),
      { asOf: '2026-10-01' },
    );
    expect(claims).toEqual([
      expect.objectContaining({
        kind: 'customer_return_damaged',
        reference: '402-1,402-4',
        orders: ['402-1', '402-4'],
        sku: 'CAFFE-1',
        fnsku: 'X00CAFFE',
        units: 2,
        amountExpected: 40,
        marketplace: IT,
        windowOpens: '2026-09-16',
        windowCloses: '2026-11-14',
        state: 'claim_now',
      }),
    ]);
  });

  it('reads the fault from the reason too, and leaves a return whose status says reimbursed', () => {
    const { claims } = auditCustomerReturns(
      input({
        returns: [
          returned('402-1', 'CAFFE-1', 'DEFECTIVE', { reason: 'DAMAGED_BY_FC' }),
          returned('402-2', 'CAFFE-1', 'CARRIER_DAMAGED', { status: 'Reimbursed' }),
        ],
      }),
      { asOf: '2026-10-10' },
    );
    expect(claims.map((c) => [c.kind, c.reference])).toEqual([
      ['customer_return_damaged', '402-1'],
    ]);
  });

  it('with no refund we hold, counts the window from the return and says so', () => {
    const { claims } = auditCustomerReturns(
      input({ returns: [returned('402-1', 'CAFFE-1', 'CARRIER_DAMAGED')] }),
      { asOf: '2026-10-10' },
    );
    expect(claims).toEqual([
      expect.objectContaining({
        kind: 'customer_return_damaged',
        reference: '402-1',
        marketplace: null,
        amountExpected: null,
        windowOpens: '2026-10-05',
        windowCloses: '2026-12-03',
        state: 'claim_now',
      }),
    ]);
    expect(claims[0]?.note).toContain('no refund held');
  });
});

describe('replacement sent, original never returned', () => {
  const replacement = (original: string, extra = {}) => ({
    'shipment-date': '2026-08-01T12:00:00+00:00',
    sku: 'CAFFE-1',
    quantity: '1',
    'replacement-reason-code': '6',
    'replacement-amazon-order-id': `R${original}`,
    'original-amazon-order-id': original,
    ...extra,
  });

  it('claims a replacement whose original order never came back, naming both orders', () => {
    const { claims } = auditCustomerReturns(
      input({
        replacements: [replacement('402-1'), replacement('402-2'), replacement('402-3')],
        returns: [returned('402-2', 'CAFFE-1')],
        reimbursements: [reimbursed('402-3', 'CAFFE-1')],
        transactions: [
          {
            ...refund('402-1', '2026-07-20', [{ sku: 'CAFFE-1', qty: 1 }]),
            transactionType: 'Shipment',
            description: 'Order Payment',
          },
        ],
      }),
      { asOf: '2026-09-20' },
    );
    expect(claims).toEqual([
      expect.objectContaining({
        kind: 'replacement_not_returned',
        reference: '402-1',
        orders: ['402-1'],
        marketplace: IT,
        sku: 'CAFFE-1',
        units: 1,
        windowOpens: '2026-09-16',
        windowCloses: '2026-11-14',
        state: 'claim_now',
      }),
    ]);
    expect(claims[0]?.note).toContain('replacement R402-1');
  });
});
