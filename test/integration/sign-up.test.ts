import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  api,
  cognito,
  fetchCaptcha,
  linkTo,
  mailsTo,
  mintCaptcha,
  refusalOf,
  signUp,
  stack,
  table,
  uniqueEmail,
  waitForMail,
} from './support/accounts';
import { issueCaptcha } from '../../lambdas/domain/account/captcha';

const refused = (code: string) =>
  `UserLambdaValidationException: PreSignUp failed with error ${code}.`;

describe('sign-up: the anti-bot rules hold when the browser is bypassed', () => {
  test('POST /api/captcha issues two operands from 2 to 9 and an opaque signed token', async () => {
    const captcha = await fetchCaptcha();
    expect(captcha.a).toBeGreaterThanOrEqual(2);
    expect(captcha.b).toBeLessThanOrEqual(9);
    expect(captcha.token).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
  });

  test('a wrong answer is refused, and so is a non-numeric one', async () => {
    const captcha = mintCaptcha();
    expect(
      await refusalOf(
        signUp({ email: uniqueEmail('wrong'), captcha, answer: String(captcha.a + captcha.b + 1) }),
      ),
    ).toBe(refused('CAPTCHA_WRONG'));
    const other = mintCaptcha();
    expect(
      await refusalOf(signUp({ email: uniqueEmail('wrong'), captcha: other, answer: '1e1' })),
    ).toBe(refused('CAPTCHA_WRONG'));
  });

  test('a filled honeypot is refused', async () => {
    expect(
      await refusalOf(
        signUp({ email: uniqueEmail('honeypot'), captcha: mintCaptcha(), honeypot: 'https://x' }),
      ),
    ).toBe(refused('HONEYPOT'));
  });

  test('a submit within 2 s of the captcha being issued is refused', async () => {
    const captcha = await fetchCaptcha();
    expect(await refusalOf(signUp({ email: uniqueEmail('fast'), captcha }))).toBe(
      refused('TOO_FAST'),
    );
  });

  test('a token works once: reusing it is refused even with the right answer', async () => {
    const captcha = mintCaptcha();
    await signUp({ email: uniqueEmail('once'), captcha });
    expect(await refusalOf(signUp({ email: uniqueEmail('twice'), captcha }))).toBe(
      refused('CAPTCHA_INVALID'),
    );
  });

  test('forged tokens are refused: another key, changed operands, too old', async () => {
    const forged = issueCaptcha('not-the-server-key-not-the-server-key', Date.now() - 5000);
    expect(await refusalOf(signUp({ email: uniqueEmail('forged'), captcha: forged }))).toBe(
      refused('CAPTCHA_INVALID'),
    );
    const genuine = mintCaptcha();
    const [version, payload, signature] = genuine.token.split('.');
    // Operands that always differ from the signed ones (the genuine pair may itself be 2 + 2).
    const signed = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
      a: number;
      b: number;
    };
    const changed = { a: signed.a + 1, b: signed.b };
    const easier = Buffer.from(JSON.stringify({ ...signed, ...changed })).toString('base64url');
    expect(
      await refusalOf(
        signUp({
          email: uniqueEmail('forged'),
          captcha: { ...changed, token: `${version}.${easier}.${signature}` },
        }),
      ),
    ).toBe(refused('CAPTCHA_INVALID'));
    expect(
      await refusalOf(signUp({ email: uniqueEmail('stale'), captcha: mintCaptcha(31 * 60_000) })),
    ).toBe(refused('CAPTCHA_INVALID'));
  });

  test('missing profile fields and a short password are refused', async () => {
    expect(
      await refusalOf(
        signUp({
          email: uniqueEmail('noname'),
          captcha: mintCaptcha(),
          attributes: { given_name: '' },
        }),
      ),
    ).toBe(refused('ATTRIBUTES_MISSING'));
    expect(
      await refusalOf(
        signUp({ email: uniqueEmail('short'), captcha: mintCaptcha(), password: '1234567' }),
      ),
    ).toMatch(/^InvalidPasswordException: Password did not conform with policy/);
  });
});

