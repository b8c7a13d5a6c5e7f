import { systemClock, type Clock } from '../../domain/clock';
import type { RetryPolicy } from './backoff';
import type { SpApiClientOptions } from './client-base';
import { LwaClient, type LwaCredentials } from './lwa';

export interface SellerApisConfig {
  endpoint: string;
  tokenUrl: string;
  credentials: () => Promise<LwaCredentials>;
  clock?: Clock;
  random?: () => number;
  retry?: Partial<RetryPolicy>;
}

/**
 * One LWA client per process (so its token cache outlives an invocation) and, on top of it, a
 * seller's SP-API client of class `Client` for the seller's refresh token: the full client
 * (./seller-apis.ts) or only the Reports one (./seller-reports.ts).
 */
export function sellerClients<Client>(
  config: SellerApisConfig,
  Client: new (options: SpApiClientOptions) => Client,
): {
  lwa: LwaClient;
  forSeller: (refreshToken: string, options?: { deadline?: number }) => Client;
} {
  const clock = config.clock ?? systemClock;
  const lwa = new LwaClient({
    tokenUrl: config.tokenUrl,
    credentials: config.credentials,
    clock,
    ...(config.random ? { random: config.random } : {}),
  });
  const forSeller = (refreshToken: string, options: { deadline?: number } = {}): Client =>
    new Client({
      endpoint: config.endpoint,
      accessToken: () => lwa.accessToken(refreshToken),
      forgetAccessToken: () => lwa.forget(refreshToken),
      clock,
      ...(config.random ? { random: config.random } : {}),
      ...(config.retry ? { retry: config.retry } : {}),
      ...(options.deadline !== undefined ? { deadline: options.deadline } : {}),
    });
  return { lwa, forSeller };
}
