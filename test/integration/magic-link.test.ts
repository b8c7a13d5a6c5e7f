import {
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { hashMagicLinkToken } from '../../lambdas/domain/account/magic-link';
import {
  api,
  cognito,
  linkTo,
  mailsTo,
  refusalOf,
  registerConfirmedUser,
  signUp,
  mintCaptcha,
  stack,
  table,
  uniqueEmail,
  waitForMail,
} from './support/accounts';

/** What the `/auth/magic` page does with Amplify: CUSTOM_WITHOUT_SRP, then the token as answer. */
async function signInWithMagicLink(email: string, token: string) {
  const started = await cognito.send(
    new InitiateAuthCommand({
      ClientId: stack.cognito.clientId,
      AuthFlow: 'CUSTOM_AUTH',
      AuthParameters: { USERNAME: email },
    }),
  );
  expect(started.ChallengeName).toBe('CUSTOM_CHALLENGE');
  const answered = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: stack.cognito.clientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: started.Session,
      ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: token },
    }),
  );
  return answered.AuthenticationResult!;
}

describe('magic link', () => {
  test('request → email → custom auth → a real session the API accepts; the link works once', async () => {
    // Prepare
    const user = await registerConfirmedUser({ locale: 'en' });

    // Act
    const requested = await api('POST', '/api/magic-link', {
      body: { email: user.email, redirectTo: '/connect-amazon' },
    });
    const mail = await waitForMail(user.email, 2);
    const link = linkTo(mail, '/auth/magic');
    const token = link.searchParams.get('token')!;
    const session = await signInWithMagicLink(link.searchParams.get('email')!, token);
    const profile = await api('GET', '/api/profile', { token: session.AccessToken });
    const withIdToken = await api('GET', '/api/profile', { token: session.IdToken });
    const secondUse = await refusalOf(signInWithMagicLink(user.email, token));

    // Assess
    expect(requested).toEqual({ status: 200, body: { ok: true } });
    expect(mail.subject).toBe('Your sign-in link · RimborsiFBA');
    expect(`${link.origin}${link.pathname}`).toBe(`${stack.webUrl}/auth/magic`);
    expect(link.searchParams.get('redirectTo')).toBe('/connect-amazon');
    expect(decodeJwt(session.AccessToken!)).toMatchObject({
      iss: `${stack.cognito.endpoint}/${stack.cognito.userPoolId}`,
      sub: user.userId,
      client_id: stack.cognito.clientId,
      token_use: 'access',
    });
    expect(decodeJwt(session.IdToken!)).toMatchObject({
      aud: stack.cognito.clientId,
      email: user.email,
    });
    expect(profile).toMatchObject({
      status: 200,
      body: { id: user.userId, email: user.email, mode: 'demo' },
    });
    expect(withIdToken.status).toBe(200);
    expect(secondUse).toBe('NotAuthorizedException: Incorrect username or password.');
  });

  test('the refresh token of a magic-link session renews it, both ways Cognito offers', async () => {
    const user = await registerConfirmedUser();
    await api('POST', '/api/magic-link', { body: { email: user.email } });
    const token = linkTo(await waitForMail(user.email, 2), '/auth/magic').searchParams.get(
      'token',
    )!;
    const session = await signInWithMagicLink(user.email, token);

    const renewed = await cognito.send(
      new InitiateAuthCommand({
        ClientId: stack.cognito.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: session.RefreshToken! },
      }),
    );

    // What Amplify v6 calls when the access token expires.
    const amplifyRenewed = await cognito.send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: stack.cognito.clientId,
        RefreshToken: session.RefreshToken!,
      }),
    );

    expect(decodeJwt(renewed.AuthenticationResult!.AccessToken!).sub).toBe(user.userId);
    expect(decodeJwt(amplifyRenewed.AuthenticationResult!.IdToken!).sub).toBe(user.userId);
    expect(
      (await api('GET', '/api/profile', { token: renewed.AuthenticationResult!.AccessToken }))
        .status,
    ).toBe(200);
  });

  test('an expired link, a wrong token and a replaced link are refused', async () => {
    // Prepare: a link whose 15 minutes are over (written as the API would have, in the past).
    const user = await registerConfirmedUser();
    const expiredToken = 'expired-token-expired-token-expired-token-xx';
    await table.send(
      new PutCommand({
        TableName: stack.dynamodb.table,
        Item: {
          PK: `USER#${user.userId}`,
          SK: 'MAGIC_LINK',
          tokenHash: hashMagicLinkToken(expiredToken),
          validUntil: Date.now() - 1000,
          expiresAt: Math.ceil(Date.now() / 1000) + 3600,
        },
      }),
    );

    // Act
    const expired = await refusalOf(signInWithMagicLink(user.email, expiredToken));
    const wrong = await refusalOf(signInWithMagicLink(user.email, 'guessed'));

    // Assess
    expect(expired).toBe('NotAuthorizedException: Incorrect username or password.');
    expect(wrong).toBe('NotAuthorizedException: Incorrect username or password.');
  });

  test('custom auth of an unknown user fails like a wrong password', async () => {
    expect(
      await refusalOf(
        cognito.send(
          new InitiateAuthCommand({
            ClientId: stack.cognito.clientId,
            AuthFlow: 'CUSTOM_AUTH',
            AuthParameters: { USERNAME: uniqueEmail('nobody') },
          }),
        ),
      ),
    ).toBe('NotAuthorizedException: Incorrect username or password.');
  });

  test('unknown and unconfirmed addresses get {ok:true} and no email; a foreign redirect is dropped', async () => {
    const unconfirmed = uniqueEmail('pending');
    await signUp({ email: unconfirmed, captcha: mintCaptcha() });
    await waitForMail(unconfirmed);
    const unknown = uniqueEmail('ghost');
    const user = await registerConfirmedUser();

    const responses = await Promise.all([
      api('POST', '/api/magic-link', { body: { email: unconfirmed } }),
      api('POST', '/api/magic-link', { body: { email: unknown } }),
      api('POST', '/api/magic-link', { body: { email: user.email, redirectTo: '//evil.example' } }),
    ]);
    const mail = await waitForMail(user.email, 2);
    await new Promise((r) => setTimeout(r, 200));

    expect(responses).toEqual(Array(3).fill({ status: 200, body: { ok: true } }));
    expect(await mailsTo(unconfirmed)).toHaveLength(1);
    expect(await mailsTo(unknown)).toEqual([]);
    expect(mail.subject).toBe('Il tuo link di accesso · RimborsiFBA');
    expect(linkTo(mail, '/auth/magic').searchParams.has('redirectTo')).toBe(false);
  });

  test('an empty email and a second request within 60 s are refused with the spec messages', async () => {
    const email = uniqueEmail('twice');
    const empty = await api('POST', '/api/magic-link', { body: { email: '' }, language: 'en' });
    await api('POST', '/api/magic-link', { body: { email } });
    const again = await api('POST', '/api/magic-link', { body: { email } });
    expect(empty).toMatchObject({
      status: 400,
      body: { message: 'Enter your email to receive the access link' },
    });
    expect(again).toMatchObject({ status: 429, body: { error: 'too_many_requests' } });
  });
});
