import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { consumeMagicLink } from '../adapters/dynamo/magic-links';
import { hashMagicLinkToken } from '../domain/account/magic-link';
import { cognitoTrigger } from '../shared/cognito-trigger';
import { logger } from '../shared/logger';

/**
 * Cognito verify-auth-challenge-response trigger: the answer is the token of the user's magic
 * link. It is right only if its hash matches the stored one and the link has not expired, and
 * checking spends the link (one conditional delete), so it signs in once.
 */
export const handler = cognitoTrigger<VerifyAuthChallengeResponseTriggerEvent>(async (event) => {
  const userId = event.request.userAttributes.sub;
  const answer = event.request.challengeAnswer;
  event.response.answerCorrect =
    !event.request.userNotFound &&
    typeof userId === 'string' &&
    typeof answer === 'string' &&
    answer.length > 0 &&
    answer.length <= 256 &&
    (await consumeMagicLink(userId, hashMagicLinkToken(answer), Date.now()));
  logger.info('Magic link checked', { answerCorrect: event.response.answerCorrect });
  return event;
});
