import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { startGateway } from './server';

const ISSUER = 'http://127.0.0.1:9/local_pool';
const CLIENT_ID = 'web-client';

describe('local gateway: the production JWT authorizer rules and event shape', () => {
  let jwksServer: http.Server;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let sign: (
    claims: Record<string, unknown>,
    opts?: { exp?: number; iss?: string },
  ) => Promise<string>;
  let otherKeySign: (claims: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const other = await generateKeyPair('RS256');
    const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = http.createServer((_req, res) => res.end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((r) => jwksServer.listen(0, '127.0.0.1', r));
    const jwksPort = (jwksServer.address() as AddressInfo).port;
    sign = (claims, opts = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(opts.iss ?? ISSUER)
        .setIssuedAt()
        .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
        .sign(privateKey);
    otherKeySign = (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(ISSUER)
        .setExpirationTime('10m')
        .sign(other.privateKey);
    gateway = await startGateway({
      port: 0,
      root: __dirname,
      authorizer: {
        issuer: ISSUER,
        audience: [CLIENT_ID],
        jwksUri: `http://127.0.0.1:${jwksPort}/jwks.json`,
      },
      functions: [{ name: 'pre-sign-up', entry: 'fixtures/trigger.handler.ts', timeoutSeconds: 5 }],
      routes: [
        {
          name: 'echo',
          method: 'POST',
          path: '/api/things/{thingId}',
          entry: 'fixtures/echo.handler.ts',
        },
        {
          name: 'open',
          method: 'GET',
          path: '/api/open/{name}',
          entry: 'fixtures/public-echo.handler.ts',
          public: true,
        },
        {
          name: 'binary',
          method: 'POST',
          path: '/api/upload',
          entry: 'fixtures/binary.handler.ts',
          public: true,
        },
      ],
    });
  });

  afterAll(async () => {
    await gateway.close();
    await new Promise((r) => jwksServer.close(r));
  });

  const call = (token?: string, body = '{"note":"ciao"}') =>
    fetch(`${gateway.url}/api/things/FBA%2F1%20x?x=1&x=2`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-GB,en;q=0.9',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });

  test('an ID token for the web client reaches the handler with its sub, path and query', async () => {
    const res = await call(await sign({ sub: 'user-1', aud: CLIENT_ID, token_use: 'id' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      userId: 'user-1',
      language: 'en',
      routeKey: 'POST /api/things/{thingId}',
      pathParameters: { thingId: 'FBA/1 x' },
      query: { x: '1,2' },
      note: 'ciao',
    });
  });

  test('an access token is matched on client_id, as Cognito access tokens carry no aud', async () => {
    const res = await call(
      await sign({ sub: 'user-2', client_id: CLIENT_ID, token_use: 'access' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ userId: 'user-2' });
  });

  test.each([
    ['no token', async () => undefined],
    ['another audience', async () => sign({ sub: 'u', aud: 'someone-else' })],
    [
      'another issuer',
      async () => sign({ sub: 'u', aud: CLIENT_ID }, { iss: 'http://127.0.0.1:9/other' }),
    ],
    [
      'an expired token',
      async () => sign({ sub: 'u', aud: CLIENT_ID }, { exp: Math.floor(Date.now() / 1000) - 5 }),
    ],
    ['a token signed by another key', async () => otherKeySign({ sub: 'u', aud: CLIENT_ID })],
    ['garbage', async () => 'not.a.jwt'],
  ])('%s is refused with 401 before the handler runs', async (_label, token) => {
    const res = await call(await token());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  test('a bad body is a 400 from the handler middleware, not a crash', async () => {
    const res = await call(await sign({ sub: 'u', aud: CLIENT_ID }), '{"note": 5}');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ ok: false, error: 'validation_error' });
  });

  test('public routes need no token and default to Italian', async () => {
    const res = await fetch(`${gateway.url}/api/open/mario`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ language: 'it', pathParameters: { name: 'mario' } });
  });

  test('binary bodies arrive base64-encoded and text bodies as they are', async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]);
    const bin = await fetch(`${gateway.url}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(await bin.json()).toEqual({ isBase64Encoded: true, body: bytes.toString('base64') });
    const text = await fetch(`${gateway.url}/api/upload`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'Numero ordine\tData',
    });
    expect(await text.json()).toEqual({ isBase64Encoded: false, body: 'Numero ordine\tData' });
  });

  test('unknown paths and methods get 404', async () => {
    expect((await fetch(`${gateway.url}/api/nothing`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/api/upload`)).status).toBe(404);
  });

  describe('the Lambda Invoke API, as cognito-local calls triggers', () => {
    const invoke = (name: string, payload: unknown) =>
      fetch(`${gateway.url}/2015-03-31/functions/${name}/invocations`, {
        method: 'POST',
        body: JSON.stringify(payload),
      });

    test('runs the trigger with the payload and answers its result', async () => {
      const res = await invoke('pre-sign-up', { triggerSource: 'PreSignUp_SignUp', request: {} });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-amz-function-error')).toBeNull();
      expect(await res.json()).toEqual({
        triggerSource: 'PreSignUp_SignUp',
        request: {},
        response: { autoConfirmUser: false, seen: true },
      });
    });

    test('a thrown error is a function error with its message, as Lambda reports it', async () => {
      const res = await invoke('arn:aws:lambda:eu-west-1:000000000000:function:pre-sign-up', {
        request: { fail: 'HONEYPOT' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-amz-function-error')).toBe('Unhandled');
      expect(await res.json()).toMatchObject({ errorType: 'Error', errorMessage: 'HONEYPOT' });
    });

    test('the AWS SDK v2 client that cognito-local uses reads both answers', async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const Lambda = require('aws-sdk/clients/lambda') as typeof import('aws-sdk/clients/lambda');
      const lambda = new Lambda({
        endpoint: gateway.url,
        region: 'eu-west-1',
        credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      });
      const ok = await lambda
        .invoke({ FunctionName: 'pre-sign-up', Payload: JSON.stringify({ request: {} }) })
        .promise();
      const failed = await lambda
        .invoke({
          FunctionName: 'pre-sign-up',
          Payload: JSON.stringify({ request: { fail: 'TOO_FAST' } }),
        })
        .promise();
      expect(ok.FunctionError).toBeUndefined();
      expect(JSON.parse(String(ok.Payload)).response.seen).toBe(true);
      expect(failed.FunctionError).toBe('Unhandled');
      expect(JSON.parse(String(failed.Payload)).errorMessage).toBe('TOO_FAST');
    });

    test('an unknown function is 404, and triggers are never reachable as routes', async () => {
      const res = await invoke('no-such-function', {});
      expect(res.status).toBe(404);
      expect(res.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
      expect(
        (
          await fetch(`${gateway.url}/api/2015-03-31/functions/pre-sign-up/invocations`, {
            method: 'POST',
          })
        ).status,
      ).toBe(404);
    });
  });
});
