import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  ForgotPasswordCommand,
  ResendConfirmationCodeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { RequestRefused, type MagicLinkUser } from '../domain/account/requests';
import type { Language } from '../domain/language';
import { DAILY_EMAIL_CAP } from '../domain/account/rate-limit';
import { awsEnv, loadConfig } from '../shared/config';
import { UpstreamError } from '../shared/errors';

const env = loadConfig(
  awsEnv.extend({
    USER_POOL_ID: z.string().min(1),
    USER_POOL_CLIENT_ID: z.string().min(1),
  }),
);

const client = new CognitoIdentityProviderClient({
  region: env.AWS_REGION,
  endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
});

/** The group whose members may use the admin panel (lib/constructs/auth.ts). */
export const ADMINS_GROUP = 'admins';

/** A user of the pool as the account requests read it. */
export type DirectoryUser = MagicLinkUser & {
  /** When the pool last changed the user (a new password among others), ISO. */
  lastModifiedAt?: string;
  /** When the user was created in the pool, ISO. */
  createdAt?: string;
};

function isCognitoError(error: unknown, ...names: string[]): boolean {
  return error instanceof CognitoIdentityProviderServiceException && names.includes(error.name);
}

/**
 * Errors that only say "no such user", "already confirmed" or "no verified email": the public
 * endpoints answer success anyway, so nobody can tell which addresses have accounts.
 */
const NOT_APPLICABLE = [
  'UserNotFoundException',
  'InvalidParameterException',
  'NotAuthorizedException',
];

function rethrow(error: unknown): never {
  // Cognito's own per-user limit on these emails: the caller sees the same 429 as ours.
  if (isCognitoError(error, 'LimitExceededException', 'TooManyRequestsException')) {
    throw new RequestRefused('too_many_requests', 60);
  }
  if (isCognitoError(error, 'CodeDeliveryFailureException')) {
    throw new UpstreamError('The email could not be delivered');
  }
  throw error;
}

/**
 * Sends the sign-up code again (the `ResendCode` email). The language travels as client
 * metadata to the CustomMessage trigger, which writes the email.
 */
export async function resendConfirmationCode(email: string, language: Language): Promise<void> {
  await forAnyEmail(() =>
    client.send(
      new ResendConfirmationCodeCommand({
        ClientId: env.USER_POOL_CLIENT_ID,
        Username: email,
        ClientMetadata: { language },
      }),
    ),
  );
}

/** Starts a password reset: Cognito emails a code that `/update-password` confirms. */
export async function startPasswordReset(email: string, language: Language): Promise<void> {
  await forAnyEmail(() =>
    client.send(
      new ForgotPasswordCommand({
        ClientId: env.USER_POOL_CLIENT_ID,
        Username: email,
        ClientMetadata: { language },
      }),
    ),
  );
}

/**
 * Runs a public email request so that an unknown or unsuitable address answers like a known one
 * (no account enumeration); other failures are mapped as everywhere else.
 */
async function forAnyEmail(send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (isCognitoError(error, ...NOT_APPLICABLE)) return;
    // The address's codes of the day were spent by direct calls to the user pool: nothing is
    // sent, and the answer stays the one an address without an account gets.
    if (
      isCognitoError(error, 'UserLambdaValidationException') &&
      (error as Error).message.includes(DAILY_EMAIL_CAP)
    ) {
      return;
    }
    rethrow(error);
  }
}

/** Looks a user up by email (an alias of the username) or by id; undefined when unknown. */
export async function findUser(emailOrId: string): Promise<DirectoryUser | undefined> {
  try {
    const user = await client.send(
      new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: emailOrId }),
    );
    const attributes = Object.fromEntries(
      (user.UserAttributes ?? []).map((a) => [a.Name ?? '', a.Value ?? '']),
    );
    if (!attributes.sub || !attributes.email) return undefined;
    return {
      id: attributes.sub,
      email: attributes.email,
      confirmed: user.UserStatus === 'CONFIRMED',
      enabled: user.Enabled !== false,
      firstName: attributes.given_name || undefined,
      locale: attributes.locale || undefined,
      lastModifiedAt: user.UserLastModifiedDate?.toISOString(),
      createdAt: user.UserCreateDate?.toISOString(),
    };
  } catch (error) {
    if (isCognitoError(error, 'UserNotFoundException')) return undefined;
    throw error;
  }
}

/** Group membership as the user pool has it now, not as an old token may claim. */
export async function isInGroup(userId: string, group: string): Promise<boolean> {
  try {
    let nextToken: string | undefined;
    do {
      const page = await client.send(
        new AdminListGroupsForUserCommand({
          UserPoolId: env.USER_POOL_ID,
          Username: userId,
          NextToken: nextToken,
        }),
      );
      if (page.Groups?.some((g) => g.GroupName === group)) return true;
      nextToken = page.NextToken;
    } while (nextToken);
    return false;
  } catch (error) {
    if (isCognitoError(error, 'UserNotFoundException')) return false;
    throw error;
  }
}

/** Deletes the sign-in identity; deleting one that is already gone is not an error. */
/**
 * Ends every session of the user at once: Cognito revokes their refresh tokens, so no device
 * gets new tokens (access tokens already issued run out within the hour).
 */
export async function signOutEverywhere(userId: string): Promise<void> {
  try {
    await client.send(
      new AdminUserGlobalSignOutCommand({ UserPoolId: env.USER_POOL_ID, Username: userId }),
    );
  } catch (error) {
    if (isCognitoError(error, 'UserNotFoundException')) return;
    throw error;
  }
}

export async function deleteUser(userId: string): Promise<void> {
  try {
    await client.send(
      new AdminDeleteUserCommand({ UserPoolId: env.USER_POOL_ID, Username: userId }),
    );
  } catch (error) {
    if (isCognitoError(error, 'UserNotFoundException')) return;
    throw error;
  }
}
