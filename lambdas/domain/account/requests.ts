import type { MessageKey } from '../messages';
import { isValidEmail, normalizeEmail } from '../email-address';
import { DomainError, type ErrorKind, type Refusal } from '../errors';
import { type Language, pickLanguage } from '../language';
import { createMagicLinkToken, magicLinkUrl } from './magic-link';
import { renderAccountEmail } from './emails';
import type { MailKind } from './rate-limit';

/**
 * The public "send me an email" requests: resend the sign-up confirmation, reset the password,
 * send a magic link. Each validates the address, allows one email per address and kind per
 * minute and a few a day, and answers the same whether or not the address has an account (the
 * limits count requests for an address, before anyone looks the account up).
 */

export type RequestRefusal =
  'email_required' | 'invalid_email' | 'too_many_requests' | 'daily_limit';

const REQUEST_REFUSALS: Record<RequestRefusal, Refusal> = {
  email_required: { kind: 'invalid_input', messageKey: 'invalidEmail' },
  invalid_email: { kind: 'invalid_input', messageKey: 'invalidEmail' },
  too_many_requests: { kind: 'too_many_requests', messageKey: 'tooManyRequests' },
  daily_limit: { kind: 'daily_limit', messageKey: 'dailyMailLimit' },
};

/**
 * A refused request: a missing or invalid address names the `email` field; a limit says when to
 * try again (`retry_after_seconds`, also the Retry-After header).
 */
export class RequestRefused extends DomainError {
  readonly kind: ErrorKind;
  readonly messageKey: MessageKey;

  constructor(
    readonly reason: RequestRefusal,
    readonly retryAfterSeconds?: number,
    /** The magic-link form asks for an address in its own words when none was given. */
    mailKind?: MailKind,
  ) {
    const limited = reason === 'too_many_requests' || reason === 'daily_limit';
    super(reason, {
      details: limited ? { retry_after_seconds: retryAfterSeconds } : { field: 'email' },
    });
    ({ kind: this.kind, messageKey: this.messageKey } = REQUEST_REFUSALS[reason]);
    if (reason === 'email_required' && mailKind === 'magic-link') this.messageKey = 'emailRequired';
  }
}

export type SendSlot =
  { allowed: true } | { allowed: false; retryAfterSeconds: number; reason?: 'cooldown' | 'daily' };

export interface SendLimiter {
  /**
   * Atomically records a send now unless one of the same kind happened within the cooldown or
   * the address's daily cap of that kind is reached.
   */
  claim(kind: MailKind, normalizedEmail: string, now: number): Promise<SendSlot>;
}

async function admit(
  kind: MailKind,
  rawEmail: string,
  deps: { limiter: SendLimiter; now: number },
): Promise<string> {
  const email = normalizeEmail(rawEmail);
  if (!email) throw new RequestRefused('email_required', undefined, kind);
  if (!isValidEmail(email)) throw new RequestRefused('invalid_email');
  const slot = await deps.limiter.claim(kind, email, deps.now);
  if (!slot.allowed) {
    const reason = slot.reason === 'daily' ? 'daily_limit' : 'too_many_requests';
    throw new RequestRefused(reason, slot.retryAfterSeconds);
  }
  return email;
}

/**
 * `send-bilingual-confirmation`: Cognito sends the code again. Without a language the email
 * follows the one chosen at sign-up.
 */
export async function requestConfirmationResend(
  request: { email: string; language?: Language },
  deps: {
    limiter: SendLimiter;
    now: number;
    resend(email: string, language?: Language): Promise<void>;
  },
): Promise<void> {
  const email = await admit('confirmation', request.email, deps);
  await deps.resend(email, request.language);
}

/** `send-new-password`: Cognito emails a reset code, linked to `/update-password`. */
export async function requestPasswordReset(
  request: { email: string; language?: Language },
  deps: {
    limiter: SendLimiter;
    now: number;
    startReset(email: string, language?: Language): Promise<void>;
  },
): Promise<void> {
  const email = await admit('password-reset', request.email, deps);
  await deps.startReset(email, request.language);
}

export interface MagicLinkUser {
  /** The user's id: the `sub` of their tokens. */
  id: string;
  email: string;
  confirmed: boolean;
  enabled: boolean;
  firstName?: string;
  locale?: string;
}

/**
 * `magic-link`: for a confirmed, enabled account, stores the hash of a fresh single-use token
 * and emails the link in the user's language. Unknown or unconfirmed addresses get nothing,
 * and the caller cannot tell the difference.
 * @returns whether an email was sent (for logs and tests, never for the response).
 */
export async function requestMagicLink(
  request: { email: string; redirectTo?: string; language?: Language },
  deps: {
    limiter: SendLimiter;
    now: number;
    appUrl: string;
    findUser(email: string): Promise<MagicLinkUser | undefined>;
    saveMagicLink(userId: string, link: { tokenHash: string; expiresAt: number }): Promise<void>;
    sendMail(message: { to: string; subject: string; html: string; text: string }): Promise<void>;
  },
): Promise<boolean> {
  const email = await admit('magic-link', request.email, deps);
  const user = await deps.findUser(email);
  if (!user || !user.confirmed || !user.enabled) return false;
  const { token, tokenHash, expiresAt } = createMagicLinkToken(deps.now);
  await deps.saveMagicLink(user.id, { tokenHash, expiresAt });
  const link = magicLinkUrl(deps.appUrl, {
    email: user.email,
    token,
    redirectTo: request.redirectTo,
  });
  const language = pickLanguage(request.language, user.locale);
  const rendered = renderAccountEmail(
    { kind: 'magic-link', link, firstName: user.firstName },
    language,
  );
  await deps.sendMail({ to: user.email, ...rendered });
  return true;
}
