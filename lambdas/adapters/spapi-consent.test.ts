import { consentUrl } from '../domain/connection/spapi-authorization';
import { consentSettingsFromEnv } from './spapi-consent';

const base = {
  LWA_APP_ID: 'amzn1.sp.solution.1a2b3c4d',
  APP_URL: 'https://app.rimborsi.example.it',
};

function versionOf(env: NodeJS.ProcessEnv): string | null {
  const url = new URL(consentUrl('IT', 'x'.repeat(32), consentSettingsFromEnv(env)));
  return url.searchParams.get('version');
}

describe('the consent URL a seller is sent to', () => {
  it('names the draft app (version=beta) on a stage that says the app is a draft', () => {
    expect(versionOf({ ...base, STAGE: 'dev', SPAPI_APP_DRAFT: 'true' })).toBe('beta');
  });

  it('never names the draft app in prod, whatever the environment says', () => {
    expect(versionOf({ ...base, STAGE: 'prod', SPAPI_APP_DRAFT: 'true' })).toBeNull();
    expect(versionOf({ ...base, STAGE: 'prod' })).toBeNull();
  });

  it('names the published app when the flag is not set', () => {
    expect(versionOf({ ...base, STAGE: 'staging' })).toBeNull();
  });
});
