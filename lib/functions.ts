/**
 * The server functions: one entry per handler file, one Lambda function per entry. To add a
 * function, write `lambdas/handlers/<name>.handler.ts` exporting `handler`, add an entry here,
 * and run the infra tests. Routes, IAM permissions and environment variables all follow from
 * the entry; nothing else in lib/ needs to change.
 *
 * The module imports nothing (like lambdas/shared/table-design.ts), so the local gateway can
 * read the same routes.
 */

/**
 * What a function may touch. Each grant sets the environment variables the function needs to
 * find the resource and the narrowest IAM permissions for the access it names, together, in
 * one place (`ServerFunction.bind*`), so a function never has one without the other.
 *
 * | grant | environment | access |
 * |---|---|---|
 * | `table:read` / `table:readWrite` | TABLE_NAME | items of the single table and its GSIs |
 * | `documents:name` | DOCUMENTS_BUCKET | none (the bucket's name, to read paths that carry it) |
 * | `documents:read` / `documents:readWrite` | DOCUMENTS_BUCKET | objects of the documents bucket (readWrite includes delete) |
 * | `documents:purge` | DOCUMENTS_BUCKET | list and delete every version of the documents bucket's objects (account deletion only; with `documents:readWrite`) |
 * | `syncQueue:send` | SYNC_QUEUE_URL | send messages to the sync queue |
 * | `mail:send` | MAIL_FROM, MAIL_FROM_NAME, MAIL_CONFIGURATION_SET | SES send from the sender identity |
 * | `users:read` / `users:delete` | USER_POOL_ID, USER_POOL_CLIENT_ID | Cognito admin reads; delete adds AdminUserGlobalSignOut and AdminDeleteUser only |
 * | `refreshTokens:encryptDecrypt` | REFRESH_TOKEN_KEY_ARN | KMS encrypt/decrypt of sellers' LWA refresh tokens |
 * | `lwa:config` | LWA_APP_ID, SPAPI_APP_DRAFT | none (configuration only; the draft flag is the stage's `spapiAppDraft`, never true in prod) |
 * | `captcha:secret` | CAPTCHA_SECRET_ARN | read the captcha's HMAC key from Secrets Manager |
 * | `app:url` | APP_URL | none (the web app's address, for links in emails) |
 * | `spapi:credentials` | LWA_CREDENTIALS_SECRET_ARN | read the Login-with-Amazon client credentials from Secrets Manager |
 * | `payment:credentials` | PAYMENT_CREDENTIALS_SECRET_ARN, PAYMENT_API_URL, PAYMENT_MERCHANT_ID | read the payment provider's REST app credentials from Secrets Manager; the stage's PayPal API (sandbox or live); our merchant id, the payee of plan orders (`paypalMerchantId`) |
 * | `payment:webhook` | PAYMENT_WEBHOOK_ID | none (the stage's `paypalWebhookId`, which PayPal's signature check needs) |
 * | `plan:launchOffer` | PLAN_FREE_DURING_LAUNCH | none (the stage's `planFreeDuringLaunch` setting, `true`/`false`) |
 * | `support:inbox` | SUPPORT_INBOX | none (the stage's `supportInbox` address) |
 * | `debug:tools` | DEBUG_TOOLS | none (the stage's `debugTools` setting: the admins' diagnostic routes, off in prod unless set) |
 */
export const GRANTS = [
  'table:read',
  'table:readWrite',
  'documents:name',
  'documents:read',
  'documents:readWrite',
  'documents:purge',
  'syncQueue:send',
  'mail:send',
  'users:read',
  'users:delete',
  'refreshTokens:encryptDecrypt',
  'lwa:config',
  'captcha:secret',
  'app:url',
  'spapi:credentials',
  'payment:credentials',
  'payment:webhook',
  'plan:launchOffer',
  'support:inbox',
  'debug:tools',
] as const;
export type Grant = (typeof GRANTS)[number];

export type HttpMethodName = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  method: HttpMethodName;
  /** Under `/api/`: CloudFront sends `/api/*` to the HTTP API with the path unchanged. */
  path: `/api/${string}`;
  /** Public routes skip the JWT authorizer; everything else needs a Cognito token. */
  public?: boolean;
}

