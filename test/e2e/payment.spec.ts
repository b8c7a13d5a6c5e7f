import { expect, test, type Page } from '@playwright/test';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import {
  LOCAL_PAYMENT_CLIENT_ID,
  LOCAL_PAYMENT_CLIENT_SECRET,
} from '../../local/payment-simulator';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/stack/aws';
import { freshUser, prepareUsers } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';

/**
 * Issue 15 in the browser: the plan is paid through the wizard with an order our server made;
 * an order the browser makes itself at the provider buys nothing; renewal from the plan alert
 * adds 30 days; a paid order whose verification was lost is recovered from the wizard.
 */

test.beforeAll(() => prepareUsers());

async function signedIn(page: Page) {
  const user = await freshUser();
  await logIn(page, user, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  return user;
}

async function toPlanStep(page: Page) {
  await page.goto('/connect-amazon');
  await page.getByLabel('Italia').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByLabel('Ho letto e accetto le autorizzazioni richieste').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
}

/** An app token from the payment simulator, as PayPal's checkout script would hold. */
async function paypalToken(page: Page): Promise<string> {
  const token = await page.request.post(`${stack().payment.endpoint}/v1/oauth2/token`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${LOCAL_PAYMENT_CLIENT_ID}:${LOCAL_PAYMENT_CLIENT_SECRET}`).toString('base64')}`,
    },
    form: { grant_type: 'client_credentials' },
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

async function subscription(page: Page) {
  const res = await page.request.get('/api/subscription', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  return (await res.json()) as { active: boolean; days_left: number; expires_at: string | null };
}

function subOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
    .sub;
}

test('pays through the wizard with the simulator, gets the plan, and renews it for 30 more days', async ({
  page,
}) => {
  await signedIn(page);
  await toPlanStep(page);
  await expect(page.getByText('Serve il piano')).toBeVisible();
  await page.getByRole('button', { name: 'Paga 9,90 € (simulatore)' }).click();
  await expect(page.getByText('Pagamento completato!')).toBeVisible();
  await expect(page.getByText(/^Piano attivo per Italia fino al/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Autorizza su Amazon' })).toBeVisible();
  expect(await subscription(page)).toMatchObject({ active: true, days_left: 30 });

  const renew = page.getByRole('region', { name: 'Rinnova il piano' });
  await renew.getByRole('button', { name: 'Rinnova: paga 9,90 € (simulatore)' }).click();
  await expect.poll(async () => (await subscription(page)).days_left).toBe(60);
});

test('an order made outside our server is refused and buys no plan', async ({ page }) => {
  await signedIn(page);
  const token = await accessToken(page);
  const paypal = stack().payment.endpoint;
  // What a seller could do from devtools: create and capture 9.90 EUR at the provider directly,
  // with the token PayPal's checkout script holds for the shop's client id.
  const created = await page.request.post(`${paypal}/v2/checkout/orders`, {
    headers: { authorization: `Bearer ${await paypalToken(page)}` },
    data: {
      intent: 'CAPTURE',
      purchase_units: [
        { amount: { currency_code: 'EUR', value: '9.90' }, custom_id: subOf(token) },
      ],
    },
  });
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`${paypal}/v2/checkout/orders/${id}/capture`)).status()).toBe(
    201,
  );
  const verified = await page.request.post('/api/verify-payment', {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'it' },
    data: { orderID: id, country: 'IT' },
  });
  expect(verified.status()).toBe(403);
  expect(await verified.json()).toMatchObject({
    message:
      'Questo pagamento non è stato avviato da RimborsiFBA: usa il pulsante di pagamento della procedura.',
    details: { reason: 'order_not_ours' },
  });
  expect(await subscription(page)).toMatchObject({ active: false });
  await toPlanStep(page);
  await expect(page.getByText('Serve il piano')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Paga 9,90 € (simulatore)' })).toBeVisible();
});

test('a payment captured but never verified is recovered from the wizard', async ({ page }) => {
  await signedIn(page);
  const token = await accessToken(page);
  // The checkout made the order and the buyer paid, but the tab closed before verification.
  const order = await page.request.post('/api/payment-order', {
    headers: { authorization: `Bearer ${token}` },
    data: { country: 'IT' },
  });
  const { id } = (await order.json()) as { id: string };
  await page.request.post(`${stack().payment.endpoint}/v2/checkout/orders/${id}/capture`);

  await toPlanStep(page);
  const recovery = page.getByRole('region', {
    name: 'Hai già pagato ma il piano non risulta attivo?',
  });
  await recovery.getByRole('button', { name: 'Verifica di nuovo il pagamento' }).click();
  await expect(page.getByText('Pagamento completato!')).toBeVisible();
  await expect(page.getByText(/^Piano attivo per Italia fino al/)).toBeVisible();
  await expect(recovery).toBeHidden();
  expect(await subscription(page)).toMatchObject({ active: true, days_left: 30 });
});

test('the expired-plan alert leads to renewal, which counts 30 days from today', async ({
  page,
}) => {
  await signedIn(page);
  const userId = subOf(await accessToken(page));
  const { dynamodb } = stack() as unknown as { dynamodb: { endpoint: string; table: string } };
  const client = new DynamoDBClient({
    endpoint: dynamodb.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const created = new Date(Date.now() - 40 * 86_400_000).toISOString();
  await client.send(
    new PutItemCommand({
      TableName: dynamodb.table,
      Item: {
        PK: { S: `USER#${userId}` },
        SK: { S: `SUB#${created}#old` },
        type: { S: 'subscription' },
        id: { S: 'old' },
        user_id: { S: userId },
        status: { S: 'active' },
        created_at: { S: created },
        expires_at: { S: new Date(Date.now() - 10 * 86_400_000).toISOString() },
        country_code: { S: 'IT' },
      },
    }),
  );
  client.destroy();

  await page.reload();
  const alert = page.getByText('Il piano è scaduto: puoi vedere i casi ma non sincronizzare.');
  await expect(alert).toBeVisible();
  await page.getByRole('link', { name: 'Rinnova il piano' }).click();
  await expect(page).toHaveURL(/\/connect-amazon\?renew=1$/);
  // Straight to the plan step for the plan's country.
  await page.getByRole('button', { name: 'Paga 9,90 € (simulatore)' }).click();
  await expect(page.getByText('Pagamento completato!')).toBeVisible();
  expect(await subscription(page)).toMatchObject({ active: true, days_left: 30 });
});

test('a refund at PayPal ends the plan: the dashboard says why and offers renewal', async ({
  page,
}) => {
  await signedIn(page);
  await toPlanStep(page);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/payment-order') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Paga 9,90 € (simulatore)' }).click();
  const { id } = (await (await created).json()) as { id: string };
  await expect(page.getByText('Pagamento completato!')).toBeVisible();

  // PayPal's side: the merchant refunds, and PayPal notifies our webhook.
  const paypal = stack().payment.endpoint;
  const token = await page.request.post(`${paypal}/v1/oauth2/token`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${LOCAL_PAYMENT_CLIENT_ID}:${LOCAL_PAYMENT_CLIENT_SECRET}`).toString('base64')}`,
    },
    form: { grant_type: 'client_credentials' },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const orders = await page.request.get('/api/payment-order', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(await orders.json()).toEqual({ unclaimed: 0, billing: null });
  const order = await page.request.get(`${paypal}/v2/checkout/orders/${id}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const capture = (
    (await order.json()) as {
      purchase_units: { payments: { captures: { id: string }[] } }[];
    }
  ).purchase_units[0]?.payments.captures[0]?.id;
  const refund = await page.request.post(`${paypal}/v2/payments/captures/${capture}/refund`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(refund.status()).toBe(201);
  const made = await page.request.post(`${paypal}/simulator/webhook-events`, {
    data: { event_type: 'PAYMENT.CAPTURE.REFUNDED', capture_id: capture },
  });
  const delivery = (await made.json()) as { event: unknown; headers: Record<string, string> };
  const delivered = await page.request.post('/api/paypal-webhook', {
    headers: delivery.headers,
    data: delivery.event,
  });
  expect(delivered.status()).toBe(200);

  await page.goto('/dashboard');
  await expect(
    page.getByText('Il piano è terminato: il pagamento è stato rimborsato.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rinnova il piano' })).toHaveAttribute(
    'href',
    '/connect-amazon?renew=1',
  );
});
