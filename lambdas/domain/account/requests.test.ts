import {
  type MagicLinkUser,
  requestConfirmationResend,
  requestMagicLink,
  requestPasswordReset,
  RequestRefused,
  type SendLimiter,
} from './requests';
import { hashMagicLinkToken } from './magic-link';

const NOW = 1_700_000_000_000;

/** The table's conditional write, in memory. */
function limiter(): SendLimiter {
  const last = new Map<string, number>();
  return {
    claim: async (kind, email, now) => {
      const previous = last.get(`${kind}:${email}`);
      if (previous !== undefined && now - previous < 60_000) {
        return { allowed: false, retryAfterSeconds: Math.ceil((previous + 60_000 - now) / 1000) };
      }
      last.set(`${kind}:${email}`, now);
      return { allowed: true };
    },
  };
}

async function reason(promise: Promise<unknown>) {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof RequestRefused) return [error.reason, error.retryAfterSeconds];
    throw error;
  }
}

describe('requestConfirmationResend and requestPasswordReset', () => {
  it('send once a minute per address and kind, normalizing the address', async () => {
    const sent: string[] = [];
    const deps = {
      limiter: limiter(),
      now: NOW,
      resend: async (email: string, language?: string) => {
        sent.push(`confirm:${email}:${language}`);
      },
      startReset: async (email: string, language?: string) => {
        sent.push(`reset:${email}:${language}`);
      },
    };
    await requestConfirmationResend({ email: ' Mario@Example.it ' }, deps);
    expect(await reason(requestConfirmationResend({ email: 'mario@example.it' }, deps))).toEqual([
      'too_many_requests',
      60,
    ]);
    await requestPasswordReset({ email: 'mario@example.it', language: 'en' }, deps);
    expect(
      await reason(
        requestConfirmationResend({ email: 'mario@example.it' }, { ...deps, now: NOW + 60_000 }),
      ),
    ).toBeUndefined();
    expect(sent).toEqual([
      'confirm:mario@example.it:undefined',
      'reset:mario@example.it:en',
      'confirm:mario@example.it:undefined',
    ]);
  });

  it('refuses an empty or malformed address before counting it', async () => {
    const deps = { limiter: limiter(), now: NOW, startReset: async () => undefined };
    expect(await reason(requestPasswordReset({ email: ' ' }, deps))).toEqual([
      'email_required',
      undefined,
    ]);
    expect(await reason(requestPasswordReset({ email: 'mario@' }, deps))).toEqual([
      'invalid_email',
      undefined,
    ]);
  });
});

describe('requestMagicLink', () => {
  const mario: MagicLinkUser = {
    id: 'u-1',
    email: 'mario@example.it',
    confirmed: true,
    enabled: true,
    firstName: 'Mario',
    locale: 'en',
  };

  function deps(user: MagicLinkUser | undefined) {
    const saved: { userId: string; tokenHash: string; expiresAt: number }[] = [];
    const mails: { to: string; subject: string; html: string; text: string }[] = [];
    return {
      saved,
      mails,
      limiter: limiter(),
      now: NOW,
      appUrl: 'http://localhost:5173',
      findUser: async () => user,
      saveMagicLink: async (userId: string, link: { tokenHash: string; expiresAt: number }) => {
        saved.push({ userId, ...link });
      },
      sendMail: async (m: { to: string; subject: string; html: string; text: string }) => {
        mails.push(m);
      },
    };
  }

  it("emails a link whose token only the hash in the table matches, in the user's language", async () => {
    const d = deps(mario);
    await expect(
      requestMagicLink({ email: 'MARIO@example.it', redirectTo: '/documents' }, d),
    ).resolves.toBe(true);
    expect(d.mails).toHaveLength(1);
    expect(d.mails[0]!.subject).toBe('Your sign-in link · RimborsiFBA');
    const link = new URL(
      /(http:\/\/localhost:5173\/auth\/magic\?[^\s]+)/.exec(d.mails[0]!.text)![1]!,
    );
    expect(link.searchParams.get('email')).toBe('mario@example.it');
    expect(link.searchParams.get('redirectTo')).toBe('/documents');
    const token = link.searchParams.get('token')!;
    expect(d.saved).toEqual([
      { userId: 'u-1', tokenHash: hashMagicLinkToken(token), expiresAt: NOW + 15 * 60_000 },
    ]);
  });

  it('prefers the language the request asks for', async () => {
    const d = deps(mario);
    await requestMagicLink({ email: 'mario@example.it', language: 'it' }, d);
    expect(d.mails[0]!.subject).toBe('Il tuo link di accesso · RimborsiFBA');
  });

  it('sends nothing to unknown, unconfirmed or disabled accounts', async () => {
    for (const user of [undefined, { ...mario, confirmed: false }, { ...mario, enabled: false }]) {
      const d = deps(user);
      await expect(requestMagicLink({ email: 'mario@example.it' }, d)).resolves.toBe(false);
      expect(d.mails).toEqual([]);
      expect(d.saved).toEqual([]);
    }
  });

  it('counts requests for unknown addresses too, so the limit tells nothing', async () => {
    const d = deps(undefined);
    await requestMagicLink({ email: 'nobody@example.it' }, d);
    expect(await reason(requestMagicLink({ email: 'nobody@example.it' }, d))).toEqual([
      'too_many_requests',
      60,
    ]);
  });
});