/**
 * The Cognito user-pool triggers a function can serve, named as in the user pool's
 * LambdaConfig (and in cognito-local's TriggerFunctions, which the local stack fills from here).
 */
export const COGNITO_TRIGGERS = [
  'PreSignUp',
  'PostConfirmation',
  'CustomMessage',
  'DefineAuthChallenge',
  'CreateAuthChallenge',
  'VerifyAuthChallengeResponse',
] as const;
export type CognitoTrigger = (typeof COGNITO_TRIGGERS)[number];

/** Cognito waits this long for a trigger and then fails the user's request. */
const MAX_TRIGGER_TIMEOUT_SECONDS = 5;

export interface FunctionSpec {
  /** kebab-case; names the Lambda's construct, its log group and its alarms. */
  name: string;
  /** Path from the repository root; must exist at synth time. */
  entry: string;
  description: string;
  /** HTTP routes served by this function. A function may serve several routes of one resource. */
  routes?: readonly RouteSpec[];
  /** Consume the sync queue (partial batch failures reported per message). */
  consumes?: { queue: 'sync'; batchSize?: number; maxConcurrency?: number };
  /**
   * Invoked by the user pool for this trigger. Triggers get the pool id from the event, never
   * from their environment, and their function has a fixed name (`triggerFunctionName`) so the
   * pool in the data stack can point at it without a reference back into the app stack.
   */
  cognitoTrigger?: CognitoTrigger;
  grants: readonly Grant[];
  /** Memory in MB; CPU scales with it. Default `FUNCTION_DEFAULTS.memory`. */
  memory?: number;
  /** Default `FUNCTION_DEFAULTS.timeoutSeconds`; at most 29 for routed functions. */
  timeoutSeconds?: number;
  /**
   * Concurrency set aside for this function (and its ceiling). Default: none, the function
   * draws on the account's unreserved pool like the rest. Reserve only for a function that must
   * never be starved or must never exceed a limit (e.g. a scheduled job hitting a rate-limited
   * partner API); every reservation shrinks the pool the API functions share, and Lambda keeps
   * at least 100 unreserved, so on a new account with a low limit a reservation fails the deploy.
   * A queue consumer needs at least its `consumes.maxConcurrency`.
   */
  reservedConcurrency?: number;
  /**
   * A heavy function's ceiling (`HEAVY_CONCURRENCY`: uploads and the document reader, feedback
   * imports, report requests, submissions, the sync worker): reserved concurrency applied only on
   * a stage with `reserveConcurrency` (on for prod), so a burst of these never takes the
   * account's pool the sign-in triggers draw on, while a dev stage on a new account (which may
   * not allow any reservation) still deploys. A queue consumer needs at least its
   * `consumes.maxConcurrency`.
   */
  heavyConcurrency?: number;
  /**
   * EventBridge Scheduler invokes the function directly on these schedules, with `input` as
   * the event (default `{}`). Failed invocations are retried and then parked in the schedules'
   * dead-letter queue. Jobs that go through the sync queue are in lambdas/shared/schedules.ts.
   */
  schedules?: readonly FunctionSchedule[];
  /**
   * Ceiling of the minified bundle in KB (test/bench/lambda-bundles.bench.ts). Default
   * `DEFAULT_MAX_BUNDLE_KB`; only a function that must carry a large library gets its own.
   */
  maxBundleKB?: number;
}

/** The bundle ceiling of a function without one of its own. */
export const DEFAULT_MAX_BUNDLE_KB = 300;

export interface FunctionSchedule {
  /** kebab-case, unique across the catalogue; names the Scheduler schedule. */
  name: string;
  /** `rate(1 day)`, `cron(0 6 * * ? *)` (UTC) or `at(...)`. */
  expression: string;
  description: string;
  input?: Record<string, unknown>;
}

/** What an entry gets when it leaves memory or timeout out: enough for a table read or write. */
export const FUNCTION_DEFAULTS = { memory: 256, timeoutSeconds: 10 } as const;

/** An entry's memory and timeout with the defaults applied. */
export function sizing(spec: FunctionSpec): { memory: number; timeoutSeconds: number } {
  return {
    memory: spec.memory ?? FUNCTION_DEFAULTS.memory,
    timeoutSeconds: spec.timeoutSeconds ?? FUNCTION_DEFAULTS.timeoutSeconds,
  };
}

