import * as z from 'zod';
import { resendConfirmationCode } from '../adapters/cognito';
import { claimSendSlot } from '../adapters/dynamo/last-sends';
import { requestConfirmationResend } from '../domain/account/requests';
import { LANGUAGES } from '../domain/language';
import { httpHandler } from '../shared/http';

const body = z.object({
  email: z.string().default(''),
  // An unknown language is ignored rather than refused: the email then follows the account's.
  language: z.enum(LANGUAGES).optional().catch(undefined),
});

/**
 * `POST /api/send-bilingual-confirmation` (spec 7.5): sends the sign-up confirmation again, at
 * most once a minute per address. The answer is the same for unknown addresses.
 */
export const handler = httpHandler({ public: true, body }, async ({ body }) => {
  await requestConfirmationResend(body, {
    limiter: { claim: claimSendSlot },
    now: Date.now(),
    resend: resendConfirmationCode,
  });
  return { ok: true };
});
