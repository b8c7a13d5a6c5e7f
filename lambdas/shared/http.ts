import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyResultV2,
  Context,
} from 'aws-lambda';
import { z } from 'zod';
import { AppError, UnauthorizedError, ValidationError } from './errors';
import { logger } from './logger';

/** The event API Gateway's HTTP API sends; public routes arrive without the authorizer block. */
export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

export interface HttpRequest<B> {
  event: HttpEvent;
  body: B;
  /** The caller's Cognito user id (`sub`) from the verified JWT; undefined on public routes. */
  userId: string | undefined;
  /** Two-letter language the caller reads (from Accept-Language), for localized messages. */
  language: 'it' | 'en';
}

export interface HttpResult {
  statusCode?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler<B> = (request: HttpRequest<B>) => Promise<HttpResult | unknown>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** Reads the caller id from the claims the JWT authorizer verified. */
export function callerId(event: HttpEvent): string | undefined {
  const sub = event.requestContext.authorizer?.jwt?.claims?.sub;
  return typeof sub === 'string' && sub.length > 0 ? sub : undefined;
}

/** Picks Italian unless the caller asks for English first; the product is Italian first. */
export function callerLanguage(event: HttpEvent): 'it' | 'en' {
  const header = event.headers?.['accept-language'] ?? '';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'it';
}

function parseBody(event: HttpEvent): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const raw = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ValidationError('Request body is not valid JSON');
  }
}

function respond(statusCode: number, body: unknown, headers?: Record<string, string>) {
  return {
    statusCode,
    headers: { ...JSON_HEADERS, ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  } satisfies APIGatewayProxyResultV2;
}

function isHttpResult(value: unknown): value is HttpResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    'statusCode' in value &&
    typeof (value as HttpResult).statusCode === 'number'
  );
}

/** Maps a thrown error to a response; internal details of 5xx errors never leave the function. */
export function errorResponse(error: unknown) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) logger.error('Request failed', { error });
    else logger.warn('Request refused', { code: error.code, reason: error.message });
    const message = error.statusCode < 500 ? error.message : 'Internal error';
    const details = error.statusCode < 500 ? error.details : undefined;
    return respond(error.statusCode, { ok: false, error: error.code, message, details });
  }
  logger.error('Unhandled error', { error: error as Error });
  return respond(500, { ok: false, error: 'internal_error', message: 'Internal error' });
}

interface Options<S extends z.ZodType | undefined> {
  /** Schema of the JSON body; when absent the handler receives `undefined`. */
  body?: S;
  /** Public routes skip the caller check (the API's authorizer is off for them too). */
  public?: boolean;
}

/**
 * Wraps a route handler in the one middleware stack every HTTP function uses: structured logging
 * with the Lambda context, body parsing and zod validation, the caller id from the verified JWT,
 * and typed-error mapping.
 */
export function httpHandler<S extends z.ZodType | undefined = undefined>(
  options: Options<S>,
  handler: Handler<S extends z.ZodType ? z.infer<S> : undefined>,
) {
  const run = async (event: HttpEvent, _context: Context): Promise<APIGatewayProxyResultV2> => {
    try {
      const userId = callerId(event);
      if (!options.public && !userId) throw new UnauthorizedError('Missing or invalid token');
      let body: unknown = undefined;
      if (options.body) {
        const parsed = options.body.safeParse(parseBody(event));
        if (!parsed.success) {
          throw new ValidationError('Invalid request', z.flattenError(parsed.error));
        }
        body = parsed.data;
      }
      const result = await handler({
        event,
        body: body as S extends z.ZodType ? z.infer<S> : undefined,
        userId,
        language: callerLanguage(event),
      });
      if (isHttpResult(result))
        return respond(result.statusCode ?? 200, result.body, result.headers);
      return respond(200, result);
    } catch (error) {
      return errorResponse(error);
    }
  };
  return middy(run).use(injectLambdaContext(logger, { clearState: true }));
}
