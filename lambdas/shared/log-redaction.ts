/**
 * What never reaches a log line (issue 9): tokens, passwords, secrets, document contents and
 * personal data beyond the user id. The logger runs every key and value it serialises through
 * `redactLogValue`, so a careless `logger.info('x', { body })` is safe too.
 */

/** Keys whose value is dropped whatever it holds (compared lower-case, without `_` and `-`). */
const SECRET_KEYS = new Set([
  'password',
  'newpassword',
  'oldpassword',
  'previouspassword',
  'proposedpassword',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'lwarefreshtoken',
  'authorization',
  'cookie',
  'cookies',
  'setcookie',
  'secret',
  'clientsecret',
  'apikey',
  'xapikey',
  'sessiontoken',
  'secretaccesskey',
  'privatekey',
  'challengeanswer',
  'otp',
  'verifier',
  'codeverifier',
  // request and document contents
  'body',
  'rawbody',
  'content',
  'contents',
  'filecontent',
  'documenttext',
  'text',
  'html',
  // personal data (the user id is the one identifier logs keep)
  'phone',
  'phonenumber',
  'firstname',
  'lastname',
  'givenname',
  'familyname',
  'fullname',
  'address',
  'iban',
]);

export const REDACTED = '[REDACTED]';

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;
const BEARER = /\b(Bearer)\s+[\w.~+/=-]+/gi;

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

export function isSecretKey(key: string): boolean {
  return SECRET_KEYS.has(normaliseKey(key));
}

/** `mario.rossi@example.com` → `m***@example.com`. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, '$1***@$2');
}

/** Masks the personal and secret parts of free text (messages, error stacks). */
export function scrubText(text: string): string {
  return maskEmails(text.replace(JWT, REDACTED).replace(BEARER, `$1 ${REDACTED}`));
}

/** A JSON.stringify replacer: drops secret keys' values and scrubs every string. */
export function redactLogValue(key: string, value: unknown): unknown {
  if (key !== '' && isSecretKey(key) && value !== undefined && value !== null) return REDACTED;
  if (typeof value === 'string') return scrubText(value);
  return value;
}
