import {
  ConfirmForgotPasswordCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  api,
  cognito,
  linkTo,
  mailsTo,
  refusalOf,
  registerConfirmedUser,
  signInWithPassword,
  stack,
  uniqueEmail,
  waitForMail,
} from './support/accounts';

describe('forgot password (send-new-password)', () => {
  test('emails a reset link in the asked language; its code sets a new password and the old one stops working', async () => {
    // Prepare
    const user = await registerConfirmedUser({ locale: 'it' });

    // Act
    const res = await api('POST', '/api/send-new-password', {
      body: { email: user.email.toUpperCase(), language: 'en' },
    });
    const mail = await waitForMail(user.email, 2);
    const link = linkTo(mail, '/update-password');
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: stack.cognito.clientId,
        Username: link.searchParams.get('email')!,
        ConfirmationCode: link.searchParams.get('code')!,
        Password: 'New-password-5678',
      }),
    );

    // Assess
    expect(res).toEqual({ status: 200, body: { ok: true } });
    expect(mail.subject).toBe('Reset your password · RimborsiFBA');
    expect(link.searchParams.get('email')).toBe(user.email);
    // Sign-in ignores the case of the address, as the deployed pool does.
    await expect(
      signInWithPassword(user.email.toUpperCase(), 'New-password-5678'),
    ).resolves.toHaveProperty('AccessToken');
    expect(
      await refusalOf(
        cognito.send(
          new InitiateAuthCommand({
            ClientId: stack.cognito.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
          }),
        ),
      ),
    ).toBe('NotAuthorizedException: Incorrect username or password.');
  });

  test('a second request within 60 s is 429 with the localized message', async () => {
    const email = uniqueEmail('reset');
    const first = await api('POST', '/api/send-new-password', { body: { email, language: 'it' } });
    const second = await api('POST', '/api/send-new-password', { body: { email, language: 'it' } });
    expect(first).toEqual({ status: 200, body: { ok: true } });
    expect(second).toMatchObject({
      status: 429,
      body: {
        ok: false,
        error: 'too_many_requests',
        message: 'Troppi invii ravvicinati. Riprova più tardi.',
        details: { retry_after_seconds: expect.any(Number) },
      },
    });
  });

  test('an unknown address gets the same answer and no email', async () => {
    const email = uniqueEmail('ghost');
    expect(
      await api('POST', '/api/send-new-password', { body: { email, language: 'en' } }),
    ).toEqual({ status: 200, body: { ok: true } });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(email)).toEqual([]);
  });

  test('an invalid address is 400 "Please enter a valid email address", in Italian by default', async () => {
    const en = await api('POST', '/api/send-new-password', {
      body: { email: 'not-an-email', language: 'en' },
      language: 'en',
    });
    const it = await api('POST', '/api/send-new-password', { body: { email: '' } });
    expect(en).toMatchObject({
      status: 400,
      body: { ok: false, error: 'validation_error', message: 'Please enter a valid email address' },
    });
    expect(it).toMatchObject({
      status: 400,
      body: { message: 'Inserisci un indirizzo email valido' },
    });
  });
});
