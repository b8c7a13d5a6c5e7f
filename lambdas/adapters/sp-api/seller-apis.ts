import type { SellerAuthorizationPort } from '../../domain/connection/seller-link';
import { systemClock } from '../../domain/clock';
import { SpApiClient } from './client';
import { sellerClients, type SellerApisConfig } from './seller-clients';

export type { SellerApisConfig } from './seller-clients';

/** What linking may spend waiting on Amazon, inside API Gateway's 29 s for the callback. */
const LINK_WAIT_MS = 20_000;

/**
 * Everything that talks to Amazon for sellers, built once per process: one LWA client (so its
 * token cache outlives an invocation) and SP-API clients per seller on top of it.
 */
export function createSellerApis(config: SellerApisConfig) {
  const clients = sellerClients(config, SpApiClient);
  const authorization: SellerAuthorizationPort = {
    exchangeAuthorizationCode: (code, redirectUri) =>
      clients.lwa.exchangeAuthorizationCode(code, redirectUri),
    // The callback is a seller's request: a throttle it cannot wait out fails it in time.
    marketplaceParticipations: (refreshToken) =>
      clients
        .forSeller(refreshToken, { deadline: (config.clock ?? systemClock).now() + LINK_WAIT_MS })
        .getMarketplaceParticipations(),
  };
  return { ...clients, authorization };
}

export type SellerApis = ReturnType<typeof createSellerApis>;
