import {
  LOCAL_PAYMENT_CLIENT_ID,
  LOCAL_PAYMENT_CLIENT_SECRET,
  LOCAL_PAYMENT_MERCHANT_ID,
  startPaymentSimulator,
  type PaymentSimulator,
} from './index';

/** PayPal's pattern for a merchant (payer) id. */
const MERCHANT_ID = /^[2-9A-HJ-NP-Z]{13}$/;

let sim: PaymentSimulator;
beforeEach(async () => {
  sim = await startPaymentSimulator({ host: '127.0.0.1', port: 0 });
});
afterEach(() => sim.close());

async function token(): Promise<string> {
  const res = await fetch(`${sim.url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${LOCAL_PAYMENT_CLIENT_ID}:${LOCAL_PAYMENT_CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const order = (unit: Record<string, unknown> = {}) => ({
  intent: 'CAPTURE',
  purchase_units: [{ amount: { currency_code: 'EUR', value: '9.90' }, ...unit }],
});

async function create(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sim.url}/v2/checkout/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** PayPal's error body: a name, a message, a debug id and, for a field, its issue. */
function expectPaypalError(body: Record<string, unknown>, name: string, issue?: string) {
  expect(body).toMatchObject({
    name,
    message: expect.stringMatching(/\S/),
    debug_id: expect.stringMatching(/^[0-9a-f]{13}$/),
  });
  if (issue) expect(body.details).toEqual([expect.objectContaining({ issue })]);
}

describe('payment simulator: as strict as PayPal', () => {
  it('answers 401 AUTHENTICATION_FAILURE to a call without a valid bearer token', async () => {
    const none = await create(order());
    const wrong = await create(order(), { authorization: 'Bearer not-a-token' });
    const show = await fetch(`${sim.url}/v2/checkout/orders/ABC`);

    expect(none.status).toBe(401);
    expectPaypalError(none.body, 'AUTHENTICATION_FAILURE');
    expect(wrong.status).toBe(401);
    expectPaypalError(wrong.body, 'AUTHENTICATION_FAILURE');
    expect(show.status).toBe(401);
    expectPaypalError((await show.json()) as Record<string, unknown>, 'AUTHENTICATION_FAILURE');
  });

  it('answers a retried create with the same PayPal-Request-Id with the same order', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const body = order({ invoice_id: 'INV-1' });
    const first = await create(body, { ...auth, 'paypal-request-id': 'INV-1' });
    const retried = await create(body, { ...auth, 'paypal-request-id': 'INV-1' });
    const other = await create(order({ invoice_id: 'INV-2' }), {
      ...auth,
      'paypal-request-id': 'INV-2',
    });
    // Without the header, the same invoice id is a second order, which PayPal refuses.
    const duplicate = await create(body, auth);

    expect(first.status).toBe(201);
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(first.body.id);
    expect(other.body.id).not.toBe(first.body.id);
    expect(duplicate.status).toBe(422);
    expectPaypalError(duplicate.body, 'UNPROCESSABLE_ENTITY', 'DUPLICATE_INVOICE_ID');
  });

  it("refuses a payee merchant id that is not PayPal's 13 characters", async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const refused = ['LOCALMERCHANT', 'c7cymkzdg8d6e', 'C7CYMKZDG8D6', 'C7CYMKZDG8D61'];
    const answers = await Promise.all(
      refused.map((id) => create(order({ payee: { merchant_id: id } }), auth)),
    );
    const ok = await create(order({ payee: { merchant_id: 'C7CYMKZDG8D6E' } }), auth);

    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expectPaypalError(answer.body, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
      expect(answer.body.details).toEqual([
        expect.objectContaining({
          field: "/purchase_units/@reference_id=='default'/payee/merchant_id",
        }),
      ]);
    }
    expect(ok.status).toBe(201);
    expect(LOCAL_PAYMENT_MERCHANT_ID).toMatch(MERCHANT_ID);
  });

  it('refuses an amount value that is not a decimal number string', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const values: unknown[] = ['9,90', 'nove', '', '9.9.0', 9.9];
    const answers = await Promise.all(
      values.map((value) =>
        create(
          { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'EUR', value } }] },
          auth,
        ),
      ),
    );
    const ok = await create(order({ amount: { currency_code: 'EUR', value: '10' } }), auth);

    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expectPaypalError(answer.body, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX');
    }
    expect(ok.status).toBe(201);
  });

  it('gives every error the name, message, debug_id and details of PayPal', async () => {
    const auth = { authorization: `Bearer ${await token()}` };
    const badIntent = await create({ ...order(), intent: 'SALE' }, auth);
    const missing = await fetch(`${sim.url}/v2/checkout/orders/NOPE`, { headers: auth });

    expect(badIntent.status).toBe(400);
    expectPaypalError(badIntent.body, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    expect(missing.status).toBe(404);
    expectPaypalError(
      (await missing.json()) as Record<string, unknown>,
      'RESOURCE_NOT_FOUND',
      'INVALID_RESOURCE_ID',
    );
  });
});
