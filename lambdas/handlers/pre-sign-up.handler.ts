import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { consumeCaptchaNonce } from '../adapters/dynamo/captcha-nonces';
import { captchaSecret } from '../adapters/secrets';
import { guardSignUp, SignUpRefused } from '../domain/account/sign-up-guard';
import { cognitoTrigger, TriggerRefusal } from '../shared/cognito-trigger';

/**
 * Cognito pre-sign-up trigger: the server side of the sign-up form's anti-bot rules. A refusal
 * reaches the browser as `UserLambdaValidationException` "PreSignUp failed with error <CODE>."
 * Accounts created by an administrator skip it: they never saw the form.
 */
export const handler = cognitoTrigger<PreSignUpTriggerEvent>(async (event) => {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  try {
    await guardSignUp(
      {
        validationData: event.request.validationData,
        userAttributes: event.request.userAttributes,
      },
      { captchaSecret: await captchaSecret(), now: Date.now(), consumeCaptchaNonce },
    );
  } catch (error) {
    if (error instanceof SignUpRefused) throw new TriggerRefusal(error.code);
    throw error;
  }
  return event;
});
