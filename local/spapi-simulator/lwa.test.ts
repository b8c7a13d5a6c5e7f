import { LOCAL_SPAPI_APP_ID } from './lwa';
import {
  authorize,
  callSp,
  consent,
  IT,
  REDIRECT_URI,
  startTestSim,
  testScenario,
  tokenRequest,
  type TestSim,
} from './test-support';

const participations = '/sellers/v1/marketplaceParticipations';

describe('Seller Central consent page', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim(testScenario());
  });
  afterAll(() => t.sim.close());

  it('shows an Authorize / Cancel form that carries state and redirect URI back', async () => {
    const query = new URLSearchParams({
      application_id: LOCAL_SPAPI_APP_ID,
      state: 'a"<b>&c',
      version: 'beta',
      redirect_uri: REDIRECT_URI,
    });
    const res = await fetch(`${t.sim.url}/apps/authorize/consent?${query}`);
    const html = await res.text();

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(html).toContain('<form method="post" action="/apps/authorize/confirm"');
    expect(html).toMatch(
      /<button type="submit" name="decision" value="authorize"[^>]*>Authorize<\/button>/,
    );
    expect(html).toMatch(
      /<button type="submit" name="decision" value="cancel"[^>]*>Cancel<\/button>/,
    );
    expect(html).toContain('name="state" value="a&quot;&lt;b&gt;&amp;c"');
    expect(html).toContain(`name="redirect_uri" value="${REDIRECT_URI}"`);
    expect(html).toContain('Bottega Prova');
    expect(html).not.toContain('<b>');
  });

  it('redirects with state, selling_partner_id and spapi_oauth_code on Authorize', async () => {
    const params = await consent(t.sim, 'xyz');

    expect(params.get('state')).toBe('xyz');
    expect(params.get('selling_partner_id')).toBe('A3TESTSELLER');
    expect(params.get('spapi_oauth_code')).toMatch(/^AN/);
  });

  it('redirects with error=access_denied and the state on Cancel', async () => {
    const res = await fetch(`${t.sim.url}/apps/authorize/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        application_id: LOCAL_SPAPI_APP_ID,
        state: 's1',
        decision: 'cancel',
      }),
      redirect: 'manual',
    });
    const location = new URL(res.headers.get('location') ?? '');

    expect(res.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('s1');
    expect(location.searchParams.has('spapi_oauth_code')).toBe(false);
  });

  it('keeps the query of the redirect URI and uses the default one when none is given', async () => {
    const res = await fetch(`${t.sim.url}/apps/authorize/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        application_id: LOCAL_SPAPI_APP_ID,
        state: 's2',
        redirect_uri: 'http://127.0.0.1:9/cb?lang=it',
        decision: 'authorize',
      }),
      redirect: 'manual',
    });
    const location = new URL(res.headers.get('location') ?? '');

    expect(location.searchParams.get('lang')).toBe('it');
    expect(location.searchParams.get('state')).toBe('s2');
  });

  it('refuses an unknown application id and a missing state', async () => {
    const wrongApp = await fetch(
      `${t.sim.url}/apps/authorize/consent?application_id=amzn1.sp.solution.other&state=s`,
    );
    const noState = await fetch(
      `${t.sim.url}/apps/authorize/consent?application_id=${LOCAL_SPAPI_APP_ID}`,
    );

    expect(wrongApp.status).toBe(400);
    expect(await wrongApp.text()).toContain('MD5101');
    expect(noState.status).toBe(400);
  });

  it('shows MD1000 when a draft app is opened without version=beta', async () => {
    const draft = await startTestSim(testScenario(), { draftApp: true });
    try {
      const base = `${draft.sim.url}/apps/authorize/consent?application_id=${LOCAL_SPAPI_APP_ID}&state=s`;
      const withoutBeta = await fetch(base);
      const withBeta = await fetch(`${base}&version=beta`);

      expect(withoutBeta.status).toBe(400);
      expect(await withoutBeta.text()).toContain('MD1000');
      expect(withBeta.status).toBe(200);
    } finally {
      await draft.sim.close();
    }
  });
});

