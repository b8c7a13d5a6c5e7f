import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  LOCAL_PAYMENT_CLIENT_ID,
  LOCAL_PAYMENT_CLIENT_SECRET,
  LOCAL_PAYMENT_MERCHANT_ID,
} from '../../local/payment-simulator';
import { api, stack, table } from './support/accounts';
import { buyPlan, paidServerOrder, seller, type Seller } from './support/proof';

/**
 * Issue 15 through the local API gateway and the payment simulator: only orders our server
 * made for the caller buy the plan; every refusal writes nothing; refunds, reversals and
 * disputes end the plan once; renewal adds 30 days; a paid order that never became a plan is
 * recovered.
 */

const TABLE = stack.dynamodb.table;
const PAYPAL = stack.payment.endpoint;
const DAY = 86_400_000;

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

async function paypalOrder(id: string) {
  const res = await fetch(`${PAYPAL}/v2/checkout/orders/${id}`, {
    headers: { authorization: `Bearer ${await paypalToken()}` },
  });
  return (await res.json()) as {
    intent: string;
    purchase_units: {
      amount: { currency_code: string; value: string };
      payee: { merchant_id: string };
      custom_id?: string;
      invoice_id?: string;
      payments?: {
        captures?: { id: string; status: string }[];
        authorizations?: { id: string; status: string }[];
      };
    }[];
  };
}

/**
 * An order made straight at the provider, as a seller could with devtools (PayPal's checkout
 * script holds a token for the shop's client id, so the call carries one).
 */
async function browserOrder(
  body: Record<string, unknown>,
  then: 'capture' | 'authorize' | 'none' = 'capture',
): Promise<string> {
  const created = await fetch(`${PAYPAL}/v2/checkout/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await paypalToken()}` },
    body: JSON.stringify(body),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (then !== 'none') {
    const done = await fetch(`${PAYPAL}/v2/checkout/orders/${id}/${then}`, { method: 'POST' });
    expect(done.status).toBe(201);
  }
  return id;
}

const unit = (userId: string, value = '9.90', currency = 'EUR', extra = {}) => ({
  amount: { currency_code: currency, value },
  custom_id: userId,
  ...extra,
});

async function items(userId: string, prefix: string) {
  const { Items } = await table.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':p': prefix },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

async function item(PK: string, SK: string) {
  const { Item } = await table.send(
    new GetCommand({ TableName: TABLE, Key: { PK, SK }, ConsistentRead: true }),
  );
  return Item;
}

function verify(user: Seller, orderID?: string, language = 'it') {
  return api('POST', '/api/verify-payment', {
    token: user.token,
    body: orderID ? { orderID, country: 'IT' } : {},
    language,
  });
}

async function plan(user: Seller) {
  return (await api('GET', '/api/subscription', { token: user.token })).body as {
    active: boolean;
    expires_at: string | null;
    days_left: number;
    ended_reason: string | null;
  };
}

