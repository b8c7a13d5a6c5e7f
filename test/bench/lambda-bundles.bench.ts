/**
 * Bundle size and cold-start module load time of every server function.
 *
 * Each catalogue entry (lib/functions.ts) is bundled with esbuild exactly as the CDK app's
 * NodejsFunction does (lib/bundling.ts: minified ESM for Node.js 24, platform node, source map
 * beside it, `@aws-sdk/*` left to the Lambda runtime, which ships the SDK v3). The size is the
 * `index.mjs` that is uploaded, without its source map.
 *
 * The load time is how long `node` takes to import the bundle and exit, in a fresh process each
 * time, with the environment the function gets in AWS (dummy values, the same variable names as
 * its grants set) and `@aws-sdk/*` resolved from node_modules as the runtime would; the median
 * of several runs, and the same minus an empty `node` start. Measured locally, so only the
 * comparison between handlers and between runs means much.
 *
 *   npx tsx test/bench/lambda-bundles.bench.ts [--runs 5] [--only name,name]
 *
 * Exits non-zero when a bundle is larger than its ceiling (300 KB, or the function's own
 * `maxBundleKB` in lib/functions.ts) or a handler fails to load.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
import { BUNDLING } from '../../lib/bundling';
import {
  DEFAULT_MAX_BUNDLE_KB,
  FUNCTIONS,
  type FunctionSpec,
  type Grant,
} from '../../lib/functions';

const ROOT = path.resolve(__dirname, '../..');
/** Inside the project, so `@aws-sdk/*` (external) resolves from node_modules at load time. */
const OUT_DIR = path.join(ROOT, 'node_modules/.cache/lambda-bundles');

/** The issue's ceiling for one minified bundle. */
export const MAX_BUNDLE_BYTES = DEFAULT_MAX_BUNDLE_KB * 1024;

/** A function's own ceiling, else the default. */
export function bundleLimitBytes(spec: Pick<FunctionSpec, 'maxBundleKB'>): number {
  return (spec.maxBundleKB ?? DEFAULT_MAX_BUNDLE_KB) * 1024;
}

/** The variables each grant sets in AWS (lib/constructs/server-functions.ts), with stand-ins. */
const GRANT_ENVIRONMENT: Record<Grant, Record<string, string>> = {
  'table:read': { TABLE_NAME: 'bench-table' },
  'table:readWrite': { TABLE_NAME: 'bench-table' },
  'documents:name': { DOCUMENTS_BUCKET: 'bench-docs' },
  'documents:read': { DOCUMENTS_BUCKET: 'bench-docs' },
  'documents:readWrite': { DOCUMENTS_BUCKET: 'bench-docs' },
  'documents:purge': { DOCUMENTS_BUCKET: 'bench-docs' },
  'syncQueue:send': {
    SYNC_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/bench-sync',
  },
  'importQueue:send': {
    IMPORT_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/bench-import',
  },
  'accountQueue:send': {
    ACCOUNT_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/bench-account',
  },
  'readingQueue:send': {
    READING_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/bench-reading',
  },
  'mail:send': {
    MAIL_FROM: 'no-reply@bench.example',
    MAIL_FROM_NAME: 'Bench',
    MAIL_CONFIGURATION_SET: 'bench-mail',
  },
  'users:read': { USER_POOL_ID: 'eu-west-1_bench', USER_POOL_CLIENT_ID: 'benchclient' },
  'users:delete': { USER_POOL_ID: 'eu-west-1_bench', USER_POOL_CLIENT_ID: 'benchclient' },
  'refreshTokens:encryptDecrypt': {
    REFRESH_TOKEN_KEY_ARN: 'arn:aws:kms:eu-west-1:123456789012:key/bench',
  },
  'lwa:config': { LWA_APP_ID: 'amzn1.sp.solution.bench' },
  'captcha:secret': {
    CAPTCHA_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench-captcha',
  },
  'unsubscribe:secret': {
    UNSUBSCRIBE_SECRET_ARN:
      'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench-unsubscribe',
  },
  'app:url': { APP_URL: 'https://bench.example' },
  'spapi:credentials': {
    LWA_CREDENTIALS_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench-lwa',
  },
  'payment:credentials': {
    PAYMENT_CREDENTIALS_SECRET_ARN:
      'arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench-payment',
    PAYMENT_API_URL: 'https://api-m.sandbox.paypal.com',
    PAYMENT_MERCHANT_ID: 'C7CYMKZDG8D6E',
  },
  'payment:webhook': { PAYMENT_WEBHOOK_ID: '8PT597110X687430LKGECATA' },
  'plan:launchOffer': { PLAN_FREE_DURING_LAUNCH: 'false' },
  'support:inbox': { SUPPORT_INBOX: 'support@bench.example' },
  'debug:tools': { DEBUG_TOOLS: 'false' },
};

