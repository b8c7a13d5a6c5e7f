/** Connection statuses (spec 4.6). */
export const CONNECTION_STATUSES = ['connected', 'disconnected', 'error', 'revoked'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * A seller's marketplace connection as the app may show it (spec section 3,
 * spapi_connections). The refresh token is deliberately not part of it: only the sync reads
 * it, through its own narrow port, so no read that feeds an API response can leak it.
 */
export interface Connection {
  id: string;
  userId: string;
  marketplaceId: string;
  storeName: string;
  countryCode: string;
  sellerId: string;
  status: ConnectionStatus;
  accessGrantedAt: string | null;
  activeMarketplaces: string[];
  lastError: string | null;
  /** The roles the seller granted when linking (grant.ts); null when linked before they were recorded. */
  grantedRoles: string[] | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Encrypts sellers' refresh tokens before they are stored. The context (the user id) is bound
 * into the ciphertext, so a token copied onto another user's item does not decrypt.
 */
export interface TokenCipher {
  encrypt(plaintext: string, context: { userId: string }): Promise<string>;
  decrypt(ciphertext: string, context: { userId: string }): Promise<string>;
}