/** A signed event from the simulator, delivered to our webhook route as PayPal would. */
async function deliver(
  eventType: string,
  captureId: string,
  tamper: (d: {
    event: Record<string, unknown>;
    headers: Record<string, string>;
  }) => void = () => {},
  webhookId?: string,
  /** Other fields of the simulated event, e.g. a resolved dispute's `outcome`. */
  fields: Record<string, string> = {},
) {
  const made = await fetch(`${PAYPAL}/simulator/webhook-events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      event_type: eventType,
      capture_id: captureId,
      webhook_id: webhookId,
      ...fields,
    }),
  });
  const delivery = (await made.json()) as {
    event: Record<string, unknown>;
    headers: Record<string, string>;
  };
  tamper(delivery);
  return { delivery, send: () => post(delivery) };
}

async function post(delivery: { event: unknown; headers: Record<string, string> }) {
  const res = await fetch(`${stack.apiUrl}/api/paypal-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...delivery.headers },
    body: JSON.stringify(delivery.event),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function captureOf(orderId: string): Promise<string> {
  const order = await paypalOrder(orderId);
  return order.purchase_units[0]?.payments?.captures?.[0]?.id as string;
}

describe('orders made by the server', () => {
  test('the order is intent CAPTURE, one 9.90 EUR unit to our payee, for the caller, with its own invoice id', async () => {
    const user = await seller();
    const first = await api('POST', '/api/payment-order', {
      token: user.token,
      body: { country: 'IT' },
    });
    expect(first.status).toBe(201);
    const second = await api('POST', '/api/payment-order', {
      token: user.token,
      body: { country: 'IT' },
    });
    const [a, b] = await Promise.all([
      paypalOrder(first.body.id as string),
      paypalOrder(second.body.id as string),
    ]);
    expect(a.intent).toBe('CAPTURE');
    expect(a.purchase_units).toHaveLength(1);
    expect(a.purchase_units[0]).toMatchObject({
      amount: { currency_code: 'EUR', value: '9.90' },
      payee: { merchant_id: LOCAL_PAYMENT_MERCHANT_ID },
      custom_id: user.userId,
    });
    expect(a.purchase_units[0]?.invoice_id).toBeTruthy();
    expect(a.purchase_units[0]?.invoice_id).not.toBe(b.purchase_units[0]?.invoice_id);
    const recorded = await items(user.userId, 'PAYORDER#');
    expect(recorded.map((r) => r.order_id).sort()).toEqual([first.body.id, second.body.id].sort());

    const unknownCountry = await api('POST', '/api/payment-order', {
      token: user.token,
      body: { country: 'XX' },
    });
    expect(unknownCountry.status).toBe(400);
    expect(await items(user.userId, 'PAYORDER#')).toHaveLength(2);
  });

  test('a captured order of ours buys 30 days, once; a retry answers the same plan', async () => {
    const user = await seller();
    expect(await plan(user)).toMatchObject({ active: false, days_left: 0 });
    const id = await paidServerOrder(user.token);
    const paid = await verify(user, id);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      ok: true,
      message: 'Piano attivato per 30 giorni',
      subscription: { active: true, days_left: 30, country: 'IT' },
    });
    const again = await verify(user, id);
    expect(again.body).toEqual(paid.body);
    expect(await items(user.userId, 'SUB#')).toHaveLength(1);
    expect(await plan(user)).toMatchObject({ active: true, days_left: 30 });
    const capture = await captureOf(id);
    expect(await item(`PAYMENT_CAPTURE#${capture}`, 'CAPTURE')).toMatchObject({
      user_id: user.userId,
      order_id: id,
    });
  });
});

