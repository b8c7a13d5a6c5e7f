import { UpstreamFailure } from '../sync/spapi-port';
import { auditOrders, readRefunds, type TransactionsQuery } from './audit-orders';
import { CUSTOMER_RETURN_COLUMNS } from './reports';

const refund = (order: string, posted: string) => ({
  transactionType: 'Refund',
  postedDate: `${posted}T10:00:00Z`,
  relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: order }],
  totalAmount: { currencyCode: 'EUR', currencyAmount: -24 },
  marketplaceDetails: { marketplaceId: 'APJ6JRA9NG5V4' },
  items: [
    {
      totalAmount: { currencyCode: 'EUR', currencyAmount: -24 },
      contexts: [
        {
          contextType: 'ProductContext',
          sku: 'MOKA-3',
          quantityShipped: 1,
          fulfillmentNetwork: 'AFN',
        },
      ],
    },
  ],
});

const range = { marketplaceId: 'APJ6JRA9NG5V4', postedAfter: 0, postedBefore: 1 };
const noReturns = CUSTOMER_RETURN_COLUMNS.join('\t');

describe('the audit run’s order sources', () => {
  it('reads every page of refunds by nextToken', async () => {
    const queries: TransactionsQuery[] = [];
    const pages = [
      { transactions: [refund('402-1', '2026-08-01')], nextToken: 'next/1' },
      { transactions: [refund('402-2', '2026-08-02')] },
    ];
    const read = await readRefunds(
      { listTransactions: async (q) => (queries.push(q), pages[queries.length - 1]!) },
      range,
      () => true,
      () => undefined,
    );
    expect(read?.refunds.map((r) => r.orderId)).toEqual(['402-1', '402-2']);
    expect(queries[1]).toEqual({ ...range, nextToken: 'next/1' });
  });

  it('a token without the finance role (403) skips the refunds, says why, and the other kinds still run', async () => {
    const skipped: string[] = [];
    const read = await readRefunds(
      {
        listTransactions: async () => {
          throw new UpstreamFailure('forbidden', 'Unauthorized', 'listTransactions: denied', 403);
        },
      },
      range,
      () => true,
      (reason) => skipped.push(reason),
    );
    expect(read).toBeUndefined();
    expect(skipped).toEqual(['listTransactions: Unauthorized (403)']);
    const audit = auditOrders(
      {
        texts: {
          returns: noReturns,
          replacements: null,
          removalOrders: null,
          removalShipments: null,
        },
        refunds: read,
        orderRows: [],
        deliveries: undefined,
        costs: {},
      },
      { asOf: '2026-09-20', held: new Set() },
    );
    expect([...audit.kindsRead].sort()).toEqual([
      'customer_return_damaged',
      'removal_lost_in_transit',
      'removal_short',
      'replacement_not_returned',
    ]);
  });

  it('never claims a refund as not returned when the returns report was not read', async () => {
    const read = await readRefunds(
      { listTransactions: async () => ({ transactions: [refund('402-1', '2026-08-01')] }) },
      range,
      () => true,
      () => undefined,
    );
    const input = {
      refunds: read,
      orderRows: [],
      deliveries: undefined,
      costs: {},
    };
    const unread = auditOrders(
      {
        ...input,
        texts: {
          returns: undefined,
          replacements: null,
          removalOrders: null,
          removalShipments: null,
        },
      },
      { asOf: '2026-09-20', held: new Set() },
    );
    expect(unread.claims).toEqual([]);
    const withReturns = auditOrders(
      {
        ...input,
        texts: {
          returns: noReturns,
          replacements: null,
          removalOrders: null,
          removalShipments: null,
        },
      },
      { asOf: '2026-09-20', held: new Set() },
    );
    expect(withReturns.claims.map((c) => [c.kind, c.reference])).toEqual([
      ['customer_return_not_returned', '402-1'],
    ]);
  });
});
