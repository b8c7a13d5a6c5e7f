import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** The addition captcha's rules (spec sections 5 and 9). */
export const CAPTCHA_RULES = {
  minOperand: 2,
  maxOperand: 9,
  /** A challenge older than this is refused, so tokens cannot be stockpiled. */
  maxAgeMs: 30 * 60_000,
  /** A submit sooner than this after the captcha appeared is a bot (spec: 2 s). */
  minSolveMs: 2_000,
  /** Clocks of the functions that issue and check may disagree a little, never more. */
  clockSkewMs: 60_000,
} as const;

export interface CaptchaChallenge {
  a: number;
  b: number;
  /** Epoch ms when the API issued it: the "captcha refresh" instant of the 2 s rule. */
  issuedAt: number;
  /** Random, single-use: the sign-up check records it so a token works once. */
  nonce: string;
}

export interface IssuedCaptcha {
  a: number;
  b: number;
  token: string;
}

export type CaptchaRefusal = 'CAPTCHA_INVALID' | 'CAPTCHA_WRONG' | 'TOO_FAST';

const VERSION = 'v1';

function sign(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest();
}

/**
 * Issues a challenge: two random operands and a token that binds them, the issue time and a
 * nonce under an HMAC, so the client can show the numbers but not change them or the time.
 */
export function issueCaptcha(
  secret: string,
  now: number,
  random: { operand: () => number; nonce: () => string } = {
    operand: () => randomInt(CAPTCHA_RULES.minOperand, CAPTCHA_RULES.maxOperand + 1),
    nonce: () => randomBytes(16).toString('base64url'),
  },
): IssuedCaptcha {
  const challenge: CaptchaChallenge = {
    a: random.operand(),
    b: random.operand(),
    issuedAt: now,
    nonce: random.nonce(),
  };
  const payload = Buffer.from(JSON.stringify(challenge)).toString('base64url');
  const token = `${VERSION}.${payload}.${sign(payload, secret).toString('base64url')}`;
  return { a: challenge.a, b: challenge.b, token };
}

function isOperand(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= CAPTCHA_RULES.minOperand &&
    (value as number) <= CAPTCHA_RULES.maxOperand
  );
}

/**
 * Reads a token back: the signature must match, the content must be a well-formed challenge,
 * and it must have been issued within the last 30 minutes (and not in the future).
 * Returns undefined for anything else; the caller answers CAPTCHA_INVALID.
 */
export function readCaptchaToken(
  token: unknown,
  secret: string,
  now: number,
): CaptchaChallenge | undefined {
  if (typeof token !== 'string' || token.length > 512) return undefined;
  const [version, payload, signature, ...rest] = token.split('.');
  if (version !== VERSION || !payload || !signature || rest.length > 0) return undefined;
  const expected = sign(payload, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let challenge: Partial<CaptchaChallenge>;
  try {
    challenge = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
  } catch {
    return undefined;
  }
  const { a, b, issuedAt, nonce } = challenge;
  if (!isOperand(a) || !isOperand(b)) return undefined;
  if (typeof nonce !== 'string' || nonce.length < 16) return undefined;
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) return undefined;
  if (issuedAt > now + CAPTCHA_RULES.clockSkewMs) return undefined;
  if (now - issuedAt > CAPTCHA_RULES.maxAgeMs) return undefined;
  return { a, b, issuedAt, nonce };
}

/** When the nonce of a challenge may be forgotten: after the token could no longer be used. */
export function captchaExpiresAt(challenge: CaptchaChallenge): number {
  return challenge.issuedAt + CAPTCHA_RULES.maxAgeMs + CAPTCHA_RULES.clockSkewMs;
}

/**
 * Judges an answer to a genuine challenge: digits only and equal to the sum, and not sooner
 * than 2 s after the captcha was issued. Timing is judged first: a bot that answers instantly
 * learns nothing about whether its sum was right.
 */
export function judgeCaptchaAnswer(
  challenge: CaptchaChallenge,
  answer: unknown,
  now: number,
): CaptchaRefusal | undefined {
  if (now - challenge.issuedAt < CAPTCHA_RULES.minSolveMs) return 'TOO_FAST';
  if (typeof answer !== 'string') return 'CAPTCHA_WRONG';
  const trimmed = answer.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return 'CAPTCHA_WRONG';
  return Number(trimmed) === challenge.a + challenge.b ? undefined : 'CAPTCHA_WRONG';
}