describe('every order that must not buy the plan is refused, and nothing is written', () => {
  type Made = { id: string; reason: string; status: number; en: RegExp };
  const cases: [string, (user: Seller, other: Seller) => Promise<Made>][] = [
    [
      'an order made in the browser at the provider (right amount, payee and custom_id)',
      async (u) => ({
        id: await browserOrder({ intent: 'CAPTURE', purchase_units: [unit(u.userId)] }),
        reason: 'order_not_ours',
        status: 403,
        en: /not started by RimborsiFBA/,
      }),
    ],
    [
      "another seller's order",
      async (_u, other) => ({
        id: await paidServerOrder(other.token),
        reason: 'order_other_user',
        status: 403,
        en: /another account/,
      }),
    ],
    [
      'an order paid to another merchant',
      async (u) => ({
        id: await browserOrder({
          intent: 'CAPTURE',
          purchase_units: [
            unit(u.userId, '9.90', 'EUR', { payee: { merchant_id: 'C7CYMKZDG8D6E' } }),
          ],
        }),
        reason: 'wrong_payee',
        status: 402,
        en: /not made to RimborsiFBA/,
      }),
    ],
    ...(['void', 'capture'] as const).map(
      (then): [string, (user: Seller, other: Seller) => Promise<Made>] => [
        `an authorization that was then ${then === 'void' ? 'voided' : 'captured'}`,
        async (u) => {
          const id = await browserOrder(
            { intent: 'AUTHORIZE', purchase_units: [unit(u.userId)] },
            'authorize',
          );
          const order = await paypalOrder(id);
          const auth = order.purchase_units[0]?.payments?.authorizations?.[0]?.id;
          const done = await fetch(`${PAYPAL}/v2/payments/authorizations/${auth}/${then}`, {
            method: 'POST',
            headers: { authorization: `Bearer ${await paypalToken()}` },
          });
          expect(done.ok).toBe(true);
          expect((await paypalOrder(id)).purchase_units[0]?.payments?.authorizations?.[0]).toEqual(
            expect.objectContaining({ status: then === 'void' ? 'VOIDED' : 'CAPTURED' }),
          );
          return { id, reason: 'wrong_intent', status: 402, en: /only an authorization/ };
        },
      ],
    ),
    [
      'a pending capture',
      async (u) => ({
        id: await paidServerOrder(u.token, { captureStatus: 'PENDING' }),
        reason: 'capture_pending',
        status: 402,
        en: /awaiting confirmation/,
      }),
    ],
    [
      'a declined capture',
      async (u) => ({
        id: await paidServerOrder(u.token, { captureStatus: 'DECLINED' }),
        reason: 'capture_not_completed',
        status: 402,
        en: /did not go through/,
      }),
    ],
    [
      'an order never captured',
      async (u) => ({
        id: await paidServerOrder(u.token, { capture: false }),
        reason: 'order_not_completed',
        status: 402,
        en: /not completed/,
      }),
    ],
    [
      '1.00 EUR',
      async (u) => ({
        id: await browserOrder({ intent: 'CAPTURE', purchase_units: [unit(u.userId, '1.00')] }),
        reason: 'wrong_amount',
        status: 402,
        en: /9\.90 EUR/,
      }),
    ],
    [
      '9.90 USD',
      async (u) => ({
        id: await browserOrder({
          intent: 'CAPTURE',
          purchase_units: [unit(u.userId, '9.90', 'USD')],
        }),
        reason: 'wrong_amount',
        status: 402,
        en: /9\.90 EUR/,
      }),
    ],
    [
      'two purchase units',
      async (u) => ({
        id: await browserOrder({
          intent: 'CAPTURE',
          purchase_units: [unit(u.userId), unit(u.userId, '0.01')],
        }),
        reason: 'wrong_purchase_units',
        status: 402,
        en: /more than one purchase/,
      }),
    ],
    [
      'an order the provider does not know',
      async () => ({
        id: 'NOSUCHORDER123',
        reason: 'order_not_found',
        status: 404,
        en: /not found/,
      }),
    ],
  ];

  test.each(cases)('%s', async (_label, make) => {
    const [user, other] = await Promise.all([seller(), seller()]);
    const made = await make(user, other);
    const recordedBefore = await items(user.userId, 'PAYORDER#');
    for (const language of ['it', 'en']) {
      const res = await verify(user, made.id, language);
      expect(res.status).toBe(made.status);
      expect(res.body).toMatchObject({ details: { reason: made.reason } });
      if (language === 'en') expect(res.body.message).toMatch(made.en);
      else expect(res.body.message).not.toMatch(made.en);
    }
    expect(await items(user.userId, 'SUB#')).toHaveLength(0);
    expect(await item(`PAYMENT_ORDER#${made.id}`, 'ORDER')).toBeUndefined();
    expect(await items(user.userId, 'PAYORDER#')).toEqual(recordedBefore);
    expect(await plan(user)).toMatchObject({ active: false });
  });
});

