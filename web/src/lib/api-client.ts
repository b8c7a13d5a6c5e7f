import type { z } from 'zod';
import { i18n } from '../i18n';
import { getAccessToken } from './auth/cognito';
import { loadConfig } from './config';

/** A response outside 2xx. `code` and `message` come from the body `{ ok:false, error, message }`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** The request never got an answer: offline, DNS, the server down. */
export class ApiNetworkError extends Error {
  override readonly name = 'ApiNetworkError';
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
 * The one way the web app calls its API: JSON both ways, the user's access token when signed
 * in, the interface language so server messages and emails match it.
 */
export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<T> = {},
): Promise<T> {
  const [config, token] = await Promise.all([loadConfig(), getAccessToken()]);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': i18n.resolvedLanguage ?? i18n.language,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${config.apiBase.replace(/\/$/, '')}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiNetworkError(error instanceof Error ? error.message : String(error));
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
    throw new ApiError(response.status, code, message ?? response.statusText);
  }
  return schema ? schema.parse(parsed) : (parsed as T);
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
