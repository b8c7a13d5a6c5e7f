import { REIMBURSEMENT_COLUMNS } from '../cases/reimbursements';
import { textLines } from './audit';
import { toClaimView } from './contract';
import { reconcileClaims, type StoredClaim } from './model';
import { orderReimbursementsReader, readAll } from './reports';
import { auditCustomerReturns, orderKey, type OrderClaim } from './returns';
import type { Refund } from './transactions';

const IT = 'APJ6JRA9NG5V4';

const refund = (orderId: string, postedDay: string, sku = 'MOKA-3', amount = -24): Refund => ({
  index: 1,
  orderId,
  postedDay,
  marketplaceId: IT,
  items: [{ sku, quantity: 1, fulfillmentNetwork: 'AFN', amount, currency: 'EUR' }],
});

function orderRows(...rows: Partial<Record<(typeof REIMBURSEMENT_COLUMNS)[number], string>>[]) {
  const text = [
    REIMBURSEMENT_COLUMNS.join('\t'),
    ...rows.map((r) => REIMBURSEMENT_COLUMNS.map((c) => r[c] ?? '').join('\t')),
  ].join('\n');
  const out = readAll(orderReimbursementsReader(), textLines(text));
  expect(out.problems).toEqual([]);
  return out.rows;
}

/** A CustomerReturn reimbursement line for one unit of MOKA-3 of `order`. */
const paidLine = (order: string, day: string, id: string) => ({
  'approval-date': `${day}T09:00:00+00:00`,
  'reimbursement-id': id,
  'amazon-order-id': order,
  reason: 'CustomerReturn',
  sku: 'MOKA-3',
  'currency-unit': 'EUR',
  'amount-total': '21.50',
  'quantity-reimbursed-cash': '1',
  'quantity-reimbursed-inventory': '0',
});

const audit = (refunds: Refund[], asOf: string, held?: ReadonlySet<string>) =>
  auditCustomerReturns(
    { refunds, returns: [], replacements: [], reimbursements: [] },
    { asOf, ...(held ? { held } : {}) },
  );

const read = new Set(['customer_return_not_returned'] as const);

function reconcile(
  stored: StoredClaim[],
  run: ReturnType<typeof audit>,
  asOf: string,
  rows: ReturnType<typeof orderRows> = [],
  kindsRead: ReadonlySet<'customer_return_not_returned'> = read,
) {
  return reconcileClaims(stored, run.claims as OrderClaim[], [], {
    asOf,
    now: `${asOf}T08:00:00.000Z`,
    ledgerRead: false,
    orderRows: rows,
    orderKindsRead: kindsRead,
    owed: run.owed,
  });
}

/** The stored claims after applying `changed` to `stored`. */
const apply = (stored: StoredClaim[], changed: StoredClaim[]) => {
  const byId = new Map(stored.map((c) => [c.id, c]));
  for (const c of changed) byId.set(c.id, c);
  return [...byId.values()];
};

const heldOrders = (stored: StoredClaim[]) =>
  new Set(
    stored.flatMap((c) =>
      (c.subject.orders ?? []).map((o) => orderKey(c.kind as 'customer_return_not_returned', o)),
    ),
  );