describe('refunds, reversals and disputes (PayPal webhooks)', () => {
  test('a refund ends the plan with the reason; the replayed event changes nothing', async () => {
    const user = await seller();
    const id = await buyPlan(user.token);
    const capture = await captureOf(id);
    const refund = await fetch(`${PAYPAL}/v2/payments/captures/${capture}/refund`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await paypalToken()}` },
    });
    expect(refund.status).toBe(201);
    const { delivery, send } = await deliver('PAYMENT.CAPTURE.REFUNDED', capture);
    const first = await send();
    expect(first).toEqual({ status: 200, body: { ok: true, outcome: 'ended' } });
    expect(await plan(user)).toMatchObject({ active: false, ended_reason: 'refunded' });
    const [sub] = await items(user.userId, 'SUB#');
    expect(sub).toMatchObject({ status: 'refunded', end_reason: 'PAYMENT.CAPTURE.REFUNDED' });
    expect(Date.now() - Date.parse(sub?.ended_at as string)).toBeLessThan(60_000);

    const replay = await post(delivery);
    expect(replay).toEqual({ status: 200, body: { ok: true, outcome: 'duplicate' } });
    expect(await items(user.userId, 'SUB#')).toEqual([sub]);
    // The refunded order cannot buy the plan again.
    expect((await verify(user, id)).body).toMatchObject({
      details: { reason: 'capture_not_completed' },
    });
  });

  test('a refund of part of the price leaves the plan; the refund of the rest ends it', async () => {
    const user = await seller();
    const capture = await captureOf(await buyPlan(user.token));
    const refund = async (value: string) =>
      fetch(`${PAYPAL}/v2/payments/captures/${capture}/refund`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await paypalToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ amount: { value, currency_code: 'EUR' } }),
      });

    expect((await refund('2.00')).status).toBe(201);
    const goodwill = await deliver('PAYMENT.CAPTURE.REFUNDED', capture);
    expect(await goodwill.send()).toEqual({
      status: 200,
      body: { ok: true, outcome: 'partly_refunded' },
    });
    expect(await plan(user)).toMatchObject({ active: true, days_left: 30, ended_reason: null });
    expect(
      await item(`PAYMENT_EVENT#${goodwill.delivery.event.id as string}`, 'EVENT'),
    ).toMatchObject({ capture_id: capture, refunded_total: '2.00 EUR' });
    expect((await post(goodwill.delivery)).body).toEqual({ ok: true, outcome: 'duplicate' });

    expect((await refund('7.90')).status).toBe(201);
    const rest = await deliver('PAYMENT.CAPTURE.REFUNDED', capture);
    expect((await rest.send()).body).toEqual({ ok: true, outcome: 'ended' });
    expect(await plan(user)).toMatchObject({ active: false, ended_reason: 'refunded' });
    // Nothing is left to refund.
    expect((await refund('0.01')).status).toBe(422);
  });

  test.each([
    ['PAYMENT.CAPTURE.REVERSED', 'reversed'],
    ['CUSTOMER.DISPUTE.CREATED', 'disputed'],
  ])('%s ends the plan (%s); the order is then used up', async (eventType, status) => {
    const user = await seller();
    const id = await buyPlan(user.token);
    const { send } = await deliver(eventType, await captureOf(id));
    expect((await send()).body).toEqual({ ok: true, outcome: 'ended' });
    expect(await plan(user)).toMatchObject({ active: false, ended_reason: status });
    const again = await verify(user, id);
    expect(again.status).toBe(402);
    expect(again.body).toMatchObject({ details: { reason: 'order_used' } });
    expect(await items(user.userId, 'SUB#')).toHaveLength(1);
  });

  test('a dispute resolved in our favour gives the plan back with its expiry; one the buyer won does not', async () => {
    const [won, lost] = await Promise.all([seller(), seller()]);
    for (const user of [won, lost]) {
      const capture = await captureOf(await buyPlan(user.token));
      const before = await plan(user);
      expect((await (await deliver('CUSTOMER.DISPUTE.CREATED', capture)).send()).body).toEqual({
        ok: true,
        outcome: 'ended',
      });
      const outcome = user === won ? 'RESOLVED_SELLER_FAVOUR' : 'RESOLVED_BUYER_FAVOUR';
      const resolved = await deliver('CUSTOMER.DISPUTE.RESOLVED', capture, undefined, undefined, {
        outcome,
      });
      expect((await resolved.send()).body).toEqual({
        ok: true,
        outcome: user === won ? 'restored' : 'ignored',
      });
      if (user === won) {
        expect(await plan(user)).toEqual(before);
        const [sub] = await items(user.userId, 'SUB#');
        expect(sub).toMatchObject({ status: 'active' });
        expect(sub).not.toHaveProperty('ended_at');
        expect((await post(resolved.delivery)).body).toEqual({ ok: true, outcome: 'duplicate' });
      } else {
        expect(await plan(user)).toMatchObject({ active: false, ended_reason: 'disputed' });
      }
    }
  });

  test('a bad signature, another webhook id, a changed event or missing headers are refused without effect', async () => {
    const user = await seller();
    const id = await buyPlan(user.token);
    const capture = await captureOf(id);
    const attempts: [string, Parameters<typeof deliver>[2], number][] = [
      ['forged signature', (d) => (d.headers['paypal-transmission-sig'] = 'Zm9yZ2Vk'), 401],
      [
        'event changed after signing',
        (d) => ((d.event.resource as Record<string, unknown>).id = 'OTHER'),
        401,
      ],
      ['no transmission headers', (d) => delete d.headers['paypal-transmission-sig'], 400],
      ['not an event', (d) => delete d.event.event_type, 400],
    ];
    for (const [label, tamper, status] of attempts) {
      const { delivery, send } = await deliver('PAYMENT.CAPTURE.REFUNDED', capture, tamper);
      const res = await send();
      expect({ label, status: res.status }).toEqual({ label, status });
      expect(await item(`PAYMENT_EVENT#${delivery.event.id as string}`, 'EVENT')).toBeUndefined();
    }
    // Signed by PayPal, but for another shop's webhook.
    const elsewhere = await deliver(
      'PAYMENT.CAPTURE.REFUNDED',
      capture,
      () => {},
      'OTHERSHOPHOOK1',
    );
    expect((await elsewhere.send()).status).toBe(401);
    expect(await plan(user)).toMatchObject({ active: true, days_left: 30 });
  });

  test('a body over 64 KiB or nested too deep is refused before PayPal is asked, never with 500', async () => {
    const user = await seller();
    const id = await buyPlan(user.token);
    const capture = await captureOf(id);
    let nested: Record<string, unknown> = { end: true };
    for (let i = 0; i < 100; i += 1) nested = { a: nested };
    const attempts: [string, Parameters<typeof deliver>[2], number][] = [
      ['over 64 KiB', (d) => (d.event.padding = 'x'.repeat(65 * 1024)), 413],
      ['nested 100 deep', (d) => (d.event.extra = nested), 400],
      [
        'an array 3,000 deep',
        (d) => (d.event.extra = JSON.parse(`${'['.repeat(3_000)}${']'.repeat(3_000)}`)),
        400,
      ],
    ];
    for (const [label, tamper, status] of attempts) {
      const { delivery, send } = await deliver('PAYMENT.CAPTURE.REFUNDED', capture, tamper);
      const res = await send();
      // A verification would answer 401 (the event changed after signing): these never get there.
      expect({ label, status: res.status }).toEqual({ label, status });
      expect(await item(`PAYMENT_EVENT#${delivery.event.id as string}`, 'EVENT')).toBeUndefined();
    }
    expect(await plan(user)).toMatchObject({ active: true, days_left: 30 });
  });

  test('an event for a capture we do not know is acknowledged and kept for its verification', async () => {
    const { delivery, send } = await deliver('PAYMENT.CAPTURE.REFUNDED', 'UNKNOWNCAPTURE1');
    expect(await send()).toEqual({ status: 200, body: { ok: true, outcome: 'held' } });
    expect(await item(`PAYMENT_EVENT#${delivery.event.id as string}`, 'EVENT')).toMatchObject({
      capture_id: 'UNKNOWNCAPTURE1',
      held: true,
    });
  });
});

