import { textLines } from './audit';
import { toStoredClaim } from './model';
import { auditRemovals, type RemovalDeliveries } from './removals';
import { claimText } from './texts';
import {
  orderReimbursementsReader,
  readAll,
  REMOVAL_ORDER_COLUMNS,
  REMOVAL_SHIPMENT_COLUMNS,
  removalOrdersReader,
  removalShipmentsReader,
  type OrderReimbursementRow,
} from './reports';
import { REIMBURSEMENT_COLUMNS } from '../cases/reimbursements';

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

const order = (
  id: string,
  extra: Partial<Record<(typeof REMOVAL_ORDER_COLUMNS)[number], string>> = {},
) => ({
  'request-date': '2026-08-01T08:00:00+00:00',
  'order-id': id,
  'order-type': 'Return',
  'order-status': 'Completed',
  'last-updated-date': '2026-08-10T08:00:00+00:00',
  sku: 'CAFFE-1',
  fnsku: 'X00CAFFE',
  disposition: 'Sellable',
  'requested-quantity': '10',
  'cancelled-quantity': '0',
  'disposed-quantity': '0',
  'shipped-quantity': '10',
  'in-process-quantity': '0',
  'removal-fee': '2.50',
  currency: 'EUR',
  ...extra,
});

const shipment = (
  id: string,
  extra: Partial<Record<(typeof REMOVAL_SHIPMENT_COLUMNS)[number], string>> = {},
) => ({
  'request-date': '2026-08-01T08:00:00+00:00',
  'order-id': id,
  'shipment-date': '2026-08-05T08:00:00+00:00',
  sku: 'CAFFE-1',
  fnsku: 'X00CAFFE',
  disposition: 'Sellable',
  'shipped-quantity': '10',
  carrier: 'BRT',
  'tracking-number': 'BRT123456',
  'removal-order-type': 'Return',
  ...extra,
});

function input(parts: {
  orders?: ReturnType<typeof order>[];
  shipments?: ReturnType<typeof shipment>[];
  deliveries?: RemovalDeliveries;
  reimbursements?: Partial<Record<(typeof REIMBURSEMENT_COLUMNS)[number], string>>[];
}) {
  return {
    orders: read(removalOrdersReader(), tsv(REMOVAL_ORDER_COLUMNS, parts.orders ?? [])),
    shipments: read(removalShipmentsReader(), tsv(REMOVAL_SHIPMENT_COLUMNS, parts.shipments ?? [])),
    deliveries: parts.deliveries,
    reimbursements: read<OrderReimbursementRow>(
      orderReimbursementsReader(),
      tsv(REIMBURSEMENT_COLUMNS, parts.reimbursements ?? []),
    ),
    costs: { 'CAFFE-1': { amount: 4, currency: 'EUR' } },
  };
}

const reimbursed = (id: string, units: string) => ({
  'approval-date': '2026-09-01T09:00:00+00:00',
  'reimbursement-id': `R-${id}`,
  'amazon-order-id': id,
  reason: 'Removal_Order_Lost',
  sku: 'CAFFE-1',
  'currency-unit': 'EUR',
  'amount-total': '8.00',
  'quantity-reimbursed-cash': units,
  'quantity-reimbursed-inventory': '0',
  'quantity-reimbursed-total': units,
});

