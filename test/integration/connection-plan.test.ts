import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { api, stack, table } from './support/accounts';
import { buyPlan, connect, REAL_SHIPMENT, seller, waitForSync } from './support/proof';
import { LOG_FILE } from './stack';

/**
 * Issue 4 through the local API gateway: the authorization state's server-side checks, the
 * connection lifecycle and the launch plan (payments: payment.test.ts). Every refusal
 * is checked to have written nothing.
 */

const TABLE = stack.dynamodb.table;

/** What the simulator's consent page does when the seller presses Authorize. */
async function consent(authUrl: string): Promise<URLSearchParams> {
  const url = new URL(authUrl);
  const res = await fetch(`${stack.spapi.endpoint}/apps/authorize/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      application_id: url.searchParams.get('application_id') ?? '',
      state: url.searchParams.get('state') ?? '',
      redirect_uri: url.searchParams.get('redirect_uri') ?? '',
      decision: 'authorize',
    }),
    redirect: 'manual',
  });
  if (res.status !== 302) throw new Error(`consent answered ${res.status}`);
  return new URL(res.headers.get('location') ?? '').searchParams;
}

async function authorize(token: string, marketplace = 'IT') {
  const res = await api('POST', '/api/spapi-authorize', {
    token,
    body: { marketplace_id: marketplace },
  });
  expect(res.status).toBe(200);
  return res.body as { authUrl: string; state: string };
}

async function callback(token: string, redirect: URLSearchParams, state?: string) {
  return api('POST', '/api/spapi-callback', {
    token,
    body: {
      state: state ?? redirect.get('state'),
      spapi_oauth_code: redirect.get('spapi_oauth_code'),
      selling_partner_id: redirect.get('selling_partner_id'),
    },
  });
}

async function connectionItem(userId: string) {
  const { Item } = await table.send(
    new GetCommand({ TableName: TABLE, Key: { PK: `USER#${userId}`, SK: 'CONNECTION' } }),
  );
  return Item;
}

async function subscriptionItems(userId: string) {
  const { Items } = await table.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sub)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':sub': 'SUB#' },
    }),
  );
  return Items ?? [];
}

