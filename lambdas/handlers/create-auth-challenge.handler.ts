import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { MAGIC_LINK_CHALLENGE } from '../domain/account/magic-link';
import { cognitoTrigger } from '../shared/cognito-trigger';

/**
 * Cognito create-auth-challenge trigger. The secret of a magic link was made and emailed when
 * the link was requested (`/api/magic-link`), so the challenge itself only names its kind;
 * nothing private goes into it.
 */
export const handler = cognitoTrigger<CreateAuthChallengeTriggerEvent>(async (event) => {
  event.response.publicChallengeParameters = { method: MAGIC_LINK_CHALLENGE };
  event.response.privateChallengeParameters = {};
  event.response.challengeMetadata = MAGIC_LINK_CHALLENGE;
  return event;
});
