import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { decideAuthChallenge } from '../domain/account/magic-link';
import { cognitoTrigger } from '../shared/cognito-trigger';

/**
 * Cognito define-auth-challenge trigger (custom authentication, used by magic links): one
 * custom challenge, tokens on a correct answer, failure otherwise.
 */
export const handler = cognitoTrigger<DefineAuthChallengeTriggerEvent>(async (event) => {
  const decision = decideAuthChallenge(
    event.request.session.map((step) => ({
      challengeName: step.challengeName,
      challengeResult: step.challengeResult,
      challengeMetadata: 'challengeMetadata' in step ? step.challengeMetadata : undefined,
    })),
    event.request.userNotFound === true,
  );
  event.response.issueTokens = decision.issueTokens;
  event.response.failAuthentication = decision.failAuthentication;
  if ('challengeName' in decision) event.response.challengeName = decision.challengeName;
  return event;
});
