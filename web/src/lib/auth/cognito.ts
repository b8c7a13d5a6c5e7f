import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  signIn,
  signOut,
  signUp,
  updatePassword,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub, defaultStorage, sessionStorage } from 'aws-amplify/utils';
import { loadConfig } from '../config';
import { sessionStorageHoldsTokens, setSession, type Session } from './session-store';

/**
 * The only module that talks to Amplify. It is loaded on demand (never by the landing page's
 * first chunk); every operation waits for the one-time configuration from /config.json.
 */

let configured: Promise<void> | undefined;
let readSequence = 0;

async function readSession(): Promise<Session | null> {
  try {
    const { tokens } = await fetchAuthSession();
    if (!tokens?.accessToken) return null;
    const access = tokens.accessToken.payload;
    const id = tokens.idToken?.payload;
    const groups = access['cognito:groups'];
    return {
      userId: String(access.sub ?? ''),
      email: String(id?.email ?? access.username ?? ''),
      groups: Array.isArray(groups) ? groups.map(String) : [],
    };
  } catch {
    // A refresh that fails (expired refresh token, revoked session) means signed out.
    return null;
  }
}

/** Reads the session and publishes it, ignoring answers overtaken by a newer read. */
async function publishSession(): Promise<void> {
  readSequence += 1;
  const sequence = readSequence;
  const session = await readSession();
  if (sequence === readSequence) setSession(session);
}

async function configure(): Promise<void> {
  const config = await loadConfig();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
      },
    },
  });
  // Amplify forgets the storage choice on reload: a session kept only for this browser session
  // ("remember me" unticked) is found again where it was written.
  if (sessionStorageHoldsTokens()) {
    cognitoUserPoolsTokenProvider.setKeyValueStorage(sessionStorage);
  }
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signedOut') {
      readSequence += 1;
      setSession(null);
      return;
    }
    // signedIn, tokenRefresh, tokenRefresh_failure, and the same events from other tabs.
    void publishSession();
  });
  await publishSession();
}

/** Configures Amplify once and publishes the first session read. */
export function ensureAuth(): Promise<void> {
  configured ??= configure().catch((error: unknown) => {
    configured = undefined;
    throw error;
  });
  return configured;
}

export type PasswordSignInResult = 'signedIn' | 'unconfirmed' | 'resetRequired' | 'challenge';

/** `remember` false keeps the tokens in sessionStorage, so closing the browser signs out. */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  remember: boolean;
}): Promise<PasswordSignInResult> {
  await ensureAuth();
  cognitoUserPoolsTokenProvider.setKeyValueStorage(
    input.remember ? defaultStorage : sessionStorage,
  );
  const result = await signIn({
    username: input.email,
    password: input.password,
    // The only flow cognito-local supports; the deployed app client allows it too.
    options: { authFlowType: 'USER_PASSWORD_AUTH' },
  });
  if (result.isSignedIn) {
    // The Hub event also triggers a read, but the guard of the next page must not see the
    // session missing in between.
    await publishSession();
    return 'signedIn';
  }
  switch (result.nextStep.signInStep) {
    case 'CONFIRM_SIGN_UP':
      return 'unconfirmed';
    case 'RESET_PASSWORD':
      return 'resetRequired';
    default:
      return 'challenge';
  }
}

/**
 * Answers the magic link's one-time token to Cognito's custom challenge. Returns false when
 * Cognito wants another answer, which for a single-use token means it was refused.
 */
export async function signInWithMagicToken(input: {
  email: string;
  token: string;
}): Promise<boolean> {
  await ensureAuth();
  cognitoUserPoolsTokenProvider.setKeyValueStorage(defaultStorage);
  const started = await signIn({
    username: input.email,
    options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
  });
  if (started.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') {
    if (started.isSignedIn) await publishSession();
    return started.isSignedIn;
  }
  const answered = await confirmSignIn({ challengeResponse: input.token });
  if (answered.isSignedIn) await publishSession();
  return answered.isSignedIn;
}

export type RegistrationInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** E.164, e.g. +393331234567. */
  phone: string;
  language: string;
  /** Read again by the pre-sign-up trigger: captcha, honeypot and timing. */
  validationData: Record<string, string>;
};

export async function registerAccount(input: RegistrationInput): Promise<void> {
  await ensureAuth();
  await signUp({
    username: input.email,
    password: input.password,
    options: {
      userAttributes: {
        email: input.email,
        given_name: input.firstName,
        family_name: input.lastName,
        phone_number: input.phone,
        locale: input.language,
      },
      validationData: input.validationData,
    },
  });
}

export async function confirmRegistration(input: { email: string; code: string }): Promise<void> {
  await ensureAuth();
  await confirmSignUp({ username: input.email, confirmationCode: input.code });
}

export async function completePasswordReset(input: {
  email: string;
  code: string;
  newPassword: string;
}): Promise<void> {
  await ensureAuth();
  await confirmResetPassword({
    username: input.email,
    confirmationCode: input.code,
    newPassword: input.newPassword,
  });
}

export async function changePassword(input: {
  oldPassword: string;
  newPassword: string;
}): Promise<void> {
  await ensureAuth();
  await updatePassword(input);
}

export async function signOutUser(): Promise<void> {
  await ensureAuth();
  await signOut();
}

/** The current access token, refreshed when due; undefined when signed out. */
export async function getAccessToken(): Promise<string | undefined> {
  await ensureAuth();
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.accessToken.toString();
  } catch {
    return undefined;
  }
}
