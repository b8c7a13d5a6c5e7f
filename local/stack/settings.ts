import path from 'node:path';
import { z } from 'zod';

/** Repository root: every local path and handler entry is resolved from here. */
export const ROOT = path.resolve(__dirname, '../..');

const port = z.coerce.number().int().min(1).max(65535);

/**
 * Every port the local stack listens on, each with the variable that moves it. PORT_OFFSET shifts
 * all defaults at once, so a second stack (the end-to-end tests) can run beside a developer's.
 */
export const PORTS = {
  web: { env: 'WEB_PORT', base: 5173 },
  api: { env: 'API_PORT', base: 3001 },
  dynamodb: { env: 'DYNAMODB_PORT', base: 8000 },
  cognito: { env: 'COGNITO_PORT', base: 9229 },
  s3: { env: 'S3_PORT', base: 4569 },
  sqs: { env: 'SQS_PORT', base: 9324 },
  smtp: { env: 'MAIL_SMTP_PORT', base: 1025 },
  mailWeb: { env: 'MAIL_WEB_PORT', base: 1080 },
  spapi: { env: 'SPAPI_PORT', base: 4600 },
  // Not 4700: with PORT_OFFSET=100 (the end-to-end stack) the simulator above moves there.
  payment: { env: 'PAYMENT_PORT', base: 4690 },
} as const;

export type PortName = keyof typeof PORTS;

export interface StackSettings {
  host: string;
  dataDir: string;
  fresh: boolean;
  withWeb: boolean;
  /**
   * `LOCAL_WEB=build`: the web app as a production build served by Vite's preview server instead
   * of the dev server (the browser journeys: every page load is a few bundled files rather than
   * hundreds of modules compiled on request).
   */
  webBuild: boolean;
  scenarioFile: string;
  /** Overrides the scenario's `rateScale` (the SP-API simulator's pace against Amazon's). */
  spapiRateScale: number | undefined;
  /** False drops the scenario's injected 429s and 503s (`SPAPI_FAULTS=off`). */
  spapiFaults: boolean;
  ports: Record<PortName, number>;
  tableName: string;
  bucketName: string;
  userPoolName: string;
  syncQueueName: string;
  importQueueName: string;
  accountQueueName: string;
  readingQueueName: string;
}

function rateScale(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > 1_000_000) {
    throw new Error(`SPAPI_RATE_SCALE must be a positive number (got "${raw}")`);
  }
  return value;
}

function faults(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'scenario') return true;
  if (raw === 'off') return false;
  throw new Error(`SPAPI_FAULTS must be "off" or "scenario" (got "${raw}")`);
}

/** Reads the stack's settings from the environment, failing with the variable's name. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): StackSettings {
  const offset = port
    .or(z.literal(0))
    .catch(0)
    .parse(env.PORT_OFFSET ?? 0);
  const ports = {} as Record<PortName, number>;
  for (const [name, spec] of Object.entries(PORTS) as [PortName, (typeof PORTS)[PortName]][]) {
    const raw = env[spec.env];
    const parsed = port.safeParse(raw ?? spec.base + offset);
    if (!parsed.success) throw new Error(`${spec.env} must be a port number (got "${raw}")`);
    ports[name] = parsed.data;
  }
  return {
    host: '127.0.0.1',
    dataDir: path.resolve(ROOT, env.LOCAL_DIR ?? '.local'),
    fresh: env.LOCAL_FRESH === '1',
    withWeb: env.LOCAL_NO_WEB !== '1',
    webBuild: env.LOCAL_WEB === 'build',
    scenarioFile: path.resolve(ROOT, env.SPAPI_SCENARIO ?? 'local/scenarios/default.json'),
    spapiRateScale: rateScale(env.SPAPI_RATE_SCALE),
    spapiFaults: faults(env.SPAPI_FAULTS),
    ports,
    tableName: 'app',
    bucketName: 'supplier_docs',
    userPoolName: 'rimborsi-fba-local',
    syncQueueName: 'sync-jobs',
    importQueueName: 'import-jobs',
    accountQueueName: 'account-jobs',
    readingQueueName: 'reading-jobs',
  };
}
