import { randomBytes } from 'node:crypto';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { AesGcmTokenCipher, KmsTokenCipher, tokenCipherFromEnv } from './token-cipher';

const TOKEN = 'Atzr|IwEBIA-refresh-token';

describe('AesGcmTokenCipher', () => {
  const cipher = new AesGcmTokenCipher(randomBytes(32));

  it('round-trips a token and never stores it readable', async () => {
    const sealed = await cipher.encrypt(TOKEN, { userId: 'u1' });
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('Atzr');
    expect(await cipher.decrypt(sealed, { userId: 'u1' })).toBe(TOKEN);
    expect(await cipher.encrypt(TOKEN, { userId: 'u1' })).not.toBe(sealed);
  });

  it('refuses a token moved to another user or tampered with', async () => {
    const sealed = await cipher.encrypt(TOKEN, { userId: 'u1' });
    await expect(cipher.decrypt(sealed, { userId: 'u2' })).rejects.toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('Atzr|forged').toString('base64url');
    await expect(cipher.decrypt(parts.join('.'), { userId: 'u1' })).rejects.toThrow();
  });
});

describe('KmsTokenCipher', () => {
  it('encrypts and decrypts through KMS with the user id as encryption context', async () => {
    // Prepare
    const kms = mockClient(KMSClient);
    kms.on(EncryptCommand).callsFake((input: { Plaintext: Uint8Array }) => ({
      CiphertextBlob: Buffer.concat([Buffer.from('sealed:'), Buffer.from(input.Plaintext)]),
    }));
    kms.on(DecryptCommand).callsFake((input: { CiphertextBlob: Uint8Array }) => ({
      Plaintext: Buffer.from(input.CiphertextBlob).subarray('sealed:'.length),
    }));
    const cipher = new KmsTokenCipher('arn:aws:kms:eu-west-1:1:key/k', new KMSClient({}));

    // Act
    const sealed = await cipher.encrypt(TOKEN, { userId: 'u1' });
    const opened = await cipher.decrypt(sealed, { userId: 'u1' });

    // Assess
    expect(sealed).toMatch(/^kms1\./);
    expect(sealed).not.toContain('Atzr');
    expect(opened).toBe(TOKEN);
    expect(kms).toHaveReceivedCommandWith(EncryptCommand, { EncryptionContext: { userId: 'u1' } });
    expect(kms).toHaveReceivedCommandWith(DecryptCommand, { EncryptionContext: { userId: 'u1' } });
    kms.restore();
  });
});

describe('tokenCipherFromEnv', () => {
  it('uses the local key, KMS in AWS, and fails loudly without either', () => {
    const key = randomBytes(32).toString('base64');
    expect(tokenCipherFromEnv({ REFRESH_TOKEN_KEY: key })).toBeInstanceOf(AesGcmTokenCipher);
    expect(
      tokenCipherFromEnv({ REFRESH_TOKEN_KEY_ARN: 'arn:aws:kms:eu-west-1:1:key/k' }),
    ).toBeInstanceOf(KmsTokenCipher);
    expect(() => tokenCipherFromEnv({})).toThrow(/REFRESH_TOKEN_KEY_ARN/);
    expect(() => tokenCipherFromEnv({ REFRESH_TOKEN_KEY: 'short' })).toThrow(/32 bytes/);
  });
});
