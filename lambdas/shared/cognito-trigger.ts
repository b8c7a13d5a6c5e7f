import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import { logger } from './logger';

/**
 * A refusal the user may see: Cognito puts the thrown message in "<Trigger> failed with error
 * <message>." and hands it to the browser, which maps the word to a localized sentence.
 */
export class TriggerRefusal extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'TriggerRefusal';
  }
}

/** What Cognito shows for any failure that is not a deliberate refusal. */
export const TRIGGER_INTERNAL_ERROR = 'INTERNAL_ERROR';

/**
 * Wraps a Cognito trigger in the same logging stack as the HTTP handlers. Every thrown
 * message reaches the browser through Cognito, so anything but a deliberate refusal is
 * logged here and replaced by a neutral code: no table names, ARNs or stack traces leave.
 */
export function cognitoTrigger<E extends { triggerSource: string }>(
  handler: (event: E) => Promise<E>,
) {
  const run = async (event: E, _context: Context): Promise<E> => {
    // The user pool's user name is the user id (sub) with email sign-in; masked if an address.
    const userName = (event as { userName?: unknown }).userName;
    logger.appendKeys({
      triggerSource: event.triggerSource,
      ...(typeof userName === 'string' ? { user_id: userName } : {}),
    });
    try {
      return await handler(event);
    } catch (error) {
      if (error instanceof TriggerRefusal) {
        logger.warn('Trigger refused the request', { code: error.code });
        throw new Error(error.code);
      }
      logger.error('Trigger failed', { error: error as Error });
      throw new Error(TRIGGER_INTERNAL_ERROR);
    }
  };
  return middy(run).use(injectLambdaContext(logger, { clearState: true }));
}
