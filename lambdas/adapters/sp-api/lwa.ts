import { createHash } from 'node:crypto';
import { systemClock, type Clock } from '../../domain/clock';
import { UpstreamFailure } from '../../domain/sync/spapi-port';
import { backoffDelay, DEFAULT_RETRY_POLICY, isRetryableStatus, type RetryPolicy } from './backoff';

/** The app's Login-with-Amazon client credentials. */
export interface LwaCredentials {
  clientId: string;
  clientSecret: string;
}

export interface LwaClientOptions {
  /** `https://api.amazon.com/auth/o2/token` in AWS; the simulator's `/auth/o2/token` locally. */
  tokenUrl: string;
  /** Read lazily (in AWS from Secrets Manager), once, and kept. */
  credentials: () => Promise<LwaCredentials>;
  clock?: Clock;
  random?: () => number;
  /** A token is renewed this long before it expires, so no call goes out with a dying one. */
  refreshMarginMs?: number;
  retry?: RetryPolicy;
  fetch?: typeof fetch;
}

interface CachedToken {
  accessToken: string;
  expiresAt: number;
}

interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

const tokenKey = (refreshToken: string) =>
  createHash('sha256').update(refreshToken).digest('base64url');

/**
 * Login with Amazon: the authorization-code exchange of the website workflow and access tokens
 * from refresh tokens. Access tokens are cached per seller (by a hash of the refresh token)
 * until shortly before they expire, and concurrent requests for the same seller share one
 * token request. Create one per process so the cache outlives an invocation.
 */
export class LwaClient {
  private readonly cache = new Map<string, CachedToken>();
  private readonly pending = new Map<string, Promise<string>>();
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly refreshMarginMs: number;
  private readonly retry: RetryPolicy;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: LwaClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.refreshMarginMs = options.refreshMarginMs ?? 5 * 60_000;
    this.retry = options.retry ?? { ...DEFAULT_RETRY_POLICY, maxRetries: 3 };
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /**
   * Redeems the `spapi_oauth_code` Amazon put on the consent redirect (valid five minutes,
   * single use) for the seller's refresh token. The access token that comes with it is cached.
   */
  async exchangeAuthorizationCode(
    code: string,
    redirectUri?: string,
  ): Promise<{ refreshToken: string; accessToken: string; expiresAt: number }> {
    const body = await this.request(
      {
        grant_type: 'authorization_code',
        code,
        ...(redirectUri ? { redirect_uri: redirectUri } : {}),
      },
      'invalid_code',
    );
    if (!body.refresh_token || !body.access_token) {
      throw new UpstreamFailure('permanent', 'lwa_response', 'LWA returned no refresh token');
    }
    const expiresAt = this.expiryOf(body);
    this.cache.set(tokenKey(body.refresh_token), { accessToken: body.access_token, expiresAt });
    return { refreshToken: body.refresh_token, accessToken: body.access_token, expiresAt };
  }

  /** A live access token for the seller of this refresh token. */
  async accessToken(refreshToken: string): Promise<string> {
    const key = tokenKey(refreshToken);
    const cached = this.cache.get(key);
    if (cached && this.clock.now() < cached.expiresAt - this.refreshMarginMs) {
      return cached.accessToken;
    }
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const request = this.request(
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      'invalid_grant',
    )
      .then((body) => {
        if (!body.access_token) {
          throw new UpstreamFailure('permanent', 'lwa_response', 'LWA returned no access token');
        }
        this.cache.set(key, { accessToken: body.access_token, expiresAt: this.expiryOf(body) });
        return body.access_token;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  /** Drops a cached token Amazon refused, so the next call fetches a new one. */
  forget(refreshToken: string): void {
    this.cache.delete(tokenKey(refreshToken));
  }

  private expiryOf(body: TokenResponse): number {
    return this.clock.now() + (body.expires_in ?? 3600) * 1000;
  }

  /**
   * One form-encoded POST to the token endpoint, retried on 429, 5xx and network errors.
   * `invalid_grant` means different things per grant: a refresh token the seller revoked, or a
   * code that is expired or used.
   */
  private async request(
    fields: Record<string, string>,
    invalidGrantCode: 'invalid_grant' | 'invalid_code',
  ): Promise<TokenResponse> {
    const { clientId, clientSecret } = await this.options.credentials();
    const form = new URLSearchParams({
      ...fields,
      client_id: clientId,
      client_secret: clientSecret,
    });
    for (let retry = 0; ; retry += 1) {
      let status: number | undefined;
      let body: TokenResponse = {};
      try {
        const response = await this.fetch(this.options.tokenUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
          body: form,
        });
        status = response.status;
        body = (await response.json().catch(() => ({}))) as TokenResponse;
      } catch {
        status = undefined;
      }
      if (status !== undefined && status >= 200 && status < 300) return body;
      if (!isRetryableStatus(status)) {
        if (body.error === 'invalid_grant') {
          throw new UpstreamFailure(
            invalidGrantCode === 'invalid_grant' ? 'revoked' : 'permanent',
            invalidGrantCode,
            body.error_description ?? 'Login with Amazon refused the grant',
            status,
          );
        }
        throw new UpstreamFailure(
          'permanent',
          body.error ?? `lwa_${status}`,
          body.error_description ?? `Login with Amazon answered ${status}`,
          status,
        );
      }
      if (retry >= this.retry.maxRetries) {
        throw new UpstreamFailure(
          'transient',
          status === undefined ? 'network' : `lwa_${status}`,
          status === undefined
            ? 'Login with Amazon could not be reached'
            : `Login with Amazon answered ${status}`,
          status,
        );
      }
      await this.clock.sleep(backoffDelay(retry, this.retry, this.random));
    }
  }
}
