import type { Connection } from './connection';
import { grantView } from './grant';

/** What the browser sees of a connection (spec 3, spapi_connections): never the token. */
export function connectionView(connection: Connection) {
  return {
    id: connection.id,
    marketplace_id: connection.marketplaceId,
    store_name: connection.storeName,
    country_code: connection.countryCode,
    seller_id: connection.sellerId,
    status: connection.status,
    access_granted_at: connection.accessGrantedAt,
    active_marketplaces: connection.activeMarketplaces,
    last_error: connection.lastError,
    /** What the grant covers and whether the seller must authorize again: decided here. */
    grant: grantView(connection.grantedRoles),
    created_at: connection.createdAt,
    updated_at: connection.updatedAt,
  };
}

export type ConnectionView = ReturnType<typeof connectionView>;
