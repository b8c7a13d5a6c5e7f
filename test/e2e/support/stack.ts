import fs from 'node:fs';
import path from 'node:path';
import { unsubscribeToken } from '../../../lambdas/domain/account/unsubscribe-token';

/** The part of `<dataDir>/stack.json` the end-to-end tests read (see ARCHITECTURE.md). */
export interface E2eStack {
  webUrl: string;
  apiUrl: string;
  cognito: { endpoint: string; userPoolId: string; clientId: string };
  mail: { webUrl: string; smtpPort: number };
  spapi: { endpoint: string };
  payment: { endpoint: string };
  accounts?: Record<string, { email: string; password: string }>;
}

// playwright.config.ts starts the stack with LOCAL_DIR=.local-e2e (or E2E_LOCAL_DIR).
const STACK_FILE = path.resolve(
  __dirname,
  '../../..',
  process.env.E2E_LOCAL_DIR ?? '.local-e2e',
  'stack.json',
);

let cached: E2eStack | undefined;

export function stack(): E2eStack {
  cached ??= JSON.parse(fs.readFileSync(STACK_FILE, 'utf8')) as E2eStack;
  return cached;
}

/** The unsubscribe link an email to `email` carries, signed with the stack's own key. */
export function unsubscribeLink(email: string): string {
  const { unsubscribeSecret } = JSON.parse(
    fs.readFileSync(path.join(path.dirname(STACK_FILE), 'secrets.json'), 'utf8'),
  ) as { unsubscribeSecret: string };
  const token = unsubscribeToken(unsubscribeSecret, email, 'product');
  return `/unsubscribe?email=${encodeURIComponent(email)}&token=${token}`;
}
