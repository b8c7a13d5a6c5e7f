import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as z from 'zod';
import type { TokenCipher } from '../../domain/connection/connection';
import { loadConfig } from '../../shared/config';
import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';

const VERSION = 'v1';

/**
 * AES-256-GCM with a key held by the function (locally `REFRESH_TOKEN_KEY`, 32 random bytes in
 * base64). Output: `v1.<iv>.<tag>.<ciphertext>` in base64url. The user id is the additional
 * authenticated data, so a ciphertext moved to another user's item fails to decrypt.
 */
export class AesGcmTokenCipher implements TokenCipher {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('The refresh-token key must be 32 bytes (AES-256)');
    this.key = key;
  }

  async encrypt(plaintext: string, context: { userId: string }): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context.userId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  async decrypt(ciphertext: string, context: { userId: string }): Promise<string> {
    const [version, iv, tag, data] = ciphertext.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) {
      throw new Error('Not a refresh token this cipher wrote');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context.userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  }
}

/**
 * KMS Encrypt/Decrypt straight on the key (a refresh token is far below KMS's 4 KB limit), with
 * the user id as encryption context: KMS refuses to decrypt a token moved to another user, and
 * CloudTrail records whose token was decrypted. Output: `kms1.<ciphertext blob, base64>`.
 */
export class KmsTokenCipher implements TokenCipher {
  constructor(
    private readonly keyArn: string,
    private readonly kms: KMSClient,
  ) {}

  async encrypt(plaintext: string, context: { userId: string }): Promise<string> {
    const { CiphertextBlob } = await this.kms.send(
      new EncryptCommand({
        KeyId: this.keyArn,
        Plaintext: Buffer.from(plaintext, 'utf8'),
        EncryptionContext: { userId: context.userId },
      }),
    );
    if (!CiphertextBlob) throw new Error('KMS returned no ciphertext');
    return `${KMS_VERSION}.${Buffer.from(CiphertextBlob).toString('base64')}`;
  }

  async decrypt(ciphertext: string, context: { userId: string }): Promise<string> {
    const [version, blob] = ciphertext.split('.');
    if (version !== KMS_VERSION || !blob) throw new Error('Not a refresh token KMS encrypted');
    const { Plaintext } = await this.kms.send(
      new DecryptCommand({
        KeyId: this.keyArn,
        CiphertextBlob: Buffer.from(blob, 'base64'),
        EncryptionContext: { userId: context.userId },
      }),
    );
    if (Plaintext === undefined) throw new Error('KMS returned no plaintext');
    return Buffer.from(Plaintext).toString('utf8');
  }
}

const KMS_VERSION = 'kms1';

const cipherEnv = z
  .object({
    AWS_REGION: z.string().default('eu-west-1'),
    REFRESH_TOKEN_KEY: z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, {
        message: 'must be 32 bytes in base64 (openssl rand -base64 32)',
      })
      .optional(),
    REFRESH_TOKEN_KEY_ARN: z.string().startsWith('arn:').optional(),
  })
  .refine((env) => env.REFRESH_TOKEN_KEY || env.REFRESH_TOKEN_KEY_ARN, {
    message: 'REFRESH_TOKEN_KEY_ARN (or REFRESH_TOKEN_KEY locally) is required',
  });

/**
 * The cipher the environment configures: KMS in AWS (`REFRESH_TOKEN_KEY_ARN`, from the
 * `refreshTokens:encryptDecrypt` grant), a local AES key elsewhere (`REFRESH_TOKEN_KEY`).
 */
export function tokenCipherFromEnv(env: NodeJS.ProcessEnv = process.env): TokenCipher {
  const config = loadConfig(cipherEnv, env);
  if (config.REFRESH_TOKEN_KEY) {
    return new AesGcmTokenCipher(Buffer.from(config.REFRESH_TOKEN_KEY, 'base64'));
  }
  return new KmsTokenCipher(
    config.REFRESH_TOKEN_KEY_ARN as string,
    new KMSClient({ region: config.AWS_REGION }),
  );
}
