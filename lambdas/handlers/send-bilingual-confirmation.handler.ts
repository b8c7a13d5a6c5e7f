import { resendConfirmationCode } from '../adapters/cognito';
import { claimSendSlot } from '../adapters/dynamo/last-sends';
import { confirmationResendRequestSchema, type OkResponse } from '../domain/account/contract';
import { requestConfirmationResend } from '../domain/account/requests';
import { httpHandler } from '../shared/http';

/**
 * `POST /api/send-bilingual-confirmation` (spec 7.5): sends the sign-up confirmation again, at
 * most once a minute per address. The answer is the same for unknown addresses.
 */
export const handler = httpHandler(
  { public: true, body: confirmationResendRequestSchema },
  async ({ body }): Promise<OkResponse> => {
    await requestConfirmationResend(body, {
      limiter: { claim: claimSendSlot },
      now: Date.now(),
      resend: resendConfirmationCode,
    });
    return { ok: true };
  },
);
