import { APP_URL } from '../adapters/app-url';
import { findUser } from '../adapters/cognito';
import { claimSendSlot } from '../adapters/dynamo/last-sends';
import { saveMagicLink } from '../adapters/dynamo/magic-links';
import { sendMail } from '../adapters/mail';
import { magicLinkRequestSchema, type OkResponse } from '../domain/account/contract';
import { requestMagicLink } from '../domain/account/requests';
import { httpHandler } from '../shared/http';
import { logger } from '../shared/logger';

/**
 * `POST /api/magic-link`: emails a single-use sign-in link valid 15 minutes to a confirmed
 * account. Always `{ ok: true }`, whether or not the address has an account.
 */
export const handler = httpHandler(
  { public: true, body: magicLinkRequestSchema },
  async ({ body }): Promise<OkResponse> => {
    const sent = await requestMagicLink(
      { email: body.email, redirectTo: body.redirectTo, language: body.language },
      {
        limiter: { claim: claimSendSlot },
        now: Date.now(),
        appUrl: APP_URL,
        findUser,
        saveMagicLink,
        sendMail,
      },
    );
    logger.info('Magic link requested', { sent });
    return { ok: true };
  },
);
