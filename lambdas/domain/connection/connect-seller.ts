import type { Clock } from '../clock';
import type { Connection, TokenCipher } from './connection';
import { DomainError } from '../errors';
import {
  LinkRefused,
  linkSellerAccount,
  type ConnectionWriter,
  type SellerAuthorizationPort,
} from './seller-link';
import {
  isWellFormedState,
  StateRefused,
  type AuthorizationStateStore,
} from './spapi-authorization';

/**
 * Amazon did not redeem the consent code (expired, used, or the token exchange failed). The
 * cause stays in the internal message, which the log shows; the seller reads a plain message.
 */
export class AuthorizationFailed extends DomainError {
  readonly kind = 'unprocessable';
  readonly messageKey = 'authorizationFailed';

  constructor(cause: unknown) {
    super(`Authorization code exchange failed: ${(cause as Error)?.message ?? String(cause)}`, {
      details: { reason: 'authorization_failed' },
    });
  }
}

export interface ConnectSellerDeps {
  states: Pick<AuthorizationStateStore, 'consume'>;
  authorization: SellerAuthorizationPort;
  connections: ConnectionWriter;
  cipher: TokenCipher;
  clock: Clock;
  /** The profile leaves the demo once a real account is linked. */
  goLive(userId: string): Promise<void>;
}

/**
 * The end of the consent round trip (spec 4.6). The state must be well formed, the caller's,
 * unused and unexpired (it is consumed here, once); then the code is redeemed, the marketplace
 * checked against the seller's participations, the connection saved with the token encrypted,
 * and the profile goes live. Any refusal writes nothing but the consumed state.
 *
 * @throws StateRefused, LinkRefused or AuthorizationFailed.
 */
export async function connectSellerAccount(
  input: {
    userId: string;
    state: string;
    code: string;
    sellerId: string;
    redirectUri?: string;
  },
  deps: ConnectSellerDeps,
): Promise<Connection> {
  if (!isWellFormedState(input.state)) {
    throw new StateRefused('state_invalid', { malformed: true });
  }
  const pending = await deps.states.consume(input.state, input.userId, deps.clock.now());
  let connection: Connection;
  try {
    connection = await linkSellerAccount(
      {
        userId: input.userId,
        code: input.code,
        sellerId: input.sellerId,
        countryCode: pending.countryCode,
        redirectUri: input.redirectUri,
      },
      deps,
    );
  } catch (error) {
    if (error instanceof LinkRefused) throw error;
    throw new AuthorizationFailed(error);
  }
  await deps.goLive(input.userId);
  return connection;
}
