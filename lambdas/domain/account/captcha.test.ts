import {
  CAPTCHA_RULES,
  captchaExpiresAt,
  issueCaptcha,
  judgeCaptchaAnswer,
  readCaptchaToken,
} from './captcha';

const SECRET = 'test-secret-0123456789';
const NOW = Date.UTC(2026, 0, 15, 10, 0, 0);

function tamper(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [version, payload, signature] = token.split('.');
  const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
  change(decoded);
  return `${version}.${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${signature}`;
}

describe('issueCaptcha', () => {
  it('draws both operands from 2 to 9 and never repeats a nonce', () => {
    const seen = new Set<number>();
    const nonces = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      const { a, b, token } = issueCaptcha(SECRET, NOW);
      seen.add(a).add(b);
      nonces.add(readCaptchaToken(token, SECRET, NOW)!.nonce);
    }
    expect([...seen].sort()).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(nonces.size).toBe(500);
  });

  it('binds the operands, the issue time and the nonce into the token', () => {
    const issued = issueCaptcha(SECRET, NOW, { operand: () => 4, nonce: () => 'n'.repeat(22) });
    expect(issued).toMatchObject({ a: 4, b: 4 });
    expect(readCaptchaToken(issued.token, SECRET, NOW + 1000)).toEqual({
      a: 4,
      b: 4,
      issuedAt: NOW,
      nonce: 'n'.repeat(22),
    });
  });
});

describe('readCaptchaToken', () => {
  // Fixed operands: each tampering below must really change the payload (a random 2 + 2 once
  // made "easier operands" a no-op).
  const { token } = issueCaptcha(SECRET, NOW, { operand: () => 7, nonce: () => 'n'.repeat(22) });

  it('refuses a token signed with another secret', () => {
    const forged = issueCaptcha('another-secret', NOW).token;
    expect(readCaptchaToken(forged, SECRET, NOW)).toBeUndefined();
  });

  it.each<[string, (p: Record<string, unknown>) => void]>([
    ['easier operands', (p) => Object.assign(p, { a: 2, b: 2 })],
    [
      'an older issue time (to dodge the 2 s rule)',
      (p) => Object.assign(p, { issuedAt: NOW - 5000 }),
    ],
    ['another nonce (to reuse a token)', (p) => Object.assign(p, { nonce: 'x'.repeat(22) })],
  ])('refuses a token whose payload was changed: %s', (_, change) => {
    expect(readCaptchaToken(tamper(token, change), SECRET, NOW)).toBeUndefined();
  });

  it.each([
    ['nothing', undefined],
    ['a number', 42],
    ['garbage', 'not-a-token'],
    ['a truncated token', token.slice(0, -5)],
    ['an extra segment', `${token}.x`],
    ['another version', token.replace(/^v1\./, 'v2.')],
  ])('refuses %s', (_, value) => {
    expect(readCaptchaToken(value, SECRET, NOW)).toBeUndefined();
  });

  it('accepts a token up to 30 minutes old and refuses it after', () => {
    expect(readCaptchaToken(token, SECRET, NOW + CAPTCHA_RULES.maxAgeMs)).toBeDefined();
    expect(readCaptchaToken(token, SECRET, NOW + CAPTCHA_RULES.maxAgeMs + 1)).toBeUndefined();
  });

  it('refuses a token issued in the future beyond clock skew', () => {
    expect(readCaptchaToken(token, SECRET, NOW - CAPTCHA_RULES.clockSkewMs - 1)).toBeUndefined();
  });

  it('remembers the nonce until the token can no longer be used', () => {
    const challenge = readCaptchaToken(token, SECRET, NOW)!;
    expect(captchaExpiresAt(challenge)).toBeGreaterThan(NOW + CAPTCHA_RULES.maxAgeMs);
  });
});

describe('judgeCaptchaAnswer', () => {
  const challenge = { a: 3, b: 8, issuedAt: NOW, nonce: 'n'.repeat(22) };
  const later = NOW + 2500;

  it('accepts the right sum after 2 s', () => {
    expect(judgeCaptchaAnswer(challenge, '11', later)).toBeUndefined();
    expect(judgeCaptchaAnswer(challenge, ' 11 ', later)).toBeUndefined();
  });

  it('refuses a submit within 2 s of the captcha being issued, even with the right sum', () => {
    expect(judgeCaptchaAnswer(challenge, '11', NOW + 1999)).toBe('TOO_FAST');
    expect(judgeCaptchaAnswer(challenge, '11', NOW + 2000)).toBeUndefined();
  });

  it.each([['12'], ['10'], ['11.0'], ['+11'], ['1 1'], ['eleven'], [''], ['0011x']])(
    'refuses %p',
    (answer) => {
      expect(judgeCaptchaAnswer(challenge, answer, later)).toBe('CAPTCHA_WRONG');
    },
  );

  it('refuses an answer that is not a string', () => {
    expect(judgeCaptchaAnswer(challenge, 11, later)).toBe('CAPTCHA_WRONG');
    expect(judgeCaptchaAnswer(challenge, undefined, later)).toBe('CAPTCHA_WRONG');
  });
});
