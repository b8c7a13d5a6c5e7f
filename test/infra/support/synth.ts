import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { FunctionSpec } from '../../../lib/functions';
import { defineApp, type RimborsiApp } from '../../../lib/rimborsi-app';

export const PROJECT_ROOT = path.resolve(__dirname, '../../..');

// Every synth prints the validation report when it has warnings (the app's deliberate ones,
// such as a missing web build). Keep that out of test output; failures still throw.
const printError = console.error.bind(console);
jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  const first = args[0];
  if (typeof first === 'string' && first.includes('A copy of this report can be found')) return;
  printError(...args);
});

/** The feature flags and settings of cdk.json, so tests synthesize what `cdk synth` does. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return cdkJson.context;
}

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temporary folder removed when the test file is done (assemblies, fake builds, fixtures). */
function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export interface SynthOptions {
  context?: Record<string, unknown>;
  functions?: readonly FunctionSpec[];
  projectRoot?: string;
  webBuildDir?: string;
  /** Run esbuild for the functions (slow-ish); off unless a test needs real bundles. */
  bundle?: boolean;
}

export interface Synthesized extends RimborsiApp {
  app: App;
  data: Template;
  application: Template;
  /** The us-east-1 web ACL stack, when the app has one (prod without `webAclArn`). */
  edge?: Template;
}

/** Defines and synthesizes the whole app once; tests share the result across assertions. */
export function synth(options: SynthOptions = {}): Synthesized {
  const app = new App({
    outdir: tempDir('cdk-infra-test-'),
    context: {
      ...cdkJsonContext(),
      // An empty list tells CDK to skip asset bundling for every stack.
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...options.context,
    },
  });
  const defined = defineApp(app, {
    functions: options.functions,
    projectRoot: options.projectRoot,
    webBuildDir: options.webBuildDir ?? path.join(os.tmpdir(), 'no-web-build-here'),
  });
  return {
    ...defined,
    app,
    data: Template.fromStack(defined.dataStack),
    application: Template.fromStack(defined.appStack),
    ...(defined.edgeStack ? { edge: Template.fromStack(defined.edgeStack) } : {}),
  };
}

/** Everything prod insists on (lib/config.ts), with sample values. */
export const PROD_CONTEXT: Record<string, unknown> = {
  stage: 'prod',
  senderAddress: 'no-reply@rimborsi.example.it',
  lwaAppId: 'amzn1.sp.solution.1a2b3c4d',
  alarmEmail: 'ops@rimborsi.example.it',
  supportInbox: 'supporto@rimborsi.example.it',
  paypalClientId: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  paypalMerchantId: 'C7CYMKZDG8D6E',
  paypalWebhookId: '8PT597110X687430LKGECATA',
  cognitoEmailViaSes: true,
  apiDomainName: 'api.rimborsi.example.it',
  apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/api-123',
};

/** A throwaway Vite-like build: index.html, a public file and one hashed asset. */
export function fakeWebBuild(): string {
  const dir = tempDir('web-dist-');
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

/**
 * A project root holding handler files for the given names, so a test can define catalogue
 * entries that do not exist in the repository yet.
 */
export function fixtureProject(handlerNames: readonly string[]): string {
  const root = tempDir('infra-fixture-');
  fs.mkdirSync(path.join(root, 'lambdas/handlers'), { recursive: true });
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
  for (const name of handlerNames) {
    fs.writeFileSync(
      path.join(root, `lambdas/handlers/${name}.handler.ts`),
      'export const handler = async () => ({ statusCode: 200 });\n',
    );
  }
  return root;
}

/** Catalogue entries that between them use every grant and trigger, for grant and nag tests. */
export const FULL_CATALOGUE: readonly FunctionSpec[] = [
  {
    name: 'health',
    entry: 'lambdas/handlers/health.handler.ts',
    description: 'Liveness check.',
    routes: [{ method: 'GET', path: '/api/health', public: true }],
    grants: [],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'sync-worker',
    entry: 'lambdas/handlers/sync-worker.handler.ts',
    description: 'Runs queued sync jobs.',
    consumes: { queue: 'sync', batchSize: 2 },
    grants: [
      'table:readWrite',
      'documents:readWrite',
      'syncQueue:send',
      'refreshTokens:encryptDecrypt',
      'lwa:config',
      'spapi:credentials',
    ],
    memory: 1024,
    timeoutSeconds: 120,
  },
  {
    name: 'api-cases',
    entry: 'lambdas/handlers/api-cases.handler.ts',
    description: 'Creates or updates a case.',
    routes: [
      { method: 'POST', path: '/api/api-cases' },
      { method: 'GET', path: '/api/cases/{shipmentId}' },
    ],
    grants: ['table:read', 'documents:read', 'mail:send', 'payment:credentials', 'debug:tools'],
    memory: 512,
    timeoutSeconds: 15,
  },
  {
    name: 'send-support-request',
    entry: 'lambdas/handlers/send-support-request.handler.ts',
    description: 'Mails a support request.',
    routes: [{ method: 'POST', path: '/api/send-support-request', public: true }],
    grants: ['mail:send', 'support:inbox'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'activate-free-plan',
    entry: 'lambdas/handlers/activate-free-plan.handler.ts',
    description: 'Launch offer; sizes left to the defaults.',
    routes: [{ method: 'POST', path: '/api/activate-free-plan' }],
    grants: ['table:readWrite', 'plan:launchOffer'],
  },
  {
    name: 'report-import',
    entry: 'lambdas/handlers/report-import.handler.ts',
    description: 'Imports a report for every seller on a schedule.',
    grants: ['table:readWrite'],
    memory: 512,
    timeoutSeconds: 600,
    reservedConcurrency: 1,
    schedules: [
      {
        name: 'report-import-daily',
        expression: 'cron(0 5 * * ? *)',
        description: 'Daily import.',
        input: { kind: 'daily' },
      },
    ],
  },
  {
    name: 'delete-user-account',
    entry: 'lambdas/handlers/delete-user-account.handler.ts',
    description: 'Ends the sessions and queues the deletion.',
    routes: [{ method: 'POST', path: '/api/delete-user-account' }],
    grants: ['users:delete', 'table:readWrite', 'accountQueue:send'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'account-deletion-worker',
    entry: 'lambdas/handlers/account-deletion-worker.handler.ts',
    description: 'Deletes a queued account.',
    consumes: { queue: 'accounts', batchSize: 1 },
    grants: ['users:delete', 'table:readWrite', 'documents:readWrite', 'documents:purge'],
    memory: 256,
    timeoutSeconds: 120,
  },
  {
    name: 'receipts',
    entry: 'lambdas/handlers/receipts.handler.ts',
    description: 'Lists and renders receipts.',
    routes: [{ method: 'GET', path: '/api/receipts' }],
    grants: ['table:read', 'support:inbox'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'admin-me',
    entry: 'lambdas/handlers/admin-me.handler.ts',
    description: 'Tells whether the caller is an admin.',
    routes: [{ method: 'POST', path: '/api/admin-me' }],
    grants: ['users:read', 'documents:name'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'pre-sign-up',
    entry: 'lambdas/handlers/pre-sign-up.handler.ts',
    description: 'Checks sign-ups.',
    cognitoTrigger: 'PreSignUp',
    grants: ['table:readWrite', 'captcha:secret'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'custom-message',
    entry: 'lambdas/handlers/custom-message.handler.ts',
    description: 'Writes account emails.',
    cognitoTrigger: 'CustomMessage',
    grants: ['app:url'],
    memory: 256,
    timeoutSeconds: 5,
  },
];
