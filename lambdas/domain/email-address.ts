/**
 * The "simple address pattern" of the spec's forgot-password rule (section 5): something, an
 * at sign, something, a dot, something, without spaces. Deliberately loose: the mailbox itself
 * is the real check.
 */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && SIMPLE_EMAIL.test(value);
}

/**
 * Sign-in is case-insensitive (the user pool is configured so), so every lookup, rate-limit key
 * and comparison uses the trimmed, lower-cased address.
 */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
