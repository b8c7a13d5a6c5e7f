/**
 * Scale (issue 18): the reads a seller's browser makes first, for sellers with 30, 300 and
 * 3,000 stored shipments (10 short SKUs each), cases on up to 500 of them, feedback rows
 * (100,000 for the largest seller, in proportion for the others) and as many claims as
 * shipments (every kind, one in ten opened with Amazon), all written through the project's own
 * adapters. Prints p50, p99 and the response size of the dashboard and of the first page of
 * shipments, cases, feedback and claims at each size, against the goal "3,000 within 1.5× of 30".
 *
 *   npx tsx test/bench/scale.bench.ts [--requests 40] [--claims-only]
 *
 * Next to each route it times bare DynamoDB reads of the same seller's partitions, straight from
 * this process (no gateway, no handler): the query a page starts with (GSI1, Limit 25), a
 * `begins_with` query with a Limit on the seller's base partition (a shipment's items, the way
 * every bounded read of the partition is made) and a GetItem. They read a fixed number of items
 * at every size, so whatever they grow by is the emulator's, not the product's.
 *
 * It starts its own stack (the integration tests' start-up, in `.local-bench-scale` at port
 * offset 1600 unless IT_LOCAL_DIR / IT_PORT_OFFSET say otherwise) and stops it at the end.
 */
import { performance } from 'node:perf_hooks';

process.env.IT_LOCAL_DIR ??= '.local-bench-scale';
process.env.IT_PORT_OFFSET ??= '1600';

export const SCALE_SIZES = [30, 300, 3000] as const;
const MAX_CASES = 500;
const FEEDBACK_AT_LARGEST = 100_000;
const GOAL_RATIO = 1.5;
/** Issue 18: every response at most 100 KB. */
const MAX_RESPONSE_BYTES = 100 * 1024;
const DAY = 86_400_000;

/**
 * The reads measured: what the dashboard, the feedback page and the claims page ask for first
 * (the claims page asks 25 at a time).
 */
export const SCALE_ROUTES = [
  '/api/dashboard',
  '/api/shipments?limit=25',
  '/api/cases?limit=50',
  '/api/feedback?limit=50',
  '/api/claims?limit=25',
] as const;

/** The bare reads timed beside the routes (see above). */
export const BARE_READS = [
  'bare Query GSI1 shipments Limit 25',
  'bare Query begins_with items Limit 10',
  'bare GetItem profile',
] as const;

export interface ScaleRow {
  route: string;
  size: number;
  p50Ms: number;
  p99Ms: number;
  bytes: number;
  /** Answers other than 200 (the figures then include them). */
  errors: number;
  seedSeconds: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * The bare reads of `BARE_READS`, each a function that reads a fixed number of items of the
 * seller's partitions, built on the same client and keys as the adapters.
 */
async function bareReads(userId: string): Promise<(() => Promise<unknown>)[]> {
  const { GetCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { table, TABLE_NAME } = await import('../../lambdas/adapters/dynamo/client');
  const { keys, marketplaceKeys } = await import('../../lambdas/adapters/dynamo/keys');
  const newest = `FBA${String(0).padStart(6, '0')}`;
  return [
    () =>
      table.send(
        new QueryCommand({
          TableName: TABLE_NAME,
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          ExpressionAttributeValues: { ':pk': marketplaceKeys.shipmentListingPartition(userId) },
          ScanIndexForward: false,
          Limit: 25,
        }),
      ),
    () =>
      table.send(
        new QueryCommand({
          TableName: TABLE_NAME,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: {
            ':pk': keys.userPartition(userId),
            ':prefix': marketplaceKeys.shipmentItemPrefix(newest),
          },
          Limit: 10,
        }),
      ),
    () => table.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.profile(userId) })),
  ];
}

async function seedSeller(userId: string, shipments: number): Promise<void> {
  const { setProfileMode } = await import('../../lambdas/adapters/dynamo/profiles');
  const { upsertReadyCase } = await import('../../lambdas/adapters/dynamo/cases');
  const { saveFeedbackRows } = await import('../../lambdas/adapters/dynamo/seller-feedback');
  const { refreshDashboardSummary } = await import('../../lambdas/adapters/dashboard-summary');
  const { mapLimit } = await import('../../lambdas/domain/concurrency');
  const { closedShipment, seedShipments } = await import('../support/shipments');

  await setProfileMode(userId, 'live');
  const now = Date.now();
  const ids = Array.from({ length: shipments }, (_, i) => `FBA${String(i).padStart(6, '0')}`);
  // Spread over the last 18 months, newest first.
  await seedShipments(
    userId,
    ids.map((id, i) => closedShipment(id, now - Math.floor((i * 540) / shipments) * DAY - i)),
  );
  const language = 'it' as const;
  await mapLimit(ids.slice(0, MAX_CASES), 8, (id) =>
    upsertReadyCase(userId, id, {
      role: 'rivenditore',
      demo: false,
      language,
      now: new Date(now).toISOString(),
    }),
  );
  const feedback = Math.round((FEEDBACK_AT_LARGEST * shipments) / SCALE_SIZES.at(-1)!);
  const importedAt = new Date(now).toISOString();
  const rows = Array.from({ length: feedback }, (_, i) => ({
    id: `403-${String(i).padStart(7, '0')}-0000000`,
    user_id: userId,
    comment_date: new Date(now - (i % 700) * DAY).toISOString().slice(0, 10),
    order_id: `403-${String(i).padStart(7, '0')}-0000000`,
    asin: null,
    rating: 1 + (i % 5),
    comment: 'Consegna in ritardo, pacco arrivato aperto.',
    response: null,
    is_fba: true,
    keywords: [],
    suggested_action: 'reply',
    reason_code: null,
    suggested_reason: '',
    suggested_reply: '',
    removable: i % 7 === 0,
    marketplace: 'amazon.it',
    imported_at: importedAt,
  }));
  await saveFeedbackRows(rows);
  await seedClaims(userId, shipments, now);
  // What the end of a sync does.
  await refreshDashboardSummary(userId);
}

