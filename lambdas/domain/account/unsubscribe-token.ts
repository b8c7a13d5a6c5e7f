import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from '../email-address';

/**
 * The proof an unsubscribe request carries: an HMAC-SHA256 of the list and the address, keyed
 * by a server secret, put in the link of every email that offers the opt-out. Only someone who
 * received that email holds it, so naming an address is not enough to silence its mail.
 */

/** The lists an address can leave. `product`: the product emails (the digest's product news). */
export const EMAIL_LISTS = ['product'] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];

const VERSION = 'v1';

function mac(secret: string, email: string, list: EmailList): Buffer {
  return createHmac('sha256', secret)
    .update(`unsubscribe.${VERSION}\n${list}\n${normalizeEmail(email)}`)
    .digest();
}

/** The token of an address on a list (base64url), for the link in its emails. */
export function unsubscribeToken(secret: string, email: string, list: EmailList): string {
  return mac(secret, email, list).toString('base64url');
}

/** Whether a token is the one the address's emails carry for that list (constant-time). */
export function validUnsubscribeToken(
  secret: string,
  email: string,
  list: EmailList,
  token: string,
): boolean {
  const given = Buffer.from(token, 'base64url');
  const expected = mac(secret, email, list);
  // A token of another length is not ours; compare anyway so the time says nothing.
  const same = timingSafeEqual(
    given.length === expected.length ? given : Buffer.alloc(expected.length),
    expected,
  );
  return same && given.length === expected.length;
}