describe('removal lost in transit', () => {
  it('claims a tracked removal the seller received nothing of, 15 to 75 days from its creation', () => {
    const { claims } = auditRemovals(
      input({
        orders: [order('RMV-1')],
        shipments: [shipment('RMV-1')],
        deliveries: { 'RMV-1': { 'CAFFE-1': 0 } },
      }),
      { asOf: '2026-08-20' },
    );
    expect(claims).toEqual([
      {
        kind: 'removal_lost_in_transit',
        sku: 'CAFFE-1',
        fnsku: 'X00CAFFE',
        reference: 'RMV-1',
        orders: ['RMV-1'],
        marketplace: null,
        units: 10,
        amountPaid: 0,
        amountExpected: 40,
        currency: 'EUR',
        windowOpens: '2026-08-16',
        windowCloses: '2026-10-15',
        state: 'claim_now',
        note: 'shipped 2026-08-05 with BRT BRT123456; the seller recorded nothing received',
        tracking: ['BRT BRT123456'],
      },
    ]);
  });

  it('names the carrier and tracking number in the text the seller sends', () => {
    const { claims } = auditRemovals(
      input({
        orders: [order('RMV-1')],
        shipments: [
          shipment('RMV-1', { 'shipped-quantity': '6' }),
          shipment('RMV-1', { 'shipped-quantity': '4', 'tracking-number': 'BRT654321' }),
        ],
        deliveries: { 'RMV-1': { 'CAFFE-1': 0 } },
      }),
      { asOf: '2026-08-20' },
    );
    const text = claimText(toStoredClaim(claims[0]!, '2026-08-20T08:00:00.000Z'));
    expect(text?.it).toContain(
      "l'ordine di rimozione RMV-1 è stato spedito con BRT BRT123456, BRT BRT654321",
    );
    expect(text?.en).toContain('removal order RMV-1 was shipped with BRT BRT123456, BRT BRT654321');
  });

  it('waits before day 15 and expires after day 75', () => {
    const parts = {
      orders: [order('RMV-1')],
      shipments: [shipment('RMV-1')],
      deliveries: { 'RMV-1': { 'CAFFE-1': 0 } },
    };
    const on = (asOf: string) => auditRemovals(input(parts), { asOf }).claims[0]?.state;
    expect(on('2026-08-15')).toBe('wait');
    expect(on('2026-10-15')).toBe('claim_now');
    expect(on('2026-10-16')).toBe('expired');
  });

  it('proposes nothing without tracking, without what the seller received, or once Amazon reimbursed it', () => {
    const { claims, summary } = auditRemovals(
      input({
        orders: [order('RMV-1'), order('RMV-2'), order('RMV-3')],
        shipments: [
          shipment('RMV-1', { 'tracking-number': '', carrier: '' }),
          shipment('RMV-2'),
          shipment('RMV-3'),
        ],
        deliveries: { 'RMV-1': { 'CAFFE-1': 0 }, 'RMV-3': { 'CAFFE-1': 0 } },
        reimbursements: [reimbursed('RMV-3', '10')],
      }),
      { asOf: '2026-08-20' },
    );
    // RMV-1 has no tracking: all its units are short, not lost in transit.
    expect(claims.map((c) => [c.kind, c.reference])).toEqual([['removal_short', 'RMV-1']]);
    expect(summary.removal_delivery_not_recorded).toBe(1);
  });
});

describe('removal short', () => {
  it('claims the units the seller counted below the shipped quantity, net of what Amazon reimbursed', () => {
    const { claims } = auditRemovals(
      input({
        orders: [order('RMV-1')],
        shipments: [shipment('RMV-1')],
        deliveries: { 'RMV-1': { 'CAFFE-1': 6 } },
        reimbursements: [reimbursed('RMV-1', '1')],
      }),
      { asOf: '2026-08-20' },
    );
    expect(claims).toEqual([
      expect.objectContaining({
        kind: 'removal_short',
        reference: 'RMV-1',
        sku: 'CAFFE-1',
        units: 3,
        amountExpected: 12,
        windowOpens: '2026-08-05',
        windowCloses: '2026-10-04',
        state: 'claim_now',
      }),
    ]);
    expect(claims[0]?.note).toContain('CAFFE-1 shipped 10, received 6');
  });

  it('without a record of what arrived, proposes no short or lost removal and counts it', () => {
    const { claims, summary } = auditRemovals(
      input({ orders: [order('RMV-1')], shipments: [shipment('RMV-1')], deliveries: undefined }),
      { asOf: '2026-08-20' },
    );
    expect(claims).toEqual([]);
    expect(summary.removal_delivery_not_recorded).toBe(1);
  });

  it('claims units disposed on a return order (no disposal requested), 60 days from the last update', () => {
    const { claims } = auditRemovals(
      input({
        orders: [
          order('RMV-1', { 'disposed-quantity': '3', 'shipped-quantity': '7' }),
          order('RMV-2', {
            'order-type': 'Disposal',
            'disposed-quantity': '10',
            'shipped-quantity': '0',
          }),
        ],
      }),
      { asOf: '2026-08-20' },
    );
    expect(claims).toEqual([
      expect.objectContaining({
        kind: 'removal_short',
        reference: 'RMV-1',
        units: 3,
        windowOpens: '2026-08-10',
        windowCloses: '2026-10-09',
        state: 'claim_now',
        note: 'CAFFE-1: 3 disposed on a return order, no disposal requested',
      }),
    ]);
  });
});
