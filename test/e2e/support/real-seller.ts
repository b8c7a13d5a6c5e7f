import { DynamoDBClient, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack/aws';
import { freshUser, type TestUser } from './accounts';
import { accessToken, logIn } from './pages';
import { stack } from './stack';

/** A shipment of the stack scenario's seller with units missing (local/scenarios/default.json). */
export const REAL_SHIPMENT = 'FBAX7NX1KD11';

/** A call to the API as the signed-in page's user, in Italian. */
export async function api(
  page: Page,
  route: string,
  init: { method?: string; body?: unknown } = {},
) {
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

type PlanKey = { PK: { S: string }; SK: { S: string } };

/**
 * The set-up, not the subject (payment has its own journeys): a plan row as a verified payment
 * leaves it, a link to the simulator's Seller Central through the API, and a sync. Signed in on
 * `page`, on the dashboard.
 */
export async function sellerWithSyncedShipments(
  page: Page,
): Promise<{ user: TestUser; userId: string; planKey: PlanKey }> {
  const user = await freshUser();
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const userId = subOf(await accessToken(page));
  const { client, name } = table();
  const createdAt = new Date().toISOString();
  const id = randomUUID();
  const planKey = { PK: { S: `USER#${userId}` }, SK: { S: `SUB#${createdAt}#${id}` } };
  await client.send(
    new PutItemCommand({
      TableName: name,
      Item: {
        ...planKey,
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
  client.destroy();

  await linkAmazon(page);
  expect((await api(page, '/api/sync-fba', { method: 'POST' })).status).toBe(202);
  await expect
    .poll(
      async () =>
        ((await api(page, '/api/sync-runs/latest')).body.run as { status?: string } | null)?.status,
      { timeout: 90_000, intervals: [500] },
    )
    .toBe('succeeded');
  return { user, userId, planKey };
}

/**
 * The signed-in seller of `page` links the simulator's Seller Central (marketplace IT) through
 * the API: the consent page's "authorize" and the callback, as the wizard's redirect does.
 */
export async function linkAmazon(page: Page): Promise<void> {
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
}

/** The plan ran out a day ago. */
export async function expirePlan(planKey: PlanKey): Promise<void> {
  const { client, name } = table();
  await client.send(
    new UpdateItemCommand({
      TableName: name,
      Key: planKey,
      UpdateExpression: 'SET expires_at = :past',
      ExpressionAttributeValues: {
        ':past': { S: new Date(Date.now() - 86_400_000).toISOString() },
      },
    }),
  );
  client.destroy();
}
