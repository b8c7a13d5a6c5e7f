import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A random key for the local stack, made on first start and kept under the data folder, so
 * what was encrypted with it (sellers' refresh tokens in the local table) still decrypts after
 * a restart. `npm run reset` wipes it along with the data.
 */
export function localKey(dataDir: string, name: string, bytes = 32): string {
  const file = path.join(dataDir, 'keys', name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(bytes).toString('base64');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}