export interface BundleResult {
  name: string;
  /** Size of the minified `index.mjs`. */
  bytes: number;
  /** The ceiling that applies to this function. */
  limitBytes: number;
  /** Median wall time of `node` importing the bundle, in ms. */
  medianLoadMs: number;
  /** The same minus the median of an empty `node` start. */
  medianNetLoadMs: number;
  /** The first line of the error when the bundle cannot be imported. */
  loadError?: string;
}

export interface BenchOptions {
  functions?: readonly FunctionSpec[];
  runs?: number;
}

function environmentFor(spec: FunctionSpec): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    AWS_REGION: 'eu-west-1',
    STAGE: 'bench',
    POWERTOOLS_SERVICE_NAME: 'rimborsi-fba',
    POWERTOOLS_METRICS_NAMESPACE: 'RimborsiFBA',
    LOG_LEVEL: 'INFO',
    NODE_OPTIONS: '--enable-source-maps',
  };
  for (const grant of spec.grants) Object.assign(env, GRANT_ENVIRONMENT[grant]);
  return env;
}

/** The options CDK passes to esbuild for a NodejsFunction (see lib/bundling.ts). */
const ESBUILD_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: BUNDLING.target,
  minify: BUNDLING.minify,
  mainFields: [...BUNDLING.mainFields],
  external: [...BUNDLING.externalModules],
  alias: { ...BUNDLING.alias },
  absWorkingDir: ROOT,
  banner: { js: BUNDLING.banner },
  logLevel: 'error',
};

/** One bundle, as deployed. */
async function bundle(spec: FunctionSpec): Promise<string> {
  const outfile = path.join(OUT_DIR, spec.name, BUNDLING.outFile);
  await build({
    ...ESBUILD_OPTIONS,
    entryPoints: [path.join(ROOT, spec.entry)],
    outfile,
    sourcemap: BUNDLING.sourceMap,
    sourcesContent: BUNDLING.sourcesContent,
  });
  return outfile;
}
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Wall time of one fresh `node` running `script` as a module. */
function timeNode(script: string, env: NodeJS.ProcessEnv): { ms: number; error?: string } {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) {
    const message = `${result.stderr}`
      .split('\n')
      .find((line) => /Error|error:/.test(line))
      ?.trim();
    return { ms, error: message ?? `exit ${result.status}` };
  }
  return { ms };
}

/** Bundles every catalogue entry and times its cold module load. */
export async function benchLambdaBundles(options: BenchOptions = {}): Promise<BundleResult[]> {
  const functions = options.functions ?? FUNCTIONS;
  const runs = options.runs ?? 5;
  fs.rmSync(OUT_DIR, { recursive: true, force: true });

  const baseline = median(
    Array.from({ length: runs }, () => timeNode('', { PATH: process.env.PATH }).ms),
  );
  const results: BundleResult[] = [];
  for (const spec of functions) {
    const file = await bundle(spec);
    const bytes = fs.statSync(file).size;
    const env = environmentFor(spec);
    // A handler module's top level runs at import, as in Lambda's init phase; a rejected
    // import (missing variable, bundling mistake) fails the process.
    const script = `await import(${JSON.stringify(pathToFileURL(file).href)});`;
    const times: number[] = [];
    let loadError: string | undefined;
    for (let run = 0; run < runs && !loadError; run += 1) {
      const timed = timeNode(script, env);
      times.push(timed.ms);
      loadError = timed.error;
    }
    const medianLoadMs = median(times);
    results.push({
      name: spec.name,
      bytes,
      limitBytes: bundleLimitBytes(spec),
      medianLoadMs,
      medianNetLoadMs: Math.max(0, medianLoadMs - baseline),
      ...(loadError ? { loadError } : {}),
    });
  }
  return results;
}

