import { REFRESH_TOKEN_KEY, stack } from './support/sync-env';
import { randomUUID } from 'node:crypto';
import { startSpapiSimulator, type SpapiSimulator } from '../../local/spapi-simulator';
import { consent, REDIRECT_URI } from '../../local/spapi-simulator/test-support';
import { AesGcmTokenCipher } from '../../lambdas/adapters/crypto/token-cipher';
import { disconnect } from '../../lambdas/adapters/dynamo/connections';
import { loadSyncedShipments } from '../../lambdas/adapters/dynamo/shipments';
import { putSubscription } from '../../lambdas/adapters/dynamo/subscriptions';
import { syncRunStore } from '../../lambdas/adapters/dynamo/sync-runs';
import { createSellerApis } from '../../lambdas/adapters/sp-api/seller-apis';
import { connectionWriter } from '../../lambdas/wiring/sync-dependencies';
import { systemClock } from '../../lambdas/domain/clock';
import { linkSellerAccount } from '../../lambdas/domain/connection/seller-link';
import { IT, credentials, iso, shipment, scenario } from './support/sync-harness';

/** The sync's handlers on the integration stack: Sync now, the latest run, the queue worker. */

describe('sync handlers: POST /api/sync-fba, GET /api/sync-runs/latest and the queue worker', () => {
  type HttpHandler = (
    event: unknown,
    context: unknown,
  ) => Promise<{ statusCode: number; body: string }>;
  type WorkerHandler = (
    event: unknown,
    context: unknown,
  ) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>;
  let syncFba: HttpHandler;
  let latest: HttpHandler;
  let worker: WorkerHandler;
  let sim: SpapiSimulator;
  let queue: { url: string };
  let sqs: import('@aws-sdk/client-sqs').SQSClient;
  const users: string[] = [];

  const context = {
    functionName: 'test',
    awsRequestId: 'req',
    getRemainingTimeInMillis: () => 60_000,
  };
  const httpEvent = (userId: string | undefined, language = 'it') => ({
    version: '2.0',
    routeKey: 'POST /api/sync-fba',
    rawPath: '/api/sync-fba',
    headers: { 'accept-language': language },
    isBase64Encoded: false,
    requestContext: {
      http: { method: 'POST', path: '/api/sync-fba' },
      ...(userId ? { authorizer: { jwt: { claims: { sub: userId }, scopes: [] } } } : {}),
    },
  });
  const call = async (handler: HttpHandler, userId: string | undefined, language?: string) => {
    const response = await handler(httpEvent(userId, language), context);
    return { status: response.statusCode, body: JSON.parse(response.body || 'null') };
  };

  async function receiveAll(): Promise<
    { MessageId?: string; Body?: string; ReceiptHandle?: string }[]
  > {
    const { ReceiveMessageCommand, DeleteMessageCommand } = await import('@aws-sdk/client-sqs');
    const out: { MessageId?: string; Body?: string; ReceiptHandle?: string }[] = [];
    for (;;) {
      const { Messages } = await sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queue.url,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 0,
        }),
      );
      if (!Messages?.length) return out;
      for (const m of Messages) {
        out.push(m);
        await sqs.send(
          new DeleteMessageCommand({ QueueUrl: queue.url, ReceiptHandle: m.ReceiptHandle }),
        );
      }
    }
  }

  const sqsEvent = (bodies: { id: string; body: string }[]) => ({
    Records: bodies.map(({ id, body }) => ({
      messageId: id,
      receiptHandle: id,
      body,
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: {},
      eventSource: 'aws:sqs',
    })),
  });

  async function linkUser(countryCode = 'IT'): Promise<string> {
    const userId = `it-handler-${randomUUID()}`;
    users.push(userId);
    const apis = createSellerApis({
      endpoint: sim.url,
      tokenUrl: `${sim.url}/auth/o2/token`,
      credentials,
    });
    const code = (await consent(sim)).get('spapi_oauth_code') ?? '';
    await linkSellerAccount(
      { userId, code, sellerId: 'A3INTEGRATION', countryCode, redirectUri: REDIRECT_URI },
      {
        authorization: apis.authorization,
        connections: connectionWriter,
        cipher: new AesGcmTokenCipher(Buffer.from(REFRESH_TOKEN_KEY, 'base64')),
        clock: systemClock,
      },
    );
    return userId;
  }

  const plan = (userId: string, countryCode = 'IT') =>
    putSubscription({
      id: randomUUID(),
      userId,
      status: 'active',
      createdAt: iso(Date.now() - 1000),
      expiresAt: iso(Date.now() + 86_400_000),
      countryCode,
    });

  const s = scenario({
    inbound: {
      shipments: [
        shipment('H1', [{ SellerSKU: 'A', QuantityShipped: 9, QuantityReceived: 4 }]),
        shipment('H2', [{ SellerSKU: 'B', QuantityShipped: 9, QuantityReceived: 9 }]),
      ],
    },
  });

  beforeAll(async () => {
    const { ensureQueueWithDlq } = await import('../../local/stack/sqs');
    const { SQSClient } = await import('@aws-sdk/client-sqs');
    const { LOCAL_CREDENTIALS: credentialsOfStack, LOCAL_REGION } =
      await import('../../local/stack/aws');
    queue = await ensureQueueWithDlq(stack.sqs.endpoint, `it-sync-${randomUUID()}`);
    sqs = new SQSClient({
      endpoint: stack.sqs.endpoint,
      region: LOCAL_REGION,
      credentials: credentialsOfStack,
    });
    sim = await startSpapiSimulator({ port: 0, scenario: s, defaultRedirectUri: REDIRECT_URI });
    Object.assign(process.env, {
      SYNC_QUEUE_URL: queue.url,
      SPAPI_ENDPOINT: sim.url,
      LWA_TOKEN_URL: `${sim.url}/auth/o2/token`,
      // The worker mails a seller whose case Amazon reimbursed (the case poller, issue 16).
      APP_URL: stack.webUrl,
      MAIL_FROM: 'no-reply@rimborsifba.local',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(stack.mail.smtpPort),
    });
    syncFba = (await import('../../lambdas/handlers/sync-fba.handler'))
      .handler as unknown as HttpHandler;
    latest = (await import('../../lambdas/handlers/sync-runs.handler'))
      .handler as unknown as HttpHandler;
    worker = (await import('../../lambdas/handlers/sync-worker.handler'))
      .handler as unknown as WorkerHandler;
  });

  afterAll(async () => {
    for (const userId of users) await disconnect(userId);
    await sim?.close();
    sqs?.destroy();
  });

  it('answers 401 without a caller, 402 without a plan in force and 409 without a connection', async () => {
    expect((await call(syncFba, undefined)).status).toBe(401);

    // A seller whose plan ran out (so not one the free first scan is for).
    const userId = await linkUser();
    await putSubscription({
      id: randomUUID(),
      userId,
      status: 'active',
      createdAt: iso(Date.now() - 40 * 86_400_000),
      expiresAt: iso(Date.now() - 1000),
      countryCode: 'IT',
    });
    expect(await call(syncFba, userId)).toEqual({
      status: 402,
      body: expect.objectContaining({
        error: 'payment_required',
        message:
          'Per sincronizzare le spedizioni serve un piano attivo. Attiva il piano per continuare.',
      }),
    });
    expect((await call(syncFba, userId, 'en')).body.message).toBe(
      'Syncing shipments needs an active plan. Activate the plan to continue.',
    );

    await plan(userId, 'DE');
    expect((await call(syncFba, userId)).status).toBe(403);

    const unlinked = `it-handler-${randomUUID()}`;
    await plan(unlinked);
    expect(await call(syncFba, unlinked)).toEqual({
      status: 409,
      body: expect.objectContaining({
        message: 'Collega il tuo account Amazon per sincronizzare le spedizioni.',
        details: { reason: 'not_connected' },
      }),
    });
    expect(await receiveAll()).toEqual([]);
  });

  it('queues a run (202), refuses a second (409), and the worker carries it to the end', async () => {
    // Prepare
    const userId = await linkUser();
    await plan(userId);

    // Act: Sync now, twice
    const first = await call(syncFba, userId);
    const second = await call(syncFba, userId, 'en');

    // Assess: one run queued, the other refused
    expect(first).toEqual({
      status: 202,
      body: {
        message: 'Sincronizzazione avviata',
        run: expect.objectContaining({
          status: 'running',
          mode: 'full',
          progress: { phase: 'queued', percent: 0 },
        }),
      },
    });
    expect(second).toEqual({
      status: 409,
      body: expect.objectContaining({
        message: 'A sync is already running.',
        details: { reason: 'already_running', runId: first.body.run.id },
      }),
    });
    const inProgress = await call(latest, userId);
    expect(inProgress.body).toEqual({
      run: expect.objectContaining({ id: first.body.run.id, status: 'running' }),
      last_successful: null,
    });

    const messages = await receiveAll();
    expect(messages.map((m) => JSON.parse(m.Body ?? ''))).toEqual([
      { type: 'sync.user', userId, runId: first.body.run.id },
    ]);
    const result = await worker(sqsEvent([{ id: 'm1', body: messages[0]?.Body ?? '' }]), context);
    expect(result).toEqual({ batchItemFailures: [] });

    const done = await call(latest, userId);
    expect(done.body.run).toMatchObject({
      id: first.body.run.id,
      status: 'succeeded',
      progress: { phase: 'done', percent: 100 },
      counts: { shipments_listed: 1, items_listed: 1, shipments_added: 1 },
      calls: { total: expect.any(Number), throttled: 0, retried: 0 },
      error: null,
    });
    expect(done.body.last_successful).toEqual(done.body.run);
    expect((await loadSyncedShipments(userId, IT)).map((x) => x.shipmentId)).toEqual(['H1']);
  });

  it('dispatches the 7-day sync to connected sellers with a plan, through the sync index', async () => {
    const withPlan = await linkUser();
    await plan(withPlan);
    const withoutPlan = await linkUser();
    const gone = await linkUser();
    await plan(gone);
    await disconnect(gone);

    const result = await worker(
      sqsEvent([{ id: 'due', body: JSON.stringify({ type: 'sync.due' }) }]),
      context,
    );
    expect(result).toEqual({ batchItemFailures: [] });

    const queued = (await receiveAll()).map(
      (m) => JSON.parse(m.Body ?? '') as { userId: string; runId: string },
    );
    const mine = queued.filter((m) => [withPlan, withoutPlan, gone].includes(m.userId));
    expect(mine.map((m) => m.userId)).toEqual([withPlan]);
    const run = await syncRunStore.get(withPlan, mine[0]?.runId ?? '');
    expect(run).toMatchObject({ trigger: 'scheduled', status: 'running' });
  });

  it('reports a message it cannot read as failed, so it reaches the dead-letter queue', async () => {
    const result = await worker(
      sqsEvent([
        { id: 'bad', body: '{"type":"sync.user"}' },
        { id: 'poll', body: '{"type":"cases.poll"}' },
      ]),
      context,
    );
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'bad' }] });
  });
});
