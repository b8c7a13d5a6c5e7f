import type Lambda from 'aws-sdk/clients/lambda';
import {
  InvalidLambdaResponseError,
  UnexpectedLambdaExceptionError,
  UnsupportedError,
  UserLambdaValidationError,
} from 'cognito-local/lib/errors';
import type { Context } from 'cognito-local/lib/services/context';
import {
  type FunctionConfig,
  type Lambda as TriggerLambda,
  LambdaService,
} from 'cognito-local/lib/services/lambda';
import type { Triggers } from 'cognito-local/lib/services/triggers';
import { attributesToRecord } from 'cognito-local/lib/services/userPoolService';

/** The trigger names of the user pool's LambdaConfig, and the functions that serve them. */
export type TriggerFunctions = Record<string, string>;

/**
 * cognito-local's trigger invoker, with the one difference from Cognito that the browser can
 * see fixed: Cognito names the trigger in a refusal ("PreSignUp failed with error HONEYPOT."),
 * cognito-local named the function ("pre-sign-up failed with error ...").
 */
export class CognitoLikeLambda extends LambdaService {
  constructor(
    private readonly functions: TriggerFunctions,
    lambdaClient: Lambda,
  ) {
    super(functions as FunctionConfig, lambdaClient);
  }

  override async invoke(
    ...args: Parameters<LambdaService['invoke']>
  ): ReturnType<LambdaService['invoke']> {
    try {
      return await super.invoke(...args);
    } catch (error) {
      throw renamed(error, args[1], this.functions[args[1]]);
    }
  }
}

function renamed(error: unknown, trigger: string, functionName: string | undefined): unknown {
  if (error instanceof UserLambdaValidationError && functionName) {
    error.message = error.message.replace(
      `${functionName} failed with error`,
      `${trigger} failed with error`,
    );
  }
  return error;
}

/**
 * Invokes a trigger cognito-local has no support for (the custom-auth ones) through the same
 * Lambda Invoke API, with Cognito's error semantics, and answers its `response`.
 */
export async function invokeTrigger<R>(
  ctx: Context,
  lambda: Lambda,
  functions: TriggerFunctions,
  trigger: string,
  event: object,
): Promise<R> {
  const functionName = functions[trigger];
  if (!functionName) throw new UnsupportedError(`${trigger} trigger not configured`);
  let result: Lambda.InvocationResponse;
  try {
    result = await lambda
      .invoke({
        FunctionName: functionName,
        InvocationType: 'RequestResponse',
        Payload: JSON.stringify(event),
      })
      .promise();
  } catch (error) {
    ctx.logger.error({ error: (error as Error).message }, `Invoking ${trigger} failed`);
    throw new UnexpectedLambdaExceptionError();
  }
  const payload = JSON.parse(String(result.Payload ?? 'null')) as {
    response?: R;
    errorMessage?: string;
  } | null;
  if (result.FunctionError) {
    throw new UserLambdaValidationError(
      payload?.errorMessage
        ? `${trigger} failed with error ${payload.errorMessage}.`
        : result.FunctionError,
    );
  }
  if (!payload?.response) throw new InvalidLambdaResponseError();
  return payload.response;
}

/** Where Cognito puts the code and the user name in the message the trigger wrote. */
const CODE_PLACEHOLDER = '{####}';
const USERNAME_PLACEHOLDER = '{username}';

/**
 * Cognito sends nothing and fails the request (ForgotPassword, ResendConfirmationCode...) when
 * the CustomMessage trigger fails, which is how the daily cap per address stops an email;
 * cognito-local logs the failure and sends its default text. This runs the trigger without that
 * fallback, so a refusal reaches the caller as in Cognito.
 */
export function customMessageFailsLikeCognito(triggers: Triggers, lambda: TriggerLambda): Triggers {
  return {
    // The other triggers as they are (`enabled` is a method of cognito-local's service).
    ...triggers,
    enabled: (trigger) => triggers.enabled(trigger),
    customMessage: async (ctx, params) => {
      const written = await lambda.invoke(ctx, 'CustomMessage', {
        clientId: params.clientId,
        clientMetadata: params.clientMetadata,
        codeParameter: CODE_PLACEHOLDER,
        triggerSource: params.source,
        userAttributes: attributesToRecord(params.userAttributes),
        username: params.username,
        usernameParameter: USERNAME_PLACEHOLDER,
        userPoolId: params.userPoolId,
      });
      const fill = (text: string | null | undefined) =>
        text
          ? text
              .replaceAll(CODE_PLACEHOLDER, params.code)
              .replaceAll(USERNAME_PLACEHOLDER, params.username)
          : null;
      return {
        emailMessage: fill(written.emailMessage),
        emailSubject: written.emailSubject,
        smsMessage: fill(written.smsMessage),
      };
    },
  };
}