describe('stacked plans: each payment is worth its own days', () => {
  test('two payments, the first charged back: the plan shows the 30 days still paid for', async () => {
    for (const eventType of [
      'PAYMENT.CAPTURE.REVERSED',
      'CUSTOMER.DISPUTE.CREATED',
      'PAYMENT.CAPTURE.REFUNDED',
    ]) {
      const user = await seller();
      const first = await captureOf(await buyPlan(user.token));
      await buyPlan(user.token);
      expect(await plan(user)).toMatchObject({ active: true, days_left: 60 });
      expect((await (await deliver(eventType, first)).send()).body).toEqual({
        ok: true,
        outcome: 'ended',
      });
      const after = await plan(user);
      expect({ eventType, ...after }).toMatchObject({ eventType, active: true, days_left: 30 });
      // The second payment's days moved up: they run from its payment, not after the first's.
      expect(Date.parse(after.expires_at as string)).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    }
  });

  test('a dispute of the first payment resolved in our favour gives its 30 days back', async () => {
    const user = await seller();
    const first = await captureOf(await buyPlan(user.token));
    await buyPlan(user.token);
    const before = await plan(user);
    await (await deliver('CUSTOMER.DISPUTE.CREATED', first)).send();
    expect(await plan(user)).toMatchObject({ days_left: 30 });
    await (await deliver('CUSTOMER.DISPUTE.RESOLVED', first)).send();
    expect(await plan(user)).toEqual(before);
  });
});