describe('sign-up: confirmation email, profile and resend', () => {
  test('a correct sign-up (real captcha, after 2 s) gets an Italian email whose link confirms the account and creates the profile', async () => {
    // Prepare
    const email = uniqueEmail('mario');
    const captcha = await fetchCaptcha();
    await new Promise((r) => setTimeout(r, 2050));

    // Act
    const { UserSub, UserConfirmed } = await signUp({ email, captcha, locale: 'it' });
    const mail = await waitForMail(email);
    const link = linkTo(mail, '/confirm-email');
    await cognito.send(
      new ConfirmSignUpCommand({
        ClientId: stack.cognito.clientId,
        Username: link.searchParams.get('email')!,
        ConfirmationCode: link.searchParams.get('code')!,
      }),
    );
    const { Item } = await table.send(
      new GetCommand({
        TableName: stack.dynamodb.table,
        Key: { PK: `USER#${UserSub}`, SK: 'PROFILE' },
      }),
    );

    // Assess
    expect(UserConfirmed).toBe(false);
    // Bilingual (send-bilingual-confirmation): Italian first, then English, one message.
    expect(mail.subject).toBe(
      'Conferma il tuo indirizzo email / Confirm your email address · RimborsiFBA',
    );
    expect(mail.html).toContain('<html lang="it">');
    expect(mail.html.indexOf('Ciao Mario,')).toBeGreaterThan(-1);
    expect(mail.html.indexOf('Hello Mario,')).toBeGreaterThan(mail.html.indexOf('Ciao Mario,'));
    expect(mail.html).toContain('Il tuo codice di conferma:');
    expect(mail.html).toContain('Your confirmation code:');
    expect(mail.from[0]).toMatchObject({ address: 'no-reply@rimborsifba.local' });
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.webUrl}/confirm-email`);
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('code')).toMatch(/^\d{6}$/);
    expect(Item).toMatchObject({
      id: UserSub,
      mode: 'demo',
      email,
      first_name: 'Mario',
      last_name: 'Rossi',
      phone: '+393331234567',
      locale: 'it',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  test('an English sign-up gets its email in English first, then in Italian', async () => {
    const email = uniqueEmail('john');
    await signUp({ email, captcha: mintCaptcha(), locale: 'en' });
    const mail = await waitForMail(email);
    expect(mail.subject).toBe(
      'Confirm your email address / Conferma il tuo indirizzo email · RimborsiFBA',
    );
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('<div lang="it">');
  });

  test('resend sends a new working code, then refuses a second request within 60 s', async () => {
    // Prepare
    const email = uniqueEmail('resend');
    await signUp({ email, captcha: mintCaptcha(), locale: 'it' });
    await waitForMail(email);

    // Act
    const first = await api('POST', '/api/send-bilingual-confirmation', {
      body: { email, language: 'en' },
    });
    const again = await api('POST', '/api/send-bilingual-confirmation', {
      body: { email },
      language: 'en',
    });
    const resent = await waitForMail(email, 2);
    await cognito.send(
      new ConfirmSignUpCommand({
        ClientId: stack.cognito.clientId,
        Username: email,
        ConfirmationCode: linkTo(resent, '/confirm-email').searchParams.get('code')!,
      }),
    );

    // Assess
    expect(first).toEqual({ status: 200, body: { ok: true } });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({
      ok: false,
      error: 'too_many_requests',
      message: 'Too many recent attempts. Please try again later.',
    });
    expect(resent.subject).toBe(
      'Confirm your email address / Conferma il tuo indirizzo email · RimborsiFBA',
    );
  });

  test('resend answers the same for an unknown or already confirmed address, and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const res = await api('POST', '/api/send-bilingual-confirmation', { body: { email: unknown } });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(unknown)).toEqual([]);
  });

  test('resend refuses a malformed address with the localized message', async () => {
    const it = await api('POST', '/api/send-bilingual-confirmation', { body: { email: 'mario@' } });
    const en = await api('POST', '/api/send-bilingual-confirmation', {
      body: { email: 'mario@' },
      language: 'en-US,en;q=0.9',
    });
    expect(it).toMatchObject({
      status: 400,
      body: { message: 'Inserisci un indirizzo email valido' },
    });
    expect(en).toMatchObject({
      status: 400,
      body: { message: 'Please enter a valid email address' },
    });
  });
});