describe('marketplace authorization', () => {
  test('the consent URL carries the app id, a 32-character state and the wizard as redirect', async () => {
    const { token } = await seller();
    const { authUrl, state } = await authorize(token, 'DE');
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const url = new URL(authUrl);
    expect(url.pathname).toBe('/apps/authorize/consent');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/connect-amazon$/);
    expect(url.searchParams.get('application_id')).toBeTruthy();
  });

  test('a completed consent connects, goes live, and the token is neither readable nor returned', async () => {
    const user = await seller();
    const { authUrl } = await authorize(user.token);
    const redirect = await consent(authUrl);
    const res = await callback(user.token, redirect);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      connection: { status: 'connected', country_code: 'IT', active_marketplaces: ['IT'] },
    });
    const item = await connectionItem(user.userId);
    expect(typeof item?.lwa_refresh_token).toBe('string');
    // LWA refresh tokens start "Atzr|"; what is stored must be ciphertext.
    expect(item?.lwa_refresh_token).not.toMatch(/^Atzr\|/);
    const seen = [
      JSON.stringify(res.body),
      JSON.stringify((await api('GET', '/api/connection', { token: user.token })).body),
    ];
    for (const body of seen) {
      expect(body).not.toContain('lwa_refresh_token');
      expect(body).not.toContain('Atzr|');
      expect(body).not.toContain(item?.lwa_refresh_token);
    }
    expect((await api('GET', '/api/profile', { token: user.token })).body).toMatchObject({
      mode: 'live',
    });

    // A replayed state is refused and changes nothing.
    const replay = await callback(user.token, redirect);
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({ details: { reason: 'state_invalid' } });
    expect(await connectionItem(user.userId)).toEqual(item);

    // Every line the server functions logged while connecting: no LWA token, in any form.
    const logged = fs.readFileSync(LOG_FILE, 'utf8');
    expect(logged).toContain('/api/connection');
    expect(logged).not.toMatch(/Atz[ar]\|/);
    expect(logged).not.toContain(String(item?.lwa_refresh_token));

    const off = await api('POST', '/api/connection/disconnect', { token: user.token });
    expect(off.body).toMatchObject({ ok: true, connection: { status: 'disconnected' } });
    const after = await connectionItem(user.userId);
    expect(after?.lwa_refresh_token).toBeUndefined();
    expect(after?.active_marketplaces).toEqual([]);
    expect((await api('GET', '/api/profile', { token: user.token })).body).toMatchObject({
      mode: 'demo',
    });
  });

  test('a connection linked before the new roles is asked to authorize again, and not once it has', async () => {
    const user = await seller();
    const first = await callback(user.token, await consent((await authorize(user.token)).authUrl));
    expect(first.status).toBe(200);
    // Linked before roles were recorded: the stored connection holds none.
    await table.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `USER#${user.userId}`, SK: 'CONNECTION' },
        UpdateExpression: 'REMOVE granted_roles',
      }),
    );
    const before = await api('GET', '/api/connection', { token: user.token });
    expect(before.body).toMatchObject({
      connection: {
        status: 'connected',
        grant: {
          roles: null,
          reauthorize: true,
          adds: ['customer_returns', 'removals', 'refunds'],
        },
      },
    });

    // Authorizing again through the same route records the roles the consent asked for.
    const again = await callback(user.token, await consent((await authorize(user.token)).authUrl));
    expect(again.status).toBe(200);
    const after = await api('GET', '/api/connection', { token: user.token });
    expect(after.body).toMatchObject({
      connection: { status: 'connected', grant: { reauthorize: false, adds: [] } },
    });
    const roles = (after.body as { connection: { grant: { roles: string[] } } }).connection.grant
      .roles;
    expect(roles).toEqual(expect.arrayContaining(['Amazon Fulfillment', 'Finance and Accounting']));
  });

  test("another user's state, a tampered state and an expired state are refused; nothing saved", async () => {
    const [owner, other] = await Promise.all([seller(), seller()]);
    const { authUrl } = await authorize(owner.token);
    const redirect = await consent(authUrl);

    const stolen = await callback(other.token, redirect);
    expect(stolen.status).toBe(409);
    expect(stolen.body).toMatchObject({ details: { reason: 'state_invalid' } });

    const tampered = await callback(owner.token, redirect, randomBytes(24).toString('base64url'));
    expect(tampered.status).toBe(409);
    expect(tampered.body).toMatchObject({ details: { reason: 'state_invalid' } });

    const expired = randomBytes(24).toString('base64url');
    await table.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          PK: `SPAPI_STATE#${expired}`,
          SK: 'STATE',
          state: expired,
          user_id: owner.userId,
          country_code: 'IT',
          marketplace_id: 'APJ6JRA9NG5V4',
          store_name: null,
          expires_at: Date.now() - 1000,
          used: false,
        },
      }),
    );
    const late = await callback(owner.token, redirect, expired);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ details: { reason: 'state_expired' } });

    expect(await connectionItem(owner.userId)).toBeUndefined();
    expect(await connectionItem(other.userId)).toBeUndefined();
    // The owner's state was not spent by the refused attempts: the genuine callback still works.
    expect((await callback(owner.token, redirect)).status).toBe(200);
  });

  test("starting an authorization without a marketplace is refused in the seller's language", async () => {
    const { token } = await seller();
    for (const [language, body, text] of [
      ['it', {}, 'Scegli il marketplace da collegare tra quelli elencati.'],
      ['en', { marketplace_id: 'XX' }, 'Choose the marketplace to connect from the list.'],
    ] as const) {
      const res = await api('POST', '/api/spapi-authorize', { token, language, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(text);
    }
  });

  test("a revoked authorization leaves Amazon's code as the last error, not its English text", async () => {
    const user = await seller();
    await connect(user.token);
    await buyPlan(user.token);
    const { connection } = (await api('GET', '/api/connection', { token: user.token })).body as {
      connection: { seller_id: string };
    };
    // The seller removes the app in Seller Central: the next token refresh is refused.
    const revoked = await fetch(`${stack.spapi.endpoint}/__sim/revoke`, {
      method: 'POST',
      body: JSON.stringify({ selling_partner_id: connection.seller_id }),
    });
    expect(revoked.status).toBe(200);
    expect((await api('POST', '/api/sync-fba', { token: user.token })).status).toBe(202);
    await waitForSync(user.token);
    const after = (await api('GET', '/api/connection', { token: user.token })).body;
    expect(after.connection).toMatchObject({ status: 'revoked', last_error: 'invalid_grant' });
  });

  test('a marketplace the seller does not sell on is refused and nothing saved', async () => {
    const user = await seller();
    const { authUrl } = await authorize(user.token, 'SE');
    const res = await callback(user.token, await consent(authUrl));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ details: { reason: 'marketplace_not_participating' } });
    expect(await connectionItem(user.userId)).toBeUndefined();
  });
});

