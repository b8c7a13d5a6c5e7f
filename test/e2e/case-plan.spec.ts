import { DynamoDBClient, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/stack/aws';
import { freshUser, prepareUsers } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';

/**
 * Issue 15 in the browser: a seller whose plan ran out opens a real case. They can read it, but
 * the sheet says the plan is not active, offers the renewal, and neither uploads nor drafts;
 * the server refuses the same actions on its own.
 */

test.describe.configure({ timeout: 120_000 });
test.beforeAll(() => prepareUsers());

/** A shipment of the stack scenario's seller with units missing (local/scenarios/default.json). */
const REAL_SHIPMENT = 'FBAX7NX1KD11';

async function api(page: Page, route: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${stack().apiUrl}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${await accessToken(page)}`,
      'content-type': 'application/json',
      'accept-language': 'it',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

function table() {
  const { dynamodb } = stack() as unknown as { dynamodb: { endpoint: string; table: string } };
  return {
    client: new DynamoDBClient({
      endpoint: dynamodb.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    }),
    name: dynamodb.table,
  };
}

function subOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
    .sub;
}

/**
 * The set-up, not the subject (payment has its own journeys): a plan row as a verified payment
 * leaves it, a link to the simulator's Seller Central and a sync, then the plan running out.
 */
async function sellerWhosePlanRanOut(page: Page) {
  const user = await freshUser();
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const userId = subOf(await accessToken(page));
  const { client, name } = table();
  const createdAt = new Date().toISOString();
  const id = randomUUID();
  const key = { PK: { S: `USER#${userId}` }, SK: { S: `SUB#${createdAt}#${id}` } };
  await client.send(
    new PutItemCommand({
      TableName: name,
      Item: {
        ...key,
        type: { S: 'subscription' },
        id: { S: id },
        user_id: { S: userId },
        status: { S: 'active' },
        created_at: { S: createdAt },
        expires_at: { S: new Date(Date.now() + 30 * 86_400_000).toISOString() },
        country_code: { S: 'IT' },
      },
    }),
  );

  const start = await api(page, '/api/spapi-authorize', {
    method: 'POST',
    body: { marketplace_id: 'IT' },
  });
  expect(start.status).toBe(200);
  const authUrl = new URL(start.body.authUrl as string);
  const consent = await fetch(`${stack().spapi.endpoint}/apps/authorize/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      application_id: authUrl.searchParams.get('application_id') ?? '',
      state: authUrl.searchParams.get('state') ?? '',
      redirect_uri: authUrl.searchParams.get('redirect_uri') ?? '',
      decision: 'authorize',
    }),
    redirect: 'manual',
  });
  const back = new URL(consent.headers.get('location') ?? '').searchParams;
  const linked = await api(page, '/api/spapi-callback', {
    method: 'POST',
    body: {
      state: back.get('state'),
      spapi_oauth_code: back.get('spapi_oauth_code'),
      selling_partner_id: back.get('selling_partner_id'),
    },
  });
  expect(linked.status).toBe(200);
  expect((await api(page, '/api/sync-fba', { method: 'POST' })).status).toBe(202);
  await expect
    .poll(
      async () =>
        ((await api(page, '/api/sync-runs/latest')).body.run as { status?: string } | null)?.status,
      {
        timeout: 90_000,
        intervals: [500],
      },
    )
    .toBe('succeeded');

  await client.send(
    new UpdateItemCommand({
      TableName: name,
      Key: key,
      UpdateExpression: 'SET expires_at = :past',
      ExpressionAttributeValues: {
        ':past': { S: new Date(Date.now() - 86_400_000).toISOString() },
      },
    }),
  );
  client.destroy();
}

test('an expired plan: the real case is read-only, the sheet offers the renewal, the server agrees', async ({
  page,
}) => {
  await sellerWhosePlanRanOut(page);
  await page.goto('/documents');
  const panel = page.getByTestId('upload-panel').filter({ hasText: `ID ${REAL_SHIPMENT}` });
  await panel.getByRole('button', { name: 'Prepara contestazione' }).click();
  const sheet = page.getByRole('dialog', { name: `Prepara il caso · ${REAL_SHIPMENT}` });
  await expect(sheet).toBeVisible();

  await expect(sheet.getByText('Piano non attivo')).toBeVisible();
  await expect(sheet.getByLabel("Carica Fattura d'acquisto")).toHaveCount(0);
  await expect(sheet.getByRole('radio', { name: /Rivenditore/ })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: 'Valida e genera il testo' })).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'CHIEDI RIMBORSO' })).toBeDisabled();

  // What the page does not offer, the server refuses too.
  const draft = await api(page, '/api/generate-case-draft', {
    method: 'POST',
    body: { shipment_id: REAL_SHIPMENT },
  });
  expect(draft.status).toBe(402);
  expect(String(draft.body.message)).toContain('rinnova il piano');

  await sheet.getByRole('link', { name: 'Rinnova il piano' }).click();
  await expect(page).toHaveURL(/\/connect-amazon$/);
});
