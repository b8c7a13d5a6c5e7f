import type { z } from 'zod';
import { formatCorrelationId } from '@domain/correlation-id';
import { i18n } from '../i18n';
import { getAccessToken } from './auth/cognito';
import { loadConfig } from './config';
import { noteFailedRequest } from './toast';

/** The header that ties a call to its server logs (README, support runbook). */
export const CORRELATION_HEADER = 'X-Correlation-Id';

/** A new id per call, `XXXX-XXXX`: the "codice errore" an error toast shows. */
function newCorrelationId(): string {
  return formatCorrelationId(crypto.getRandomValues(new Uint8Array(8)));
}

/** A response outside 2xx. `code` and `message` come from the body `{ ok:false, error, message }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** The id the server logged this call under; support finds the request with it. */
    readonly correlationId?: string,
  ) {
    super(message);
  }
}

/** The request never got an answer: offline, DNS, the server down. */
export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';
  constructor(
    message: string,
    readonly correlationId?: string,
  ) {
    super(message);
  }
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a `FormData` goes as multipart form data (the browser sets its boundary). */
  body?: unknown;
  /** Checks the response body; without it the caller gets `unknown`. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

function readErrorBody(body: unknown): { code?: string; message?: string } {
  if (!body || typeof body !== 'object') return {};
  const { error, message } = body as Record<string, unknown>;
  return {
    code: typeof error === 'string' ? error : undefined,
    message: typeof message === 'string' ? message : typeof error === 'string' ? error : undefined,
  };
}

/**
 * URL and request of one call: the user's access token when signed in, the interface language,
 * a new correlation id.
 */
async function prepare(
  path: string,
  method: NonNullable<RequestOptions<unknown>['method']>,
  body: unknown,
): Promise<{ url: string; init: RequestInit; correlationId: string }> {
  const [config, token] = await Promise.all([loadConfig(), getAccessToken()]);
  const correlationId = newCorrelationId();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.resolvedLanguage ?? i18n.language,
    [CORRELATION_HEADER]: correlationId,
  };
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return {
    url: `${config.apiBase.replace(/\/$/, '')}${path}`,
    init: {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
    },
    correlationId,
  };
}

/**
 * The one way the web app calls its API: JSON both ways (or multipart form data up), the user's
 * access token when signed in, the interface language so server messages and emails match it.
 */
export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<T> = {},
): Promise<T> {
  const { url, init, correlationId } = await prepare(path, method, body);

  let response: Response;
  try {
    response = await fetch(url, { ...init, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    noteFailedRequest(correlationId);
    throw new ApiNetworkError(
      error instanceof Error ? error.message : String(error),
      correlationId,
    );
  }

  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }

  // Some functions answer 200 with `{ ok:false }`: the spec treats that as a failure too.
  const refused =
    !!parsed && typeof parsed === 'object' && (parsed as { ok?: unknown }).ok === false;
  if (!response.ok || refused) {
    const { code, message } = readErrorBody(parsed);
    // The server echoes the id (header and body); ours is the fallback when a proxy answered.
    const traced = response.headers.get(CORRELATION_HEADER) ?? correlationId;
    noteFailedRequest(traced);
    // A 429 without our error code is the gateway's throttle, whose text is English only.
    const text =
      response.status === 429 && !code
        ? i18n.t('toast.tooManyRequests', { ns: 'common' })
        : message;
    throw new ApiError(response.status, code, text ?? response.statusText, traced);
  }
  return schema ? schema.parse(parsed) : (parsed as T);
}

/** What a call answered, whatever the status: for the diagnostic pages, which show it raw. */
export type RawApiResponse = {
  status: number;
  body: unknown;
  correlationId: string;
};

/**
 * A call made the same way as `apiRequest` (token, language, correlation id) that never
 * throws on a status: the diagnostic pages (spec 2.12) show every answer as it came.
 */
export async function apiRequestRaw(
  path: string,
  { method = 'GET', body }: Pick<RequestOptions<unknown>, 'method' | 'body'> = {},
): Promise<RawApiResponse> {
  const { url, init, correlationId } = await prepare(path, method, body);
  const response = await fetch(url, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: shown as text.
  }
  return {
    status: response.status,
    body: parsed,
    correlationId: response.headers.get(CORRELATION_HEADER) ?? correlationId,
  };
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
