import { stack } from './support/sync-env';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import {
  LOCAL_LWA_CLIENT_ID,
  LOCAL_LWA_CLIENT_SECRET,
  loadScenarioFile,
  resolveScenarioDates,
  startSpapiSimulator,
  type Scenario,
  type SpapiSimulator,
} from '../../local/spapi-simulator';
import { consent, REDIRECT_URI } from '../../local/spapi-simulator/test-support';
import { DEFAULT_SCENARIO_FILE } from '../../local/scenarios';
import { AesGcmTokenCipher } from '../../lambdas/adapters/crypto/token-cipher';
import { disconnect } from '../../lambdas/adapters/dynamo/connections';
import { loadSyncedShipments } from '../../lambdas/adapters/dynamo/shipments';
import { putSubscription } from '../../lambdas/adapters/dynamo/subscriptions';
import { syncRunStore } from '../../lambdas/adapters/dynamo/sync-runs';
import { createSellerApis } from '../../lambdas/adapters/sp-api/seller-apis';
import { connectionWriter, syncDependencies } from '../../lambdas/wiring/sync-dependencies';
import { systemClock } from '../../lambdas/domain/clock';
import { linkSellerAccount } from '../../lambdas/domain/connection/seller-link';
import { startSync } from '../../lambdas/domain/sync/sync';
import { runSyncJob } from '../../lambdas/domain/sync/jobs';
import type { SyncRun } from '../../lambdas/domain/sync/run';
import { shipmentView } from '../../lambdas/domain/sync/view';
import { REFRESH_TOKEN_KEY } from './support/sync-env';
import { api, mailsTo, makeAdmin, signInWithPassword, waitForMail } from './support/accounts';
import {
  invoicePdf,
  objectExists,
  partition,
  REAL_SHIPMENT,
  realSeller,
  seller,
  uploadDocument,
} from './support/proof';

/**
 * Issue 11, faults: Amazon answering 429 or 503 on a fifth of its calls, the mail sink down
 * during a submission, and storage failing or missing during an upload. Each must end with
 * exact results, nothing half-written, and a retry that does the work once.
 */

jest.setTimeout(120_000);

const IT = 'APJ6JRA9NG5V4';
const FAST_RETRY = { maxRetries: 8, baseDelayMs: 1, maxDelayMs: 4 };

/** The stack's default scenario (38 shipments), fast, with the given faults. */
function scenario(faults: Scenario['faults']): Scenario {
  const base = resolveScenarioDates(loadScenarioFile(DEFAULT_SCENARIO_FILE), new Date());
  return { ...base, rateScale: 1000, faults };
}

/** Links a fresh user to an in-process simulator and syncs through the worker's job runner. */
async function syncWith(s: Scenario) {
  const sim: SpapiSimulator = await startSpapiSimulator({
    port: 0,
    scenario: s,
    defaultRedirectUri: REDIRECT_URI,
  });
  const userId = `it-faults-${randomUUID()}`;
  try {
    const cipher = new AesGcmTokenCipher(Buffer.from(REFRESH_TOKEN_KEY, 'base64'));
    const sellerApis = createSellerApis({
      endpoint: sim.url,
      tokenUrl: `${sim.url}/auth/o2/token`,
      credentials: async () => ({
        clientId: LOCAL_LWA_CLIENT_ID,
        clientSecret: LOCAL_LWA_CLIENT_SECRET,
      }),
      retry: FAST_RETRY,
    });
    const deps = syncDependencies({ sellerApis: () => sellerApis, cipher: () => cipher });
    deps.log = undefined;
    const code = (await consent(sim)).get('spapi_oauth_code') ?? '';
    await linkSellerAccount(
      {
        userId,
        code,
        sellerId: s.seller.sellingPartnerId,
        countryCode: 'IT',
        redirectUri: REDIRECT_URI,
      },
      {
        authorization: sellerApis.authorization,
        connections: connectionWriter,
        cipher,
        clock: systemClock,
      },
    );
    await putSubscription({
      id: randomUUID(),
      userId,
      status: 'active',
      createdAt: new Date(Date.now() - 1000).toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      countryCode: 'IT',
    });
    const linking = sim.stats();
    const queue: SyncRun[] = [await startSync(userId, 'manual', deps)];
    const jobDeps = {
      ...deps,
      queue: { enqueue: async (runs: readonly SyncRun[]) => (queue.push(...runs), []) },
      connectedUserIds: async function* () {
        yield [userId];
      },
    };
    let run: SyncRun | undefined;
    for (let delivery = 1; queue.length > 0 && delivery < 50; delivery += 1) {
      const next = queue.shift() as SyncRun;
      await runSyncJob({ type: 'sync.user', userId, runId: next.runId }, jobDeps, {
        remainingMs: 60_000,
        receiveCount: 1,
        maxReceiveCount: 5,
        safetyMarginMs: 0,
      }).catch(() => queue.unshift(next)); // the queue delivers a failed message again
      run = await syncRunStore.get(userId, next.runId);
    }
    const stats = sim.stats();
    const rows = await partition(userId);
    return {
      run: run as SyncRun,
      listing: (await loadSyncedShipments(userId, IT)).map(shipmentView),
      shipRows: rows.filter((r) => String(r.SK).startsWith('SHIP#')),
      calls: {
        total: stats.total - linking.total,
        throttled: stats.throttled - linking.throttled,
        serverErrors: stats.serverErrors - linking.serverErrors,
      },
    };
  } finally {
    await disconnect(userId).catch(() => undefined);
    await sim.close();
  }
}

