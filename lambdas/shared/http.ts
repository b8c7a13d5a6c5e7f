import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyResultV2,
  Context,
} from 'aws-lambda';
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { AccountDeleted } from '../domain/account/deletion';
import { formatCorrelationId, isAcceptableCorrelationId } from '../domain/correlation-id';
import type { Language } from '../domain/language';
import { deletedAccountCheck } from './deleted-account-check';
import { DomainError } from '../domain/errors';
import { UpstreamFailure } from '../domain/sync/spapi-port';
import {
  AppError,
  appErrorOfKind,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from './errors';
import { logger } from './logger';
import { formatMessage, message, type MessageKey } from './messages';

/** The header the web app sends on every call and every response carries back (issue 9). */
export const CORRELATION_HEADER = 'x-correlation-id';

/** The event API Gateway's HTTP API sends; public routes arrive without the authorizer block. */
export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

/**
 * What a route handler receives. `U` is the caller's id type: a string on signed-in routes (the
 * middleware refuses a request without one before the handler runs), possibly undefined on
 * public routes.
 */
export interface HttpRequest<B, U extends string | undefined = string, Q = unknown, P = unknown> {
  event: HttpEvent;
  body: B;
  /** The query string parameters as the route's `query` schema parsed them. */
  query: Q;
  /** The path parameters as the route's `path` schema parsed them. */
  path: P;
  /** The caller's Cognito user id (`sub`) from the verified JWT; undefined on public routes. */
  userId: U;
  /** Two-letter language the caller reads (from Accept-Language), for localized messages. */
  language: Language;
  /** The id the caller's error message shows (x-correlation-id); in every log line too. */
  correlationId: string;
}

export interface HttpResult {
  statusCode?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler<B, U extends string | undefined = string, Q = unknown, P = unknown> = (
  request: HttpRequest<B, U, Q, P>,
) => Promise<HttpResult | unknown>;

/** What a schema option parses to; `undefined` when the option is absent. */
type Parsed<S extends z.ZodType | undefined> = S extends z.ZodType ? z.infer<S> : undefined;

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

/** Reads the caller id from the claims the JWT authorizer verified. */
export function callerId(event: HttpEvent): string | undefined {
  const sub = event.requestContext.authorizer?.jwt?.claims?.sub;
  return typeof sub === 'string' && sub.length > 0 ? sub : undefined;
}

/** Picks Italian unless the caller asks for English first; the product is Italian first. */
export function callerLanguage(event: HttpEvent): Language {
  const header = event.headers?.['accept-language'] ?? '';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'it';
}

/** The caller's correlation id when it is well formed, else a new one. */
export function correlationIdOf(event: HttpEvent): string {
  const sent = event.headers?.[CORRELATION_HEADER];
  return isAcceptableCorrelationId(sent) ? sent : formatCorrelationId(randomBytes(8));
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

/**
 * The JSON body checked against a zod schema (400 when it is not JSON or does not match). What
 * `httpHandler({ body })` does; functions serving several routes call it for the routes with a body.
 */
export function parseJsonBody<S extends z.ZodType>(schema: S, event: HttpEvent): z.infer<S> {
  const parsed = schema.safeParse(parseBody(event));
  if (!parsed.success) throw new ValidationError('Invalid request', z.flattenError(parsed.error));
  return parsed.data;
}

/**
 * The parts of a request a route declares schemas for. `body`: the JSON body (400 when it is not
 * JSON or does not match). `query`: the query string parameters as one object of strings, `{}`
 * without a query (400 when they do not match). `path`: the path parameters; a value the schema
 * refuses names nothing the caller has, so it answers 404. `invalid` names the message the caller
 * reads for a refused query or path (default `invalidQuery` / `notFound`).
 */
export interface RequestSchemas<
  S extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
> {
  body?: S;
  query?: Q;
  path?: P;
  invalid?: { query?: MessageKey; path?: MessageKey };
}

/** Parses the declared parts of a request: the path first, then the query, then the body. */
function parseRequest(schemas: RequestSchemas, event: HttpEvent, language: Language) {
  let path: unknown;
  if (schemas.path) {
    const parsed = schemas.path.safeParse(event.pathParameters ?? {});
    if (!parsed.success)
      throw new NotFoundError(message(schemas.invalid?.path ?? 'notFound', language));
    path = parsed.data;
  }
  let query: unknown;
  if (schemas.query) {
    const parsed = schemas.query.safeParse(event.queryStringParameters ?? {});
    if (!parsed.success) {
      const text = message(schemas.invalid?.query ?? 'invalidQuery', language);
      throw new ValidationError(text, z.flattenError(parsed.error));
    }
    query = parsed.data;
  }
  const body = schemas.body ? parseJsonBody(schemas.body, event) : undefined;
  return { body, query, path };
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

/** A 429 that says when to try again (`retry_after_seconds`) answers it as Retry-After too. */
function retryAfterOf(error: AppError): number | undefined {
  if (error.statusCode !== 429) return undefined;
  const seconds = (error.details as { retry_after_seconds?: unknown } | undefined)
    ?.retry_after_seconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : undefined;
}

/**
 * Maps a thrown error to a response; internal details of 5xx errors never leave the function.
 * The body carries the correlation id, which the user reads out to support.
 */
export function errorResponse(error: unknown, correlationId?: string, language: Language = 'it') {
  if (error instanceof DomainError) {
    logger.info('Domain refusal', { refusal: error.name, reason: error.message });
    return errorResponse(fromDomain(error, language), correlationId);
  }
  // Amazon throttled or failed past the request's own time: the caller may retry, and is told so.
  if (error instanceof UpstreamFailure && error.kind === 'transient') {
    logger.warn('Amazon unavailable in time', { code: error.code, status: error.status });
    const busy = appErrorOfKind('too_many_requests', message('amazonBusy', language));
    return errorResponse(busy, correlationId);
  }
  const trace = correlationId ? { correlation_id: correlationId } : {};
  const headers: Record<string, string> = correlationId
    ? { [CORRELATION_HEADER]: correlationId }
    : {};
  if (error instanceof AppError) {
    const retryAfter = retryAfterOf(error);
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
    if (error.statusCode >= 500) logger.error('Request failed', { ...trace, error });
    else logger.warn('Request refused', { ...trace, code: error.code, reason: error.message });
    const message = error.statusCode < 500 ? error.message : 'Internal error';
    const details = error.statusCode < 500 ? error.details : undefined;
    return respond(
      error.statusCode,
      { ok: false, error: error.code, message, details, ...trace },
      headers,
    );
  }
  logger.error('Unhandled error', { ...trace, error: error as Error });
  return respond(
    500,
    { ok: false, error: 'internal_error', message: 'Internal error', ...trace },
    headers,
  );
}

/** A domain refusal as the HTTP error of its kind, its message in the caller's language. */
function fromDomain(error: DomainError, language: Language): AppError {
  const text = formatMessage(error.messageKey, language, error.messageValues ?? {});
  return appErrorOfKind(error.kind, text, error.details);
}

/** The one outcome line per request: what support filters on (README, support runbook). */
function logOutcome(statusCode: number, started: number, trace: Record<string, unknown>) {
  const outcome = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'refused' : 'success';
  // The trace keys again, explicitly: where one process serves concurrent invocations (the
  // local gateway), another invocation's end may have cleared the appended keys.
  const fields = { ...trace, status_code: statusCode, duration_ms: Date.now() - started, outcome };
  if (statusCode >= 500) logger.error('Request completed', fields);
  else logger.info('Request completed', fields);
}

/** Schemas (`body`, `query`, `path`: each part is `undefined` to the handler without one). */
interface Options<
  S extends z.ZodType | undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
> extends RequestSchemas<S, Q, P> {
  /** Public routes skip the caller check (the API's authorizer is off for them too). */
  public?: boolean;
  /**
   * Runs even when the caller's account was deleted: only account deletion itself, whose retry
   * after a partial failure must still get through.
   */
  forDeletedAccount?: boolean;
  /**
   * Members of the `admins` group only: the guard (`requireAdmin` of wiring/admin-guard.ts, which
   * reads the user pool now) runs before any part of the request is parsed, so anyone else gets
   * 403 whatever they sent. Passed in, so only the admin functions bundle the user-pool client.
   */
  admin?: AdminGuard;
}

/** Refuses a caller who is not an admin (throws); see `requireAdmin` in wiring/admin-guard.ts. */
export type AdminGuard = (userId: string | undefined, language: Language) => Promise<void>;

/**
 * A write by a caller whose account was deleted: their access token still passes the gateway
 * until it expires (up to an hour after every session was ended), so it is refused here before
 * the handler could put anything back. One consistent read of the tombstone, on writes only,
 * and only in functions that load the table client (which registers the check).
 */
async function refuseDeletedAccount(event: HttpEvent, userId: string): Promise<void> {
  const isAccountDeleted = deletedAccountCheck();
  if (event.routeKey?.startsWith('GET ') || !isAccountDeleted) return;
  if (await isAccountDeleted(userId)) throw new AccountDeleted(userId);
}

/**
 * Wraps a route handler in the one middleware stack every HTTP function uses: structured logging
 * with the Lambda context, body parsing and zod validation, the caller id from the verified JWT,
 * and typed-error mapping.
 */
export function httpHandler<
  S extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(
  options: Options<S, Q, P> & { public: true },
  handler: Handler<Parsed<S>, string | undefined, Parsed<Q>, Parsed<P>>,
): ReturnType<typeof wrap>;
export function httpHandler<
  S extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(
  options: Options<S, Q, P> & { public?: false },
  handler: Handler<Parsed<S>, string, Parsed<Q>, Parsed<P>>,
): ReturnType<typeof wrap>;
export function httpHandler(
  options: Options<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>,
  handler: Handler<unknown, string> | Handler<unknown, string | undefined>,
) {
  // Sound: a route that is not public never reaches its handler without a caller id (`wrap`).
  return wrap(options, handler as Handler<unknown, string | undefined>);
}

/** One route of a function serving several: its schemas and what answers it. */
export interface Route {
  schemas: RequestSchemas;
  handle: Handler<unknown, string>;
}

/** A route of {@link httpRoutes}: the handler receives the parts its schemas parsed, typed. */
export function route<
  S extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(
  schemas: RequestSchemas<S, Q, P>,
  handle: Handler<Parsed<S>, string, Parsed<Q>, Parsed<P>>,
): Route {
  return { schemas, handle: handle as Handler<unknown, string> };
}

/**
 * A signed-in function serving several routes: each request goes to the entry of its route key
 * (`'GET /api/documents/{id}/download-url'`, as the route catalogue names it), checked against
 * that entry's schemas, inside the same middleware stack as {@link httpHandler}. An unknown
 * route key answers 404. With `admin`, non-members of the `admins` group get 403 before that.
 */
export function httpRoutes(
  routes: Readonly<Record<string, Route>>,
  options: { forDeletedAccount?: boolean; admin?: AdminGuard } = {},
) {
  return httpHandler(options, async (request) => {
    const key = request.event.routeKey;
    if (!Object.hasOwn(routes, key)) throw new NotFoundError('No such route');
    const { schemas, handle } = routes[key]!;
    return handle({ ...request, ...parseRequest(schemas, request.event, request.language) });
  });
}

function wrap(
  options: Options<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>,
  handler: Handler<unknown, string | undefined>,
) {
  const run = async (event: HttpEvent, _context: Context): Promise<APIGatewayProxyResultV2> => {
    const started = Date.now();
    const correlationId = correlationIdOf(event);
    const userId = callerId(event);
    const trace = {
      correlation_id: correlationId,
      request_id: event.requestContext?.requestId,
      route: event.routeKey,
      ...(userId ? { user_id: userId } : {}),
    };
    logger.appendKeys(trace);
    const traced = { [CORRELATION_HEADER]: correlationId };
    let response: ReturnType<typeof respond>;
    try {
      if (!options.public && !userId) throw new UnauthorizedError('Missing or invalid token');
      if (userId && !options.forDeletedAccount) await refuseDeletedAccount(event, userId);
      const language = callerLanguage(event);
      if (options.admin) await options.admin(userId, language);
      const parts = parseRequest(options, event, language);
      const result = await handler({ event, ...parts, userId, language, correlationId });
      response = isHttpResult(result)
        ? respond(result.statusCode ?? 200, result.body, { ...result.headers, ...traced })
        : respond(200, result, traced);
    } catch (error) {
      // A token issued before its account was deleted: the write was refused or undone.
      response = errorResponse(
        error instanceof AccountDeleted
          ? new UnauthorizedError(message('sessionExpired', callerLanguage(event)))
          : error,
        correlationId,
        callerLanguage(event),
      );
    }
    logOutcome(response.statusCode, started, trace);
    return response;
  };
  return middy(run).use(injectLambdaContext(logger, { clearState: true }));
}
