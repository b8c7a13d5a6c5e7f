/** How long an email address waits between two account emails of one kind (spec section 9). */
export const RESEND_COOLDOWN_MS = 60_000;

/**
 * The emails a visitor can cause: account emails, and a support request mailed to the support
 * inbox. Each kind has its own cooldown per address.
 */
export const MAIL_KINDS = [
  'confirmation',
  'password-reset',
  'magic-link',
  'support-request',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

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
