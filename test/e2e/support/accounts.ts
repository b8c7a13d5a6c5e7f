import { randomUUID } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../local/stack/aws';
import { stack } from './stack';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
}

/** A fresh address per test, so no test depends on another's leftovers. */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@example.com`;
}

let client: CognitoIdentityProviderClient | undefined;

function cognito(): CognitoIdentityProviderClient {
  client ??= new CognitoIdentityProviderClient({
    endpoint: stack().cognito.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  return client;
}

/** The server's anti-bot rule: no sign-up within 2 s of the captcha being issued. */
const CAPTCHA_MIN_AGE_MS = 2_100;

/**
 * A confirmed account made the way the sign-up form makes one (a real captcha answered after
 * the 2 s wait, so the pre-sign-up trigger accepts it), confirmed by an administrator call
 * so the post-confirmation trigger creates the profile.
 */
async function createConfirmedUser(): Promise<TestUser> {
  const user: TestUser = {
    email: uniqueEmail('user'),
    password: `Pw-${randomUUID().slice(0, 12)}`,
    firstName: 'Giulia',
  };
  const response = await fetch(`${stack().apiUrl}/api/captcha`, { method: 'POST' });
  if (!response.ok) throw new Error(`POST /api/captcha answered ${response.status}`);
  const captcha = (await response.json()) as { a: number; b: number; token: string };
  const issuedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, CAPTCHA_MIN_AGE_MS));

  await cognito().send(
    new SignUpCommand({
      ClientId: stack().cognito.clientId,
      Username: user.email,
      Password: user.password,
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'given_name', Value: user.firstName },
        { Name: 'family_name', Value: 'Bianchi' },
        { Name: 'phone_number', Value: '+393331234567' },
        { Name: 'locale', Value: 'it' },
      ],
      ValidationData: [
        { Name: 'captchaToken', Value: captcha.token },
        { Name: 'captchaAnswer', Value: String(captcha.a + captcha.b) },
        { Name: 'honeypot', Value: '' },
        { Name: 'formLoadedAt', Value: String(issuedAt) },
      ],
    }),
  );
  await cognito().send(
    new AdminConfirmSignUpCommand({ UserPoolId: stack().cognito.userPoolId, Username: user.email }),
  );
  return user;
}

// Accounts are made a few at a time, so the tests share one 2 s captcha wait instead of each
// paying its own; each account still goes to one test only.
const BATCH = 5;
const pool: Promise<TestUser>[] = [];

/** Starts making accounts in the background (say, in `beforeAll`), if none are waiting. */
export function prepareUsers(): void {
  if (pool.length > 0) return;
  for (let index = 0; index < BATCH; index += 1) {
    const user = createConfirmedUser();
    // Awaited later by a test; an early failure must not crash the worker meanwhile.
    user.catch(() => {});
    pool.push(user);
  }
}

/** A fresh, confirmed account with a profile, for tests whose subject is not sign-up. */
export function freshUser(): Promise<TestUser> {
  prepareUsers();
  return pool.shift()!;
}

/** Whether Cognito accepts the pair, checked beside the browser rather than through it. */
export async function passwordWorks(email: string, password: string): Promise<boolean> {
  try {
    await cognito().send(
      new InitiateAuthCommand({
        ClientId: stack().cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return true;
  } catch (error) {
    const name = (error as Error).name;
    if (
      ['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException'].includes(name)
    ) {
      return false;
    }
    throw error;
  }
}

/** Puts an account in the admins group, as an operator would (the diagnostic pages are theirs). */
export async function makeAdmin(email: string): Promise<void> {
  await cognito().send(
    new AdminAddUserToGroupCommand({
      UserPoolId: stack().cognito.userPoolId,
      Username: email,
      GroupName: 'admins',
    }),
  );
}
