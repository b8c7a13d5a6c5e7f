import {
  InvalidParameterError,
  InvalidPasswordError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors';
import type { Route, Router } from 'cognito-local/lib/server/Router';
import type { Services } from 'cognito-local/lib/services';
import type { CognitoService } from 'cognito-local/lib/services/cognitoService';
import type { Context } from 'cognito-local/lib/services/context';
import type { Triggers } from 'cognito-local/lib/services/triggers';
import { attributeValue, type UserPoolService } from 'cognito-local/lib/services/userPoolService';

type StringMap = Record<string, string>;
type NameValue = { Name?: string; Value?: string }[];

/** Where a SignUp request's ValidationData waits for the pre-sign-up trigger (see below). */
const VALIDATION_DATA = Symbol('validationData');
type WithValidationData = Context & { [VALIDATION_DATA]?: StringMap };

function record(list: NameValue | undefined): StringMap | undefined {
  if (!list) return undefined;
  return Object.fromEntries(list.map((entry) => [entry.Name ?? '', entry.Value ?? '']));
}

/**
 * cognito-local's SignUp calls the pre-sign-up trigger with `validationData: undefined`; Cognito
 * passes the request's ValidationData (where the web app puts the captcha). The SignUp route
 * below leaves it on the request context, and this hands it to the trigger.
 */
export function passValidationData(triggers: Triggers): Triggers {
  return {
    enabled: (trigger) => triggers.enabled(trigger),
    customEmailSender: triggers.customEmailSender,
    customMessage: triggers.customMessage,
    postAuthentication: triggers.postAuthentication,
    postConfirmation: triggers.postConfirmation,
    preTokenGeneration: triggers.preTokenGeneration,
    userMigration: triggers.userMigration,
    preSignUp: (ctx, params) =>
      triggers.preSignUp(ctx, {
        ...params,
        validationData: params.validationData ?? (ctx as WithValidationData)[VALIDATION_DATA],
      }),
  };
}

/**
 * Sign-in is case-insensitive in the deployed pool (`signInCaseSensitive: false`), so
 * `Mario@Example.it` and `mario@example.it` are one account; cognito-local compares exactly.
 * This makes its user lookups match Cognito's.
 */
export function caseInsensitiveUsernames(cognito: CognitoService): CognitoService {
  const wrapPool = (pool: UserPoolService): UserPoolService =>
    new Proxy(pool, {
      get(target, property, receiver) {
        if (property === 'getUserByUsername') {
          return async (ctx: Context, username: string) => {
            const exact = await target.getUserByUsername(ctx, username);
            if (exact) return exact;
            const wanted = username.toLowerCase();
            const users = await target.listUsers(ctx);
            return (
              users.find(
                (user) =>
                  user.Username.toLowerCase() === wanted ||
                  attributeValue('email', user.Attributes)?.toLowerCase() === wanted,
              ) ?? null
            );
          };
        }
        const value = Reflect.get(target, property, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return new Proxy(cognito, {
    get(target, property, receiver) {
      if (property === 'getUserPool' || property === 'getUserPoolForClientId') {
        return async (ctx: Context, id: string) => wrapPool(await target[property](ctx, id));
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Cognito's password policy check, which cognito-local skips. */
async function assertPasswordPolicy(pool: UserPoolService, password: unknown): Promise<void> {
  if (typeof password !== 'string') return;
  const policy = pool.options.Policies?.PasswordPolicy;
  const minimum = policy?.MinimumLength ?? 8;
  if (password.length < minimum) {
    const error = new InvalidPasswordError();
    error.message = 'Password did not conform with policy: Password not long enough';
    throw error;
  }
}

/**
 * A wrong password or an unknown user is `NotAuthorizedException: Incorrect username or
 * password.` in Cognito (with user-existence errors prevented, as the web client has them);
 * cognito-local answers InvalidPasswordException or "User not authorized".
 */
async function asCognitoSignInError<T>(attempt: Promise<T>): Promise<T> {
  try {
    return await attempt;
  } catch (error) {
    if (
      error instanceof InvalidPasswordError ||
      (error instanceof NotAuthorizedError && error.message === 'User not authorized')
    ) {
      throw new NotAuthorizedError('Incorrect username or password.');
    }
    throw error;
  }
}

function clientIdOfAccessToken(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  try {
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { client_id?: unknown };
    return typeof payload.client_id === 'string' ? payload.client_id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The targets this stack adds to cognito-local's, or wraps: ResendConfirmationCode and
 * GetTokensFromRefreshToken and AdminUserGlobalSignOut (missing), the password policy (not enforced), SignUp's
 * ValidationData (not passed on), and the custom authentication flow (missing).
 */
export function extendRouter(
  base: Router,
  services: Services,
  customAuth: {
    initiate: (ctx: Context, req: never) => Promise<unknown>;
    respond: (ctx: Context, req: never) => Promise<unknown>;
  },
): Router {
  const poolOfClient = (ctx: Context, clientId: string) =>
    services.cognito.getUserPoolForClientId(ctx, clientId);

  const extra: Record<string, Route> = {
    SignUp: async (ctx, req) => {
      await assertPasswordPolicy(await poolOfClient(ctx, req.ClientId), req.Password);
      const withData: WithValidationData = {
        ...ctx,
        [VALIDATION_DATA]: record(req.ValidationData),
      };
      return base('SignUp')(withData, req);
    },
    ConfirmForgotPassword: async (ctx, req) => {
      await assertPasswordPolicy(await poolOfClient(ctx, req.ClientId), req.Password);
      return base('ConfirmForgotPassword')(ctx, req);
    },
    ChangePassword: async (ctx, req) => {
      const clientId = clientIdOfAccessToken(req.AccessToken);
      if (clientId) {
        await assertPasswordPolicy(await poolOfClient(ctx, clientId), req.ProposedPassword);
      }
      return base('ChangePassword')(ctx, req);
    },
    AdminSetUserPassword: async (ctx, req) => {
      await assertPasswordPolicy(
        await services.cognito.getUserPool(ctx, req.UserPoolId),
        req.Password,
      );
      return base('AdminSetUserPassword')(ctx, req);
    },
    ResendConfirmationCode: async (ctx, req) => {
      const pool = await poolOfClient(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError('Username/client id combination not found.');
      if (user.UserStatus !== 'UNCONFIRMED') {
        throw new InvalidParameterError('User is already confirmed.');
      }
      const email = attributeValue('email', user.Attributes);
      if (!email) throw new InvalidParameterError('User has no email to send the code to.');
      const deliveryDetails = {
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: email,
      } as const;
      const code = services.otp();
      await services.messages.deliver(
        ctx,
        'ResendCode',
        req.ClientId,
        pool.options.Id,
        user,
        code,
        req.ClientMetadata,
        deliveryDetails,
      );
      await pool.saveUser(ctx, {
        ...user,
        ConfirmationCode: code,
        UserLastModifiedDate: services.clock.get(),
      });
      return { CodeDeliveryDetails: deliveryDetails };
    },
    // Amplify v6 renews sessions with this API, which cognito-local lacks; it answers like
    // REFRESH_TOKEN_AUTH (no rotation: the refresh token stays the same).
    GetTokensFromRefreshToken: async (ctx, req) => {
      if (!req.RefreshToken)
        throw new InvalidParameterError('Missing required parameter RefreshToken');
      const pool = await poolOfClient(ctx, req.ClientId);
      const client = await services.cognito.getAppClient(ctx, req.ClientId);
      const user = await pool.getUserByRefreshToken(ctx, req.RefreshToken);
      if (!client || !user || !user.Enabled) throw new NotAuthorizedError('Invalid Refresh Token');
      const tokens = await services.tokenGenerator.generate(
        ctx,
        user,
        await pool.listUserGroupMembership(ctx, user),
        client,
        req.ClientMetadata,
        'RefreshTokens',
      );
      const { exp, iat } = JSON.parse(
        Buffer.from(tokens.AccessToken.split('.')[1]!, 'base64url').toString('utf8'),
      ) as { exp: number; iat: number };
      return {
        AuthenticationResult: {
          AccessToken: tokens.AccessToken,
          IdToken: tokens.IdToken,
          ExpiresIn: exp - iat,
          TokenType: 'Bearer',
        },
      };
    },
    // Missing from cognito-local: ends every session of the user by forgetting their refresh
    // tokens, as Cognito revokes them (account deletion calls it).
    AdminUserGlobalSignOut: async (ctx, req) => {
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError('User does not exist.');
      await pool.saveUser(ctx, {
        ...user,
        RefreshTokens: [],
        UserLastModifiedDate: services.clock.get(),
      });
      return {};
    },
    InitiateAuth: (ctx, req) =>
      req.AuthFlow === 'CUSTOM_AUTH'
        ? customAuth.initiate(ctx, req as never)
        : asCognitoSignInError(base('InitiateAuth')(ctx, req)),
    AdminInitiateAuth: (ctx, req) =>
      req.AuthFlow === 'CUSTOM_AUTH'
        ? customAuth.initiate(ctx, req as never)
        : asCognitoSignInError(base('AdminInitiateAuth')(ctx, req)),
    RespondToAuthChallenge: (ctx, req) =>
      req.ChallengeName === 'CUSTOM_CHALLENGE'
        ? customAuth.respond(ctx, req as never)
        : base('RespondToAuthChallenge')(ctx, req),
    AdminRespondToAuthChallenge: (ctx, req) =>
      req.ChallengeName === 'CUSTOM_CHALLENGE'
        ? customAuth.respond(ctx, req as never)
        : base('AdminRespondToAuthChallenge')(ctx, req),
  };

  return (target) => extra[target] ?? base(target);
}