describe('plan payment', () => {
  test('the free launch plan is off by default', async () => {
    const user = await seller();
    const res = await api('POST', '/api/activate-free-plan', {
      token: user.token,
      body: { country: 'IT' },
    });
    expect(res.status).toBe(404);
    expect(await subscriptionItems(user.userId)).toHaveLength(0);
  });
});

describe('the free first scan', () => {
  test('a newly connected seller scans once for free, sees what was found, and needs the plan for the rest', async () => {
    const user = await seller();
    expect((await api('GET', '/api/profile', { token: user.token })).body).toMatchObject({
      free_scan: 'available',
    });
    // Not connected yet: the plan message, and the free scan is not spent.
    const early = await api('POST', '/api/sync-fba', { token: user.token });
    expect(early.status).toBe(402);
    expect(early.body.message).toContain('serve un piano attivo');
    await connect(user.token);

    // Two presses at once (two tabs): one scan starts, the other is told the scan is used.
    const both = await Promise.all([
      api('POST', '/api/sync-fba', { token: user.token }),
      api('POST', '/api/sync-fba', { token: user.token }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([202, 402]);
    const refused = both.find((r) => r.status === 402)!;
    expect(refused.body).toMatchObject({
      error: 'payment_required',
      message:
        'Hai già usato la scansione gratuita. Per una nuova scansione serve un piano attivo: attiva il piano per continuare.',
      details: { reason: 'free_scan_used' },
    });
    const run = await waitForSync(user.token, 120_000);
    expect(run.status).toBe('succeeded');
    expect(await subscriptionItems(user.userId)).toHaveLength(0);

    // What was found: the seller's own shipments, with units and the claim window.
    const listed = (await api('GET', '/api/shipments', { token: user.token })).body as {
      mode: string;
      shipments: {
        shipment_id: string;
        demo: boolean;
        units_expected: number;
        discrepancy: number;
        claim: { deadline: string | null; expired: boolean };
      }[];
    };
    expect(listed.mode).toBe('real');
    const found = listed.shipments.find((s) => s.shipment_id === REAL_SHIPMENT);
    expect(found).toMatchObject({ demo: false });
    expect(found!.discrepancy).toBeGreaterThan(0);
    expect(found!.claim.deadline).not.toBeNull();
    expect((await api('GET', '/api/profile', { token: user.token })).body).toMatchObject({
      free_scan: 'used',
    });

    // A later scan, in English, is refused in English; preparing a claim needs the plan.
    const again = await api('POST', '/api/sync-fba', { token: user.token, language: 'en' });
    expect(again.status).toBe(402);
    expect(again.body.message).toBe(
      'You have already used the free scan. A new scan needs an active plan: activate the plan to continue.',
    );
    const draft = await api('POST', '/api/generate-case-draft', {
      token: user.token,
      body: { shipment_id: REAL_SHIPMENT },
    });
    expect(draft.status).toBe(402);
    expect(draft.body.details).toMatchObject({ reason: 'no_plan' });

    // With the plan bought, scans go on as before.
    await buyPlan(user.token);
    expect((await api('POST', '/api/sync-fba', { token: user.token })).status).toBe(202);
    expect((await waitForSync(user.token, 120_000)).status).toBe('succeeded');
  });
});
