/**
 * Serves the web build (web/dist) the way CloudFront serves it in front of the web bucket: the
 * distribution's own URL rewrite (prerendered pages, app shell, files untouched), gzip, long-lived
 * caching for hashed assets, and a stand-in /config.json. Used by the Lighthouse bench and the
 * prerender journey, which need the production build rather than the dev server.
 */
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { webRewrite } from '../../lib/web-routing';

export const WEB_DIST = path.resolve(__dirname, '../../web/dist');

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

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

export async function serveWebBuild(dist = WEB_DIST): Promise<StaticSite> {
  const fileFor = webRewrite();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': TYPES['.json']!, 'cache-control': 'no-store' });
      res.end(RUNTIME_CONFIG);
      return;
    }
    const uri = fileFor(decodeURIComponent(url.pathname));
    const file = path.join(dist, path.normalize(uri).replace(/^(\.\.[/\\])+/, ''));
    // S3 behind CloudFront answers a missing key with 403 (no list permission).
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('Forbidden');
      return;
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
