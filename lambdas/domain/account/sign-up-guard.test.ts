import { issueCaptcha } from './captcha';
import { guardSignUp, type SignUpGuardDeps, SignUpRefused } from './sign-up-guard';

const SECRET = 'guard-secret';
const ISSUED = Date.UTC(2026, 0, 15, 10, 0, 0);
const ATTRIBUTES = {
  email: 'mario.rossi@example.it',
  given_name: 'Mario',
  family_name: 'Rossi',
  phone_number: '+393331234567',
  locale: 'it',
};

/** An in-memory nonce store with the same contract as the table's conditional write. */
function deps(now = ISSUED + 3000): SignUpGuardDeps & { used: Set<string> } {
  const used = new Set<string>();
  return {
    captchaSecret: SECRET,
    now,
    used,
    consumeCaptchaNonce: async (nonce) => {
      if (used.has(nonce)) return false;
      used.add(nonce);
      return true;
    },
  };
}

function captcha() {
  const { a, b, token } = issueCaptcha(SECRET, ISSUED);
  return { token, answer: String(a + b), wrong: String(a + b + 1) };
}

async function refusal(promise: Promise<void>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof SignUpRefused) return error.code;
    throw error;
  }
}

describe('guardSignUp', () => {
  it('lets a genuine sign-up through and spends its captcha', async () => {
    const { token, answer } = captcha();
    const d = deps();
    await expect(
      guardSignUp(
        {
          validationData: { captchaToken: token, captchaAnswer: answer, honeypot: '' },
          userAttributes: ATTRIBUTES,
        },
        d,
      ),
    ).resolves.toBeUndefined();
    expect(d.used.size).toBe(1);
  });

  it('refuses a filled honeypot before anything else', async () => {
    const { token, answer } = captcha();
    const d = deps();
    const code = await refusal(
      guardSignUp(
        {
          validationData: { captchaToken: token, captchaAnswer: answer, honeypot: 'http://spam' },
          userAttributes: ATTRIBUTES,
        },
        d,
      ),
    );
    expect(code).toBe('HONEYPOT');
    expect(d.used.size).toBe(0);
  });

  it('refuses a missing token, a forged one and one used before', async () => {
    const { token, answer } = captcha();
    const d = deps();
    const attempt = (captchaToken?: string) =>
      refusal(
        guardSignUp(
          { validationData: { captchaToken, captchaAnswer: answer }, userAttributes: ATTRIBUTES },
          d,
        ),
      );
    expect(await attempt(undefined)).toBe('CAPTCHA_INVALID');
    expect(await attempt(issueCaptcha('forger', ISSUED).token)).toBe('CAPTCHA_INVALID');
    expect(await attempt(token)).toBeUndefined();
    expect(await attempt(token)).toBe('CAPTCHA_INVALID');
  });

  it('spends the token on a wrong answer, so a second guess with it fails', async () => {
    const { token, answer, wrong } = captcha();
    const d = deps();
    const attempt = (captchaAnswer: string) =>
      refusal(
        guardSignUp(
          { validationData: { captchaToken: token, captchaAnswer }, userAttributes: ATTRIBUTES },
          d,
        ),
      );
    expect(await attempt(wrong)).toBe('CAPTCHA_WRONG');
    expect(await attempt(answer)).toBe('CAPTCHA_INVALID');
  });

  it('refuses a submit within 2 s of the captcha, whatever the browser claims', async () => {
    const { token, answer } = captcha();
    const code = await refusal(
      guardSignUp(
        {
          validationData: {
            captchaToken: token,
            captchaAnswer: answer,
            formLoadedAt: String(ISSUED - 60_000),
          },
          userAttributes: ATTRIBUTES,
        },
        deps(ISSUED + 1500),
      ),
    );
    expect(code).toBe('TOO_FAST');
  });

  it.each(['given_name', 'family_name', 'phone_number'] as const)('requires %s', async (name) => {
    const { token, answer } = captcha();
    const code = await refusal(
      guardSignUp(
        {
          validationData: { captchaToken: token, captchaAnswer: answer },
          userAttributes: { ...ATTRIBUTES, [name]: ' ' },
        },
        deps(),
      ),
    );
    expect(code).toBe('ATTRIBUTES_MISSING');
  });

  it('requires the phone in E.164', async () => {
    const { token, answer } = captcha();
    const code = await refusal(
      guardSignUp(
        {
          validationData: { captchaToken: token, captchaAnswer: answer },
          userAttributes: { ...ATTRIBUTES, phone_number: '333 1234567' },
        },
        deps(),
      ),
    );
    expect(code).toBe('PHONE_INVALID');
  });
});
