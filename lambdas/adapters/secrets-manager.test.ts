import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { forgetSecrets, readClientCredentials, readSecretString } from './secrets-manager';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:lwa-AbCdEf';

describe('secrets from Secrets Manager', () => {
  const secretsManager = mockClient(SecretsManagerClient);
  const region = process.env.AWS_REGION;
  // Set in every Lambda; the client needs one before the mock answers.
  beforeAll(() => (process.env.AWS_REGION = 'eu-west-1'));
  // Each test starts as a new function instance: nothing read yet.
  afterEach(() => {
    secretsManager.reset();
    forgetSecrets();
  });
  afterAll(() => {
    secretsManager.restore();
    if (region === undefined) delete process.env.AWS_REGION;
    else process.env.AWS_REGION = region;
  });

  it('returns the string value of the secret it is asked for', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: 'k'.repeat(64) });

    await expect(readSecretString(ARN)).resolves.toBe('k'.repeat(64));
    expect(secretsManager).toHaveReceivedCommandWith(GetSecretValueCommand, { SecretId: ARN });
  });

  it('reads a secret once per function instance, not on every request', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: 'k'.repeat(64) });

    await readSecretString(ARN);
    await readSecretString(ARN);
    await readSecretString(ARN);

    expect(secretsManager).toHaveReceivedCommandTimes(GetSecretValueCommand, 1);
  });

  it('reads the secret again once its value is 15 minutes old (a rotated value arrives)', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: 'a'.repeat(64) })
      .resolves({ SecretString: 'b'.repeat(64) });
    const start = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(start);
    try {
      await expect(readSecretString(ARN)).resolves.toBe('a'.repeat(64));
      clock.mockReturnValue(start + 14 * 60_000);
      await expect(readSecretString(ARN)).resolves.toBe('a'.repeat(64));
      clock.mockReturnValue(start + 15 * 60_000 + 1);
      await expect(readSecretString(ARN)).resolves.toBe('b'.repeat(64));
    } finally {
      clock.mockRestore();
    }
    expect(secretsManager).toHaveReceivedCommandTimes(GetSecretValueCommand, 2);
  });

  it('does not keep a failed read: the next request tries again', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ SecretString: 's'.repeat(64) });

    await expect(readSecretString(ARN)).rejects.toThrow('throttled');
    await expect(readSecretString(ARN)).resolves.toBe('s'.repeat(64));
  });

  it('refuses a secret without a string value', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretBinary: new Uint8Array([1, 2]) });
    await expect(readSecretString(ARN)).rejects.toThrow(/has no string value/);
  });

  it('reads client credentials kept as JSON and names the secret when they are malformed', async () => {
    secretsManager
      .on(GetSecretValueCommand, { SecretId: ARN })
      .resolves({ SecretString: '{"clientId":"amzn1.app","clientSecret":"s3cret"}' });
    secretsManager
      .on(GetSecretValueCommand, { SecretId: `${ARN}-bad` })
      .resolves({ SecretString: '{"clientId":"amzn1.app"}' });
    secretsManager
      .on(GetSecretValueCommand, { SecretId: `${ARN}-text` })
      .resolves({ SecretString: 'not json' });

    await expect(readClientCredentials(ARN, 'LWA credentials secret')).resolves.toEqual({
      clientId: 'amzn1.app',
      clientSecret: 's3cret',
    });
    await expect(readClientCredentials(`${ARN}-bad`, 'payment secret')).rejects.toThrow(
      'The payment secret must be JSON {"clientId","clientSecret"}',
    );
    await expect(readClientCredentials(`${ARN}-text`, 'payment secret')).rejects.toThrow(
      /payment secret must be JSON/,
    );
  });
});
