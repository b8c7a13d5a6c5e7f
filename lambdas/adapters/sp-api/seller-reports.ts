import { SpApiReportsClient } from './reports-client';
import { sellerClients, type SellerApisConfig } from './seller-clients';

/**
 * The Reports API for sellers, built once per process like the full clients (./seller-apis.ts)
 * (one LWA client, the same pacing, retries and error mapping) without the other APIs: what
 * the feedback report functions bundle.
 */
export function createSellerReports(config: SellerApisConfig) {
  return sellerClients(config, SpApiReportsClient);
}

export type SellerReports = ReturnType<typeof createSellerReports>;
