import { systemClock, type Clock } from '../../domain/clock';
import type { SellerAuthorizationPort } from '../../domain/connection/seller-link';
import type { RetryPolicy } from './backoff';
import { SpApiClient } from './client';
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
 * Everything that talks to Amazon for sellers, built once per process: one LWA client (so its
 * token cache outlives an invocation) and SP-API clients per seller on top of it.
 */
export function createSellerApis(config: SellerApisConfig) {
  const clock = config.clock ?? systemClock;
  const lwa = new LwaClient({
    tokenUrl: config.tokenUrl,
    credentials: config.credentials,
    clock,
    ...(config.random ? { random: config.random } : {}),
  });

  const forSeller = (refreshToken: string): SpApiClient =>
    new SpApiClient({
      endpoint: config.endpoint,
      accessToken: () => lwa.accessToken(refreshToken),
      forgetAccessToken: () => lwa.forget(refreshToken),
      clock,
      ...(config.random ? { random: config.random } : {}),
      ...(config.retry ? { retry: config.retry } : {}),
    });

  const authorization: SellerAuthorizationPort = {
    exchangeAuthorizationCode: (code, redirectUri) =>
      lwa.exchangeAuthorizationCode(code, redirectUri),
    marketplaceParticipations: (refreshToken) =>
      forSeller(refreshToken).getMarketplaceParticipations(),
  };

  return { lwa, forSeller, authorization };
}

export type SellerApis = ReturnType<typeof createSellerApis>;