export function formatTable(results: readonly BundleResult[]): string {
  const header = [
    'function',
    'bundle KB',
    'load ms (median)',
    'net of node start',
    'limit KB',
    'status',
  ];
  const rows = results.map((r) => [
    r.name,
    (r.bytes / 1024).toFixed(1),
    r.medianLoadMs.toFixed(0),
    r.medianNetLoadMs.toFixed(0),
    String(r.limitBytes / 1024),
    r.loadError
      ? `LOAD FAILED: ${r.loadError.slice(0, 100)}`
      : r.bytes > r.limitBytes
        ? `OVER ${r.limitBytes / 1024} KB`
        : 'ok',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i > 0 && i < 5 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join(' | ')} |`;
  const loads = results.filter((r) => !r.loadError).map((r) => r.medianNetLoadMs);
  return [
    `Lambda bundles: esbuild ${BUNDLING.target}, minified ESM, @aws-sdk/* from the runtime; limit ${MAX_BUNDLE_BYTES / 1024} KB unless the function has its own`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `Total ${(results.reduce((sum, r) => sum + r.bytes, 0) / 1024).toFixed(0)} KB over ${results.length} functions; ` +
      `largest ${(Math.max(...results.map((r) => r.bytes)) / 1024).toFixed(1)} KB; ` +
      `median module load of the handlers ${loads.length ? median(loads).toFixed(0) : '-'} ms (net of node start).`,
  ].join('\n');
}

/** The functions that break the bench's rules: too large, or not loadable. */
export function failures(results: readonly BundleResult[]): string[] {
  return results.flatMap((r) => [
    ...(r.bytes > r.limitBytes
      ? [`${r.name}: ${(r.bytes / 1024).toFixed(1)} KB > ${r.limitBytes / 1024} KB`]
      : []),
    ...(r.loadError ? [`${r.name}: does not load (${r.loadError})`] : []),
  ]);
}

/**
 * The document reader's cold start with pdf.js: a fresh `node` imports a bundle of the reader
 * (built like a handler's) and reads one small PDF, so pdf.js is loaded and run once. Median wall
 * time of `runs`, and the same minus an empty `node` start.
 */
export async function benchFirstPdfRead(runs = 5): Promise<{ ms: number; netMs: number }> {
  const dir = path.join(OUT_DIR, 'first-pdf-read');
  const outfile = path.join(dir, BUNDLING.outFile);
  await build({
    stdin: {
      contents: `import { extractPdfText } from './lambdas/domain/documents/pdf-text';
const content = 'BT /F1 12 Tf 72 700 Td (Fattura 1) Tj ET';
const bytes = new TextEncoder().encode([
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >> endobj',
  '4 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
  '5 0 obj << /Length ' + content.length + ' >> stream', content, 'endstream endobj',
  'trailer << /Root 1 0 R >>', '%%EOF',
].join('\\n'));
const started = performance.now();
const { text } = await extractPdfText(bytes);
if (text !== 'Fattura 1') throw new Error('unexpected text: ' + text);
console.log(performance.now() - started);`,
      resolveDir: ROOT,
      loader: 'ts',
    },
    ...ESBUILD_OPTIONS,
    outfile,
  });
  const script = `await import(${JSON.stringify(pathToFileURL(outfile).href)});`;
  const baseline = median(
    Array.from({ length: runs }, () => timeNode('', { PATH: process.env.PATH }).ms),
  );
  const times = Array.from({ length: runs }, () => {
    const timed = timeNode(script, { PATH: process.env.PATH });
    if (timed.error) throw new Error(`first PDF read failed: ${timed.error}`);
    return timed.ms;
  });
  const ms = median(times);
  return { ms, netMs: Math.max(0, ms - baseline) };
}

/** For `npm run bench` (test/bench/run.ts): the table, the largest bundle and the median load. */
export async function runLambdaBundleBench(options: BenchOptions = {}): Promise<{
  results: BundleResult[];
  table: string;
  /** The largest bundle of the functions under the default ceiling. */
  largest: { name: string; bytes: number };
  /** Functions with a ceiling of their own (the document reader). */
  ownBudget: BundleResult[];
  medianColdStartMs: number;
  firstPdfRead: { ms: number; netMs: number };
  failures: string[];
}> {
  const results = await benchLambdaBundles(options);
  const ordinary = results.filter((r) => r.limitBytes === MAX_BUNDLE_BYTES);
  const largest = (ordinary.length ? ordinary : results).reduce((a, b) =>
    b.bytes > a.bytes ? b : a,
  );
  const firstPdfRead = await benchFirstPdfRead(options.runs ?? 5);
  const loads = results.filter((r) => !r.loadError).map((r) => r.medianNetLoadMs);
  return {
    results,
    table: formatTable(results),
    largest: { name: largest.name, bytes: largest.bytes },
    ownBudget: results.filter((r) => r.limitBytes !== MAX_BUNDLE_BYTES),
    medianColdStartMs: loads.length ? median(loads) : Number.NaN,
    firstPdfRead,
    failures: failures(results),
  };
}

async function main(): Promise<void> {
  const arg = (flag: string) => {
    const at = process.argv.indexOf(flag);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const runs = Number(arg('--runs') ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a whole number ≥ 1');
  const only = arg('--only')?.split(',');
  const functions = only ? FUNCTIONS.filter((spec) => only.includes(spec.name)) : FUNCTIONS;
  const results = await benchLambdaBundles({ functions, runs });
  console.log(formatTable(results));
  const first = await benchFirstPdfRead(runs);
  console.log(
    `\nDocument reader, first PDF in a fresh process (pdf.js loaded and run once): ${first.ms.toFixed(0)} ms, ${first.netMs.toFixed(0)} ms net of node start.`,
  );
  const problems = failures(results);
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):\n  - ${problems.join('\n  - ')}`);
    process.exitCode = 1;
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
