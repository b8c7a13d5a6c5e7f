import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { createProfileIfAbsent } from '../adapters/dynamo/profiles';
import { profileFromAttributes } from '../domain/account/profile';
import { cognitoTrigger } from '../shared/cognito-trigger';
import { logger } from '../shared/logger';

/**
 * Cognito post-confirmation trigger: a confirmed sign-up gets its profile, in demo mode. Runs
 * again harmlessly (Cognito retries triggers), and not at all for a confirmed password reset.
 */
export const handler = cognitoTrigger<PostConfirmationTriggerEvent>(async (event) => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const created = await createProfileIfAbsent(
    profileFromAttributes(event.request.userAttributes, new Date()),
  );
  logger.info('Profile for a confirmed account', { created });
  return event;
});
