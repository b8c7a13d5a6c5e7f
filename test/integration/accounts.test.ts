import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ROUTES } from '../../local/gateway/routes';
import {
  api,
  cognito,
  refusalOf,
  registerConfirmedUser,
  s3,
  signInWithPassword,
  stack,
  table,
  waitForAccountDeleted,
} from './support/accounts';

describe('seeded local accounts and the admin role', () => {
  test('stack.json lists the demo and admin accounts, and both can sign in', async () => {
    expect(stack.accounts.demo.email).toBe('demo@rimborsifba.local');
    expect(stack.accounts.admin.email).toBe('admin@rimborsifba.local');
    for (const account of [stack.accounts.demo, stack.accounts.admin]) {
      const session = await signInWithPassword(account.email, account.password);
      const profile = await api('GET', '/api/profile', { token: session.AccessToken });
      expect(profile).toMatchObject({ status: 200, body: { email: account.email, mode: 'demo' } });
    }
  });

  test('the demo account starts with its three demo shipments and the five demo feedback items', async () => {
    const { AccessToken: token } = await signInWithPassword(
      stack.accounts.demo.email,
      stack.accounts.demo.password,
    );
    const shipments = await api('GET', '/api/shipments', { token });
    expect(shipments.status).toBe(200);
    const listed = (shipments.body.shipments as { shipment_id: string }[]).map(
      (s) => s.shipment_id,
    );
    expect([...listed].sort()).toEqual(['DEMO001', 'DEMO002', 'DEMO003']);
    const feedback = await api('GET', '/api/feedback', { token });
    expect(feedback.body).toMatchObject({ total: 5, demo: true });
  });

  test('admin-me is true for the seeded admin and false for everyone else', async () => {
    const admin = await signInWithPassword(
      stack.accounts.admin.email,
      stack.accounts.admin.password,
    );
    const demo = await signInWithPassword(stack.accounts.demo.email, stack.accounts.demo.password);
    expect(await api('POST', '/api/admin-me', { token: admin.AccessToken })).toEqual({
      status: 200,
      body: { is_admin: true },
    });
    expect(await api('POST', '/api/admin-me', { token: demo.IdToken })).toEqual({
      status: 200,
      body: { is_admin: false },
    });
  });
});

describe('every authenticated route', () => {
  const privateRoutes = ROUTES.filter((route) => !route.public);

  test('includes the account routes', () => {
    expect(privateRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/admin-me',
        'GET /api/profile',
        'POST /api/delete-user-account',
      ]),
    );
  });

  test.each(privateRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s refuses a request without a token (401)',
    async (_, route) => {
      const res = await api(route.method, route.path.replace(/\{\w+\+?\}/g, 'x'), {
        body: route.method === 'GET' ? undefined : { email: stack.accounts.demo.email },
      });
      expect(res.status).toBe(401);
    },
  );
});

describe('delete-user-account', () => {
  test("refuses an empty email (400) and another account's email (403), deleting nothing", async () => {
    const user = await registerConfirmedUser();
    const { AccessToken } = await signInWithPassword(user.email, user.password);

    const empty = await api('POST', '/api/delete-user-account', {
      token: AccessToken,
      body: { email: '' },
    });
    const other = await api('POST', '/api/delete-user-account', {
      token: AccessToken,
      body: { email: stack.accounts.demo.email },
      language: 'en',
    });

    expect(empty).toMatchObject({
      status: 400,
      body: { ok: false, error: 'validation_error', message: "L'indirizzo email è obbligatorio" },
    });
    expect(other).toMatchObject({ status: 403, body: { ok: false, error: 'forbidden' } });
    expect((await api('GET', '/api/profile', { token: AccessToken })).status).toBe(200);
    expect(
      (
        await api('GET', '/api/profile', {
          token: (await signInWithPassword(stack.accounts.demo.email, stack.accounts.demo.password))
            .AccessToken,
        })
      ).status,
    ).toBe(200);
  });

  test('removes every table item, every file under the user prefix and the Cognito user', async () => {
    // Prepare: a user with a profile, more items in their partition, and documents.
    const user = await registerConfirmedUser();
    const { AccessToken } = await signInWithPassword(user.email, user.password);
    for (const sk of ['CASE#FBA1', 'DOC#FBA1#2026#1', 'CONNECTION']) {
      await table.send(
        new PutCommand({
          TableName: stack.dynamodb.table,
          Item: { PK: `USER#${user.userId}`, SK: sk },
        }),
      );
    }
    const keys = [
      ...Array.from(
        { length: 3 },
        (_, i) => `${user.userId}/shipments/FBA1/fattura/2026/11/${i}_f.pdf`,
      ),
      // An upload the user never confirmed.
      `incoming/${user.userId}/shipments/FBA1/pod/2026/11/9_p.pdf`,
    ];
    for (const Key of keys) {
      await s3.send(new PutObjectCommand({ Bucket: stack.s3.bucket, Key, Body: `%PDF-${Key}` }));
    }
    const bystander = `${stack.accounts.demo.email}/keep.pdf`;
    await s3.send(new PutObjectCommand({ Bucket: stack.s3.bucket, Key: bystander, Body: 'keep' }));

    // Act
    const res = await api('POST', '/api/delete-user-account', {
      token: AccessToken,
      body: { email: user.email.toUpperCase() },
    });

    // Assess: answered at once, the rest is done by the worker from the account queue.
    expect(res).toEqual({ status: 202, body: { ok: true } });
    await waitForAccountDeleted(user.userId);
    const items = await table.send(
      new QueryCommand({
        TableName: stack.dynamodb.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${user.userId}` },
      }),
    );
    expect(items.Items).toEqual([]);
    const files = await s3.send(
      new ListObjectsV2Command({ Bucket: stack.s3.bucket, Prefix: `${user.userId}/` }),
    );
    expect(files.Contents ?? []).toEqual([]);
    const staged = await s3.send(
      new ListObjectsV2Command({ Bucket: stack.s3.bucket, Prefix: `incoming/${user.userId}/` }),
    );
    expect(staged.Contents ?? []).toEqual([]);
    const others = await s3.send(
      new ListObjectsV2Command({ Bucket: stack.s3.bucket, Prefix: bystander }),
    );
    expect(others.Contents).toHaveLength(1);
    expect(
      await refusalOf(
        cognito.send(
          new AdminGetUserCommand({ UserPoolId: stack.cognito.userPoolId, Username: user.email }),
        ),
      ),
    ).toMatch(/^UserNotFoundException/);
    expect(await refusalOf(signInWithPassword(user.email, user.password))).toMatch(
      /NotAuthorizedException|UserNotFoundException/,
    );
  });
});
