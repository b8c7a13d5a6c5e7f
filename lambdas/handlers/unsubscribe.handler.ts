import { recordEmailOptOut } from '../adapters/dynamo/email-opt-outs';
import { type OkResponse, unsubscribeRequestSchema } from '../domain/account/contract';
import { normalizeEmail } from '../domain/email-address';
import { httpHandler } from '../shared/http';

/**
 * `POST /api/unsubscribe`: stops product emails to an address. Token-less on purpose: the
 * worst a stranger can do is silence marketing mail, and service emails are unaffected.
 */
export const handler = httpHandler(
  { public: true, body: unsubscribeRequestSchema },
  async ({ body }): Promise<OkResponse> => {
    await recordEmailOptOut(normalizeEmail(body.email), new Date().toISOString());
    return { ok: true };
  },
);
