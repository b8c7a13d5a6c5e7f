import * as z from 'zod';
import { startPasswordReset } from '../adapters/cognito';
import { claimSendSlot } from '../adapters/dynamo/last-sends';
import { requestPasswordReset } from '../domain/account/requests';
import { LANGUAGES } from '../domain/language';
import { httpHandler } from '../shared/http';

const body = z.object({
  email: z.string().default(''),
  language: z.enum(LANGUAGES).optional().catch(undefined),
});

/**
 * `POST /api/send-new-password` (spec 7.5): emails a password-reset link, at most once a
 * minute per address; unknown addresses get the same answer and no email.
 */
export const handler = httpHandler({ public: true, body }, async ({ body, language }) => {
  await requestPasswordReset(
    { email: body.email, language: body.language ?? language },
    { limiter: { claim: claimSendSlot }, now: Date.now(), startReset: startPasswordReset },
  );
  return { ok: true };
});
