import type { TokenCipher } from '../domain/connection/connection';
import { getEncryptedRefreshToken } from '../adapters/dynamo/connections';

/** `make()` on the first call, the same value after it. */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

/**
 * A seller's LWA refresh token, read from the seller's connection and decrypted with the
 * seller's id as context; undefined when the seller has none. Shared by the sync and the
 * feedback report, which both call Amazon on the seller's behalf.
 */
export function refreshTokenReader(
  cipher: () => TokenCipher,
): (userId: string) => Promise<string | undefined> {
  return async (userId) => {
    const encrypted = await getEncryptedRefreshToken(userId);
    return encrypted === undefined ? undefined : cipher().decrypt(encrypted, { userId });
  };
}
