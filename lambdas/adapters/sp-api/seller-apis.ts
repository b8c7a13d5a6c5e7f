import type { SellerAuthorizationPort } from '../../domain/connection/seller-link';
import { SpApiClient } from './client';
import { sellerClients, type SellerApisConfig } from './seller-clients';

export type { SellerApisConfig } from './seller-clients';

/**
 * Everything that talks to Amazon for sellers, built once per process: one LWA client (so its
 * token cache outlives an invocation) and SP-API clients per seller on top of it.
 */
export function createSellerApis(config: SellerApisConfig) {
  const { lwa, forSeller } = sellerClients(config, (options) => new SpApiClient(options));

  const authorization: SellerAuthorizationPort = {
    exchangeAuthorizationCode: (code, redirectUri) =>
      lwa.exchangeAuthorizationCode(code, redirectUri),
    marketplaceParticipations: (refreshToken) =>
      forSeller(refreshToken).getMarketplaceParticipations(),
  };

  return { lwa, forSeller, authorization };
}

export type SellerApis = ReturnType<typeof createSellerApis>;
