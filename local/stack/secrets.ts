import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Secrets the deployed stack keeps in Secrets Manager; locally, a file made once per data folder. */
export interface LocalSecrets {
  captchaSecret: string;
  /** The HMAC key of the unsubscribe links. */
  unsubscribeSecret: string;
}

const fresh = () => randomBytes(32).toString('base64url');
const usable = (value: unknown): value is string => typeof value === 'string' && value.length >= 32;

/**
 * Reads `<dataDir>/secrets.json`, creating it with fresh random values on first start (and
 * adding any value a newer stack needs), so tokens issued before a restart stay valid and no
 * secret is ever committed.
 */
export function ensureLocalSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  const stored = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LocalSecrets>)
    : {};
  if (usable(stored.captchaSecret) && usable(stored.unsubscribeSecret)) {
    return { captchaSecret: stored.captchaSecret, unsubscribeSecret: stored.unsubscribeSecret };
  }
  const secrets: LocalSecrets = {
    captchaSecret: usable(stored.captchaSecret) ? stored.captchaSecret : fresh(),
    unsubscribeSecret: usable(stored.unsubscribeSecret) ? stored.unsubscribeSecret : fresh(),
  };
  fs.writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
