import type { ReportsApi } from '@sp-api-sdk/reports-api-2021-06-30';
import { systemClock, type Clock } from '../../domain/clock';
import { UpstreamFailure } from '../../domain/sync/spapi-port';
import type { CallStats } from '../../domain/sync/run';
import { backoffDelay, DEFAULT_RETRY_POLICY, isRetryableStatus, type RetryPolicy } from './backoff';
import { createSpApiHttp, SpApiHttpError, type SpApiHttp } from './http';
import { OperationLimiter } from './rate-limiter';
import type { SpApiOperation } from './usage-plans';

/**
 * The axios instance type the generated API classes declare (every `@sp-api-sdk` package
 * declares the same one); they use only `request()` and `defaults.baseURL` of it, which
 * {@link SpApiHttp} provides (see ./http.ts).
 */
export type SdkHttp = NonNullable<ConstructorParameters<typeof ReportsApi>[2]>;

export interface SpApiClientOptions {
  /** `https://sellingpartnerapi-eu.amazon.com` in AWS; the simulator's URL locally. */
  endpoint: string;
  accessToken: () => Promise<string>;
  /** Called when Amazon refuses the access token, so the next attempt gets a fresh one. */
  forgetAccessToken?: () => void;
  clock?: Clock;
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Share one limiter between clients of the same seller; by default each client has its own. */
  limiter?: OperationLimiter;
  /**
   * Epoch ms by which the caller must have its answer (an HTTP request's time limit). A wait
   * for Amazon's rate limit or a retry that would end past it fails at once as transient,
   * instead of sleeping past the caller's own limit. Without it, calls wait as long as needed.
   */
  deadline?: number;
}

interface SpApiErrorBody {
  errors?: { code?: string; message?: string }[];
}

interface ErrorDetails {
  status: number | undefined;
  headers: Record<string, unknown>;
  code: string | undefined;
  message: string;
}

function errorDetails(error: unknown): ErrorDetails {
  if (error instanceof SpApiHttpError) {
    const body = error.response?.data as SpApiErrorBody | undefined;
    const first = body?.errors?.[0];
    return {
      status: error.response?.status,
      headers: (error.response?.headers ?? {}) as Record<string, unknown>,
      code: first?.code,
      message: first?.message ?? error.message,
    };
  }
  return {
    status: undefined,
    headers: {},
    code: undefined,
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Amazon's answer as the domain reads it: worth retrying later, refused access, or final. */
function failure(operation: SpApiOperation, details: ErrorDetails): UpstreamFailure {
  const { status } = details;
  const message = `${operation}: ${details.message}`;
  if (status === undefined) return new UpstreamFailure('transient', 'network', message);
  if (status === 429 || status >= 500) {
    return new UpstreamFailure('transient', details.code ?? `http_${status}`, message, status);
  }
  if (status === 401 || status === 403) {
    return new UpstreamFailure('forbidden', details.code ?? 'Unauthorized', message, status);
  }
  return new UpstreamFailure('permanent', details.code ?? `http_${status}`, message, status);
}

/**
 * What every SP-API client of one seller shares, whichever APIs it calls: one HTTP layer with
 * the seller's access token, through which every call
 * - is paced by a token bucket of its operation's documented rate and burst, following the rate
 *   Amazon reports in `x-amzn-RateLimit-Limit`;
 * - is retried on 429, 5xx and network failures with exponential backoff and full jitter, a
 *   bounded number of times, and once with a fresh access token when Amazon refuses the token;
 * - is counted (all calls, the throttled ones, the retries);
 * - fails with an {@link UpstreamFailure} the domain understands.
 * The API clients build their typed SDK classes on it: the Reports client (./reports-client.ts)
 * and, on top of that, the full client (./client.ts).
 */
export class SpApiClientBase {
  /**
   * Ours (./http.ts), also typed as the axios instance the generated API classes take: of it
   * they use only `request()` and `defaults.baseURL`, which it has.
   */
  protected readonly http: SpApiHttp & SdkHttp;
  /** The endpoint without a trailing slash. */
  protected readonly base: string;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly retry: RetryPolicy;
  private readonly limiter: OperationLimiter;
  private readonly stats: CallStats = { total: 0, throttled: 0, retried: 0 };

  constructor(private readonly options: SpApiClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.limiter = options.limiter ?? new OperationLimiter(this.clock);
    // Access tokens come from our Login-with-Amazon client (configurable token URL, one cache
    // per process, injectable clock); retries are the loop below (jitter, 5xx), not the SDK's.
    this.http = createSpApiHttp({ accessToken: options.accessToken }) as SpApiHttp & SdkHttp;
    this.base = options.endpoint.replace(/\/+$/, '');
  }

  callStats(): CallStats {
    return { ...this.stats };
  }

  /** True when waiting `ms` from now would end after the caller's deadline. */
  private pastDeadline(ms: number): boolean {
    const { deadline } = this.options;
    return deadline !== undefined && ms > 0 && this.clock.now() + ms > deadline;
  }

  protected async call<T>(
    operation: SpApiOperation,
    send: () => Promise<{ data: T; headers: unknown }>,
  ): Promise<T> {
    let tokenRenewed = false;
    for (let retry = 0; ; retry += 1) {
      const wait = this.limiter.waitMs(operation);
      if (this.pastDeadline(wait)) {
        throw new UpstreamFailure(
          'transient',
          'QuotaExceeded',
          `${operation}: Amazon's rate limit allows the next request in ${wait} ms, after the caller's deadline`,
          429,
        );
      }
      await this.limiter.acquire(operation);
      this.stats.total += 1;
      try {
        const response = await send();
        const headers = (response.headers ?? {}) as Record<string, unknown>;
        this.limiter.observe(operation, headers['x-amzn-ratelimit-limit']);
        return response.data;
      } catch (error) {
        // The token step failed before any request went out (a revoked or refused refresh
        // token): that verdict is final, and retrying would only repeat it.
        if (error instanceof UpstreamFailure && error.kind !== 'transient') throw error;
        const details = errorDetails(error);
        this.limiter.observe(operation, details.headers['x-amzn-ratelimit-limit']);
        if (details.status === 429) {
          this.stats.throttled += 1;
          this.limiter.throttled(operation);
        }
        // An access token Amazon no longer accepts (expired early, rotated): one fresh try.
        if (details.status === 403 && !tokenRenewed && this.options.forgetAccessToken) {
          tokenRenewed = true;
          this.options.forgetAccessToken();
          this.stats.retried += 1;
          continue;
        }
        if (!isRetryableStatus(details.status)) throw failure(operation, details);
        if (retry >= this.retry.maxRetries) throw failure(operation, details);
        const delayMs = backoffDelay(retry, this.retry, this.random);
        if (this.pastDeadline(delayMs)) throw failure(operation, details);
        this.stats.retried += 1;
        await this.clock.sleep(delayMs);
      }
    }
  }
}
