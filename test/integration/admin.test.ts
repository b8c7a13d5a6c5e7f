import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/adapters/dynamo/keys';
import {
  api,
  cognito,
  linkTo,
  mintCaptcha,
  PASSWORD,
  signInWithPassword,
  signUp,
  stack,
  table,
  uniqueEmail,
  waitForMail,
} from './support/accounts';

/** A confirmed user with the given name, signed up as the register page does. */
async function registerNamed(first: string, last: string, email = uniqueEmail('admin-it')) {
  const { UserSub } = await signUp({
    email,
    captcha: mintCaptcha(),
    attributes: { given_name: first, family_name: last },
  });
  const code = linkTo(await waitForMail(email), '/confirm-email').searchParams.get('code')!;
  await cognito.send(
    new ConfirmSignUpCommand({
      ClientId: stack.cognito.clientId,
      Username: email,
      ConfirmationCode: code,
    }),
  );
  const tokens = await signInWithPassword(email, PASSWORD);
  return { email, userId: UserSub!, token: tokens.AccessToken! };
}

type Row = { id: string; name: string; email: string; phone: string; created_at: string };
type Page = { items: Row[]; total: number; cursor: string | null };

describe('admin API (issue 9)', () => {
  let adminToken: string;
  let user: Awaited<ReturnType<typeof registerNamed>>;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    adminToken = (
      await signInWithPassword(stack.accounts.admin.email, stack.accounts.admin.password)
    ).AccessToken!;
    user = await registerNamed('Zoë', `Bellàvista${stamp}`);
  });

  test('refuses every admin route to a normal user with 403', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users?q=${encodeURIComponent(user.email)}`],
      ['GET', `/api/admin/users/${user.userId}`],
      ['GET', '/api/admin/support-messages'],
      ['POST', '/api/admin/support-messages/anything/resolve'],
    ];
    for (const [method, route] of calls) {
      const res = await api(method, route, { token: user.token });
      expect({ route, status: res.status }).toEqual({ route, status: 403 });
      expect(res.body).toMatchObject({ ok: false, error: 'forbidden' });
    }
  });

  test('finds a user by part of the email, case-insensitively, with the total count', async () => {
    const part = user.email.split('@')[0]!.slice(-12).toUpperCase();
    const res = await api('GET', `/api/admin/users?q=${encodeURIComponent(part)}`, {
      token: adminToken,
    });
    expect(res.status).toBe(200);
    const page = res.body as unknown as Page;
    expect(page.items).toEqual([
      {
        id: user.userId,
        name: `Zoë Bellàvista${stamp}`,
        email: user.email,
        phone: '+393331234567',
        created_at: expect.any(String),
      },
    ]);
    const counter = await table.send(
      new GetCommand({ TableName: stack.dynamodb.table, Key: keys.userCount }),
    );
    expect(page.total).toBe(counter.Item?.count);
    expect(page.total).toBeGreaterThanOrEqual(3);
  });

  test('finds a user by full name without accents or case, in either order', async () => {
    for (const q of [`zoe bellavista${stamp}`, `BELLAVISTA${stamp} Zoe`]) {
      const res = await api('GET', `/api/admin/users?q=${encodeURIComponent(q)}`, {
        token: adminToken,
      });
      expect((res.body as unknown as Page).items.map((r) => r.id)).toEqual([user.userId]);
    }
  });

  test('pages through every user, newest first, with a cursor', async () => {
    const seen: Row[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const res = await api('GET', `/api/admin/users${query}`, { token: adminToken });
      expect(res.status).toBe(200);
      const page = res.body as unknown as Page;
      seen.push(...page.items);
      cursor = page.cursor;
    } while (cursor);
    const total = (
      (await api('GET', '/api/admin/users', { token: adminToken })).body as unknown as Page
    ).total;
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((r) => r.id)).size).toBe(seen.length);
    const dates = seen.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(
      (await api('GET', '/api/admin/users?cursor=not-a-cursor', { token: adminToken })).status,
    ).toBe(400);
  });

  test("shows a user's details: plan, connection, cases and sync", async () => {
    const res = await api('GET', `/api/admin/users/${user.userId}`, { token: adminToken });
    expect(res).toEqual({
      status: 200,
      body: expect.objectContaining({
        user: expect.objectContaining({ id: user.userId, email: user.email, mode: 'demo' }),
        connection: null,
        plan: { active: false, expires_at: null, country_code: null },
        cases: { total: 0, by_status: {} },
        last_sync: null,
        last_error: null,
      }),
    });
    expect((await api('GET', '/api/admin/users/no-such-user', { token: adminToken })).status).toBe(
      404,
    );
  });

  test('lists a support request newest first and keeps it resolved', async () => {
    const subject = `Admin IT ${stamp}`;
    const sent = await api('POST', '/api/send-support-request', {
      body: { name: 'Giulia Rossi', email: user.email, subject, message: 'Aiuto!' },
    });
    expect(sent.status).toBe(200);
    const id = (sent.body as { id: string }).id;

    const list = async () =>
      (
        (await api('GET', '/api/admin/support-messages', { token: adminToken })).body as {
          items: { id: string; subject: string; resolved: boolean; created_at: string }[];
        }
      ).items;
    const before = await list();
    expect(before[0]).toMatchObject({ id, subject, resolved: false });
    const dates = before.map((m) => m.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);

    const resolved = await api('POST', `/api/admin/support-messages/${id}/resolve`, {
      token: adminToken,
    });
    expect(resolved).toEqual({
      status: 200,
      body: { ok: true, id, resolved: true, resolved_at: expect.any(String) },
    });
    expect((await list()).find((m) => m.id === id)).toMatchObject({ resolved: true });
    expect(
      (await api('POST', '/api/admin/support-messages/nope/resolve', { token: adminToken })).status,
    ).toBe(404);
  });

  test('echoes the correlation id the web app sends, and makes one when none is sent', async () => {
    const res = await fetch(`${stack.apiUrl}/api/admin/users/nobody`, {
      headers: { authorization: `Bearer ${user.token}`, 'x-correlation-id': 'K7QM-2XDP' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-correlation-id')).toBe('K7QM-2XDP');
    expect(await res.json()).toMatchObject({ correlation_id: 'K7QM-2XDP' });
    const bare = await fetch(`${stack.apiUrl}/api/health`);
    expect(bare.headers.get('x-correlation-id')).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  });
});
