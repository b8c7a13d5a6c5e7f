import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { readSecretString } from './secrets-manager';

describe('readSecretString', () => {
  const secretsManager = mockClient(SecretsManagerClient);
  afterEach(() => secretsManager.reset());
  afterAll(() => secretsManager.restore());

  it('returns the string value of the secret it is asked for', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({ SecretString: '{"clientId":"a"}' });

    await expect(readSecretString('arn:aws:secretsmanager:eu-west-1:1:secret:lwa')).resolves.toBe(
      '{"clientId":"a"}',
    );
    expect(secretsManager).toHaveReceivedCommandWith(GetSecretValueCommand, {
      SecretId: 'arn:aws:secretsmanager:eu-west-1:1:secret:lwa',
    });
  });

  it('refuses a secret without a string value', async () => {
    secretsManager.on(GetSecretValueCommand).resolves({});
    await expect(readSecretString('arn:aws:secretsmanager:eu-west-1:1:secret:x')).rejects.toThrow(
      /has no string value/,
    );
  });
});
