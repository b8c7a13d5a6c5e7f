import {
  createMagicLinkToken,
  decideAuthChallenge,
  hashMagicLinkToken,
  MAGIC_LINK_TTL_MS,
  magicLinkUrl,
} from './magic-link';

describe('magic link tokens', () => {
  it('are random, expire in 15 minutes and are stored only as a hash', () => {
    const now = 1_700_000_000_000;
    const first = createMagicLinkToken(now);
    const second = createMagicLinkToken(now);
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.expiresAt).toBe(now + MAGIC_LINK_TTL_MS);
    expect(first.tokenHash).toBe(hashMagicLinkToken(first.token));
    expect(first.tokenHash).not.toContain(first.token);
  });
});

describe('magicLinkUrl', () => {
  it('points at /auth/magic with the email, the token and a same-site redirect', () => {
    const url = new URL(
      magicLinkUrl('http://localhost:5173', {
        email: 'mario+fba@example.it',
        token: 'tok',
        redirectTo: '/connect-amazon',
      }),
    );
    expect(url.origin + url.pathname).toBe('http://localhost:5173/auth/magic');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      email: 'mario+fba@example.it',
      token: 'tok',
      redirectTo: '/connect-amazon',
    });
  });

  it('drops a redirect that would leave the site', () => {
    const url = new URL(
      magicLinkUrl('https://app.example.it', {
        email: 'a@b.it',
        token: 't',
        redirectTo: '//evil.example',
      }),
    );
    expect(url.searchParams.has('redirectTo')).toBe(false);
  });
});

describe('decideAuthChallenge', () => {
  const step = (challengeResult: boolean) => ({
    challengeName: 'CUSTOM_CHALLENGE',
    challengeResult,
    challengeMetadata: 'MAGIC_LINK',
  });

  it('fails an unknown user at once', () => {
    expect(decideAuthChallenge([], true)).toEqual({ issueTokens: false, failAuthentication: true });
  });

  it('asks one custom challenge, then signs in on a correct answer', () => {
    expect(decideAuthChallenge([], false)).toEqual({
      issueTokens: false,
      failAuthentication: false,
      challengeName: 'CUSTOM_CHALLENGE',
    });
    expect(decideAuthChallenge([step(true)], false)).toEqual({
      issueTokens: true,
      failAuthentication: false,
    });
  });

  it('fails a wrong answer without a second try, and any other flow', () => {
    expect(decideAuthChallenge([step(false)], false).failAuthentication).toBe(true);
    expect(decideAuthChallenge([step(false), step(true)], false).failAuthentication).toBe(true);
    expect(
      decideAuthChallenge([{ challengeName: 'SRP_A', challengeResult: true }], false)
        .failAuthentication,
    ).toBe(true);
  });
});
