import type { SellerAuthorizationPort } from '../../domain/connection/seller-link';
import { SpApiClient } from './client';
import { sellerClients, type SellerApisConfig } from './seller-clients';

export type { SellerApisConfig } from './seller-clients';

/**
 * Everything that talks to Amazon for sellers, built once per process: one LWA client (so its
 * token cache outlives an invocation) and SP-API clients per seller on top of it.
 */
export function createSellerApis(config: SellerApisConfig) {
  const clients = sellerClients(config, SpApiClient);
  const authorization: SellerAuthorizationPort = {
    exchangeAuthorizationCode: (code, redirectUri) =>
      clients.lwa.exchangeAuthorizationCode(code, redirectUri),
    marketplaceParticipations: (refreshToken) =>
      clients.forSeller(refreshToken).getMarketplaceParticipations(),
  };
  return { ...clients, authorization };
}

export type SellerApis = ReturnType<typeof createSellerApis>;
