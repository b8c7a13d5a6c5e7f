import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import { handlerLoader } from '../handler-loader';
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

/** A function the local Lambda Invoke API can run (the Cognito triggers). */
export interface InvocableFunction {
  name: string;
  entry: string;
  timeoutSeconds?: number;
}

export interface GatewayOptions {
  port: number;
  host?: string;
  routes: GatewayRoute[];
  /**
   * Served through Lambda's Invoke API (`POST /2015-03-31/functions/{name}/invocations`), the
   * way cognito-local calls triggers. Never reachable under `/api`.
   */
  functions?: InvocableFunction[];
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

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** `my-fn`, `my-fn:alias` or a full ARN all name the function `my-fn`. */
function functionNameOf(raw: string): string {
  const name = decodeURIComponent(raw);
  const afterArn = name.includes(':function:') ? name.split(':function:')[1]! : name;
  return afterArn.split(':')[0]!;
}

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
  const log = options.log ?? (() => undefined);

  const invocable = new Map((options.functions ?? []).map((fn) => [fn.name, fn]));

  const loadHandler = handlerLoader<LambdaHandler>(options.root);
  const load = (route: { entry: string }) => loadHandler(route.entry);

  /**
   * Lambda's synchronous Invoke: the JSON payload in, the handler's JSON result out. A thrown
   * error answers 200 with `X-Amz-Function-Error: Unhandled` and `{errorType, errorMessage}`,
   * as Lambda does; cognito-local turns that into UserLambdaValidationException.
   */
  const invoke = async (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    rawName: string,
  ): Promise<void> => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
      send(res, 403, JSON.stringify({ message: 'The local Invoke API answers loopback only' }));
      return;
    }
    const name = functionNameOf(rawName);
    const fn = invocable.get(name);
    if (!fn) {
      send(res, 404, JSON.stringify({ Type: 'User', message: `Function not found: ${name}` }), {
        'x-amzn-errortype': 'ResourceNotFoundException',
      });
      return;
    }
    const body = await readBody(req);
    let event: unknown = null;
    try {
      event = body && body.length > 0 ? JSON.parse(body.toString('utf8')) : null;
    } catch {
      send(
        res,
        400,
        JSON.stringify({ Type: 'User', message: 'Could not parse request body into json' }),
        {
          'x-amzn-errortype': 'InvalidRequestContentException',
        },
      );
      return;
    }
    const headers = { 'x-amz-executed-version': '$LATEST' };
    const timeout = Math.min(fn.timeoutSeconds ?? MAX_TIMEOUT_SECONDS, 900);
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = await load(fn);
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              Object.assign(new Error(`Task timed out after ${timeout} seconds`), {
                name: 'Sandbox.Timedout',
              }),
            ),
          timeout * 1000,
        );
      });
      const result = await Promise.race([handler(event, lambdaContext(name, timeout)), timedOut]);
      send(res, 200, JSON.stringify(result ?? null), headers);
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error));
      log(`INVOKE ${name} failed: ${err.message}`);
      send(
        res,
        200,
        JSON.stringify({ errorType: err.name, errorMessage: err.message, trace: [] }),
        {
          ...headers,
          'x-amz-function-error': 'Unhandled',
        },
      );
    } finally {
      clearTimeout(timer);
    }
  };

  const server = http.createServer(async (req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    const method = (req.method ?? 'GET').toUpperCase();
    res.on('finish', () =>
      log(`${method} ${url.pathname} ${res.statusCode} ${Date.now() - started}ms`),
    );
    try {
      const invocation = method === 'POST' ? INVOKE_PATH.exec(url.pathname) : null;
      if (invocation) {
        await invoke(req, res, invocation[1]!);
        return;
      }
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
