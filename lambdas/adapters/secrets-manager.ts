import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';

/**
 * How long a function instance keeps a secret's value before reading it again: one read per
 * instance in practice, and a rotated value arrives within this time without a redeploy.
 */
export const SECRET_MAX_AGE_SECONDS = 15 * 60;

/** The values read by this function instance (a read in flight is shared by its callers). */
const cache = new Map<string, { value: Promise<string>; until: number }>();
let client: SecretsManagerClient | undefined;

/**
 * The string value of a Secrets Manager secret, cached in the function instance (a failed read is
 * not kept: the next call tries again). Functions that never read a secret, and every local run,
 * where values come from the environment, never build a client. The SDK comes with the Lambda
 * runtime, so this costs the bundles nothing.
 */
export function readSecretString(secretId: string): Promise<string> {
  const now = Date.now();
  const kept = cache.get(secretId);
  if (kept && kept.until > now) return kept.value;
  const value = fetchSecretString(secretId);
  cache.set(secretId, { value, until: now + SECRET_MAX_AGE_SECONDS * 1000 });
  value.catch(() => {
    if (cache.get(secretId)?.value === value) cache.delete(secretId);
  });
  return value;
}

async function fetchSecretString(secretId: string): Promise<string> {
  client ??= new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (typeof SecretString !== 'string') {
    throw new Error(`The secret ${secretId} has no string value`);
  }
  return SecretString;
}

/** Forgets every value read, as a new function instance would start (tests). */
export function forgetSecrets(): void {
  cache.clear();
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
