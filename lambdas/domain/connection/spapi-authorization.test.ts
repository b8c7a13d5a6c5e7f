import {
  consentUrl,
  isWellFormedState,
  newState,
  startAuthorization,
  STATE_TTL_MS,
  type AuthorizationState,
} from './spapi-authorization';

const settings = {
  applicationId: 'amzn1.sp.solution.app',
  redirectUri: 'https://app.example/connect-amazon',
  draft: true,
};

describe('authorization start', () => {
  test('states are 32 URL-safe characters and differ each time', () => {
    const a = newState();
    expect(isWellFormedState(a)).toBe(true);
    expect(a).not.toBe(newState());
    expect(isWellFormedState('short')).toBe(false);
  });

  test("the consent URL is the country's Seller Central, with version=beta while a draft", () => {
    const url = new URL(consentUrl('DE', 'S'.repeat(32), settings));
    expect(url.origin).toBe('https://sellercentral.amazon.de');
    expect(url.pathname).toBe('/apps/authorize/consent');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      application_id: settings.applicationId,
      state: 'S'.repeat(32),
      redirect_uri: settings.redirectUri,
      version: 'beta',
    });
    const local = new URL(
      consentUrl('GB', 'S'.repeat(32), {
        ...settings,
        draft: false,
        sellerCentralOverride: 'http://127.0.0.1:4600/',
      }),
    );
    expect(local.origin).toBe('http://127.0.0.1:4600');
    expect(local.searchParams.has('version')).toBe(false);
  });

  test('the stored state is bound to the user and the marketplace for 10 minutes', async () => {
    const saved: AuthorizationState[] = [];
    const result = await startAuthorization(
      { userId: 'u1', countryCode: 'IT' },
      {
        states: { put: async (s) => void saved.push(s), consume: async () => saved[0]! },
        clock: { now: () => 1_000, sleep: async () => {} },
        settings,
      },
    );
    expect(saved).toEqual([
      {
        state: result.state,
        userId: 'u1',
        countryCode: 'IT',
        marketplaceId: 'APJ6JRA9NG5V4',
        storeName: null,
        expiresAt: 1_000 + STATE_TTL_MS,
      },
    ]);
    expect(result.authUrl).toContain(`state=${result.state}`);
  });
});
