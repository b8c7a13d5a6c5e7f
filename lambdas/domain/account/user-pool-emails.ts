import type { SendSlot } from './requests';
import {
  type AccountEmail,
  type RenderedEmail,
  renderAccountEmail,
  renderBilingualAccountEmail,
} from './emails';
import { normalizeEmail } from '../email-address';
import { pickLanguage } from '../language';

/** What the user pool tells its custom-message trigger about the email it is about to send. */
export interface UserPoolEmailRequest {
  triggerSource: string;
  userAttributes: Record<string, string | undefined>;
  codeParameter: string;
  usernameParameter?: string | null;
  clientMetadata?: Record<string, string>;
}

export interface UserPoolEmailDeps {
  appUrl: string;
  /** Counts one email of the kind to the address today, unless its daily cap is reached. */
  claimEmail(
    kind: 'confirmation' | 'password-reset',
    normalizedEmail: string,
    now: number,
  ): Promise<SendSlot>;
  now: number;
}

function emailFor(request: UserPoolEmailRequest, appUrl: string): AccountEmail | undefined {
  const { userAttributes, codeParameter: code, usernameParameter } = request;
  const email = userAttributes.email ?? '';
  const firstName = userAttributes.given_name;
  switch (request.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
      return { kind: 'confirm-sign-up', appUrl, email, code, firstName };
    case 'CustomMessage_ForgotPassword':
      return { kind: 'reset-password', appUrl, email, code, firstName };
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
      return { kind: 'verify-email', code, firstName };
    case 'CustomMessage_Authentication':
      return { kind: 'sign-in-code', code, firstName };
    case 'CustomMessage_AdminCreateUser':
      return { kind: 'invitation', appUrl, username: usernameParameter ?? email, code, firstName };
    default:
      return undefined;
  }
}

/** The emails anyone can ask the user pool for again and again, by its public API. */
const REPEATABLE = {
  CustomMessage_ResendCode: 'confirmation',
  CustomMessage_ForgotPassword: 'password-reset',
} as const;

/**
 * Every email the user pool sends (sign-up code, resend, password reset...) in the user's
 * language, with a link straight to the page that uses the code: the language of the request
 * that caused it when it says one, else the one chosen at sign-up, Italian otherwise. The
 * sign-up confirmation (and its resend) is bilingual.
 *
 * `undefined` for an email we leave as the user pool writes it; `over_daily_cap` when the
 * address has had its day's codes of a kind (the daily cap holds for the user pool's own API
 * too, and our API answers such a request like any other, so nobody learns whether the
 * address has an account).
 */
export async function userPoolEmail(
  request: UserPoolEmailRequest,
  deps: UserPoolEmailDeps,
): Promise<RenderedEmail | 'over_daily_cap' | undefined> {
  const email = emailFor(request, deps.appUrl);
  if (!email) return undefined;
  const kind = REPEATABLE[request.triggerSource as keyof typeof REPEATABLE];
  const address = normalizeEmail(request.userAttributes.email ?? '');
  if (kind && address && !(await deps.claimEmail(kind, address, deps.now)).allowed) {
    return 'over_daily_cap';
  }
  const language = pickLanguage(request.clientMetadata?.language, request.userAttributes.locale);
  return email.kind === 'confirm-sign-up'
    ? renderBilingualAccountEmail(email, language)
    : renderAccountEmail(email, language);
}
