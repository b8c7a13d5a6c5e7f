import { getConnection } from '../adapters/dynamo/connections';
import type { ConnectionResponse } from '../domain/connection/contract';
import { connectionView } from '../domain/connection/view';
import { httpHandler } from '../shared/http';

/**
 * `GET /api/connection`: the caller's connection without its token, or null; the dashboard
 * shows the revoked and error alerts from its status and last_error (spec 2.6).
 */
export const handler = httpHandler({}, async ({ userId }): Promise<ConnectionResponse> => {
  const connection = await getConnection(userId);
  return { connection: connection ? connectionView(connection) : null };
});