describe('a refunded dispute never comes back', () => {
  test.each(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED'])(
    '%s during a dispute is recorded on the plan; the dispute resolved in our favour then restores nothing',
    async (eventType) => {
      const user = await seller();
      const capture = await captureOf(await buyPlan(user.token));
      await (await deliver('CUSTOMER.DISPUTE.CREATED', capture)).send();
      expect((await (await deliver(eventType, capture)).send()).body).toEqual({
        ok: true,
        outcome: 'ended',
      });
      const [sub] = await items(user.userId, 'SUB#');
      expect(sub).toMatchObject({
        status: eventType.endsWith('REFUNDED') ? 'refunded' : 'reversed',
      });
      const resolved = await (await deliver('CUSTOMER.DISPUTE.RESOLVED', capture)).send();
      expect(resolved.body).toEqual({ ok: true, outcome: 'unchanged' });
      expect(await plan(user)).toMatchObject({ active: false });
    },
  );
});

describe('events that arrive before the payment is verified', () => {
  test.each([
    ['CUSTOMER.DISPUTE.CREATED', 'disputed'],
    ['PAYMENT.CAPTURE.REVERSED', 'reversed'],
  ])('%s is kept and applied when the order is verified: no plan', async (eventType, status) => {
    const user = await seller();
    const id = await paidServerOrder(user.token);
    const early = await deliver(eventType, await captureOf(id));
    expect((await early.send()).body).toEqual({ ok: true, outcome: 'held' });
    expect((await post(early.delivery)).body).toEqual({ ok: true, outcome: 'duplicate' });
    const verified = await verify(user, id);
    expect(verified.status).toBe(402);
    expect(verified.body).toMatchObject({ details: { reason: 'capture_ended' } });
    expect(await plan(user)).toMatchObject({ active: false, ended_reason: status });
    // Nor does recovery turn it into a plan.
    expect((await verify(user)).body).toMatchObject({ details: { reason: 'no_captured_order' } });
  });

  test('a dispute held before verification and resolved in our favour gives the plan', async () => {
    const user = await seller();
    const id = await paidServerOrder(user.token);
    const capture = await captureOf(id);
    await (await deliver('CUSTOMER.DISPUTE.CREATED', capture)).send();
    await (await deliver('CUSTOMER.DISPUTE.RESOLVED', capture)).send();
    expect((await verify(user)).status).toBe(200);
    expect(await plan(user)).toMatchObject({ active: true, days_left: 30 });
  });

  test('recovery does not reach an order older than its age limit', async () => {
    const user = await seller();
    const id = await paidServerOrder(user.token);
    await table.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `USER#${user.userId}`, SK: `PAYORDER#${id}` },
        UpdateExpression: 'SET created_at = :old',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 31 * DAY).toISOString() },
      }),
    );
    expect((await verify(user)).body).toMatchObject({ details: { reason: 'no_captured_order' } });
    expect(await items(user.userId, 'SUB#')).toHaveLength(0);
  });
});