/**
 * As many claims as shipments, the audit's claims as stored (`toStoredClaim`): the kinds in turn,
 * deadlines spread over the next 60 days, one in ten marked opened with Amazon (`markFiled`).
 */
async function seedClaims(userId: string, count: number, now: number): Promise<void> {
  const { putClaims } = await import('../../lambdas/adapters/dynamo/claims');
  const { mapLimit } = await import('../../lambdas/domain/concurrency');
  const { addDays } = await import('../../lambdas/domain/claims/audit');
  const { CLAIM_KINDS, markFiled, toStoredClaim } =
    await import('../../lambdas/domain/claims/model');
  const nowIso = new Date(now).toISOString();
  const asOf = nowIso.slice(0, 10);
  // The audit's kinds: an inbound shipment's row is written by the sync beside its shipment.
  const AUDIT_KINDS = CLAIM_KINDS.filter((kind) => kind !== 'inbound_shipment');
  const claims = Array.from({ length: count }, (_, i) => {
    const kind = AUDIT_KINDS[i % AUDIT_KINDS.length]!;
    const order = `404-${String(i).padStart(7, '0')}-0000000`;
    const common = {
      sku: `SKU-${i % 10}`,
      fnsku: `X00FN${String(i % 10).padStart(5, '0')}`,
      units: 1 + (i % 3),
      amountPaid: 0,
      amountExpected: 12.5 * (1 + (i % 3)),
      currency: 'EUR',
      windowOpens: addDays(asOf, -5),
      windowCloses: addDays(asOf, 1 + (i % 60)),
      state: 'claim_now' as const,
      note: null,
    };
    const stored =
      kind === 'underpaid_reimbursement' ||
      kind === 'warehouse_lost' ||
      kind === 'warehouse_damaged'
        ? toStoredClaim({ ...common, kind, reference: `REF${i}` }, nowIso)
        : toStoredClaim(
            { ...common, kind, reference: order, orders: [order], marketplace: null },
            nowIso,
          );
    const filed = i % 10 === 0 ? markFiled(stored, true, { asOf, now: nowIso }) : stored;
    return 'refused' in filed ? stored : filed;
  });
  await mapLimit(
    Array.from({ length: Math.ceil(claims.length / 25) }, (_, i) =>
      claims.slice(i * 25, i * 25 + 25),
    ),
    8,
    (chunk) => putClaims(userId, chunk),
  );
}

/**
 * The claims row alone (`--claims-only`): sellers holding only claims (30, 300 and 3,000, the
 * same kinds and share opened with Amazon), in minutes instead of the hour the full seeding of
 * the largest seller takes on a loaded machine.
 */
const CLAIMS_ROUTE = '/api/claims?limit=25';

