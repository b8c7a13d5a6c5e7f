import { api, stack } from './support/accounts';
import { claimsAuditOnStack } from './support/claims-audit';
import { realSeller } from './support/proof';
import {
  daysAgo,
  orderReimbursement,
  postToSimulator,
  refundTransaction,
  removalRows,
} from '../support/amazon-orders';

/**
 * Customer returns and removals on the local stack, from the simulator's reports to the claims
 * API: Amazon (the stack's SP-API simulator) posts a refund whose unit never came back, and ships
 * a removal with tracking the seller received nothing of. The hourly audit, on the real adapters,
 * holds the claim while Amazon is still in time (the day before its window opens), proposes it on
 * day 46 after the refund (day 15 after the removal's creation), never for an order returned or
 * already reimbursed, and settles it as reimbursed, with the amount, when a later reimbursement
 * row names the order; the dashboard counts that money as recovered.
 */

jest.setTimeout(180_000);

const DAY = 86_400_000;
const SKU = 'MOKA 9 TAZZE';
let seq = Math.floor(Date.now() / 1000) % 1_000_000;
const next = () => (seq += 1);
const orderId = () => `171-${String(next()).padStart(7, '0')}-${String(next()).padStart(7, '0')}`;
const reimbursementId = () => String(9_400_000_000 + next());
const SIM = () => stack.spapi.endpoint;
const simulator = (route: string, body: unknown) => postToSimulator(SIM(), route, body);
const refund = (order: string, at: string) => refundTransaction(order, SKU, at, 24.9);
const removal = (order: string, requested: string, units: number, tracking: string) =>
  removalRows(order, SKU, requested, units, tracking);
const paidRow = (
  order: string,
  reason: 'CustomerReturn' | 'Removal_Order_Lost',
  units: number,
  amount: number,
  at: string,
) => orderReimbursement(reimbursementId(), order, SKU, reason, units, amount, at);

let audit: Awaited<ReturnType<typeof claimsAuditOnStack>>;

beforeAll(async () => {
  audit = await claimsAuditOnStack();
});

/** The audit as the hourly schedule runs it, today or `shiftDays` earlier. */
const runAudit = async (userId: string, shiftDays = 0) => {
  const clock = { ...audit.deps.clock, now: () => Date.now() - shiftDays * DAY };
  const out = await audit.auditClaims(
    userId,
    { ...audit.deps, clock },
    { deadline: Date.now() + 60_000, pollIntervalMs: 1_000 },
  );
  expect(out).toMatchObject({ status: 'audited', rejectedLines: 0 });
};

type ClaimBody = Record<string, unknown> & { orders: string[]; text: { it: string; en: string } };
const claimsOf = async (token: string) =>
  (await api('GET', '/api/claims?limit=100', { token })).body.claims as ClaimBody[];
const naming = (claims: ClaimBody[], order: string) =>
  claims.filter((claim) => claim.orders.includes(order));

test('a refund never returned: held until day 46, proposed then with its order named, never for a returned or reimbursed order, settled by a later reimbursement row', async () => {
  const s = await realSeller();
  const [notReturned, day45, returned, alreadyPaid] = [orderId(), orderId(), orderId(), orderId()];
  await simulator('orders', {
    transactions: [
      refund(notReturned, daysAgo(46)),
      refund(day45, daysAgo(45)),
      refund(returned, daysAgo(46)),
      refund(alreadyPaid, daysAgo(46)),
    ],
    customerReturns: [
      {
        'return-date': daysAgo(40),
        'order-id': returned,
        sku: SKU,
        quantity: 1,
        'detailed-disposition': 'SELLABLE',
        reason: 'UNWANTED_ITEM',
      },
    ],
  });
  await simulator('reimbursements', {
    rows: [paidRow(alreadyPaid, 'CustomerReturn', 1, 21.5, daysAgo(3))],
  });

  // Day 45 after the refund: Amazon is still in time.
  await runAudit(s.userId, 1);
  let claims = await claimsOf(s.token);
  expect(naming(claims, notReturned)).toEqual([
    expect.objectContaining({
      kind: 'customer_return_not_returned',
      reference: notReturned,
      state: 'wait',
    }),
  ]);
  // Never for an order that came back or that Amazon already reimbursed.
  expect(naming(claims, returned)).toEqual([]);
  expect(naming(claims, alreadyPaid)).toEqual([]);

  // Day 46: to claim now, the text names the order.
  await runAudit(s.userId);
  claims = await claimsOf(s.token);
  const [claim] = naming(claims, notReturned);
  expect(claim).toMatchObject({
    kind: 'customer_return_not_returned',
    reference: notReturned,
    orders: [notReturned],
    state: 'claim_now',
    sku: SKU,
    units: 1,
    amount_expected: 24.9,
    currency: 'EUR',
    cost_source: 'refund',
    evidence: ['order_ids'],
    window_opens: daysAgo(0).slice(0, 10),
    outcome: null,
  });
  expect(claim?.text.it).toContain(`per l'ordine ${notReturned} avete rimborsato il cliente`);
  expect(claim?.text.en).toContain(`for order ${notReturned} you refunded the customer`);
  // The day-45 refund: still waiting, on its own claim.
  expect(naming(claims, day45)).toEqual([expect.objectContaining({ state: 'wait' })]);
  expect(naming(claims, returned)).toEqual([]);
  expect(naming(claims, alreadyPaid)).toEqual([]);

  // Amazon reimburses the order: the claim is reimbursed with that amount, counted as recovered.
  const paid = paidRow(notReturned, 'CustomerReturn', 1, 24.9, new Date().toISOString());
  await simulator('reimbursements', { rows: [paid] });
  await runAudit(s.userId);
  expect(naming(await claimsOf(s.token), notReturned)).toEqual([
    expect.objectContaining({
      state: 'reimbursed',
      outcome: expect.objectContaining({
        amount: 24.9,
        currency: 'EUR',
        reimbursement_ids: [paid['reimbursement-id']],
      }),
    }),
  ]);
  const dashboard = await api('GET', '/api/dashboard', { token: s.token });
  expect(dashboard.body.figures).toMatchObject({
    recovered: { amounts: [{ currency: 'EUR', amount: 24.9 }] },
  });
});

