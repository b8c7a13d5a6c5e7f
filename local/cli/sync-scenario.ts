/**
 * Syncs one SP-API scenario through the product's real sync path and prints what it lists:
 *   npm run sync:scenario -- <scenario.json> [--now <date>]
 *
 * In-process: DynamoDB Local (temporary folder, free port), the SQS emulator, and the SP-API
 * simulator loaded with the file. A user is linked to the scenario's seller the way the
 * connect wizard does it (consent page → spapi_oauth_code → LWA code exchange →
 * getMarketplaceParticipations → encrypted connection), gets an active plan for the scenario's
 * country, and a sync is started as "Sync now" starts one; the sync worker handler then runs it
 * off the queue. Stdout carries one JSON document (spapi-simulator.md); everything else goes to
 * stderr. `--now` runs the sync as if today were that date (the README's advice for fixtures
 * whose absolute dates age out of the 18-month window).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Clock } from '../../lambdas/domain/clock';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../stack/aws';
import { startDynamo } from '../stack/dynamodb';
import { startConsumer } from '../stack/jobs';
import { ROOT } from '../stack/settings';
import { startSqs } from '../stack/sqs';
import {
  LOCAL_LWA_CLIENT_ID,
  LOCAL_LWA_CLIENT_SECRET,
  LOCAL_SPAPI_APP_ID,
  loadScenarioFile,
  marketplaceForCountry,
  ScenarioError,
  startSpapiSimulator,
  type Scenario,
} from '../spapi-simulator';

const USAGE =
  'usage: npm run sync:scenario -- <scenario.json> [--now <YYYY-MM-DD or ISO date-time>]';
const HOST = '127.0.0.1';
const REDIRECT_URI = 'http://localhost:5173/connect-amazon';
const SYNC_TIMEOUT_MS = 10 * 60_000;

class UsageError extends Error {}

interface Args {
  file: string;
  now?: number;
}

function parseArgs(argv: string[]): Args {
  let file: string | undefined;
  let now: number | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      console.error(USAGE);
      process.exit(0);
    } else if (arg === '--now' || arg.startsWith('--now=')) {
      const value = arg === '--now' ? argv[(i += 1)] : arg.slice('--now='.length);
      const parsed = value === undefined ? Number.NaN : Date.parse(value);
      if (Number.isNaN(parsed)) throw new UsageError(`--now needs a date, got "${value ?? ''}"`);
      now = parsed;
    } else if (arg.startsWith('-')) {
      throw new UsageError(`unknown option ${arg}`);
    } else if (file === undefined) {
      file = arg;
    } else {
      throw new UsageError(`one scenario file only (got "${file}" and "${arg}")`);
    }
  }
  if (file === undefined) throw new UsageError('the scenario file is missing');
  // npm runs scripts from the package root; the path is the caller's.
  return { file: path.resolve(process.env.INIT_CWD ?? process.cwd(), file), now };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Real time, shifted so that the run starts at `--now`. */
function shiftedClock(now: number | undefined): Clock {
  const offset = now === undefined ? 0 : now - Date.now();
  return {
    now: () => Date.now() + offset,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
  };
}

