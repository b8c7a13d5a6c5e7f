import { disconnect, getConnection } from '../adapters/dynamo/connections';
import { setProfileMode } from '../adapters/dynamo/profiles';
import type { DisconnectResponse } from '../domain/connection/contract';
import { connectionView } from '../domain/connection/view';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

/**
 * `POST /api/connection/disconnect` (spec 4.6): status disconnected, token and marketplaces
 * cleared, mode back to demo. Repeating it is harmless.
 */
export const handler = httpHandler(
  {},
  async ({ userId, language }): Promise<DisconnectResponse> => {
    const user = userId;
    await disconnect(user);
    await setProfileMode(user, 'demo');
    const connection = await getConnection(user);
    return {
      ok: true,
      message: message('connectionDisconnected', language),
      connection: connection ? connectionView(connection) : null,
    };
  },
);
