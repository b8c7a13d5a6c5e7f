/**
 * The correlation id that ties a user's error message to the log lines of the request (issue 9).
 * The web app makes one per API call and shows it in error toasts as "codice errore"; it is
 * short and read aloud, so the alphabet leaves out look-alikes (0/O, 1/I/L) and it is grouped
 * as `XXXX-XXXX` (40 bits: unique enough next to the user id and the time of the call).
 */
export const CORRELATION_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** @param random 8 random bytes (crypto.getRandomValues in the browser, randomBytes on Node). */
export function formatCorrelationId(random: ArrayLike<number>): string {
  let out = '';
  for (let i = 0; i < 8; i += 1) {
    out += CORRELATION_ALPHABET[(random[i] ?? 0) % CORRELATION_ALPHABET.length];
    if (i === 3) out += '-';
  }
  return out;
}

/**
 * What the server accepts from the `x-correlation-id` header: anything short and plain (ours,
 * or a caller's own id such as a UUID). Anything else is replaced, so the header cannot inject
 * text into the logs.
 */
export function isAcceptableCorrelationId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9._-]{3,63}$/.test(value);
}