describe('stored customer-return claims', () => {
  it('are stored with their orders, marketplace, window source, evidence and a text naming the orders', () => {
    const run = audit([refund('402-1111111-1111111', '2026-08-01')], '2026-09-20');
    const [claim] = reconcile([], run, '2026-09-20');
    expect(claim).toMatchObject({
      kind: 'customer_return_not_returned',
      state: 'claim_now',
      subject: {
        reference: '402-1111111-1111111',
        orders: ['402-1111111-1111111'],
        marketplace: IT,
      },
      window: { opens: '2026-09-16', closes: '2026-11-14', source: 'amazon_europe_2025' },
      evidence: ['order_ids'],
      amountExpected: 24,
      costSource: 'refund',
    });
    const view = toClaimView(claim as StoredClaim);
    expect(view).toMatchObject({ orders: ['402-1111111-1111111'], marketplace: IT });
    expect(view.text?.it).toContain("per l'ordine 402-1111111-1111111 avete rimborsato il cliente");
    expect(view.text?.it).toContain('24,00 EUR');
    expect(view.text?.en).toContain('for order 402-1111111-1111111 you refunded the customer');
  });

  it('are never proposed before day 46: a refund 45 days old waits', () => {
    const run = audit([refund('402-1111111-1111111', '2026-08-01')], '2026-09-15');
    expect(reconcile([], run, '2026-09-15').map((c) => c.state)).toEqual(['wait']);
  });

  it('are settled by a later reimbursement line naming the order and SKU, with its amount; a re-run writes nothing', () => {
    const first = reconcile([], audit([refund('402-1', '2026-08-01')], '2026-09-20'), '2026-09-20');
    // Amazon pays after the claim was filed: the next report still shows the refund, and now a
    // CustomerReturn line for the order.
    const rows = orderRows(paidLine('402-1', '2026-09-25', '9300000001'));
    // The rule nets the reimbursed unit: the order is no longer owed.
    const run = auditCustomerReturns(
      {
        refunds: [refund('402-1', '2026-08-01')],
        returns: [],
        replacements: [],
        reimbursements: rows,
      },
      { asOf: '2026-09-26', held: heldOrders(first) },
    );
    const changed = reconcile(first, run, '2026-09-26', rows);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      state: 'reimbursed',
      outcome: { amount: 21.5, currency: 'EUR', reimbursementIds: ['9300000001'] },
    });
    const stored = apply(first, changed);
    expect(reconcile(stored, run, '2026-09-27', rows)).toEqual([]);
  });

  it('a grouped claim Amazon pays for one order says so and stays open for the others; paid in full, it is reimbursed with the sum', () => {
    const refunds = [
      refund('402-1', '2026-08-01'),
      refund('402-2', '2026-08-02'),
      refund('402-3', '2026-08-03'),
    ];
    const first = reconcile([], audit(refunds, '2026-09-20'), '2026-09-20');
    expect(first).toHaveLength(1);
    expect(first[0]?.subject.byOrder).toEqual({
      '402-1': { units: 1, amount: 24 },
      '402-2': { units: 1, amount: 24 },
      '402-3': { units: 1, amount: 24 },
    });
    const one = orderRows(paidLine('402-2', '2026-09-25', '9300000010'));
    const run = auditCustomerReturns(
      { refunds, returns: [], replacements: [], reimbursements: one },
      { asOf: '2026-09-26', held: heldOrders(first) },
    );
    const changed = reconcile(first, run, '2026-09-26', one);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      state: 'claim_now',
      outcome: null,
      partial: {
        orders: ['402-2'],
        amount: 21.5,
        currency: 'EUR',
        reimbursementIds: ['9300000010'],
        at: '2026-09-25',
      },
    });
    // The text asks only for what is still owed: the two other orders, 2 units, 48,00 EUR.
    const view = toClaimView(changed[0] as StoredClaim);
    expect(view.text?.it).toContain('gli ordini 402-1, 402-3');
    expect(view.text?.it).not.toContain('402-2');
    expect(view.text?.it).toContain('queste 2 unità, 48,00 EUR');
    expect(view.paid_orders).toEqual(['402-2']);
    // Nothing new: nothing written.
    let stored = apply(first, changed);
    expect(reconcile(stored, run, '2026-09-27', one)).toEqual([]);

    const all = orderRows(
      paidLine('402-2', '2026-09-25', '9300000010'),
      paidLine('402-1', '2026-10-01', '9300000011'),
      paidLine('402-3', '2026-10-01', '9300000011'),
    );
    const last = auditCustomerReturns(
      { refunds, returns: [], replacements: [], reimbursements: all },
      { asOf: '2026-10-02', held: heldOrders(stored) },
    );
    const paid = reconcile(stored, last, '2026-10-02', all);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      state: 'reimbursed',
      outcome: { amount: 64.5, reimbursementIds: ['9300000010', '9300000011'] },
    });
    stored = apply(stored, paid);
    expect(reconcile(stored, last, '2026-10-03', all)).toEqual([]);
  });

  it('a line for another order, or from before the claim was found, does not settle it', () => {
    const first = reconcile([], audit([refund('402-1', '2026-08-01')], '2026-09-20'), '2026-09-20');
    const rows = orderRows(
      paidLine('402-9', '2026-09-25', '9300000002'),
      paidLine('402-1', '2026-09-10', '9300000003'),
    );
    const run = audit([refund('402-1', '2026-08-01')], '2026-09-26', heldOrders(first));
    expect(reconcile(first, run, '2026-09-26', rows)).toEqual([]);
  });

  it('an order held in a claim is not claimed again when later orders join the open ones', () => {
    const first = reconcile([], audit([refund('402-1', '2026-08-01')], '2026-09-20'), '2026-09-20');
    const refunds = [refund('402-1', '2026-08-01'), refund('402-2', '2026-08-03')];
    const run = audit(refunds, '2026-09-20', heldOrders(first));
    const changed = reconcile(first, run, '2026-09-20');
    expect(changed.map((c) => c.subject.orders)).toEqual([['402-2']]);
    const stored = apply(first, changed);
    expect(
      reconcile(stored, audit(refunds, '2026-09-21', heldOrders(stored)), '2026-09-21'),
    ).toEqual([]);
  });

  it('is closed when its reports were read and the order is no longer owed; kept when they were not read', () => {
    const first = reconcile([], audit([refund('402-1', '2026-08-01')], '2026-09-20'), '2026-09-20');
    const none = audit([], '2026-09-21', heldOrders(first));
    expect(reconcile(first, none, '2026-09-21')).toMatchObject([{ state: 'closed' }]);
    expect(reconcile(first, none, '2026-09-21', [], new Set())).toEqual([]);
  });

  it('a filed claim stays filed, and its window expiring leaves it filed', () => {
    const [claim] = reconcile(
      [],
      audit([refund('402-1', '2026-08-01')], '2026-09-20'),
      '2026-09-20',
    );
    const filed = { ...(claim as StoredClaim), state: 'filed' as const };
    const refunds = [refund('402-1', '2026-08-01')];
    expect(
      reconcile([filed], audit(refunds, '2026-12-01', heldOrders([filed])), '2026-12-01'),
    ).toEqual([]);
  });
});
