import type { Context } from 'aws-lambda';
import type { httpHandler, HttpEvent } from '../http';

/**
 * A signed-in request as API Gateway's HTTP API sends it, for the middleware's tests: the route
 * key (`'GET /api/things/{id}'`), its query and path parameters, the caller's language.
 */
export function httpEvent(
  routeKey: string,
  parts: {
    query?: Record<string, string>;
    path?: Record<string, string>;
    language?: string;
    userId?: string;
  } = {},
): HttpEvent {
  const [method, rawPath] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { 'accept-language': parts.language ?? 'it' },
    queryStringParameters: parts.query,
    pathParameters: parts.path,
    requestContext: {
      requestId: 'req-1',
      routeKey,
      http: { method, path: rawPath },
      authorizer: { jwt: { claims: { sub: parts.userId ?? 'user-1' }, scopes: [] } },
    },
    isBase64Encoded: false,
  } as unknown as HttpEvent;
}

const context = { functionName: 'fn', awsRequestId: 'aws-1' } as unknown as Context;

/** Runs a wrapped handler on an event: the status and the parsed JSON body. */
export async function callHandler(handler: ReturnType<typeof httpHandler>, event: HttpEvent) {
  const response = (await handler(event, context)) as { statusCode: number; body: string };
  return { status: response.statusCode, body: JSON.parse(response.body) };
}
