import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import { toApiGatewayEvent } from './event';
import { createJwtVerifier, JwtRejected, type JwtAuthorizerOptions } from './jwt';

export interface GatewayRoute {
  /** The function's name, as in the CDK catalogue. */
  name: string;
  method: string;
  /** Path with `{param}` placeholders, e.g. `/api/cases/{shipmentId}`. */
  path: string;
  /** Handler module, relative to the repository root; it exports `handler`. */
  entry: string;
  public?: boolean;
  timeoutSeconds?: number;
}

export interface GatewayOptions {
  port: number;
  host?: string;
  routes: GatewayRoute[];
  authorizer: JwtAuthorizerOptions;
  /** Repository root the route entries are resolved from. */
  root: string;
  log?: (line: string) => void;
}

type LambdaHandler = (event: unknown, context: Context) => Promise<APIGatewayProxyResultV2>;

/** API Gateway refuses bigger payloads; Lambda's synchronous limit is the tighter one. */
const MAX_BODY_BYTES = 6 * 1024 * 1024;
/** HTTP API's integration timeout. */
const MAX_TIMEOUT_SECONDS = 30;

interface CompiledRoute extends GatewayRoute {
  pattern: RegExp;
  params: string[];
}

function compile(route: GatewayRoute): CompiledRoute {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)\+?\}$/.exec(segment);
      if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(match[1]!);
      return segment.endsWith('+}') ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { ...route, pattern: new RegExp(`^${source}$`), params };
}

function lambdaContext(name: string, timeoutSeconds: number): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function send(
  res: http.ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

/** Turns a handler's return value into the HTTP response the way API Gateway does (format 2.0). */
function writeResult(res: http.ServerResponse, result: APIGatewayProxyResultV2) {
  if (
    typeof result === 'string' ||
    typeof result !== 'object' ||
    result === null ||
    !('statusCode' in result)
  ) {
    send(res, 200, JSON.stringify(result));
    return;
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  const body = result.body ?? '';
  const payload = result.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(payload);
}

async function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The local stand-in for the HTTP API: the same routes, the same JWT authorizer rules, the same
 * event shape, and the very handler modules that production deploys.
 */
export async function startGateway(options: GatewayOptions) {
  const routes = options.routes.map(compile);
  const verify = createJwtVerifier(options.authorizer);
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const log = options.log ?? (() => undefined);

  const load = (route: CompiledRoute) => {
    let loaded = handlers.get(route.entry);
    if (!loaded) {
      const file = path.resolve(options.root, route.entry);
      loaded = import(file).then(
        (mod: { handler?: LambdaHandler; default?: { handler?: LambdaHandler } }) => {
          const fn = mod.handler ?? mod.default?.handler;
          if (typeof fn !== 'function') throw new Error(`${route.entry} exports no handler`);
          return fn;
        },
      );
      handlers.set(route.entry, loaded);
    }
    return loaded;
  };

  const server = http.createServer(async (req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    const method = (req.method ?? 'GET').toUpperCase();
    res.on('finish', () =>
      log(`${method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`),
    );
    try {
      const route = routes.find(
        (r) => (r.method === method || r.method === 'ANY') && r.pattern.test(url.pathname),
      );
      if (!route) {
        // HTTP APIs answer an unknown method on a known path the same as an unknown path.
        send(res, 404, JSON.stringify({ message: 'Not Found' }));
        return;
      }
      let claims: JWTPayload | undefined;
      if (!route.public) {
        try {
          claims = await verify(req.headers.authorization);
        } catch (error) {
          if (!(error instanceof JwtRejected)) throw error;
          send(res, 401, JSON.stringify({ message: 'Unauthorized' }), {
            'www-authenticate': 'Bearer error="invalid_token"',
          });
          return;
        }
      }
      const body = await readBody(req);
      if (body === null) {
        send(res, 413, JSON.stringify({ message: 'Request Entity Too Large' }));
        return;
      }
      const match = route.pattern.exec(url.pathname)!;
      const pathParameters = route.params.length
        ? Object.fromEntries(route.params.map((p, i) => [p, decodeURIComponent(match[i + 1]!)]))
        : undefined;
      const event = toApiGatewayEvent({
        method,
        url,
        headers: req.headers,
        body,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        routeKey: `${route.method} ${route.path}`,
        pathParameters,
        claims,
      });
      const timeout = Math.min(route.timeoutSeconds ?? MAX_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS);
      const handler = await load(route);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeout * 1000);
      });
      const result = await Promise.race([
        handler(event, lambdaContext(route.name, timeout)),
        timedOut,
      ]);
      clearTimeout(timer);
      if (result === 'timeout') {
        send(res, 503, JSON.stringify({ message: 'Service Unavailable' }));
        return;
      }
      writeResult(res, result);
    } catch (error) {
      // A handler that throws is a Lambda invocation error: API Gateway answers 500 with no detail.
      log(`ERROR ${method} ${url.pathname}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) send(res, 500, JSON.stringify({ message: 'Internal Server Error' }));
      else res.end();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