describe('LWA token endpoint', () => {
  let t: TestSim;
  beforeEach(async () => {
    t = await startTestSim(testScenario());
  });
  afterEach(() => t.sim.close());

  it('exchanges an authorization code once for bearer tokens valid one hour', async () => {
    const code = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
    const first = await tokenRequest(t.sim, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
    });
    const second = await tokenRequest(t.sim, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
    });

    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      access_token: expect.stringMatching(/^Atza\|/),
      refresh_token: expect.stringMatching(/^Atzr\|/),
      token_type: 'bearer',
      expires_in: 3600,
    });
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
  });

  it('accepts a code until 5 minutes have passed, then refuses it', async () => {
    const early = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
    const late = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
    t.clock.advance(5 * 60 * 1000 - 1);
    const inTime = await tokenRequest(t.sim, { grant_type: 'authorization_code', code: early });
    t.clock.advance(2);
    const tooLate = await tokenRequest(t.sim, { grant_type: 'authorization_code', code: late });

    expect(inTime.status).toBe(200);
    expect(tooLate).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'invalid_grant' }),
    });
  });

  it('refuses an unknown code and a code redeemed for another redirect URI', async () => {
    const code = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
    const unknown = await tokenRequest(t.sim, {
      grant_type: 'authorization_code',
      code: 'ANnotacode',
    });
    const otherRedirect = await tokenRequest(t.sim, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://evil.example/cb',
    });

    expect(unknown.body.error).toBe('invalid_grant');
    expect(otherRedirect.body.error).toBe('invalid_grant');
  });

  it('answers 401 invalid_client for a wrong client secret or id', async () => {
    const code = (await consent(t.sim)).get('spapi_oauth_code') ?? '';
    const wrongSecret = await tokenRequest(t.sim, {
      grant_type: 'authorization_code',
      code,
      client_secret: 'nope',
    });
    const wrongId = await tokenRequest(t.sim, {
      grant_type: 'refresh_token',
      refresh_token: 'Atzr|x.y',
      client_id: 'amzn1.application-oa2-client.other',
    });

    expect(wrongSecret).toEqual({
      status: 401,
      body: expect.objectContaining({ error: 'invalid_client' }),
    });
    expect(wrongId.status).toBe(401);
    // The code was not spent by the failed attempt.
    expect((await tokenRequest(t.sim, { grant_type: 'authorization_code', code })).status).toBe(
      200,
    );
  });

  it('accepts HTTP Basic client authentication and JSON bodies', async () => {
    const { refreshToken } = await authorize(t.sim);
    const res = await fetch(`${t.sim.url}/auth/o2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('amzn1.application-oa2-client.local:local-lwa-secret').toString('base64')}`,
      },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });

    expect(res.status).toBe(200);
  });

  it('trades a refresh token for new access tokens, also after a restart', async () => {
    const { refreshToken } = await authorize(t.sim);
    await t.sim.close();
    t = await startTestSim(testScenario());
    const refreshed = await tokenRequest(t.sim, {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    const forged = await tokenRequest(t.sim, {
      grant_type: 'refresh_token',
      refresh_token: `${refreshToken.slice(0, -2)}xx`,
    });

    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBe(refreshToken);
    expect(refreshed.body.access_token).toMatch(/^Atza\|/);
    expect(forged.body.error).toBe('invalid_grant');
  });

  it('refuses the tokens issued before the seller removed the app, and accepts a new consent', async () => {
    const before = await authorize(t.sim);
    await new Promise((r) => setTimeout(r, 2));
    const revoke = await fetch(`${t.sim.url}/__sim/revoke`, {
      method: 'POST',
      body: JSON.stringify({ selling_partner_id: 'A3TESTSELLER' }),
    });
    await new Promise((r) => setTimeout(r, 2));
    const refused = await tokenRequest(t.sim, {
      grant_type: 'refresh_token',
      refresh_token: before.refreshToken,
    });
    const oldAccess = await callSp(
      t.sim,
      'getMarketplaceParticipations',
      participations,
      before.accessToken,
    );
    const after = await authorize(t.sim);
    const renewed = await tokenRequest(t.sim, {
      grant_type: 'refresh_token',
      refresh_token: after.refreshToken,
    });

    expect(revoke.status).toBe(200);
    expect(refused).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'invalid_grant' }),
    });
    expect(oldAccess.status).toBe(403);
    expect(renewed.status).toBe(200);
  });

  it('refuses an unsupported grant type', async () => {
    const res = await tokenRequest(t.sim, { grant_type: 'password' });

    expect(res).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'unsupported_grant_type' }),
    });
  });
});

describe('SP-API authorization', () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim(testScenario());
  });
  afterAll(() => t.sim.close());

  it('answers 403 Unauthorized without x-amz-access-token', async () => {
    const res = await callSp(t.sim, 'getMarketplaceParticipations', participations, undefined);

    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      errors: [
        expect.objectContaining({
          code: 'Unauthorized',
          message: 'Access to requested resource is denied.',
        }),
      ],
    });
    expect(res.headers.get('x-amzn-requestid')).toBeTruthy();
    expect(t.sim.stats().total).toBe(0);
  });

  it('refuses a refresh token or a forged token in place of an access token', async () => {
    const { refreshToken, accessToken } = await authorize(t.sim);
    const forged = accessToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));

    expect(
      (await callSp(t.sim, 'getMarketplaceParticipations', participations, refreshToken)).status,
    ).toBe(403);
    expect(
      (await callSp(t.sim, 'getMarketplaceParticipations', participations, forged)).status,
    ).toBe(403);
  });

  it('accepts an access token for one hour', async () => {
    const { accessToken } = await authorize(t.sim);
    t.clock.advance(3599 * 1000);
    const inTime = await callSp(t.sim, 'getMarketplaceParticipations', participations, accessToken);
    t.clock.advance(1000);
    const expired = await callSp(
      t.sim,
      'getMarketplaceParticipations',
      participations,
      accessToken,
    );

    expect(inTime.status).toBe(200);
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual({
      errors: [
        expect.objectContaining({
          code: 'Unauthorized',
          details: 'The access token you provided has expired.',
        }),
      ],
    });
  });

  it('lists the seller marketplaces from getMarketplaceParticipations', async () => {
    const { accessToken } = await authorize(t.sim);
    const res = await callSp<{ payload: { marketplace: { id: string; countryCode: string } }[] }>(
      t.sim,
      'getMarketplaceParticipations',
      participations,
      accessToken,
    );

    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual([
      {
        marketplace: {
          id: IT,
          name: 'Amazon.it',
          countryCode: 'IT',
          defaultCurrencyCode: 'EUR',
          defaultLanguageCode: 'it_IT',
          domainName: 'www.amazon.it',
        },
        participation: { isParticipating: true, hasSuspendedListings: false },
        storeName: 'Bottega Prova',
      },
      expect.objectContaining({ marketplace: expect.objectContaining({ countryCode: 'DE' }) }),
    ]);
  });
});
