import type { ListedShipment } from '../../domain/sync/discrepancy';
import type { InboundFacts } from './shipments';

// The adapter reads its table's name when loaded; no table is reached here.
process.env.TABLE_NAME ??= 'unit-table';
let transactionsOf: typeof import('./shipments').transactionsOf;
beforeAll(async () => {
  ({ transactionsOf } = await import('./shipments'));
});

const header: ListedShipment = {
  shipmentId: 'FBA15XYZ',
  shipmentName: 'Mugs',
  fcCode: 'MXP5',
  status: 'CLOSED',
  marketplaceId: 'APJ6JRA9NG5V4',
  lastUpdated: { from: Date.parse('2026-01-01T00:00:00Z'), to: Date.parse('2026-01-20T00:00:00Z') },
  ledgerReceivedAt: '2026-01-10T00:00:00.000Z',
  firstSyncedAt: '2026-01-21T08:00:00.000Z',
  unitsExpected: 10,
  unitsFound: 8,
  discrepancy: 2,
  items: [
    { sku: 'MUG', asin: null, title: null, unitsExpected: 10, unitsFound: 8, discrepancy: 2 },
  ],
};
const facts: InboundFacts = {
  cases: new Map([
    [
      'FBA15XYZ',
      {
        status: 'Inviato',
        unitsRecovered: null,
        reimbursedAmount: null,
        reimbursedCurrency: null,
        updatedAt: '2026-01-25T00:00:00.000Z',
      },
    ],
  ]),
  unitValues: new Map([['MUG', 12.5]]),
  now: '2026-02-01T09:00:00.000Z',
};
const change = {
  kind: 'added' as const,
  shipmentId: 'FBA15XYZ',
  header,
  putItems: header.items,
  deleteSkus: [],
};

const puts = (ops: ReturnType<typeof transactionsOf>) =>
  ops.flat().flatMap((op) => (op.Put ? [op.Put.Item as Record<string, unknown>] : []));

test('a shipment with missing units is written with its claim row, in the same transaction', () => {
  const transactions = transactionsOf('u1', [change], '2026-02-01T09:00:00.000Z', facts);
  expect(transactions).toHaveLength(1);
  const claim = puts(transactions).find((item) => item.type === 'claim');
  expect(claim).toMatchObject({
    kind: 'inbound_shipment',
    state: 'filed',
    claim: {
      id: 'inbound_shipment:FBA15XYZ:',
      units: 2,
      amountExpected: 25,
      caseStatus: 'Inviato',
      window: { opens: '2026-01-10', closes: '2026-03-11' },
    },
  });
  // A re-sync writes the same row.
  const again = transactionsOf('u1', [change], '2026-02-01T10:00:00.000Z', facts);
  expect(puts(again).find((item) => item.type === 'claim')).toEqual(claim);
});

test('a shipment without missing units, or a removal, writes no claim row', () => {
  const complete = {
    ...change,
    header: { ...header, unitsFound: 10, discrepancy: 0, items: [] },
    putItems: [],
  };
  const removed = {
    kind: 'removed' as const,
    shipmentId: 'FBAGONE',
    header: null,
    putItems: [],
    deleteSkus: [],
  };
  const items = puts(transactionsOf('u1', [complete, removed], '2026-02-01T09:00:00Z', facts));
  expect(items.some((item) => item.type === 'claim')).toBe(false);
});
