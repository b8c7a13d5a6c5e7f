/**
 * The HTTP client the typed `@sp-api-sdk` API classes send their requests through.
 *
 * The generated classes take an axios-like instance and use only two things of it: `request()`
 * with a method, an absolute URL (base path included), headers and a JSON string body, and
 * `defaults.baseURL`. This is that, on the runtime's `fetch`, with the SP-API access token
 * header added to every request. It answers like axios (`data` parsed from JSON, `status`,
 * lower-case `headers`) and rejects non-2xx answers and network failures with
 * {@link SpApiHttpError}. Keeping axios, the SDK's axios factory and its auth package out of
 * the functions keeps their bundles small (lib/bundling.ts).
 */

export interface SpApiHttpRequest {
  url?: string;
  method?: string;
  headers?: Record<string, unknown>;
  /** The generated classes pass JSON already serialised; other values are serialised here. */
  data?: unknown;
}

export interface SpApiHttpResponse<T = unknown> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

export interface SpApiHttp {
  defaults: { baseURL?: string };
  request<T = unknown>(request: SpApiHttpRequest): Promise<SpApiHttpResponse<T>>;
}

/** A request Amazon answered with a non-2xx status (`response` set) or did not answer. */
export class SpApiHttpError extends Error {
  constructor(
    message: string,
    readonly response?: SpApiHttpResponse,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'SpApiHttpError';
  }
}

export interface SpApiHttpOptions {
  /** Called before every request; whatever it throws is passed on unchanged. */
  accessToken: () => Promise<string>;
  userAgent?: string;
  fetch?: typeof fetch;
}

/** Sent when the caller names none; Amazon asks for an application name in the User-Agent. */
export const DEFAULT_USER_AGENT = 'RimborsiFBA (Language=JavaScript; Platform=Node.js)';

/** "fba (inbound) error: …": the API's first two path segments, as the SDK worded its errors. */
function apiPrefix(url: string): string {
  const [name, version] = new URL(url).pathname.split('/').slice(1);
  return `${name} (${version})`;
}

function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createSpApiHttp(options: SpApiHttpOptions): SpApiHttp {
  const send = options.fetch ?? fetch;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  return {
    defaults: {},
    async request<T>(request: SpApiHttpRequest): Promise<SpApiHttpResponse<T>> {
      const url = request.url ?? '';
      const token = await options.accessToken();
      const headers: Record<string, string> = {
        accept: 'application/json, text/plain, */*',
        'user-agent': userAgent,
      };
      for (const [name, value] of Object.entries(request.headers ?? {})) {
        if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
      }
      headers['x-amz-access-token'] = token;
      let body: string | undefined;
      if (request.data !== undefined && request.data !== '') {
        body = typeof request.data === 'string' ? request.data : JSON.stringify(request.data);
        headers['content-type'] ??= 'application/json';
      }
      let answer: Response;
      let text: string;
      try {
        answer = await send(url, {
          method: (request.method ?? 'GET').toUpperCase(),
          headers,
          body,
        });
        text = await answer.text();
      } catch (error) {
        throw new SpApiHttpError(`${apiPrefix(url)} error: No response`, undefined, {
          cause: error,
        });
      }
      const response: SpApiHttpResponse<T> = {
        data: parseBody(text) as T,
        status: answer.status,
        headers: Object.fromEntries(answer.headers),
      };
      if (answer.status < 200 || answer.status >= 300) {
        throw new SpApiHttpError(
          `${apiPrefix(url)} error: Response code ${answer.status}`,
          response as SpApiHttpResponse,
        );
      }
      return response;
    },
  };
}
