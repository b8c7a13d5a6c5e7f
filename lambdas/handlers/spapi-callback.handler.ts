import * as z from 'zod';
import { authorizationStates } from '../adapters/dynamo/authorization-states';
import { setProfileMode } from '../adapters/dynamo/profiles';
import { consentSettingsFromEnv } from '../adapters/spapi-consent';
import { connectionWriter, syncDependencies } from '../wiring/sync-dependencies';
import { systemClock } from '../domain/clock';
import { connectionView } from '../domain/connection/view';
import { LinkRefused, linkSellerAccount } from '../domain/connection/seller-link';
import { isWellFormedState, StateRefused } from '../domain/connection/spapi-authorization';
import { ConflictError, UnprocessableError, ValidationError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { logger } from '../shared/logger';
import { message } from '../shared/messages';

const settings = consentSettingsFromEnv();
const deps = syncDependencies();

const body = z.object({
  state: z.string().max(100),
  spapi_oauth_code: z.string().min(1).max(2000),
  selling_partner_id: z.string().min(1).max(100),
});

/**
 * `POST /api/spapi-callback` (spec 4.6): the wizard forwards Amazon's consent redirect. The state
 * must be the caller's, unused and unexpired (it is consumed here, once); then the code is
 * redeemed on the server, the marketplace checked against the seller's participations and the
 * connection saved with the token encrypted, and the profile goes live. Any refusal writes
 * nothing but the consumed state.
 */
export const handler = httpHandler({ body }, async ({ userId, body, language }) => {
  const user = userId;
  if (!isWellFormedState(body.state)) {
    throw new ValidationError(message('stateInvalid', language), { reason: 'state_invalid' });
  }
  let pending;
  try {
    pending = await authorizationStates.consume(body.state, user, systemClock.now());
  } catch (error) {
    if (!(error instanceof StateRefused)) throw error;
    const key = error.reason === 'state_expired' ? 'stateExpired' : 'stateInvalid';
    throw new ConflictError(message(key, language), { reason: error.reason });
  }
  let connection;
  try {
    connection = await linkSellerAccount(
      {
        userId: user,
        code: body.spapi_oauth_code,
        sellerId: body.selling_partner_id,
        countryCode: pending.countryCode,
        redirectUri: settings.redirectUri,
      },
      {
        authorization: deps.sellerApis().authorization,
        connections: connectionWriter,
        cipher: deps.cipher(),
        clock: systemClock,
      },
    );
  } catch (error) {
    if (error instanceof LinkRefused) {
      throw new UnprocessableError(message('marketplaceNotParticipating', language), {
        reason: 'marketplace_not_participating',
      });
    }
    // The code or the token exchange failed upstream; the cause stays in the log, not the reply.
    logger.warn('Authorization code exchange failed', { error: (error as Error).message });
    throw new UnprocessableError(message('authorizationFailed', language), {
      reason: 'authorization_failed',
    });
  }
  await setProfileMode(user, 'live');
  return { ok: true, connection: connectionView(connection) };
});
