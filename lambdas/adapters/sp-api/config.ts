import * as z from 'zod';
import { loadConfig } from '../../shared/config';
import { readClientCredentials } from '../secrets-manager';
import type { LwaCredentials } from './lwa';
import type { SellerApisConfig } from './seller-clients';

/** Amazon's endpoints; locally the stack points both at the SP-API simulator. */
export const AMAZON_EU_ENDPOINT = 'https://sellingpartnerapi-eu.amazon.com';
export const AMAZON_LWA_TOKEN_URL = 'https://api.amazon.com/auth/o2/token';

/**
 * Where the SP-API and Login with Amazon are, and where the LWA client credentials come from:
 * the environment locally (`LWA_CLIENT_ID`, `LWA_CLIENT_SECRET`), Secrets Manager in AWS
 * (`LWA_CREDENTIALS_SECRET_ARN`, a JSON secret `{"clientId","clientSecret"}`, kept in the
 * function instance by Powertools Parameters), so the secret never sits in a function's configuration.
 */
export const spApiEnv = z
  .object({
    SPAPI_ENDPOINT: z.url().default(AMAZON_EU_ENDPOINT),
    LWA_TOKEN_URL: z.url().default(AMAZON_LWA_TOKEN_URL),
    LWA_CLIENT_ID: z.string().min(1).optional(),
    LWA_CLIENT_SECRET: z.string().min(1).optional(),
    LWA_CREDENTIALS_SECRET_ARN: z.string().startsWith('arn:').optional(),
    AWS_REGION: z.string().default('eu-west-1'),
  })
  .refine(
    (env) =>
      Boolean(env.LWA_CREDENTIALS_SECRET_ARN) ||
      (Boolean(env.LWA_CLIENT_ID) && Boolean(env.LWA_CLIENT_SECRET)),
    {
      message: 'set LWA_CREDENTIALS_SECRET_ARN, or both LWA_CLIENT_ID and LWA_CLIENT_SECRET',
      path: ['LWA_CREDENTIALS_SECRET_ARN'],
    },
  );

export type SpApiEnv = z.infer<typeof spApiEnv>;

/** The LWA client credentials, from the environment or from Secrets Manager. */
export function lwaCredentialsFrom(env: SpApiEnv): () => Promise<LwaCredentials> {
  if (env.LWA_CLIENT_ID && env.LWA_CLIENT_SECRET) {
    const credentials = { clientId: env.LWA_CLIENT_ID, clientSecret: env.LWA_CLIENT_SECRET };
    return async () => credentials;
  }
  const secretArn = env.LWA_CREDENTIALS_SECRET_ARN as string;
  return () => readClientCredentials(secretArn, 'LWA credentials secret');
}

/**
 * Where the seller clients find Amazon, from the environment (endpoint, token URL, LWA
 * credentials). Functions that talk to Amazon build their clients from it at first use.
 */
export function sellerApisConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SellerApisConfig {
  const config = loadConfig(spApiEnv, env);
  return {
    endpoint: config.SPAPI_ENDPOINT,
    tokenUrl: config.LWA_TOKEN_URL,
    credentials: lwaCredentialsFrom(config),
  };
}
