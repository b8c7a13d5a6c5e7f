import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let client: SecretsManagerClient | undefined;

/**
 * The string value of a Secrets Manager secret. The client is created on first use, so functions
 * that never read a secret (and every local run, where values come from the environment) never
 * build one.
 */
export async function readSecretString(secretId: string): Promise<string> {
  client ??= new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  if (!SecretString) throw new Error(`The secret ${secretId} has no string value`);
  return SecretString;
}
