import { invalidInput } from './http-util';

/**
 * Three bytes that encode to `+/+/`: every token starts with characters that must be
 * URL-encoded, so a client that forgets to encode its NextToken fails on the first page turn
 * instead of only when the base64 happens to contain them (as with Amazon's tokens).
 */
const MAGIC = Buffer.from([0xfb, 0xff, 0xbf]);

/**
 * Pagination tokens carry the whole query, so the simulator keeps no cursor state and a token
 * survives a restart. They are standard base64 (`+`, `/`, `=`) like Amazon's.
 */
export function encodeNextToken(state: object): string {
  return Buffer.concat([MAGIC, Buffer.from(JSON.stringify(state), 'utf8')]).toString('base64');
}

/**
 * Decodes a token made by {@link encodeNextToken} and checks its kind.
 *
 * @throws SpapiError 400 when the token is not one of ours or belongs to another listing.
 */
export function decodeNextToken<T extends { kind: string }>(
  token: string,
  kind: T['kind'],
  paramName: string,
): T {
  let state: unknown;
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) throw new Error('not base64');
    const bytes = Buffer.from(token, 'base64');
    if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not ours');
    state = JSON.parse(bytes.subarray(MAGIC.length).toString('utf8'));
  } catch {
    throw invalidInput(`Invalid ${paramName}`);
  }
  if (typeof state !== 'object' || state === null || (state as { kind?: unknown }).kind !== kind) {
    throw invalidInput(`Invalid ${paramName}: it was not issued by this operation`);
  }
  return state as T;
}