test('a removal shipped with tracking and never delivered: held until day 15, proposed with its tracking number, never once reimbursed, settled by a later reimbursement row', async () => {
  const s = await realSeller();
  const put = await api('PUT', '/api/sku-values', {
    token: s.token,
    body: { sku: SKU, amount: 24, currency: 'EUR' },
  });
  expect(put.status).toBe(200);
  const lost = `RMV-IT-${next()}`;
  const alreadyPaid = `RMV-IT-${next()}`;
  const tracking = `BRT${next()}`;
  const lostRows = removal(lost, daysAgo(15, 8), 2, tracking);
  const paidRows = removal(alreadyPaid, daysAgo(20, 8), 1, `BRT${next()}`);
  await simulator('orders', {
    removalOrders: [...lostRows.removalOrders, ...paidRows.removalOrders],
    removalShipments: [...lostRows.removalShipments, ...paidRows.removalShipments],
  });
  await simulator('reimbursements', {
    rows: [paidRow(alreadyPaid, 'Removal_Order_Lost', 1, 24, daysAgo(2))],
  });
  // The audit lists both removals to count; the seller records that nothing of either arrived.
  await runAudit(s.userId, 1);
  for (const order of [lost, alreadyPaid]) {
    const counted = await api('PUT', `/api/removals/${encodeURIComponent(order)}/received`, {
      token: s.token,
      body: { received: [{ sku: SKU, units: 0 }] },
    });
    expect(counted.status).toBe(200);
  }

  // Day 14 after the removal was created: Amazon is still in time.
  await runAudit(s.userId, 1);
  let claims = await claimsOf(s.token);
  expect(naming(claims, lost)).toEqual([
    expect.objectContaining({ kind: 'removal_lost_in_transit', state: 'wait' }),
  ]);
  expect(naming(claims, alreadyPaid)).toEqual([]);

  // Day 15: to claim now, with the tracking number in the text.
  await runAudit(s.userId);
  claims = await claimsOf(s.token);
  const [claim] = naming(claims, lost);
  expect(claim).toMatchObject({
    kind: 'removal_lost_in_transit',
    reference: lost,
    state: 'claim_now',
    units: 2,
    amount_expected: 48,
    currency: 'EUR',
    evidence: ['tracking_number'],
    window_source: 'unconfirmed',
  });
  expect(claim?.text.it).toContain(
    `l'ordine di rimozione ${lost} è stato spedito con BRT ${tracking} ma non mi è mai stato consegnato`,
  );
  expect(naming(claims, alreadyPaid)).toEqual([]);

  const paid = paidRow(lost, 'Removal_Order_Lost', 2, 40, new Date().toISOString());
  await simulator('reimbursements', { rows: [paid] });
  await runAudit(s.userId);
  expect(naming(await claimsOf(s.token), lost)).toEqual([
    expect.objectContaining({
      state: 'reimbursed',
      outcome: expect.objectContaining({ amount: 40, currency: 'EUR' }),
    }),
  ]);
  const dashboard = await api('GET', '/api/dashboard', { token: s.token });
  expect(dashboard.body.figures).toMatchObject({
    recovered: { amounts: [{ currency: 'EUR', amount: 40 }] },
  });
});
