import { MARKETPLACES } from './marketplaces';
import type { OperationRequest, OperationResult, OperationRoute } from './operation';

function getMarketplaceParticipations({ scenario }: OperationRequest): OperationResult {
  const payload = scenario.seller.marketplaceIds.flatMap((id) => {
    const marketplace = MARKETPLACES.get(id);
    return marketplace
      ? [
          {
            marketplace: { ...marketplace },
            participation: { isParticipating: true, hasSuspendedListings: false },
            storeName: scenario.seller.storeName,
          },
        ]
      : [];
  });
  return { status: 200, body: { payload } };
}

/** Sellers v1: getMarketplaceParticipations. */
export const sellersRoutes: OperationRoute[] = [
  {
    operation: 'getMarketplaceParticipations',
    method: 'GET',
    path: /^\/sellers\/v1\/marketplaceParticipations$/,
    handle: getMarketplaceParticipations,
  },
];
