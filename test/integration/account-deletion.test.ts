import { stack } from './support/sync-env';
import {
  AdminUserGlobalSignOutCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { emailHash, keys, TTL_ATTRIBUTE } from '../../lambdas/adapters/dynamo/keys';
import { saveFeedbackRows } from '../../lambdas/adapters/dynamo/seller-feedback';
import { applyShipmentChanges } from '../../lambdas/adapters/dynamo/shipments';
import { SUPPORT_MESSAGE_RETENTION_DAYS } from '../../lambdas/adapters/dynamo/support-messages';
import { AccountDeleted } from '../../lambdas/domain/account/deletion';
import { normalizeEmail } from '../../lambdas/domain/email-address';
import {
  api,
  cognito,
  refusalOf,
  registerConfirmedUser,
  s3,
  signInWithPassword,
  table,
  waitForAccountDeleted,
} from './support/accounts';
import { partition, populate, type World } from './support/proof';

/**
 * Issue 19, deletion deletes: a seller with data in every entity (synced shipments, demo data,
 * cases, documents, feedback, a plan, a pending Amazon authorization, a support request) deletes
 * the account; then the whole table and every stored file are read and nothing of theirs is
 * left but what the privacy policy keeps: the support request (until its retention ends) and
 * the record that their payment order was spent (without any user id). Writers still running
 * for them write nothing, and no session of theirs can be renewed.
 */

jest.setTimeout(240_000);

async function wholeTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new ScanCommand({
        TableName: stack.dynamodb.table,
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * Every stored version of every file in the bucket. The local S3 (s3rver) keeps no versions and
 * does not serve version listings; there the current objects are all there is (the deletion of
 * every version and delete marker is covered against S3's API in lambdas/adapters/documents.test.ts).
 */
async function everyStoredFile(): Promise<string[]> {
  try {
    const found: string[] = [];
    let keyMarker: string | undefined;
    let versionIdMarker: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectVersionsCommand({
          Bucket: stack.s3.bucket,
          KeyMarker: keyMarker,
          VersionIdMarker: versionIdMarker,
        }),
      );
      for (const v of [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])]) {
        found.push(`${v.Key}@${v.VersionId}`);
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      versionIdMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
    } while (keyMarker);
    return found;
  } catch (error) {
    if ((error as Error).name !== 'MethodNotAllowed') throw error;
  }
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page: ListObjectsV2CommandOutput = await s3.send(
      new ListObjectsV2Command({ Bucket: stack.s3.bucket, ContinuationToken: token }),
    );
    found.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** Values that would give the seller away wherever they appear. */
function tracesOf(w: World): string[] {
  const email = normalizeEmail(w.email);
  return [
    w.userId,
    email,
    emailHash(email),
    w.runId,
    w.docId,
    w.docPath,
    w.docFilename,
    w.feedbackComment,
    w.replyEmail,
    w.sku,
    w.pendingAuthorization.get('state') ?? 'no-state',
  ];
}

/** How a signed-in browser renews its session; the refusal's name, or 'accepted'. */
function renewal(refreshToken: string): Promise<string> {
  return refusalOf(
    cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.cognito.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    ),
  );
}

let c: World;
let refreshToken: string;
let otherDevice: string;
let before: { items: number; files: string[] };
let deletedAt: number;

beforeAll(async () => {
  c = await populate('C');
  // A support request from the seller's address, as the help center sends it.
  const support = await api('POST', '/api/send-support-request', {
    body: {
      name: 'Seller C',
      email: c.email,
      subject: 'Richiesta di cancellazione dei dati',
      description: `Cancellate tutto di ${c.userId}`,
    },
  });
  expect(support.status).toBe(200);
  // Another device stays signed in.
  const session = await signInWithPassword(c.email, c.password);
  refreshToken = session.RefreshToken!;
  otherDevice = session.AccessToken!;
  const files = await everyStoredFile();
  before = {
    items: (await partition(c.userId)).length,
    files: files.filter((f) => f.includes(c.userId)),
  };

  const res = await api('POST', '/api/delete-user-account', {
    token: c.token,
    body: { email: c.email },
  });
  // Answered at once; the files, items and identity go in the background.
  expect(res).toEqual({ status: 202, body: { ok: true } });
  deletedAt = Date.now();
  await waitForAccountDeleted(c.userId);
});

test('the seller had data everywhere before the deletion', () => {
  expect(before.items).toBeGreaterThan(20);
  // The confirmed document and the debug storage file.
  expect(before.files.length).toBeGreaterThanOrEqual(2);
});

test('no stored file of the seller is left, in any version', async () => {
  const left = (await everyStoredFile()).filter((f) => f.includes(c.userId));
  expect(left).toEqual([]);
});

test('nothing of the seller is left in the table but what the privacy policy keeps', async () => {
  const traces = tracesOf(c);
  const remaining = (await wholeTable()).filter((item) => {
    const text = JSON.stringify(item).toLowerCase();
    return traces.some((trace) => text.includes(trace.toLowerCase()));
  });

  // Their support request, until its retention ends (privacy policy: 180 days).
  const support = remaining.filter((item) => String(item.PK).startsWith('SUPPORT#'));
  expect(support).toHaveLength(1);
  const expiresAt = Number(support[0]![TTL_ATTRIBUTE]) * 1000;
  expect(expiresAt).toBeGreaterThan(deletedAt);
  expect(expiresAt).toBeLessThanOrEqual(deletedAt + SUPPORT_MESSAGE_RETENTION_DAYS * 86_400_000);

  expect(remaining.filter((item) => !String(item.PK).startsWith('SUPPORT#'))).toEqual([]);
});

test('the record that the payment order was spent stays, without the user', async () => {
  const order = await table.send(
    new GetCommand({
      TableName: stack.dynamodb.table,
      Key: { PK: `PAYMENT_ORDER#${c.orderId}`, SK: 'ORDER' },
      ConsistentRead: true,
    }),
  );
  expect(order.Item).toMatchObject({ order_id: c.orderId });
  expect(order.Item).not.toHaveProperty('user_id');
  expect(order.Item).not.toHaveProperty('subscription_sk');
});

test('no session of the seller can be renewed, on any device', async () => {
  expect(await renewal(refreshToken)).toMatch(/NotAuthorizedException|UserNotFoundException/);
});

test('an access token issued before the deletion cannot bring demo data back', async () => {
  const res = await api('POST', '/api/demo/sync', { token: otherDevice, language: 'en' });
  expect(res).toMatchObject({
    status: 401,
    body: { ok: false, error: 'unauthorized', message: 'Session expired. Please sign in again.' },
  });
  expect(await partition(c.userId)).toEqual([]);
});

test('no write with an access token issued before the deletion gets through', async () => {
  const attempts = [
    { method: 'PUT', route: '/api/sku-values', body: { sku: c.sku, amount: 1, currency: 'EUR' } },
    {
      method: 'PUT',
      route: '/api/case-endpoints',
      body: { marketplace: 'amazon.it', reply_email: c.replyEmail },
    },
    {
      method: 'POST',
      route: '/api/documents/upload-url',
      body: {
        shipmentId: 'DEMO001',
        role: 'rivenditore',
        docType: 'fattura',
        fileName: 'late.pdf',
        size: 1000,
      },
    },
    { method: 'POST', route: '/api/sync-fba', body: undefined },
  ];
  for (const { method, route, body } of attempts) {
    const res = await api(method, route, { token: otherDevice, body });
    expect({ route, status: res.status, error: res.body.error }).toEqual({
      route,
      status: 401,
      error: 'unauthorized',
    });
  }
  expect(await partition(c.userId)).toEqual([]);
});

test('a sync segment or an import still running for the seller writes nothing', async () => {
  const shipment = {
    shipmentId: 'FBA-LATE-1',
    shipmentName: 'Late',
    fcCode: 'MXP5',
    status: 'CLOSED' as const,
    marketplaceId: 'APJ6JRA9NG5V4',
    lastUpdated: { from: deletedAt, to: deletedAt },
    unitsExpected: 2,
    unitsFound: 1,
    discrepancy: 1,
    items: [],
  };
  await expect(
    applyShipmentChanges(c.userId, [
      {
        shipmentId: shipment.shipmentId,
        kind: 'added',
        header: shipment,
        putItems: [],
        deleteSkus: [],
      },
    ]),
  ).rejects.toBeInstanceOf(AccountDeleted);

  const row = {
    id: '171-0000000-0000009',
    user_id: c.userId,
    comment_date: '2026-10-28',
    order_id: '171-0000000-0000009',
    asin: null,
    rating: 1,
    comment: 'late row',
    response: null,
    is_fba: false,
    keywords: [],
    suggested_action: 'reply',
    reason_code: null,
    suggested_reason: null,
    suggested_reply: null,
    removable: false,
    marketplace: 'amazon.it',
    imported_at: new Date(deletedAt).toISOString(),
  };
  await expect(saveFeedbackRows([row as never])).rejects.toBeInstanceOf(AccountDeleted);

  expect(await partition(c.userId)).toEqual([]);
});

test('the deletion leaves only a day-long tombstone that names nobody', async () => {
  const { Item } = await table.send(
    new GetCommand({
      TableName: stack.dynamodb.table,
      Key: keys.deletedAccount(c.userId),
      ConsistentRead: true,
    }),
  );
  expect(Object.keys(Item ?? {}).sort()).toEqual(['PK', 'SK', TTL_ATTRIBUTE, 'type'].sort());
  expect(JSON.stringify(Item)).not.toContain(c.userId);
  expect(Number(Item![TTL_ATTRIBUTE]) * 1000).toBeLessThanOrEqual(
    deletedAt + 24 * 3_600_000 + 60_000,
  );
});

test('a global sign-out ends every session of a user at once', async () => {
  const user = await registerConfirmedUser();
  const first = await signInWithPassword(user.email, user.password);
  const second = await signInWithPassword(user.email, user.password);
  expect(await renewal(first.RefreshToken!)).toBe('accepted');
  await cognito.send(
    new AdminUserGlobalSignOutCommand({
      UserPoolId: stack.cognito.userPoolId,
      Username: user.userId,
    }),
  );

  for (const session of [first, second]) {
    expect(await renewal(session.RefreshToken!)).toMatch(/NotAuthorizedException/);
  }
  // Signing in again still works: only the sessions ended.
  expect((await signInWithPassword(user.email, user.password)).AccessToken).toBeTruthy();
});
