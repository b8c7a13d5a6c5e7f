import { recordEmailOptOut } from '../adapters/dynamo/email-opt-outs';
import { unsubscribeSecret } from '../adapters/unsubscribe-secret';
import { type OkResponse, unsubscribeRequestSchema } from '../domain/account/contract';
import { validUnsubscribeToken } from '../domain/account/unsubscribe-token';
import { normalizeEmail } from '../domain/email-address';
import { ForbiddenError } from '../shared/errors';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

/**
 * `POST /api/unsubscribe`: stops product emails to an address, on the proof of the email's own
 * link (the token signs the address and the list). A request naming an address without its
 * token is refused with 403 and changes nothing. Service messages (claim deadlines, money
 * Amazon paid, account emails) still arrive.
 */
export const handler = httpHandler(
  { public: true, body: unsubscribeRequestSchema },
  async ({ body, language }): Promise<OkResponse> => {
    const email = normalizeEmail(body.email);
    if (!validUnsubscribeToken(await unsubscribeSecret(), email, 'product', body.token)) {
      throw new ForbiddenError(message('unsubscribeLinkInvalid', language));
    }
    await recordEmailOptOut(email, new Date().toISOString());
    return { ok: true };
  },
);
