import { authorizationStates } from '../adapters/dynamo/authorization-states';
import { setProfileMode } from '../adapters/dynamo/profiles';
import { consentSettingsFromEnv } from '../adapters/spapi-consent';
import { connectionWriter, syncDependencies } from '../wiring/sync-dependencies';
import { systemClock } from '../domain/clock';
import { connectSellerAccount } from '../domain/connection/connect-seller';
import { spapiCallbackRequestSchema } from '../domain/connection/contract';
import { connectionView } from '../domain/connection/view';
import { httpHandler } from '../shared/http';

const settings = consentSettingsFromEnv();
const deps = syncDependencies();

const body = spapiCallbackRequestSchema;

/**
 * `POST /api/spapi-callback` (spec 4.6): the wizard forwards Amazon's consent redirect; the
 * caller's state is consumed, the code redeemed on the server and the connection saved
 * (`connectSellerAccount`). Answers the connection as the wizard shows it.
 */
export const handler = httpHandler({ body }, async ({ userId, body }) => {
  const connection = await connectSellerAccount(
    {
      userId,
      state: body.state,
      code: body.spapi_oauth_code,
      sellerId: body.selling_partner_id,
      redirectUri: settings.redirectUri,
    },
    {
      states: authorizationStates,
      authorization: deps.sellerApis().authorization,
      connections: connectionWriter,
      cipher: deps.cipher(),
      clock: systemClock,
      goLive: (user) => setProfileMode(user, 'live'),
    },
  );
  return { ok: true, connection: connectionView(connection) };
});
