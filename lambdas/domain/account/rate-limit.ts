import { dayWindow } from '../quotas';

/** How long an email address waits between two account emails of one kind (spec section 9). */
export const RESEND_COOLDOWN_MS = 60_000;

/**
 * The emails a visitor can cause: account emails, and a support or data-deletion request mailed
 * to the support inbox. Each kind has its own cooldown and daily cap per address.
 */
export const MAIL_KINDS = [
  'confirmation',
  'password-reset',
  'magic-link',
  'support-request',
  'deletion-request',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * Emails of one kind one address may cause in a UTC day, besides the one-a-minute rule: without
 * a cap anyone could bury a seller in sign-in links or reset emails all day long. The README
 * lists these values.
 */
export const DAILY_SENDS_PER_ADDRESS: Record<MailKind, number> = {
  confirmation: 5,
  'password-reset': 5,
  'magic-link': 10,
  'support-request': 10,
  'deletion-request': 3,
};

/**
 * The word a user-pool trigger refuses with when an address has had its day's emails of a kind
 * (Cognito answers "CustomMessage failed with error DAILY_EMAIL_CAP.").
 */
export const DAILY_EMAIL_CAP = 'DAILY_EMAIL_CAP';

/** What the table remembers of the last sends of one kind to one address. */
export interface SendHistory {
  /** The last send (ms). */
  lastSentAt?: number;
  /** The UTC day `dayCount` counts. */
  day?: string;
  dayCount?: number;
}

export type SendRefusal = {
  /** `cooldown`: less than a minute since the last one; `daily`: the day's cap is reached. */
  reason: 'cooldown' | 'daily';
  retryAfterSeconds: number;
};

/**
 * Why a new send of `kind` is refused now given the history, or undefined when it may go.
 * `cooldownMs` 0 checks the daily cap alone.
 */
export function sendRefusal(
  kind: MailKind,
  history: SendHistory | undefined,
  now: number,
  cooldownMs = RESEND_COOLDOWN_MS,
): SendRefusal | undefined {
  const wait = secondsUntilAllowed(history?.lastSentAt, now, cooldownMs);
  if (wait > 0) return { reason: 'cooldown', retryAfterSeconds: wait };
  const today = dayWindow(now);
  if (history?.day === today.day && (history.dayCount ?? 0) >= DAILY_SENDS_PER_ADDRESS[kind]) {
    return { reason: 'daily', retryAfterSeconds: today.secondsLeft };
  }
  return undefined;
}

export interface Cooldown {
  /** Sends at or before this instant (ms) no longer block a new one. */
  notAfter: number;
  /** When the marker may be forgotten (epoch seconds, the table's TTL unit). */
  forgetAt: number;
}

/**
 * The window a new send must respect: a previous send counts only if it happened after
 * `notAfter`. The caller stores `now` as the last send in the same conditional write that
 * checks this, so two racing requests cannot both pass.
 */
export function cooldownWindow(now: number, cooldownMs = RESEND_COOLDOWN_MS): Cooldown {
  return {
    notAfter: now - cooldownMs,
    forgetAt: Math.ceil((now + cooldownMs) / 1000),
  };
}

/** Seconds until a new send is allowed, for the caller's countdown; 0 when it already is. */
export function secondsUntilAllowed(
  lastSentAt: number | undefined,
  now: number,
  cooldownMs = RESEND_COOLDOWN_MS,
): number {
  if (lastSentAt === undefined) return 0;
  return Math.max(0, Math.ceil((lastSentAt + cooldownMs - now) / 1000));
}

/**
 * Support requests accepted per hour from everyone together. The public form needs no account,
 * so this bounds what a script can make the product store and mail to the support inbox; it
 * is far above what a small product's sellers write.
 */
export const SUPPORT_REQUESTS_PER_HOUR = 120;

/**
 * Data-deletion requests accepted per hour from everyone together: an allowance of their own,
 * so a flood of support messages never stops a seller from asking for their data to be deleted.
 */
export const DELETION_REQUESTS_PER_HOUR = 60;

/** The two requests of the public support form, each with its own hourly allowance. */
export type SupportRequestKind = 'support' | 'deletion';

export const HOURLY_REQUESTS: Record<SupportRequestKind, number> = {
  support: SUPPORT_REQUESTS_PER_HOUR,
  deletion: DELETION_REQUESTS_PER_HOUR,
};

const HOUR_MS = 3_600_000;

/**
 * The hour a moment falls in (UTC, `2026-11-22T14`), the seconds until the next one starts, and
 * when its counter may be forgotten.
 */
export function hourWindow(now: number): { hour: string; secondsLeft: number; forgetAt: number } {
  const start = Math.floor(now / HOUR_MS) * HOUR_MS;
  return {
    hour: new Date(start).toISOString().slice(0, 13),
    secondsLeft: Math.ceil((start + HOUR_MS - now) / 1000),
    forgetAt: Math.ceil((start + 2 * HOUR_MS) / 1000),
  };
}