/** Presses Authorize on the simulator's consent page and returns the redirect's query. */
async function consent(spapiUrl: string, state: string): Promise<URLSearchParams> {
  const response = await fetch(`${spapiUrl}/apps/authorize/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      application_id: LOCAL_SPAPI_APP_ID,
      state,
      redirect_uri: REDIRECT_URI,
      decision: 'authorize',
    }),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`The consent page answered ${response.status} instead of a redirect`);
  }
  return new URL(location).searchParams;
}

type Stopper = () => Promise<unknown>;

async function run(args: Args, scenario: Scenario): Promise<string> {
  const clock = shiftedClock(args.now);
  const stoppers: Stopper[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sync-scenario-'));
  stoppers.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    const sim = await startSpapiSimulator({
      port: 0,
      scenario,
      now: () => new Date(clock.now()),
      defaultRedirectUri: REDIRECT_URI,
    });
    stoppers.push(() => sim.close());
    const [dynamo, sqs] = await Promise.all([
      freePort().then((port) =>
        startDynamo({ host: HOST, port, dataDir, tableName: 'app' }).then((d) => {
          stoppers.push(d.stop);
          return d;
        }),
      ),
      freePort().then((port) =>
        startSqs({ host: HOST, port, queueName: 'sync-jobs', importQueueName: 'import-jobs' }).then(
          (q) => {
            stoppers.push(q.stop);
            return q;
          },
        ),
      ),
    ]);

    // The variables the CDK app (and the local stack) give the sync functions.
    Object.assign(process.env, {
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      TABLE_NAME: 'app',
      SYNC_QUEUE_URL: sqs.queue.url,
      SPAPI_ENDPOINT: sim.url,
      LWA_TOKEN_URL: `${sim.url}/auth/o2/token`,
      LWA_CLIENT_ID: LOCAL_LWA_CLIENT_ID,
      LWA_CLIENT_SECRET: LOCAL_LWA_CLIENT_SECRET,
      REFRESH_TOKEN_KEY: randomBytes(32).toString('base64'),
      // The worker also sends the daily alert digest, so it needs a sender and the app's
      // address; a sync only records alerts, and this command never sends mail.
      APP_URL: 'http://localhost:5173',
      MAIL_FROM: 'no-reply@rimborsifba.local',
    });
    // Loaded only now: their clients and configuration are made from the variables above.
    const { connectionWriter, sellerApisFromEnv, syncDependencies } =
      await import('../../lambdas/wiring/sync-dependencies');
    const { putSubscription } = await import('../../lambdas/adapters/dynamo/subscriptions');
    const { loadSyncedShipments } = await import('../../lambdas/adapters/dynamo/shipments');
    const { syncRunStore } = await import('../../lambdas/adapters/dynamo/sync-runs');
    const { syncQueue } = await import('../../lambdas/adapters/sqs/sync-queue');
    const { linkSellerAccount } = await import('../../lambdas/domain/connection/seller-link');
    const { startSync } = await import('../../lambdas/domain/sync/sync');
    const { shipmentView } = await import('../../lambdas/domain/sync/view');

    const deps = syncDependencies({ clock });
    const userId = randomUUID();
    const countryCode = scenario.connection.countryCode;

    const redirect = await consent(sim.url, randomBytes(16).toString('hex'));
    const code = redirect.get('spapi_oauth_code');
    if (!code) throw new Error('The consent redirect carried no spapi_oauth_code');
    const connection = await linkSellerAccount(
      {
        userId,
        code,
        sellerId: redirect.get('selling_partner_id') ?? scenario.seller.sellingPartnerId,
        countryCode,
        redirectUri: REDIRECT_URI,
      },
      {
        authorization: sellerApisFromEnv().authorization,
        connections: connectionWriter,
        cipher: deps.cipher(),
        clock,
      },
    );
    const now = clock.now();
    await putSubscription({
      id: randomUUID(),
      userId,
      status: 'active',
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + 30 * 86_400_000).toISOString(),
      countryCode,
    });

    const started = await startSync(userId, 'cli', deps);
    if ((await syncQueue.enqueue([started])).length > 0) throw new Error('The sync was not queued');
    const consumer = startConsumer({
      endpoint: sqs.endpoint,
      queueUrl: sqs.queue.url,
      queueArn: sqs.queue.arn,
      entry: 'lambdas/handlers/sync-worker.handler.ts',
      root: ROOT,
      functionName: 'sync-worker',
      batchSize: 1,
      log: (line) => console.error(`[worker] ${line}`),
    });
    stoppers.push(consumer.stop);

    const deadline = Date.now() + SYNC_TIMEOUT_MS;
    let finished = await syncRunStore.get(userId, started.runId);
    while (finished?.status === 'running') {
      if (Date.now() > deadline) throw new Error('The sync did not finish within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
      finished = await syncRunStore.get(userId, started.runId);
    }
    if (!finished || finished.status !== 'succeeded') {
      throw new Error(
        `The sync failed: ${finished?.error?.code ?? 'unknown'}: ${finished?.error?.message ?? ''}`,
      );
    }
    const shipments = await loadSyncedShipments(userId, connection.marketplaceId);
    return JSON.stringify(
      {
        shipments: shipments.map(shipmentView),
        calls: {
          total: finished.calls.total,
          throttled: finished.calls.throttled,
          retried: finished.calls.retried,
        },
      },
      null,
      2,
    );
  } finally {
    for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
  }
}

async function main(): Promise<void> {
  // Stdout is the JSON document: the functions' own logs stay out of it.
  process.env.LOG_LEVEL = 'SILENT';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const args = parseArgs(process.argv.slice(2));
  const scenario = loadScenarioFile(args.file);
  if (!marketplaceForCountry(scenario.connection.countryCode)) {
    throw new ScenarioError(
      `Invalid scenario ${args.file}:\n  connection.countryCode: no marketplace for ${scenario.connection.countryCode}`,
    );
  }
  const output = await run(args, scenario);
  process.stdout.write(`${output}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
    else if (error instanceof ScenarioError) console.error(error.message);
    else console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
