/**
 * Load on the local gateway (issue 11): 50 concurrent connections for 30 s on each of the reads a
 * seller's browser makes most (the dashboard and the feedback list), with a signed-in user's
 * token and real data behind it, through the same handlers and DynamoDB Local.
 *
 *   npx tsx test/bench/load.bench.ts [--duration 30] [--connections 50]
 *
 * It starts its own stack (the integration tests' start-up, in `.local-bench` at port offset
 * 1500) and stops it at the end.
 */
import autocannon from 'autocannon';
import fs from 'node:fs';
import path from 'node:path';

process.env.IT_LOCAL_DIR ??= '.local-bench';
process.env.IT_PORT_OFFSET ??= '1500';

export interface LoadRow {
  route: string;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** The reads, in the order a dashboard and the feedback page ask for them. */
const ROUTES = ['/api/dashboard', '/api/shipments', '/api/feedback'];

const SAMPLE_FEEDBACK = path.resolve(__dirname, '../fixtures/feedback/sample-it.tsv');

async function seed(token: string, api: (typeof import('../integration/support/accounts'))['api']) {
  // The logged-in demo writes real shipments, items and cases into the user's partition.
  const demo = await api('POST', '/api/demo/sync', { token });
  if (demo.status >= 300) throw new Error(`demo sync answered ${demo.status}`);
  if (fs.existsSync(SAMPLE_FEEDBACK)) {
    const { stackInfo } = await import('../integration/stack');
    const { uploadFeedbackExport } = await import('../support/feedback-upload');
    const res = await uploadFeedbackExport(
      stackInfo().apiUrl,
      token,
      fs.readFileSync(SAMPLE_FEEDBACK),
      { name: 'sample-it.tsv', marketplace: 'amazon.it' },
    );
    if (res.status !== 200) throw new Error(`feedback import answered ${res.status}`);
  }
}

export async function runLoadBench(
  options: { durationSeconds?: number; connections?: number } = {},
): Promise<LoadRow[]> {
  const duration = options.durationSeconds ?? 30;
  const connections = options.connections ?? 50;
  process.env.LOG_LEVEL ??= 'WARN';
  const { default: globalSetup } = await import('../integration/global-setup');
  const { default: globalTeardown } = await import('../integration/global-teardown');
  await globalSetup();
  try {
    const accounts = await import('../integration/support/accounts');
    const { stackInfo } = await import('../integration/stack');
    const user = await accounts.registerConfirmedUser();
    const { AccessToken } = await accounts.signInWithPassword(user.email, user.password);
    const token = AccessToken!;
    await seed(token, accounts.api);
    const rows: LoadRow[] = [];
    for (const route of ROUTES) {
      const probe = await accounts.api('GET', route, { token });
      if (probe.status !== 200)
        throw new Error(`${route} answered ${probe.status} before the load`);
      process.stderr.write(`load: ${route} for ${duration} s at ${connections} connections...\n`);
      const result = await autocannon({
        url: `${stackInfo().apiUrl}${route}`,
        connections,
        duration,
        headers: { authorization: `Bearer ${token}` },
      });
      rows.push({
        route,
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors + result.timeouts + result.non2xx,
      });
    }
    return rows;
  } finally {
    await globalTeardown();
  }
}

export function loadTable(rows: LoadRow[]): string {
  const lines = rows.map(
    (r) =>
      `| ${r.route.padEnd(16)} | ${String(r.requests).padStart(8)} | ${String(r.rps).padStart(6)} | ${String(r.p50Ms).padStart(6)} | ${String(r.p99Ms).padStart(6)} | ${String(r.errors).padStart(6)} |`,
  );
  return [
    '| route            | requests |  req/s | p50 ms | p99 ms | errors |',
    '| ---------------- | -------- | ------ | ------ | ------ | ------ |',
    ...lines,
  ].join('\n');
}

if (require.main === module) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? Number(process.argv[i + 1]) : undefined;
  };
  runLoadBench({ durationSeconds: arg('--duration'), connections: arg('--connections') })
    .then((rows) => {
      console.log(loadTable(rows));
      if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
