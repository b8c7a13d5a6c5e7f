import {
  type CaptchaRefusal,
  captchaExpiresAt,
  judgeCaptchaAnswer,
  readCaptchaToken,
} from './captcha';

/**
 * Why a sign-up was refused. Cognito hands the word to the browser inside
 * "PreSignUp failed with error <CODE>.", and the web app maps it to the spec's message.
 */
export type SignUpRefusal = CaptchaRefusal | 'HONEYPOT' | 'ATTRIBUTES_MISSING' | 'PHONE_INVALID';

export class SignUpRefused extends Error {
  constructor(readonly code: SignUpRefusal) {
    super(code);
    this.name = 'SignUpRefused';
  }
}

/** The names the web app uses in Amplify's `validationData`. */
export interface SignUpValidationData {
  captchaToken?: string;
  captchaAnswer?: string;
  honeypot?: string;
  /** Informational only: the server trusts its own issue time, never the browser's clock. */
  formLoadedAt?: string;
}

export interface SignUpGuardDeps {
  captchaSecret: string;
  now: number;
  /**
   * Records a captcha nonce as used, unless it already is. Resolves false when it was used
   * before. Must be atomic (a conditional write), or two racing sign-ups could share a token.
   */
  consumeCaptchaNonce(nonce: string, expiresAtMs: number): Promise<boolean>;
}

/** E.164: a plus, a country code that does not start with 0, at most 15 digits in all. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The server side of the sign-up form's anti-bot rules (spec section 5), run by the Cognito
 * pre-sign-up trigger so a request that bypasses the browser meets the same checks:
 * honeypot empty, the required profile fields present, a genuine captcha token not older
 * than 30 minutes and never used before, solved no sooner than 2 s after it was issued,
 * with the right sum.
 *
 * The token is spent as soon as its signature checks out, before the answer is judged, so
 * one token can never be used to try several sums.
 */
export async function guardSignUp(
  input: { validationData?: SignUpValidationData; userAttributes: Record<string, string> },
  deps: SignUpGuardDeps,
): Promise<void> {
  const data = input.validationData ?? {};
  if (typeof data.honeypot === 'string' && data.honeypot.trim() !== '') {
    throw new SignUpRefused('HONEYPOT');
  }

  const attributes = input.userAttributes;
  const required = ['given_name', 'family_name', 'phone_number'] as const;
  if (required.some((name) => !attributes[name]?.trim())) {
    throw new SignUpRefused('ATTRIBUTES_MISSING');
  }
  if (!E164.test(attributes.phone_number ?? '')) throw new SignUpRefused('PHONE_INVALID');

  const challenge = readCaptchaToken(data.captchaToken, deps.captchaSecret, deps.now);
  if (!challenge) throw new SignUpRefused('CAPTCHA_INVALID');
  const fresh = await deps.consumeCaptchaNonce(challenge.nonce, captchaExpiresAt(challenge));
  if (!fresh) throw new SignUpRefused('CAPTCHA_INVALID');

  const refusal = judgeCaptchaAnswer(challenge, data.captchaAnswer, deps.now);
  if (refusal) throw new SignUpRefused(refusal);
}
