/**
 * Lighthouse (mobile) on the landing page, as a visitor gets it in production: the Vite build
 * served the way CloudFront serves it (gzip, long-lived caching for hashed assets, SPA fallback),
 * audited by Lighthouse in the Chromium that `npm ci` installs (test/support/chromium.mjs: Debian's
 * /usr/bin/chromium when the packaged one cannot run; CHROME_PATH names another).
 *
 *   npx tsx test/bench/lighthouse.bench.ts
 *
 * Goals (issue 8): performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95, and at
 * most 120 KB of JavaScript transferred (gzipped) for the landing.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const DIST = path.join(ROOT, 'web/dist');

/** The browser Lighthouse drives and the environment it needs (fonts of the packaged build). */
async function chrome(): Promise<{ path: string; env: Record<string, string> }> {
  if (process.env.CHROME_PATH) return { path: process.env.CHROME_PATH, env: {} };
  const { stdout } = await run(process.execPath, [path.join(ROOT, 'test/support/chromium.mjs')]);
  const found = JSON.parse(stdout) as { executable: string; env: Record<string, string> };
  return { path: found.executable, env: found.env };
}

export const LIGHTHOUSE_GOALS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  landingJsKb: 120,
};

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Gzipped JavaScript the landing page downloads, in KB. */
  landingJsKb: number;
  /** Largest Contentful Paint and Total Blocking Time of the simulated mobile run, ms. */
  lcpMs: number;
  tbtMs: number;
  /** Weighted audits that did not pass, to say what to fix when a score drops. */
  failedAudits: string[];
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/** A stand-in for the deployed /config.json, so the page loads as it does in AWS. */
const RUNTIME_CONFIG = JSON.stringify({
  region: 'eu-south-1',
  userPoolId: 'eu-south-1_bench',
  userPoolClientId: 'bench',
  apiBase: '/api',
});

/** Serves web/dist like CloudFront does in front of the web bucket. */
function serveDist(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': TYPES['.json']!, 'cache-control': 'no-store' });
      res.end(RUNTIME_CONFIG);
      return;
    }
    let file = path.join(DIST, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      file = path.join(DIST, 'index.html');
    }
    const body = fs.readFileSync(file);
    const ext = path.extname(file);
    const hashed = file.includes(`${path.sep}assets${path.sep}`);
    const compressible = /^(text\/|application\/(json|manifest)|image\/svg)/.test(TYPES[ext] ?? '');
    const gzip = compressible && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    res.end(gzip ? gzipSync(body) : body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface LighthouseReport {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] };
    }
  >;
}

export async function runLighthouseBench(
  options: { build?: boolean } = {},
): Promise<LighthouseFigures> {
  if (options.build !== false) {
    await run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
  }
  const browser = await chrome();
  const server = await serveDist();
  try {
    const { port } = server.address() as AddressInfo;
    const { stdout } = await run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        `http://127.0.0.1:${port}/`,
        '--output=json',
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, ...browser.env, CHROME_PATH: browser.path },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const report = JSON.parse(stdout) as LighthouseReport;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const scripts = (report.audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script',
    );
    const jsBytes = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      landingJsKb: Math.round((jsBytes / 1024) * 10) / 10,
      lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
      failedAudits: Object.values(report.categories)
        .flatMap((category) => category.auditRefs)
        .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => ref.id),
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Which goals a run missed, in words; empty when all are met. */
export function missedLighthouseGoals(f: LighthouseFigures): string[] {
  const g = LIGHTHOUSE_GOALS;
  return [
    f.performance < g.performance && `performance ${f.performance} < ${g.performance}`,
    f.accessibility < g.accessibility && `accessibility ${f.accessibility} < ${g.accessibility}`,
    f.bestPractices < g.bestPractices && `best practices ${f.bestPractices} < ${g.bestPractices}`,
    f.seo < g.seo && `SEO ${f.seo} < ${g.seo}`,
    f.landingJsKb > g.landingJsKb && `landing JS ${f.landingJsKb} KB > ${g.landingJsKb} KB`,
  ].filter((m): m is string => typeof m === 'string');
}

if (require.main === module) {
  runLighthouseBench()
    .then((figures) => {
      console.log(JSON.stringify(figures, null, 2));
      const missed = missedLighthouseGoals(figures);
      if (missed.length) {
        console.error(`Missed: ${missed.join('; ')}`);
        process.exitCode = 1;
      }
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
