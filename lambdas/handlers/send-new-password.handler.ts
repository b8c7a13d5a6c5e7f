import { startPasswordReset } from '../adapters/cognito';
import { claimSendSlot } from '../adapters/dynamo/last-sends';
import { type OkResponse, passwordResetRequestSchema } from '../domain/account/contract';
import { requestPasswordReset } from '../domain/account/requests';
import { httpHandler } from '../shared/http';

/**
 * `POST /api/send-new-password` (spec 7.5): emails a password-reset link, at most once a
 * minute per address; unknown addresses get the same answer and no email.
 */
export const handler = httpHandler(
  { public: true, body: passwordResetRequestSchema },
  async ({ body, language }): Promise<OkResponse> => {
    await requestPasswordReset(
      { email: body.email, language: body.language ?? language },
      { limiter: { claim: claimSendSlot }, now: Date.now(), startReset: startPasswordReset },
    );
    return { ok: true };
  },
);
