import { type OkResponse, passwordChangedReportSchema } from '../domain/account/contract';
import { httpHandler } from '../shared/http';
import { logger } from '../shared/logger';
import { tellPasswordChanged } from '../wiring/password-notice';

/**
 * `POST /api/password-changed`: the change-password page reports a new password; the seller gets
 * one email per change the user pool recorded in the last minutes, and none otherwise.
 */
export const handler = httpHandler(
  { body: passwordChangedReportSchema },
  async ({ userId, language }): Promise<OkResponse> => {
    const sent = await tellPasswordChanged(userId, { language, reporter: 'page' });
    logger.info('Password change reported', { sent });
    return { ok: true };
  },
);
