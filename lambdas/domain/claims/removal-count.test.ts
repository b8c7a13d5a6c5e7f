import { removalCountBody, removalListQuery } from './contract';
import {
  RemovalCountRefused,
  checkRemovalCount,
  isCounted,
  recordRemovalCount,
  summarizeRemovals,
  type RemovalCountDeps,
  type StoredRemoval,
} from './removal-count';
import { auditRemovals } from './removals';
import type { RemovalShipmentRow } from './reports';

const row = (extra: Partial<RemovalShipmentRow> = {}): RemovalShipmentRow => ({
  line: 2,
  requestDate: '2026-10-01',
  orderId: 'RMV-1',
  shipmentDate: '2026-10-03',
  sku: 'MOKA 9 TAZZE',
  fnsku: 'X00MOKA',
  shipped: 3,
  carrier: 'BRT',
  trackingNumber: '0123456789012',
  orderType: 'Return',
  ...extra,
});

describe('the removals the seller may count, from the removal shipment report', () => {
  it('only removals shipped back to the seller: a liquidation or a disposal never arrives there', () => {
    const summaries = summarizeRemovals([
      row({ orderId: 'RMV-LIQ', orderType: 'Liquidations' }),
      row({ orderId: 'RMV-DISP', orderType: 'Disposal' }),
      row({ orderId: 'RMV-RET', orderType: 'Return' }),
      // A report without the column: the shipment is taken as the seller's, as before.
      row({ orderId: 'RMV-OLD', orderType: '' }),
    ]);
    expect(summaries.map((s) => s.orderId)).toEqual(['RMV-RET', 'RMV-OLD']);
  });

  it('one summary per removal order: shipped units per SKU, the last shipment day, each parcel', () => {
    const summaries = summarizeRemovals([
      row(),
      row({ line: 3, sku: 'CACAO', fnsku: null, shipped: 2 }),
      row({ line: 4, shipped: 1, shipmentDate: '2026-10-06', trackingNumber: 'T-2' }),
      row({ line: 5, orderId: 'RMV-2', shipped: 0 }),
      row({
        line: 6,
        orderId: 'RMV-3',
        requestDate: '2026-09-20',
        carrier: '',
        trackingNumber: '',
      }),
    ]);
    expect(summaries).toEqual([
      {
        orderId: 'RMV-1',
        requestDate: '2026-10-01',
        shippedOn: '2026-10-06',
        parcels: [
          { shippedOn: '2026-10-03', carrier: 'BRT', tracking: '0123456789012' },
          { shippedOn: '2026-10-06', carrier: 'BRT', tracking: 'T-2' },
        ],
        skus: [
          { sku: 'MOKA 9 TAZZE', fnsku: 'X00MOKA', shipped: 4 },
          { sku: 'CACAO', fnsku: null, shipped: 2 },
        ],
      },
      {
        orderId: 'RMV-3',
        requestDate: '2026-09-20',
        shippedOn: '2026-10-03',
        parcels: [{ shippedOn: '2026-10-03', carrier: '', tracking: '' }],
        skus: [{ sku: 'MOKA 9 TAZZE', fnsku: 'X00MOKA', shipped: 3 }],
      },
    ]);
  });

  it('a removal is to count until the seller gave a count for each of its SKUs', () => {
    const [summary] = summarizeRemovals([row(), row({ sku: 'CACAO' })]);
    expect(isCounted(summary!, undefined)).toBe(false);
    expect(isCounted(summary!, { 'MOKA 9 TAZZE': 3 })).toBe(false);
    expect(isCounted(summary!, { 'MOKA 9 TAZZE': 3, CACAO: 0 })).toBe(true);
  });

  it('the list is paged: at most 100 a page, 20 by default', () => {
    expect(removalListQuery.parse({})).toEqual({ limit: 20 });
    expect(removalListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(removalListQuery.safeParse({ limit: '0' }).success).toBe(false);
  });
});

describe('the count the seller enters', () => {
  const body = (received: unknown) => removalCountBody.safeParse({ received });

  it('takes whole units of at least 0 per SKU, each SKU once, and nothing else', () => {
    expect(body([{ sku: 'MOKA 9 TAZZE', units: 0 }]).success).toBe(true);
    expect(body([{ sku: 'MOKA 9 TAZZE', units: 2 }]).success).toBe(true);
    for (const bad of [
      [],
      [{ sku: 'MOKA 9 TAZZE', units: -1 }],
      [{ sku: 'MOKA 9 TAZZE', units: 1.5 }],
      [{ sku: 'MOKA 9 TAZZE', units: '2' }],
      [{ sku: 'MOKA 9 TAZZE', units: 100_001 }],
      [{ sku: '', units: 1 }],
      [{ sku: 'x'.repeat(201), units: 1 }],
      [
        { sku: 'A', units: 1 },
        { sku: 'A', units: 2 },
      ],
      [{ sku: 'A', units: 1, user_id: 'someone' }],
      Array.from({ length: 101 }, (_, i) => ({ sku: `S${i}`, units: 1 })),
    ]) {
      expect({ bad, ok: body(bad).success }).toEqual({ bad, ok: false });
    }
    expect(removalCountBody.safeParse({ received: [{ sku: 'A', units: 1 }], x: 1 }).success).toBe(
      false,
    );
  });

  it('names every SKU of the removal, no other, and never more than Amazon shipped', () => {
    const [summary] = summarizeRemovals([row(), row({ sku: 'CACAO', shipped: 2 })]);
    expect(
      checkRemovalCount(summary!, [
        { sku: 'MOKA 9 TAZZE', units: 2 },
        { sku: 'CACAO', units: 2 },
      ]),
    ).toEqual({ received: { 'MOKA 9 TAZZE': 2, CACAO: 2 } });
    expect(checkRemovalCount(summary!, [{ sku: 'MOKA 9 TAZZE', units: 2 }])).toEqual({
      refused: 'skus',
    });
    expect(
      checkRemovalCount(summary!, [
        { sku: 'MOKA 9 TAZZE', units: 2 },
        { sku: 'CACAO', units: 2 },
        { sku: 'OTHER', units: 0 },
      ]),
    ).toEqual({ refused: 'skus' });
    expect(
      checkRemovalCount(summary!, [
        { sku: 'MOKA 9 TAZZE', units: 4 },
        { sku: 'CACAO', units: 2 },
      ]),
    ).toEqual({ refused: 'over_shipped' });
  });
});

describe('recording the count', () => {
  function store(initial: StoredRemoval | undefined) {
    let held = initial;
    const writes: unknown[] = [];
    const deps: RemovalCountDeps = {
      getRemoval: async (_userId, orderId) => (held?.orderId === orderId ? held : undefined),
      saveCount: async (_userId, removal, received, at) => {
        writes.push(received);
        held = { ...removal, received, countedAt: at };
        return held;
      },
      clock: { now: () => Date.parse('2026-11-29T10:00:00Z') },
    };
    return { deps, writes, held: () => held };
  }
  const [summary] = summarizeRemovals([row()]);
  const removal: StoredRemoval = { ...summary!, received: null, countedAt: null };

  it('stores what arrived, once: the same count again writes nothing and answers the same', async () => {
    const s = store(removal);
    const first = await recordRemovalCount(s.deps, 'u1', 'RMV-1', [
      { sku: 'MOKA 9 TAZZE', units: 2 },
    ]);
    expect(first.removal).toMatchObject({
      removal_order_id: 'RMV-1',
      received: { 'MOKA 9 TAZZE': 2 },
      counted_at: '2026-11-29T10:00:00.000Z',
    });
    const again = await recordRemovalCount(s.deps, 'u1', 'RMV-1', [
      { sku: 'MOKA 9 TAZZE', units: 2 },
    ]);
    expect(again).toEqual(first);
    expect(s.writes).toHaveLength(1);
  });

  it('refuses a removal the seller does not hold, and a count that does not fit it', async () => {
    const s = store(removal);
    await expect(
      recordRemovalCount(s.deps, 'u1', 'RMV-9', [{ sku: 'MOKA 9 TAZZE', units: 2 }]),
    ).rejects.toMatchObject({ kind: 'not_found', messageKey: 'removalNotFound' });
    await expect(
      recordRemovalCount(s.deps, 'u1', 'RMV-1', [{ sku: 'MOKA 9 TAZZE', units: 4 }]),
    ).rejects.toBeInstanceOf(RemovalCountRefused);
    await expect(
      recordRemovalCount(s.deps, 'u1', 'RMV-1', [{ sku: 'CACAO', units: 1 }]),
    ).rejects.toMatchObject({ kind: 'invalid_input', messageKey: 'removalCountSkus' });
    expect(s.writes).toEqual([]);
  });

  it('a short count becomes a removal_short claim with the count as evidence; a full count none', async () => {
    const audit = (received: number) =>
      auditRemovals(
        {
          orders: [],
          shipments: [row()],
          deliveries: { 'RMV-1': { 'MOKA 9 TAZZE': received } },
          reimbursements: [],
          costs: {},
        },
        { asOf: '2026-11-29' },
      ).claims;
    const s = store(removal);
    await recordRemovalCount(s.deps, 'u1', 'RMV-1', [{ sku: 'MOKA 9 TAZZE', units: 2 }]);
    expect(audit(s.held()!.received!['MOKA 9 TAZZE']!)).toEqual([
      expect.objectContaining({
        kind: 'removal_short',
        reference: 'RMV-1',
        units: 1,
        note: expect.stringContaining('MOKA 9 TAZZE shipped 3, received 2'),
      }),
    ]);
    expect(audit(3)).toEqual([]);
  });
});
