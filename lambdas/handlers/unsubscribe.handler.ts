import * as z from 'zod';
import { recordEmailOptOut } from '../adapters/dynamo/email-opt-outs';
import { normalizeEmail } from '../domain/email-address';
import { httpHandler } from '../shared/http';

const body = z.object({ email: z.email().max(320) });

/**
 * `POST /api/unsubscribe`: stops product emails to an address. Token-less on purpose: the
 * worst a stranger can do is silence marketing mail, and service emails are unaffected.
 */
export const handler = httpHandler({ public: true, body }, async ({ body }) => {
  await recordEmailOptOut(normalizeEmail(body.email), new Date().toISOString());
  return { ok: true };
});