export async function runScaleBench(
  options: { requests?: number; claimsOnly?: boolean } = {},
): Promise<ScaleRow[]> {
  const requests = options.requests ?? 40;
  const routes = options.claimsOnly ? [CLAIMS_ROUTE] : SCALE_ROUTES;
  process.env.LOG_LEVEL ??= 'WARN';
  const { default: globalSetup } = await import('../integration/global-setup');
  const { default: globalTeardown } = await import('../integration/global-teardown');
  await globalSetup();
  try {
    // The adapters read their table and endpoints at import, from the stack just started.
    await import('../integration/support/sync-env');
    const accounts = await import('../integration/support/accounts');
    const rows: ScaleRow[] = [];
    for (const size of SCALE_SIZES) {
      const user = await accounts.registerConfirmedUser();
      const { AccessToken } = await accounts.signInWithPassword(user.email, user.password);
      const token = AccessToken!;
      const started = performance.now();
      if (options.claimsOnly) {
        process.stderr.write(`scale: seeding ${size} claims...\n`);
        const { setProfileMode } = await import('../../lambdas/adapters/dynamo/profiles');
        await setProfileMode(user.userId, 'live');
        await seedClaims(user.userId, size, Date.now());
      } else {
        process.stderr.write(`scale: seeding ${size} shipments...\n`);
        await seedSeller(user.userId, size);
      }
      const seedSeconds = (performance.now() - started) / 1000;
      for (const route of routes) {
        let bytes = 0;
        let errors = 0;
        const times: number[] = [];
        for (let i = 0; i < requests + 3; i += 1) {
          const t0 = performance.now();
          const answer = await accounts.api('GET', route, { token });
          const ms = performance.now() - t0;
          if (answer.status === 200) bytes = Buffer.byteLength(JSON.stringify(answer.body));
          else errors += 1;
          // The first reads warm the handler up.
          if (i >= 3) times.push(ms);
        }
        times.sort((a, b) => a - b);
        const row = {
          route: route as string,
          size,
          p50Ms: Math.round(percentile(times, 50)),
          p99Ms: Math.round(percentile(times, 99)),
          bytes,
          errors,
          seedSeconds,
        };
        rows.push(row);
        process.stderr.write(`scale: ${JSON.stringify(row)}\n`);
      }
      const reads = await bareReads(user.userId);
      for (const [index, read] of reads.entries()) {
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < requests + 3; i += 1) {
          const t0 = performance.now();
          const answer = (await read()) as { Items?: unknown[]; Item?: unknown };
          const ms = performance.now() - t0;
          bytes = Buffer.byteLength(JSON.stringify(answer.Items ?? answer.Item ?? null));
          if (i >= 3) times.push(ms);
        }
        times.sort((a, b) => a - b);
        const row = {
          route: BARE_READS[index]!,
          size,
          p50Ms: Math.round(percentile(times, 50) * 10) / 10,
          p99Ms: Math.round(percentile(times, 99) * 10) / 10,
          bytes,
          errors: 0,
          seedSeconds,
        };
        rows.push(row);
        process.stderr.write(`scale: ${JSON.stringify(row)}\n`);
      }
    }
    return rows;
  } finally {
    await globalTeardown();
  }
}

/** Whether a route at 3,000 shipments stays within 1.5× its time at 30 (p50). */
export function scaleVerdicts(rows: ScaleRow[]): { route: string; ratio: number; ok: boolean }[] {
  return [...SCALE_ROUTES, ...BARE_READS]
    .filter((route) => rows.some((r) => r.route === route))
    .map((route) => {
      const small = rows.find((r) => r.route === route && r.size === SCALE_SIZES[0])!;
      const large = rows.find((r) => r.route === route && r.size === SCALE_SIZES.at(-1))!;
      const ratio = large.p50Ms / Math.max(small.p50Ms, 0.1);
      const ok =
        ratio <= GOAL_RATIO &&
        large.errors === 0 &&
        small.errors === 0 &&
        large.bytes <= MAX_RESPONSE_BYTES;
      return { route, ratio, ok };
    })
    .filter((verdict) => (SCALE_ROUTES as readonly string[]).includes(verdict.route));
}

/** The bare reads' growth from 30 to 3,000 (the emulator's share), for the table. */
function bareRatios(rows: ScaleRow[]): Map<string, number> {
  return new Map(
    BARE_READS.map((route) => {
      const small = rows.find((r) => r.route === route && r.size === SCALE_SIZES[0])!;
      const large = rows.find((r) => r.route === route && r.size === SCALE_SIZES.at(-1))!;
      return [route, large.p50Ms / Math.max(small.p50Ms, 0.1)];
    }),
  );
}

export function scaleTable(rows: ScaleRow[]): string {
  const verdicts = new Map(scaleVerdicts(rows).map((v) => [v.route, v]));
  const bare = bareRatios(rows);
  const lines = rows.map((r) => {
    const verdict = verdicts.get(r.route);
    const failed = r.errors > 0 ? ` (${r.errors} errors)` : '';
    const last = r.size === SCALE_SIZES.at(-1);
    const goal = !last
      ? failed
      : verdict
        ? `${verdict.ratio.toFixed(2)}× of 30: ${verdict.ok ? 'pass' : 'FAIL'}${failed}`
        : `${bare.get(r.route)!.toFixed(2)}× of 30 (emulator baseline)`;
    return `| ${r.route.padEnd(24)} | ${String(r.size).padStart(5)} | ${String(r.p50Ms).padStart(6)} | ${String(r.p99Ms).padStart(6)} | ${(r.bytes / 1024).toFixed(1).padStart(8)} | ${goal} |`;
  });
  return [
    '| route                    | shipments | p50 ms | p99 ms | size KB | goal: 3,000 ≤ 1.5× of 30 |',
    '| ------------------------ | --------- | ------ | ------ | ------- | ------------------------ |',
    ...lines,
  ].join('\n');
}

if (require.main === module) {
  const i = process.argv.indexOf('--requests');
  runScaleBench({
    requests: i >= 0 ? Number(process.argv[i + 1]) : undefined,
    claimsOnly: process.argv.includes('--claims-only'),
  })
    .then((rows) => {
      console.log(scaleTable(rows));
      for (const size of SCALE_SIZES) {
        const seeded = rows.find((r) => r.size === size)!;
        console.log(`seeding ${size} shipments: ${seeded.seedSeconds.toFixed(1)} s`);
      }
      if (scaleVerdicts(rows).some((v) => !v.ok)) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
