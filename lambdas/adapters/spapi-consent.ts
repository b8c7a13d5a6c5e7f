import * as z from 'zod';
import type { ConsentSettings } from '../domain/connection/spapi-authorization';
import { loadConfig } from '../shared/config';

const consentEnv = z.object({
  LWA_APP_ID: z.string().min(1),
  APP_URL: z.url(),
  // Amazon accepts a Draft app's consent only with version=beta; off once the app is published.
  SPAPI_APP_DRAFT: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  STAGE: z.string().optional(),
  SELLER_CENTRAL_URL_OVERRIDE: z.url().optional(),
});

/** The consent URL's settings; the redirect is the wizard page (spec 4.6). */
export function consentSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ConsentSettings {
  const config = loadConfig(consentEnv, env);
  return {
    applicationId: config.LWA_APP_ID,
    redirectUri: `${config.APP_URL.replace(/\/+$/, '')}/connect-amazon`,
    // Prod sends sellers to the published app whatever the environment says.
    draft: config.SPAPI_APP_DRAFT && config.STAGE !== 'prod',
    sellerCentralOverride: config.SELLER_CENTRAL_URL_OVERRIDE,
  };
}
