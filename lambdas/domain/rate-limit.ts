/** How long an email address waits between two account emails of one kind (spec section 9). */
export const RESEND_COOLDOWN_MS = 60_000;

/** The account emails a visitor can ask for; each kind has its own cooldown per address. */
export const MAIL_KINDS = ['confirmation', 'password-reset', 'magic-link'] as const;
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
