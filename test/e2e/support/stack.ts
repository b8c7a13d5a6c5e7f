import fs from 'node:fs';
import path from 'node:path';

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