describe('renewal', () => {
  test('renewing an active plan adds 30 days to its expiry', async () => {
    const user = await seller();
    await buyPlan(user.token);
    const before = await plan(user);
    const renewed = await verify(user, await paidServerOrder(user.token));
    expect(renewed.status).toBe(200);
    const after = await plan(user);
    expect(after).toMatchObject({ active: true, days_left: 60 });
    expect(Date.parse(after.expires_at as string) - Date.parse(before.expires_at as string)).toBe(
      30 * DAY,
    );
  });

  test('three payments verified at the same moment all count', async () => {
    const user = await seller();
    const ids = await Promise.all([1, 2, 3].map(() => paidServerOrder(user.token)));
    const answers = await Promise.all(ids.map((id) => verify(user, id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await plan(user)).toMatchObject({ active: true, days_left: 90 });
    expect(await items(user.userId, 'SUB#')).toHaveLength(3);
  });

  test('renewing an expired plan counts 30 days from now', async () => {
    const user = await seller();
    const lapsed = new Date(Date.now() - 5 * DAY).toISOString();
    await table.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: `USER#${user.userId}`,
          SK: `SUB#${new Date(Date.now() - 35 * DAY).toISOString()}#old`,
          type: 'subscription',
          id: 'old',
          user_id: user.userId,
          status: 'active',
          created_at: new Date(Date.now() - 35 * DAY).toISOString(),
          expires_at: lapsed,
          country_code: 'IT',
        },
      }),
    );
    expect(await plan(user)).toMatchObject({ active: false, expires_at: lapsed });
    const started = Date.now();
    expect((await verify(user, await paidServerOrder(user.token))).status).toBe(200);
    const after = await plan(user);
    expect(after).toMatchObject({ active: true, days_left: 30 });
    const expiry = Date.parse(after.expires_at as string);
    expect(expiry).toBeGreaterThanOrEqual(started + 30 * DAY - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 30 * DAY);
  });
});

describe('recovery', () => {
  test('a captured order whose verification never came back becomes the plan on retry', async () => {
    const user = await seller();
    // An order the seller opened and abandoned, and one captured whose verification was lost.
    await paidServerOrder(user.token, { capture: false });
    const paidId = await paidServerOrder(user.token);
    expect((await api('GET', '/api/payment-order', { token: user.token })).body).toEqual({
      unclaimed: 2,
      billing: null,
    });
    const recovered = await verify(user);
    expect(recovered.status).toBe(200);
    expect(recovered.body).toMatchObject({ subscription: { active: true, days_left: 30 } });
    expect(await item(`PAYMENT_ORDER#${paidId}`, 'ORDER')).toMatchObject({
      user_id: user.userId,
    });
    expect((await api('GET', '/api/payment-order', { token: user.token })).body).toEqual({
      unclaimed: 1,
      billing: null,
    });
    const nothing = await verify(user, undefined, 'en');
    expect(nothing.status).toBe(404);
    expect(nothing.body).toMatchObject({ details: { reason: 'no_captured_order' } });
    expect(await items(user.userId, 'SUB#')).toHaveLength(1);
  });
});
