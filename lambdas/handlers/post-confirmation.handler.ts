import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfileIfAbsent } from '../adapters/dynamo/profiles';
import { profileFromAttributes } from '../domain/account/profile';
import { cognitoTrigger } from '../shared/cognito-trigger';
import { logger } from '../shared/logger';
import { tellPasswordChanged } from '../wiring/password-notice';

/**
 * Cognito post-confirmation trigger: a confirmed sign-up gets its profile, in demo mode; a
 * completed password reset emails the seller (once per change). Runs again harmlessly (Cognito
 * retries triggers).
 */
export const handler = cognitoTrigger<PostConfirmationTriggerEvent>(async (event) => {
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') {
    const sent = await tellPasswordChanged(event.request.userAttributes.sub ?? event.userName, {
      reporter: 'reset',
    });
    logger.info('Password reset completed', { sent });
    return event;
  }
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const created = await createProfileIfAbsent(
    profileFromAttributes(event.request.userAttributes, new Date()),
  );
  logger.info('Profile for a confirmed account', { created });
  return event;
});
