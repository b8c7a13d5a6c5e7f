import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { JWTPayload } from 'jose';

/** Content types API Gateway passes through as text; everything else arrives base64-encoded. */
const TEXT_TYPES = [
  /^text\//i,
  /^application\/json/i,
  /^application\/[\w.+-]*\+json/i,
  /^application\/xml/i,
  /^application\/x-www-form-urlencoded/i,
  /^application\/javascript/i,
];

export interface EventInput {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
  routeKey: string;
  pathParameters: Record<string, string> | undefined;
  claims: JWTPayload | undefined;
}

function flattenHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'cookie') continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return out;
}

/** JWT claims as API Gateway hands them over: every value a string (arrays bracketed). */
function claimsAsStrings(claims: JWTPayload): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(claims)) {
    out[key] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return out;
}

/** Builds the HTTP API payload-format-2.0 event production sends to a Lambda integration. */
export function toApiGatewayEvent(input: EventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
  const now = new Date();
  const headers = flattenHeaders(input.headers);
  const contentType = headers['content-type'] ?? '';
  const hasBody = input.body.length > 0;
  const isText = !contentType || TEXT_TYPES.some((re) => re.test(contentType));
  const query: Record<string, string> = {};
  for (const [key, value] of input.url.searchParams) {
    query[key] = key in query ? `${query[key]},${value}` : value;
  }
  const cookieHeader = input.headers.cookie;
  const cookies = cookieHeader ? cookieHeader.split(';').map((c) => c.trim()) : undefined;
  const requestContext = {
    accountId: '000000000000',
    apiId: 'local',
    domainName: headers.host ?? 'localhost',
    domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
    http: {
      method: input.method,
      path: input.url.pathname,
      protocol: 'HTTP/1.1',
      sourceIp: input.sourceIp,
      userAgent: headers['user-agent'] ?? '',
    },
    requestId: randomUUID(),
    routeKey: input.routeKey,
    stage: '$default',
    time: now.toISOString(),
    timeEpoch: now.getTime(),
    ...(input.claims
      ? {
          authorizer: {
            principalId: '',
            integrationLatency: 0,
            jwt: { claims: claimsAsStrings(input.claims), scopes: [] },
          },
        }
      : {}),
  };
  return {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath: input.url.pathname,
    rawQueryString: input.url.search.replace(/^\?/, ''),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(input.pathParameters ? { pathParameters: input.pathParameters } : {}),
    requestContext,
    ...(hasBody
      ? { body: isText ? input.body.toString('utf8') : input.body.toString('base64') }
      : {}),
    isBase64Encoded: hasBody && !isText,
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}
