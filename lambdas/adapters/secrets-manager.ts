import { getSecret } from '@aws-lambda-powertools/parameters/secrets';
import * as z from 'zod';

/**
 * How long a function instance keeps a secret's value before reading it again: one read per
 * instance in practice, and a rotated value arrives within this time without a redeploy.
 */
export const SECRET_MAX_AGE_SECONDS = 15 * 60;

/**
 * The string value of a Secrets Manager secret, cached in the function instance by Powertools
 * Parameters (a failed read is not cached: the next call tries again). Functions that never read
 * a secret, and every local run, where values come from the environment, never build a client.
 */
export async function readSecretString(secretId: string): Promise<string> {
  const value = await getSecret(secretId, { maxAge: SECRET_MAX_AGE_SECONDS });
  if (typeof value !== 'string') throw new Error(`The secret ${secretId} has no string value`);
  return value;
}

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

const clientCredentialsShape = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});

/** An OAuth client's id and secret kept as the JSON secret `{"clientId","clientSecret"}`. */
export async function readClientCredentials(
  secretId: string,
  name: string,
): Promise<ClientCredentials> {
  const raw = await readSecretString(secretId);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = undefined;
  }
  const parsed = clientCredentialsShape.safeParse(json);
  if (!parsed.success) throw new Error(`The ${name} must be JSON {"clientId","clientSecret"}`);
  return parsed.data;
}
