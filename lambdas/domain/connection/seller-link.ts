import type { Clock } from '../clock';
import type { Connection, TokenCipher } from './connection';
import { DomainError } from '../errors';
import { APP_ROLES } from './grant';
import { marketplaceIdForCountry, sameCountry } from '../marketplaces';
import type { MarketplaceParticipation } from '../sync/spapi-port';

/** Login with Amazon and the Sellers API, as linking an account needs them. */
export interface SellerAuthorizationPort {
  /** Redeems the `spapi_oauth_code` of the consent redirect for the seller's refresh token. */
  exchangeAuthorizationCode(code: string, redirectUri?: string): Promise<{ refreshToken: string }>;
  marketplaceParticipations(refreshToken: string): Promise<MarketplaceParticipation[]>;
}

/** Saves a connection in the connected state (spec 4.6, create), upserting per user. */
export interface ConnectionWriter {
  saveConnected(input: {
    userId: string;
    sellerId: string;
    storeName: string;
    countryCode: string;
    marketplaceId: string;
    encryptedRefreshToken: string;
    /** The roles the consent asked for, recorded as granted. */
    grantedRoles: readonly string[];
    now: number;
  }): Promise<Connection>;
}

export type LinkRefusal = 'unknown_marketplace' | 'marketplace_not_participating';

/** Either way the seller reads that the account does not sell in the chosen marketplace. */
export class LinkRefused extends DomainError {
  readonly kind = 'unprocessable';
  readonly messageKey = 'marketplaceNotParticipating';

  constructor(readonly reason: LinkRefusal) {
    super(reason, { details: { reason: 'marketplace_not_participating' } });
  }
}

/**
 * Links a seller account after Amazon's consent redirect: exchanges the code for a refresh
 * token on the server (the LWA secret never reaches a browser), checks with the Sellers API
 * that the seller takes part in the chosen marketplace, encrypts the token, and saves the
 * connection with the store name Amazon reports.
 *
 * @throws LinkRefused when the country is not one we serve or the seller does not sell there.
 */
export async function linkSellerAccount(
  input: {
    userId: string;
    code: string;
    sellerId: string;
    countryCode: string;
    redirectUri?: string;
  },
  deps: {
    authorization: SellerAuthorizationPort;
    connections: ConnectionWriter;
    cipher: TokenCipher;
    clock: Clock;
  },
): Promise<Connection> {
  const marketplaceId = marketplaceIdForCountry(input.countryCode);
  if (!marketplaceId) throw new LinkRefused('unknown_marketplace');
  const { refreshToken } = await deps.authorization.exchangeAuthorizationCode(
    input.code,
    input.redirectUri,
  );
  const participations = await deps.authorization.marketplaceParticipations(refreshToken);
  const participation = participations.find(
    (p) =>
      p.isParticipating &&
      (p.marketplaceId === marketplaceId || sameCountry(p.countryCode, input.countryCode)),
  );
  if (!participation) throw new LinkRefused('marketplace_not_participating');
  return deps.connections.saveConnected({
    userId: input.userId,
    sellerId: input.sellerId,
    storeName: participation.storeName,
    countryCode: input.countryCode,
    marketplaceId,
    encryptedRefreshToken: await deps.cipher.encrypt(refreshToken, { userId: input.userId }),
    grantedRoles: APP_ROLES,
    now: deps.clock.now(),
  });
}
