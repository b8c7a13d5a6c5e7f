import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { APP_URL } from '../adapters/app-url';
import {
  type AccountEmail,
  renderAccountEmail,
  renderBilingualAccountEmail,
} from '../domain/account/emails';
import { pickLanguage } from '../domain/language';
import { claimUserPoolEmail } from '../adapters/dynamo/last-sends';
import { normalizeEmail } from '../domain/email-address';
import { DAILY_EMAIL_CAP } from '../domain/account/rate-limit';
import { cognitoTrigger, TriggerRefusal } from '../shared/cognito-trigger';

function emailFor(event: CustomMessageTriggerEvent): AccountEmail | undefined {
  const { userAttributes, codeParameter, usernameParameter } = event.request;
  const email = userAttributes.email ?? '';
  const firstName = userAttributes.given_name;
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
      return { kind: 'confirm-sign-up', appUrl: APP_URL, email, code: codeParameter, firstName };
    case 'CustomMessage_ForgotPassword':
      return { kind: 'reset-password', appUrl: APP_URL, email, code: codeParameter, firstName };
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
      return { kind: 'verify-email', code: codeParameter, firstName };
    case 'CustomMessage_Authentication':
      return { kind: 'sign-in-code', code: codeParameter, firstName };
    case 'CustomMessage_AdminCreateUser':
      return {
        kind: 'invitation',
        appUrl: APP_URL,
        username: usernameParameter ?? email,
        code: codeParameter,
        firstName,
      };
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
 * The daily cap per address holds for the user pool's own API too, not only for ours: when an
 * address has had its day's codes of a kind, Cognito is told to send nothing (a failing trigger
 * stops the delivery). Our API answers such a request like any other, so nobody learns whether
 * the address has an account.
 */
async function withinDailyCap(event: CustomMessageTriggerEvent): Promise<void> {
  const kind = REPEATABLE[event.triggerSource as keyof typeof REPEATABLE];
  const address = normalizeEmail(event.request.userAttributes.email ?? '');
  if (!kind || !address) return;
  const slot = await claimUserPoolEmail(kind, address, Date.now());
  if (!slot.allowed) throw new TriggerRefusal(DAILY_EMAIL_CAP);
}

/**
 * Cognito custom-message trigger: every email Cognito sends (sign-up code, resend, password
 * reset...) in the user's language, with a link straight to the page that uses the code.
 * The language is the one of the request that caused the email when it says one (client
 * metadata), else the one chosen at sign-up; Italian otherwise. Cognito puts the code in
 * place of `{####}` after this returns.
 */
export const handler = cognitoTrigger<CustomMessageTriggerEvent>(async (event) => {
  const email = emailFor(event);
  if (!email) return event;
  await withinDailyCap(event);
  const language = pickLanguage(
    event.request.clientMetadata?.language,
    event.request.userAttributes.locale,
  );
  // The sign-up confirmation (and its resend) is bilingual; the other emails follow the reader.
  const rendered =
    email.kind === 'confirm-sign-up'
      ? renderBilingualAccountEmail(email, language)
      : renderAccountEmail(email, language);
  event.response.emailSubject = rendered.subject;
  // Cognito sends one body, as HTML; the plain-text rendering serves our own mailer only.
  event.response.emailMessage = rendered.html;
  return event;
});
