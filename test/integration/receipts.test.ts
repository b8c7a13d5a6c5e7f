import {
  LOCAL_PAYMENT_CLIENT_ID,
  LOCAL_PAYMENT_CLIENT_SECRET,
} from '../../local/payment-simulator';
import { api, stack } from './support/accounts';
import { paidServerOrder, seller, type Seller } from './support/proof';

/**
 * Issue 29, receipts: a verified payment is issued one receipt, numbered without gaps per year,
 * made out to the company given at checkout (remembered for the next one); the PDF carries the
 * number and the company; another seller gets 404; a refunded payment keeps its receipt, shown
 * as refunded.
 */

jest.setTimeout(120_000);

const PAYPAL = stack.payment.endpoint;
const BILLING = {
  name: 'Rossi Import srl',
  address: 'Via Roma 1\n20121 Milano',
  vatId: 'it 01234567890',
};

interface ReceiptRow {
  number: string;
  status: string;
  payment_id: string;
  billing: { name: string; address: string; vatId?: string } | null;
}

async function receipts(
  user: Seller,
  query = '',
): Promise<{ receipts: ReceiptRow[]; next: string | null }> {
  const res = await api('GET', `/api/receipts${query}`, { token: user.token });
  expect(res.status).toBe(200);
  return res.body as never;
}

async function orderWithBilling(user: Seller, billing: unknown = BILLING): Promise<string> {
  const created = await api('POST', '/api/payment-order', {
    token: user.token,
    body: { country: 'IT', billing },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const captured = await fetch(`${PAYPAL}/v2/checkout/orders/${id}/capture`, { method: 'POST' });
  expect(captured.status).toBe(201);
  return id;
}

const verify = (user: Seller, orderID: string) =>
  api('POST', '/api/verify-payment', { token: user.token, body: { orderID } });

/** A signed event from the payment simulator, delivered to our webhook as PayPal would. */
async function webhook(eventType: string, captureId: string) {
  const made = await fetch(`${PAYPAL}/simulator/webhook-events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event_type: eventType, capture_id: captureId }),
  });
  const delivery = (await made.json()) as { event: unknown; headers: Record<string, string> };
  const res = await fetch(`${stack.apiUrl}/api/paypal-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    body: JSON.stringify(delivery.event),
  });
  return res.status;
}

async function paypalToken(): Promise<string> {
  const res = await fetch(`${PAYPAL}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${LOCAL_PAYMENT_CLIENT_ID}:${LOCAL_PAYMENT_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const sequenceOf = (n: string) => Number(n.split('-')[1]);

test('the billing details are checked at checkout, in the seller’s language, and nothing is ordered', async () => {
  const user = await seller();
  const res = await api('POST', '/api/payment-order', {
    token: user.token,
    body: { country: 'IT', billing: { name: 'Rossi srl', address: 'Via Roma 1', vatId: '0123' } },
    language: 'en',
  });
  expect(res).toMatchObject({
    status: 400,
    body: { ok: false, message: expect.stringMatching(/^The VAT id is not valid/) },
  });
  const it = await api('POST', '/api/payment-order', {
    token: user.token,
    body: { country: 'IT', billing: { name: ' ', address: 'Via Roma 1' } },
  });
  expect(it).toMatchObject({ status: 400, body: { message: /^Indica la ragione sociale/ } });
  const pending = await api('GET', '/api/payment-order', { token: user.token });
  expect(pending.body).toMatchObject({ unclaimed: 0, billing: null });
});

test('verification twice and a recovery at once: one receipt, made out as given, remembered for next time', async () => {
  const user = await seller();
  const id = await orderWithBilling(user);
  const recovery = api('POST', '/api/verify-payment', { token: user.token, body: {} });
  const [a, b, c] = await Promise.all([verify(user, id), verify(user, id), recovery]);
  expect([a.status, b.status]).toEqual([200, 200]);
  // The recovery either claims the same order (200, the same plan) or finds it already claimed.
  expect([200, 404]).toContain(c.status);
  const { receipts: list } = await receipts(user);
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    number: expect.stringMatching(/^\d{4}-\d{6}$/),
    status: 'paid',
    billing: {
      name: 'Rossi Import srl',
      address: 'Via Roma 1\n20121 Milano',
      vatId: 'IT01234567890',
    },
  });
  const pending = await api('GET', '/api/payment-order', { token: user.token });
  expect(pending.body.billing).toEqual(list[0]!.billing);
});

test('receipts are numbered one after the other, across sellers, and listed page by page', async () => {
  const [first, second] = await Promise.all([seller(), seller()]);
  const orders = await Promise.all([
    orderWithBilling(first),
    orderWithBilling(second, { name: 'Mario Bianchi', address: 'Via Po 2, Torino' }),
    orderWithBilling(first),
  ]);
  await Promise.all([verify(first, orders[0]!), verify(second, orders[1]!)]);
  await verify(first, orders[2]!);
  const mine = (await receipts(first)).receipts.map((r) => r.number);
  const theirs = (await receipts(second)).receipts;
  expect(theirs[0]!.billing).toEqual({ name: 'Mario Bianchi', address: 'Via Po 2, Torino' });
  const all = [...mine, theirs[0]!.number].map(sequenceOf).sort((x, y) => x - y);
  // Issued while others may be paying too: consecutive among themselves or with others' in
  // between, but never the same number twice.
  expect(new Set(all).size).toBe(3);
  expect(all[2]! - all[0]!).toBeGreaterThanOrEqual(2);
  // Newest first, one per page.
  const page1 = await receipts(first, '?limit=1');
  expect(page1.receipts.map((r) => r.number)).toEqual([mine[0]]);
  const page2 = await receipts(first, `?limit=1&before=${page1.next}`);
  expect(page2).toEqual({ receipts: [expect.objectContaining({ number: mine[1] })], next: null });
});

test('the PDF carries the number and the company; another seller gets 404', async () => {
  const user = await seller();
  await verify(user, await orderWithBilling(user));
  const [{ number }] = (await receipts(user)).receipts as [ReceiptRow];
  const res = await api('GET', `/api/receipts/${number}/pdf`, { token: user.token });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    filename: `ricevuta-${number}.pdf`,
    content_type: 'application/pdf',
  });
  const pdf = Buffer.from(res.body.pdf_base64 as string, 'base64').toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain(`(Numero: ${number})`);
  expect(pdf).toContain('(Rossi Import srl)');
  expect(pdf).toContain('(Partita IVA: IT01234567890)');

  const other = await seller();
  const stolen = await api('GET', `/api/receipts/${number}/pdf`, { token: other.token });
  expect(stolen.status).toBe(404);
});

test('a refunded payment keeps its receipt and number, shown as refunded', async () => {
  const user = await seller();
  await verify(user, await paidServerOrder(user.token));
  const before = (await receipts(user)).receipts;
  expect(before).toHaveLength(1);
  const refund = await fetch(`${PAYPAL}/v2/payments/captures/${before[0]!.payment_id}/refund`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await paypalToken()}` },
  });
  expect(refund.status).toBe(201);
  expect(await webhook('PAYMENT.CAPTURE.REFUNDED', before[0]!.payment_id)).toBe(200);
  const after = (await receipts(user)).receipts;
  expect(after).toEqual([{ ...before[0], status: 'refunded' }]);
});