describe('Amazon failing a fifth of its calls', () => {
  let baseline: Awaited<ReturnType<typeof syncWith>>;

  beforeAll(async () => {
    baseline = await syncWith(scenario({}));
    expect(baseline.run.status).toBe('succeeded');
    expect(baseline.listing.length).toBeGreaterThan(3);
    expect(baseline.calls).toMatchObject({ throttled: 0, serverErrors: 0 });
  });

  test.each([
    ['429 on every fifth call', { throttleEveryNthCall: 5 }],
    ['503 on every fifth call', { serverErrorEveryNthCall: 5 }],
    ['429 or 503 on every fifth call', { throttleEveryNthCall: 10, serverErrorEveryNthCall: 5 }],
  ])('%s: the sync completes with exactly the fault-free result', async (_label, faults) => {
    const faulty = await syncWith(scenario(faults));
    expect(faulty.run.status).toBe('succeeded');
    expect(faulty.listing).toEqual(baseline.listing);
    expect(faulty.shipRows).toHaveLength(baseline.shipRows.length);
    expect(new Set(faulty.shipRows.map((r) => r.SK)).size).toBe(faulty.shipRows.length);
    // About a fifth of the calls failed, and each failure cost one retry.
    const failed = faulty.calls.throttled + faulty.calls.serverErrors;
    expect(failed).toBeGreaterThanOrEqual(Math.floor(faulty.calls.total / 5) - 1);
    expect(faulty.run.calls.retried).toBe(failed);
    expect(faulty.run.counts).toEqual(baseline.run.counts);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type HttpHandler = (
  event: unknown,
  context: unknown,
) => Promise<{ statusCode: number; body: string }>;

/**
 * A server function loaded in this process with the stack's settings except `overrides`, as
 * the gateway would run it with a dependency pointed at a dead address.
 */
async function isolatedHandler(file: string, overrides: Record<string, string>) {
  const settings: Record<string, string> = {
    AWS_ENDPOINT_URL_S3: stack.s3.endpoint,
    DOCUMENTS_BUCKET: stack.s3.bucket,
    MAIL_FROM: 'no-reply@rimborsifba.local',
    MAIL_FROM_NAME: 'RimborsiFBA',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(stack.mail.smtpPort),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: stack.cognito.endpoint,
    USER_POOL_ID: stack.cognito.userPoolId,
    USER_POOL_CLIENT_ID: stack.cognito.clientId,
    // The document reader also sends scans to its reading queue.
    AWS_ENDPOINT_URL_SQS: stack.sqs.endpoint,
    READING_QUEUE_URL: stack.sqs.readingQueueUrl,
    ...overrides,
  };
  const saved = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
  Object.assign(process.env, settings);
  let handler: HttpHandler | undefined;
  try {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      handler = (require(file) as { handler: HttpHandler }).handler;
    });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return async (
    routeKey: string,
    userId: string,
    body: unknown,
    pathParameters?: Record<string, string>,
  ) => {
    const [method, path] = routeKey.split(' ');
    const res = await handler!(
      {
        version: '2.0',
        routeKey,
        rawPath: path,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        isBase64Encoded: false,
        pathParameters,
        requestContext: {
          http: { method, path },
          authorizer: { jwt: { claims: { sub: userId }, scopes: [] } },
        },
      },
      {
        functionName: 'faults',
        awsRequestId: randomUUID(),
        getRemainingTimeInMillis: () => 29_000,
      },
    );
    return {
      status: res.statusCode,
      body: JSON.parse(res.body || '{}') as Record<string, unknown>,
    };
  };
}

describe('the mail sink down during a submission', () => {
  test('the case is not marked sent, nothing is mailed, and a retry sends once', async () => {
    const user = await realSeller();
    const replyTo = user.replyTo;
    const { confirm } = await uploadDocument(user.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: REAL_SHIPMENT,
    });
    expect(confirm.status).toBe(200);

    const submitWithMailDown = await isolatedHandler(
      '../../lambdas/handlers/submit-reimbursement.handler',
      { SMTP_PORT: String(await closedPort()) },
    );
    const down = await submitWithMailDown('POST /api/submit-reimbursement', user.userId, {
      shipmentId: REAL_SHIPMENT,
    });
    expect(down.status).toBe(502);
    expect(String(down.body.message).length).toBeGreaterThan(0);
    const after = await api('GET', `/api/cases/${REAL_SHIPMENT}`, { token: user.token });
    expect(after.body.case).toMatchObject({ normalized_status: 'ready', sent_message_id: null });
    // Still open: the seller may change documents before trying again.
    expect(
      (
        await api('POST', '/api/documents/upload-url', {
          token: user.token,
          body: {
            shipmentId: REAL_SHIPMENT,
            role: 'rivenditore',
            docType: 'pod',
            fileName: 'p.pdf',
            size: 10,
          },
        })
      ).status,
    ).toBe(200);

    // The sink is back (the stack's own): the retry sends, and a second retry reuses it.
    const retried = await api('POST', '/api/submit-reimbursement', {
      token: user.token,
      body: { shipmentId: REAL_SHIPMENT },
    });
    expect(retried.status).toBe(200);
    expect(retried.body.action).toBe('created');
    const again = await api('POST', '/api/submit-reimbursement', {
      token: user.token,
      body: { shipmentId: REAL_SHIPMENT },
    });
    expect(again.body).toMatchObject({
      action: 'reused',
      sent_message_id: retried.body.sent_message_id,
    });
    // The sink stores a message a moment after accepting it: wait for it, then for any other.
    await waitForMail(replyTo, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(replyTo)).toHaveLength(1);
  });
});

describe('the diagnostic routes where the stage turns them off', () => {
  test('an admin is refused with 403 and nothing is written', async () => {
    const user = await seller();
    await makeAdmin(user.email);
    const body = { shipmentId: 'DEMO002', role: 'rivenditore' };
    const apiCasesOff = await isolatedHandler('../../lambdas/handlers/api-cases.handler', {
      DEBUG_TOOLS: 'false',
    });
    const refused = await apiCasesOff('POST /api/api-cases', user.userId, body);
    expect(refused.status).toBe(403);
    expect(String(refused.body.message)).toContain('diagnostica');
    expect((await api('GET', '/api/cases/DEMO002', { token: user.token })).body.case).toBeNull();
    // The same admin, where the stage turns them on (the local stack's setting).
    const token = (await signInWithPassword(user.email, user.password)).AccessToken!;
    expect((await api('POST', '/api/api-cases', { token, body })).status).toBe(200);
  });
});

test('the debug storage test is refused to an admin where the stage turns debug tools off', async () => {
  const user = await seller();
  await makeAdmin(user.email);
  const off = await isolatedHandler('../../lambdas/handlers/case-documents.handler', {
    DEBUG_TOOLS: 'false',
  });
  const refused = await off('POST /api/debug/storage', user.userId, {
    fileName: 'probe.pdf',
    size: 1000,
  });
  expect(refused.status).toBe(403);
  expect(String(refused.body.message)).toContain('diagnostica');
  expect((await off('GET /api/debug/storage', user.userId, undefined)).status).toBe(403);
});

describe('storage failing during an upload', () => {
  test('confirming an upload whose file never arrived writes nothing', async () => {
    const user = await seller();
    const url = await api('POST', '/api/documents/upload-url', {
      token: user.token,
      body: {
        shipmentId: 'DEMO001',
        role: 'rivenditore',
        docType: 'fattura',
        fileName: 'f.pdf',
        size: 900,
      },
    });
    expect(url.status).toBe(200);
    const before = await partition(user.userId);
    const confirm = await api('POST', '/api/documents/confirm', {
      token: user.token,
      body: { shipmentId: 'DEMO001', role: 'rivenditore', docType: 'fattura', path: url.body.path },
    });
    expect(confirm.status).toBe(422);
    expect(String(confirm.body.message).length).toBeGreaterThan(0);
    expect(await partition(user.userId)).toEqual(before);
  });

  test('storage unreachable at confirm: a server error, no row, no case, and a retry works', async () => {
    const user = await seller();
    const bytes = await invoicePdf();
    const url = await api('POST', '/api/documents/upload-url', {
      token: user.token,
      body: {
        shipmentId: 'DEMO002',
        role: 'rivenditore',
        docType: 'fattura',
        fileName: 'f.pdf',
        size: bytes.length,
      },
    });
    const put = await fetch(url.body.uploadUrl as string, {
      method: 'PUT',
      headers: url.body.headers as Record<string, string>,
      body: Buffer.from(bytes),
    });
    expect(put.ok).toBe(true);
    const before = await partition(user.userId);

    const confirmWithS3Down = await isolatedHandler(
      '../../lambdas/handlers/case-documents.handler',
      {
        AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${await closedPort()}`,
      },
    );
    const body = {
      shipmentId: 'DEMO002',
      role: 'rivenditore',
      docType: 'fattura',
      path: url.body.path,
    };
    const down = await confirmWithS3Down('POST /api/documents/confirm', user.userId, body);
    expect(down.status).toBeGreaterThanOrEqual(500);
    expect(down.body).toMatchObject({ message: 'Internal error' });
    expect(await partition(user.userId)).toEqual(before);

    const retried = await api('POST', '/api/documents/confirm', { token: user.token, body });
    expect(retried.status).toBe(200);
    const docs = (await partition(user.userId)).filter((r) => String(r.SK).startsWith('DOC#'));
    expect(docs).toHaveLength(1);
    const stored = (retried.body.document as { path: string }).path;
    expect(docs[0]).toMatchObject({ path: stored });
    expect(await objectExists(stored)).toBe(true);
    // The upload is spent once stored.
    expect(await objectExists(url.body.path as string)).toBe(false);
  });

  test('storage unreachable at delete: the row stays so the delete can be retried', async () => {
    const user = await seller();
    const { confirm, path } = await uploadDocument(user.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: 'DEMO003',
    });
    const id = (confirm.body.document as { id: string }).id;
    const deleteWithS3Down = await isolatedHandler(
      '../../lambdas/handlers/case-documents.handler',
      {
        AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${await closedPort()}`,
      },
    );
    const before = await partition(user.userId);
    const down = await deleteWithS3Down('DELETE /api/documents/{id}', user.userId, undefined, {
      id,
    });
    expect(down.status).toBeGreaterThanOrEqual(400);
    expect(await partition(user.userId)).toEqual(before);
    const res = await api('DELETE', `/api/documents/${id}`, { token: user.token });
    expect(res.status).toBe(200);
    expect(await objectExists(path)).toBe(false);
    expect((await partition(user.userId)).filter((r) => String(r.SK).startsWith('DOC#'))).toEqual(
      [],
    );
  });
});