/**
 * Ceilings of the heavy functions (a reservation is also a cap): a burst of feedback imports,
 * document readings or syncs can take at most this many of the account's concurrent
 * executions, so sign-in, the Cognito triggers and the light API routes always find room in
 * the unreserved pool. Applied on a stage with `reserveConcurrency` (prod). Together 26: the
 * account needs a concurrency limit of at least 126 (Lambda keeps 100 unreserved), which new
 * accounts may have to ask for.
 */
export const HEAVY_CONCURRENCY = {
  /** One sync segment per message; equal to the queue's maxConcurrency. */
  syncWorker: 2,
  /** Waits on Amazon's report for up to 29 s per call. */
  feedbackReport: 3,
  /** The 7-day job runs alone. */
  feedbackImportDue: 1,
  /** The document reader (pdf.js, 1 GB) on every confirmed upload. */
  documentReader: 10,
  /** Sync now: starts a sync and queues it (a report request to Amazon follows). */
  syncNow: 5,
  /** Case submissions: each sends one email with up to 25 MB of attachments. */
  submission: 5,
} as const;

export const FUNCTIONS: readonly FunctionSpec[] = [
  {
    name: 'health',
    entry: 'lambdas/handlers/health.handler.ts',
    description: 'Liveness check used by monitors and the local stack.',
    routes: [{ method: 'GET', path: '/api/health', public: true }],
    grants: [],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'sync-fba',
    entry: 'lambdas/handlers/sync-fba.handler.ts',
    description: 'Starts a shipment sync for the caller (Sync now) and queues it for the worker.',
    routes: [{ method: 'POST', path: '/api/sync-fba' }],
    grants: ['table:readWrite', 'syncQueue:send'],
    memory: 256,
    timeoutSeconds: 10,
    heavyConcurrency: HEAVY_CONCURRENCY.syncNow,
  },
  {
    name: 'sync-runs',
    entry: 'lambdas/handlers/sync-runs.handler.ts',
    description: "The caller's latest sync run with its progress, and the last successful one.",
    routes: [{ method: 'GET', path: '/api/sync-runs/latest' }],
    grants: ['table:read'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'shipments',
    entry: 'lambdas/handlers/shipments.handler.ts',
    description:
      "The caller's shipments with discrepancies, items, case status and claim deadline.",
    routes: [{ method: 'GET', path: '/api/shipments' }],
    grants: ['table:read'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'dashboard',
    entry: 'lambdas/handlers/dashboard.handler.ts',
    description: "The caller's dashboard figures and recent activity.",
    routes: [{ method: 'GET', path: '/api/dashboard' }],
    grants: ['table:read'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'sku-values',
    entry: 'lambdas/handlers/sku-values.handler.ts',
    description: 'Remembers the unit value the caller enters for a SKU.',
    routes: [{ method: 'PUT', path: '/api/sku-values' }],
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'demo-sync',
    entry: 'lambdas/handlers/demo-sync.handler.ts',
    description: 'Signed-in demo: writes the demo shipments DEMO001-DEMO003 for the caller.',
    routes: [{ method: 'POST', path: '/api/demo/sync' }],
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'demo-reset',
    entry: 'lambdas/handlers/demo-reset.handler.ts',
    description: "Signed-in demo: deletes the caller's demo cases and demo shipments.",
    routes: [{ method: 'POST', path: '/api/demo/reset' }],
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'sync-worker',
    entry: 'lambdas/handlers/sync-worker.handler.ts',
    description: 'Runs queued shipment syncs, the 7-day sync dispatcher and feedback imports.',
    // One message is one sync segment of up to ~95 s; a batch of one keeps each within time.
    consumes: { queue: 'sync', batchSize: 1, maxConcurrency: 2 },
    // mail:send and app:url for the seller's email when Amazon reimburses a case (issue 16);
    // documents:read for the uploaded feedback exports it imports (issue 18).
    grants: [
      'table:readWrite',
      'documents:read',
      'syncQueue:send',
      'refreshTokens:encryptDecrypt',
      'spapi:credentials',
      'mail:send',
      'app:url',
    ],
    memory: 512,
    timeoutSeconds: 120,
    heavyConcurrency: HEAVY_CONCURRENCY.syncWorker,
    // The feedback parser and classifier with its lexicon (about 120 KB) for the background
    // feedback import; measured 338 KB on 2026-11-24.
    maxBundleKB: 400,
  },
  {
    name: 'spapi-authorize',
    entry: 'lambdas/handlers/spapi-authorize.handler.ts',
    description: 'Starts a marketplace authorization: single-use state and the consent URL.',
    routes: [{ method: 'POST', path: '/api/spapi-authorize' }],
    grants: ['table:readWrite', 'lwa:config', 'app:url'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'spapi-callback',
    entry: 'lambdas/handlers/spapi-callback.handler.ts',
    description: 'Completes an authorization: checks the state, redeems the code, saves the link.',
    routes: [{ method: 'POST', path: '/api/spapi-callback' }],
    grants: [
      'table:readWrite',
      'refreshTokens:encryptDecrypt',
      'spapi:credentials',
      'lwa:config',
      'app:url',
    ],
    memory: 256,
    timeoutSeconds: 20,
  },
  {
    name: 'connection',
    entry: 'lambdas/handlers/connection.handler.ts',
    description: "The caller's marketplace connection, without its token.",
    routes: [{ method: 'GET', path: '/api/connection' }],
    grants: ['table:read'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'connection-disconnect',
    entry: 'lambdas/handlers/connection-disconnect.handler.ts',
    description: 'Disconnects the marketplace: clears the token, mode back to demo.',
    routes: [{ method: 'POST', path: '/api/connection/disconnect' }],
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'subscription',
    entry: 'lambdas/handlers/subscription.handler.ts',
    description: 'The plan in force: active, expiry, days left, country.',
    routes: [{ method: 'GET', path: '/api/subscription' }],
    grants: ['table:read'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'payment-order',
    entry: 'lambdas/handlers/payment-order.handler.ts',
    description: "Creates the plan's PayPal order for the caller; counts orders not yet a plan.",
    routes: [
      { method: 'POST', path: '/api/payment-order' },
      { method: 'GET', path: '/api/payment-order' },
    ],
    grants: ['table:readWrite', 'payment:credentials'],
    memory: 256,
    timeoutSeconds: 15,
  },
  {
    name: 'verify-payment',
    entry: 'lambdas/handlers/verify-payment.handler.ts',
    description: 'Verifies a plan payment with the provider and creates or renews the 30-day plan.',
    routes: [{ method: 'POST', path: '/api/verify-payment' }],
    grants: ['table:readWrite', 'payment:credentials'],
    memory: 256,
    timeoutSeconds: 15,
  },
  {
    name: 'paypal-webhook',
    entry: 'lambdas/handlers/paypal-webhook.handler.ts',
    description:
      "PayPal's refund, reversal and dispute events: verified, applied once, end the plan.",
    routes: [{ method: 'POST', path: '/api/paypal-webhook', public: true }],
    grants: ['table:readWrite', 'payment:credentials', 'payment:webhook'],
    memory: 256,
    timeoutSeconds: 15,
  },
  {
    name: 'activate-free-plan',
    entry: 'lambdas/handlers/activate-free-plan.handler.ts',
    description: 'Activates the 30-day plan at 0 EUR while the launch setting is on.',
    routes: [{ method: 'POST', path: '/api/activate-free-plan' }],
    grants: ['table:readWrite', 'plan:launchOffer'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'captcha',
    entry: 'lambdas/handlers/captcha.handler.ts',
    description: 'Issues a signed addition captcha for the sign-up form.',
    routes: [{ method: 'POST', path: '/api/captcha', public: true }],
    grants: ['captcha:secret'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'send-bilingual-confirmation',
    entry: 'lambdas/handlers/send-bilingual-confirmation.handler.ts',
    description: 'Sends the sign-up confirmation email again, once a minute at most.',
    routes: [{ method: 'POST', path: '/api/send-bilingual-confirmation', public: true }],
    grants: ['table:readWrite', 'users:read'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'send-new-password',
    entry: 'lambdas/handlers/send-new-password.handler.ts',
    description: 'Starts a password reset by email, once a minute at most.',
    routes: [{ method: 'POST', path: '/api/send-new-password', public: true }],
    grants: ['table:readWrite', 'users:read'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'magic-link',
    entry: 'lambdas/handlers/magic-link.handler.ts',
    description: 'Emails a single-use sign-in link valid 15 minutes.',
    routes: [{ method: 'POST', path: '/api/magic-link', public: true }],
    grants: ['table:readWrite', 'users:read', 'mail:send', 'app:url'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'send-support-request',
    entry: 'lambdas/handlers/send-support-request.handler.ts',
    description: 'Stores a help-center or data-deletion request and mails it to support.',
    routes: [{ method: 'POST', path: '/api/send-support-request', public: true }],
    grants: ['table:readWrite', 'mail:send', 'support:inbox'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'unsubscribe',
    entry: 'lambdas/handlers/unsubscribe.handler.ts',
    description: 'Records an opt-out from product emails for an address.',
    routes: [{ method: 'POST', path: '/api/unsubscribe', public: true }],
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'admin-me',
    entry: 'lambdas/handlers/admin-me.handler.ts',
    description: 'Tells whether the caller belongs to the admins group.',
    routes: [{ method: 'POST', path: '/api/admin-me' }],
    grants: ['users:read'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'admin-users',
    entry: 'lambdas/handlers/admin-users.handler.ts',
    description: 'Admin only: the user list with search and paging, and one user in detail.',
    routes: [
      { method: 'GET', path: '/api/admin/users' },
      { method: 'GET', path: '/api/admin/users/{id}' },
    ],
    // table:readWrite only for the user counter, created once on a table that predates it.
    grants: ['table:readWrite', 'users:read'],
    memory: 512,
    timeoutSeconds: 10,
  },
  {
    name: 'admin-support-messages',
    entry: 'lambdas/handlers/admin-support-messages.handler.ts',
    description: 'Admin only: the support requests, newest first, and marking one resolved.',
    routes: [
      { method: 'GET', path: '/api/admin/support-messages' },
      { method: 'POST', path: '/api/admin/support-messages/{id}/resolve' },
    ],
    grants: ['table:readWrite', 'users:read'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'profile',
    entry: 'lambdas/handlers/profile.handler.ts',
    description: "Answers the caller's profile.",
    routes: [{ method: 'GET', path: '/api/profile' }],
    grants: ['table:read'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'delete-user-account',
    entry: 'lambdas/handlers/delete-user-account.handler.ts',
    description: "Deletes the caller's account, table items and documents.",
    routes: [{ method: 'POST', path: '/api/delete-user-account' }],
    grants: ['table:readWrite', 'documents:readWrite', 'documents:purge', 'users:delete'],
    memory: 512,
    timeoutSeconds: 29,
  },
  {
    name: 'feedback-import',
    entry: 'lambdas/handlers/feedback-import.handler.ts',
    description:
      'Feedback exports of any size: presigned upload, queues the background import, its progress.',
    routes: [
      { method: 'POST', path: '/api/feedback-import/upload-url' },
      { method: 'POST', path: '/api/feedback-import/{id}/start' },
      { method: 'GET', path: '/api/feedback-import/{id}' },
    ],
    grants: ['table:readWrite', 'documents:read', 'syncQueue:send'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'feedback',
    entry: 'lambdas/handlers/feedback.handler.ts',
    description: "The caller's feedback, newest first, filtered by marketplace and removable.",
    routes: [{ method: 'GET', path: '/api/feedback' }],
    grants: ['table:read'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'generate-feedback-appeal',
    entry: 'lambdas/handlers/generate-feedback-appeal.handler.ts',
    description: 'Writes the removal-request draft (subject, text, html) of one feedback row.',
    routes: [{ method: 'POST', path: '/api/generate-feedback-appeal' }],
    grants: ['table:read'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'case-endpoints',
    entry: 'lambdas/handlers/case-endpoints.handler.ts',
    description: "The caller's reply addresses per marketplace: list, save, delete.",
    routes: [
      { method: 'GET', path: '/api/case-endpoints' },
      { method: 'PUT', path: '/api/case-endpoints' },
      { method: 'DELETE', path: '/api/case-endpoints' },
    ],
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'feedback-schedule',
    entry: 'lambdas/handlers/feedback-schedule.handler.ts',
    description: "Imports the seller-feedback report of the caller's marketplace now.",
    routes: [{ method: 'POST', path: '/api/feedback-schedule' }],
    grants: ['table:readWrite', 'refreshTokens:encryptDecrypt', 'spapi:credentials'],
    memory: 512,
    timeoutSeconds: 29,
    heavyConcurrency: HEAVY_CONCURRENCY.feedbackReport,
  },
  {
    name: 'feedback-import-due',
    entry: 'lambdas/handlers/feedback-import-due.handler.ts',
    description: 'Every 7 days: imports the seller-feedback report of every connected seller.',
    grants: ['table:readWrite', 'refreshTokens:encryptDecrypt', 'spapi:credentials'],
    memory: 512,
    timeoutSeconds: 900,
    heavyConcurrency: HEAVY_CONCURRENCY.feedbackImportDue,
    schedules: [
      {
        name: 'feedback-import',
        expression: 'rate(7 days)',
        description: 'Imports buyer feedback from the Reports API (spec 9: every 7 days)',
      },
    ],
  },
  {
    name: 'case-documents',
    entry: 'lambdas/handlers/case-documents.handler.ts',
    description:
      'Case documents: presigned upload, server-side check and reading, list, download, delete, the supplier library; the debug storage test.',
    routes: [
      { method: 'POST', path: '/api/documents/upload-url' },
      { method: 'POST', path: '/api/documents/confirm' },
      { method: 'GET', path: '/api/documents' },
      { method: 'GET', path: '/api/documents/{id}/download-url' },
      { method: 'DELETE', path: '/api/documents/{id}' },
      // The supplier library (issue 17): suppliers, their invoices, attaching one to a case.
      { method: 'POST', path: '/api/documents/{id}/attach' },
      { method: 'GET', path: '/api/suppliers' },
      { method: 'GET', path: '/api/suppliers/{supplierId}/invoices' },
      // The /debug/storage page's own files at the debug path (spec 2.12, 3).
      { method: 'POST', path: '/api/debug/storage' },
      { method: 'GET', path: '/api/debug/storage' },
      { method: 'DELETE', path: '/api/debug/storage' },
    ],
    grants: ['table:readWrite', 'documents:readWrite'],
    memory: 1024,
    timeoutSeconds: 29,
    heavyConcurrency: HEAVY_CONCURRENCY.documentReader,
    // The one function that reads documents carries pdf.js (about 1.5 MB minified), loaded on
    // the first PDF it reads, so its other routes start as fast as the rest.
    maxBundleKB: 2048,
  },
  {
    name: 'cases',
    entry: 'lambdas/handlers/cases.handler.ts',
    description: "The caller's cases with a live-update version, one case, and opened-in-portal.",
    routes: [
      { method: 'GET', path: '/api/cases' },
      { method: 'GET', path: '/api/cases/{shipmentId}' },
      { method: 'POST', path: '/api/cases/{shipmentId}/opened' },
      { method: 'POST', path: '/api/cases/{shipmentId}/send-check' },
      { method: 'POST', path: '/api/cases/{shipmentId}/outcome' },
    ],
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'api-cases',
    entry: 'lambdas/handlers/api-cases.handler.ts',
    description: 'Records the case of a shipment with its role and main document.',
    routes: [{ method: 'POST', path: '/api/api-cases' }],
    // Only the admins' diagnostic page calls it: users:read for the admin check.
    grants: ['table:readWrite', 'documents:name', 'users:read', 'debug:tools'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'submit-reimbursement',
    entry: 'lambdas/handlers/submit-reimbursement.handler.ts',
    description:
      'Emails the dispute with its documents to the marketplace reply address, once per case.',
    routes: [{ method: 'POST', path: '/api/submit-reimbursement' }],
    // users:read and debug:tools for the diagnostic variant (an admin's test send to themself).
    grants: ['table:readWrite', 'documents:read', 'mail:send', 'users:read', 'debug:tools'],
    memory: 512,
    timeoutSeconds: 29,
    heavyConcurrency: HEAVY_CONCURRENCY.submission,
  },
  {
    name: 'generate-case-draft',
    entry: 'lambdas/handlers/generate-case-draft.handler.ts',
    description: 'Builds the dispute text of a shipment for one of the four templates.',
    routes: [{ method: 'POST', path: '/api/generate-case-draft' }],
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'demo-cs-poller',
    entry: 'lambdas/handlers/demo-cs-poller.handler.ts',
    description: "Simulates one marketplace reply on one of the caller's demo cases.",
    routes: [{ method: 'POST', path: '/api/demo-cs-poller' }],
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 10,
  },
  {
    name: 'pre-sign-up',
    entry: 'lambdas/handlers/pre-sign-up.handler.ts',
    description: 'Refuses sign-ups that fail the captcha, honeypot or timing rules.',
    cognitoTrigger: 'PreSignUp',
    grants: ['table:readWrite', 'captcha:secret'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'post-confirmation',
    entry: 'lambdas/handlers/post-confirmation.handler.ts',
    description: 'Creates the profile of a newly confirmed account.',
    cognitoTrigger: 'PostConfirmation',
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'custom-message',
    entry: 'lambdas/handlers/custom-message.handler.ts',
    description:
      "Writes Cognito's account emails in the user's language, within each address's daily cap.",
    cognitoTrigger: 'CustomMessage',
    grants: ['app:url', 'table:readWrite'],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'define-auth-challenge',
    entry: 'lambdas/handlers/define-auth-challenge.handler.ts',
    description: 'Custom authentication: one magic-link challenge.',
    cognitoTrigger: 'DefineAuthChallenge',
    grants: [],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'create-auth-challenge',
    entry: 'lambdas/handlers/create-auth-challenge.handler.ts',
    description: 'Custom authentication: names the magic-link challenge.',
    cognitoTrigger: 'CreateAuthChallenge',
    grants: [],
    memory: 256,
    timeoutSeconds: 5,
  },
  {
    name: 'verify-auth-challenge',
    entry: 'lambdas/handlers/verify-auth-challenge.handler.ts',
    description: 'Custom authentication: checks and spends a magic-link token.',
    cognitoTrigger: 'VerifyAuthChallengeResponse',
    grants: ['table:readWrite'],
    memory: 256,
    timeoutSeconds: 5,
  },
];

/**
 * The fixed Lambda function name of a trigger, so the user pool can name its ARN without
 * depending on the stack that creates the function.
 */
export function triggerFunctionName(prefix: string, spec: Pick<FunctionSpec, 'name'>): string {
  return `${prefix}-${spec.name}`;
}

/** The triggers of a catalogue with their function names, for the user pool's LambdaConfig. */
export function userPoolTriggers(
  functions: readonly FunctionSpec[],
  prefix: string,
): { trigger: CognitoTrigger; functionName: string }[] {
  return functions.flatMap((spec) =>
    spec.cognitoTrigger
      ? [{ trigger: spec.cognitoTrigger, functionName: triggerFunctionName(prefix, spec) }]
      : [],
  );
}

/** The Lambda poller's concurrency for a queue consumer that does not set `maxConcurrency`. */
export const DEFAULT_MAX_CONCURRENCY = 2;

/** API Gateway gives up on an integration after 30 s, so a routed function must finish first. */
const MAX_ROUTED_TIMEOUT_SECONDS = 29;

/**
 * Checks the catalogue before any resource is defined, so a mistake fails `cdk synth` with a
 * message naming the entry instead of an esbuild or CloudFormation error later on.
 */
export function validateCatalogue(
  functions: readonly FunctionSpec[],
  fileExists: (entry: string) => boolean,
): void {
  const problems: string[] = [];
  const names = new Set<string>();
  const routes = new Map<string, string>();
  const triggers = new Map<CognitoTrigger, string>();
  const scheduleNames = new Set<string>();

  for (const spec of functions) {
    const where = `Function "${spec.name}"`;
    if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(spec.name)) {
      problems.push(`${where}: name must be kebab-case`);
    }
    if (names.has(spec.name)) problems.push(`${where}: name is used twice`);
    names.add(spec.name);

    const expectedEntry = `lambdas/handlers/${spec.name}.handler.ts`;
    if (spec.entry !== expectedEntry) {
      problems.push(`${where}: entry must be ${expectedEntry} (one handler file per function)`);
    } else if (!fileExists(spec.entry)) {
      problems.push(
        `${where}: ${spec.entry} does not exist; write the handler (exporting \`handler\`) ` +
          'or remove the entry from lib/functions.ts',
      );
    }

    for (const grant of spec.grants) {
      if (!(GRANTS as readonly string[]).includes(grant))
        problems.push(`${where}: unknown grant ${grant}`);
    }
    if (new Set(spec.grants).size !== spec.grants.length)
      problems.push(`${where}: a grant is listed twice`);

    const { memory, timeoutSeconds } = sizing(spec);
    if (!Number.isInteger(memory) || memory < 128 || memory > 10240) {
      problems.push(`${where}: memory must be a whole number of MB between 128 and 10240`);
    }
    if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > 900) {
      problems.push(`${where}: timeoutSeconds must be a whole number from 1 to 900`);
    }

    for (const route of spec.routes ?? []) {
      const key = `${route.method} ${route.path}`;
      if (!/^\/api(\/(\{[a-zA-Z][a-zA-Z0-9]*\+?\}|[a-z0-9][a-z0-9-]*))+$/.test(route.path)) {
        problems.push(`${where}: route path ${route.path} must be /api/<kebab-case or {param}>...`);
      }
      const owner = routes.get(key);
      if (owner) problems.push(`${where}: route ${key} is already served by "${owner}"`);
      routes.set(key, spec.name);
    }
    if ((spec.routes?.length ?? 0) > 0 && timeoutSeconds > MAX_ROUTED_TIMEOUT_SECONDS) {
      problems.push(
        `${where}: routed functions must time out within ${MAX_ROUTED_TIMEOUT_SECONDS} s`,
      );
    }
    if (spec.cognitoTrigger) {
      if (!(COGNITO_TRIGGERS as readonly string[]).includes(spec.cognitoTrigger)) {
        problems.push(`${where}: unknown Cognito trigger ${spec.cognitoTrigger}`);
      }
      const owner = triggers.get(spec.cognitoTrigger);
      if (owner) {
        problems.push(
          `${where}: the ${spec.cognitoTrigger} trigger is already served by "${owner}"`,
        );
      }
      triggers.set(spec.cognitoTrigger, spec.name);
      if ((spec.routes?.length ?? 0) > 0 || spec.consumes) {
        problems.push(`${where}: a Cognito trigger has no routes and consumes no queue`);
      }
      if (timeoutSeconds > MAX_TRIGGER_TIMEOUT_SECONDS) {
        problems.push(
          `${where}: Cognito triggers must time out within ${MAX_TRIGGER_TIMEOUT_SECONDS} s (Cognito waits no longer)`,
        );
      }
    } else if (!spec.routes?.length && !spec.consumes && !spec.schedules?.length) {
      problems.push(
        `${where}: has neither routes, a queue to consume, a schedule nor a Cognito trigger, so nothing would invoke it`,
      );
    }

    if (spec.reservedConcurrency !== undefined) {
      if (!Number.isInteger(spec.reservedConcurrency) || spec.reservedConcurrency < 1) {
        problems.push(`${where}: reservedConcurrency must be a whole number of at least 1`);
      } else if (
        spec.consumes &&
        spec.reservedConcurrency < (spec.consumes.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY)
      ) {
        problems.push(
          `${where}: reservedConcurrency must be at least the queue's maxConcurrency, or the poller is throttled`,
        );
      }
    }
    if (spec.heavyConcurrency !== undefined) {
      if (!Number.isInteger(spec.heavyConcurrency) || spec.heavyConcurrency < 1) {
        problems.push(`${where}: heavyConcurrency must be a whole number of at least 1`);
      } else if (
        spec.consumes &&
        spec.heavyConcurrency < (spec.consumes.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY)
      ) {
        problems.push(
          `${where}: heavyConcurrency must be at least the queue's maxConcurrency, or the poller is throttled`,
        );
      }
    }
    for (const schedule of spec.schedules ?? []) {
      const at = `${where}: schedule "${schedule.name}"`;
      if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(schedule.name)) {
        problems.push(`${at}: name must be kebab-case`);
      }
      if (scheduleNames.has(schedule.name)) problems.push(`${at}: name is used twice`);
      scheduleNames.add(schedule.name);
      if (
        !/^(rate\(\d+ (minute|minutes|hour|hours|day|days)\)|cron\(.+\)|at\(.+\))$/.test(
          schedule.expression,
        )
      ) {
        problems.push(`${at}: expression must be rate(...), cron(...) or at(...)`);
      }
    }
  }

  if (problems.length > 0) {
    throw new Error(
      `Invalid function catalogue (lib/functions.ts):\n  - ${problems.join('\n  - ')}`,
    );
  }
}
