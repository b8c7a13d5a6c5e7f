import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Secrets the deployed stack keeps in Secrets Manager; locally, a file made once per data folder. */
export interface LocalSecrets {
  captchaSecret: string;
}

/**
 * Reads `<dataDir>/secrets.json`, creating it with fresh random values on first start, so
 * tokens issued before a restart stay valid and no secret is ever committed.
 */
export function ensureLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LocalSecrets>;
    if (typeof stored.captchaSecret === 'string' && stored.captchaSecret.length >= 32) {
      return { captchaSecret: stored.captchaSecret };
    }
  }
  const secrets: LocalSecrets = { captchaSecret: randomBytes(32).toString('base64url') };
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
