/**
 * The server functions: one entry per handler file, one Lambda function per entry. To add a
 * function, write `lambdas/handlers/<name>.handler.ts` exporting `handler`, add an entry here,
 * and run the infra tests. The handler file follows from the name; routes, IAM permissions and
 * environment variables all follow from the entry; nothing else in lib/ needs to change.
 * `validateCatalogue` (lib/validate-catalogue.ts) checks the entries at synth time.
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
 * | `importQueue:send` | IMPORT_QUEUE_URL | send messages to the import queue (feedback imports) |
 * | `accountQueue:send` | ACCOUNT_QUEUE_URL | send messages to the account queue (account deletions) |
 * | `readingQueue:send` | READING_QUEUE_URL | send messages to the reading queue (scans and photos to read by OCR) |
 * | `mail:send` | MAIL_FROM, MAIL_FROM_NAME, MAIL_CONFIGURATION_SET | SES send from the sender identity |
 * | `users:read` / `users:delete` | USER_POOL_ID, USER_POOL_CLIENT_ID | Cognito admin reads; delete adds AdminUserGlobalSignOut and AdminDeleteUser only |
 * | `refreshTokens:encryptDecrypt` | REFRESH_TOKEN_KEY_ARN | KMS encrypt/decrypt of sellers' LWA refresh tokens |
 * | `lwa:config` | LWA_APP_ID, SPAPI_APP_DRAFT | none (configuration only; the draft flag is the stage's `spapiAppDraft`, never true in prod) |
 * | `captcha:secret` | CAPTCHA_SECRET_ARN | read the captcha's HMAC key from Secrets Manager |
 * | `unsubscribe:secret` | UNSUBSCRIBE_SECRET_ARN | read the unsubscribe links' HMAC key from Secrets Manager |
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
  'importQueue:send',
  'accountQueue:send',
  'readingQueue:send',
  'mail:send',
  'users:read',
  'users:delete',
  'refreshTokens:encryptDecrypt',
  'lwa:config',
  'captcha:secret',
  'unsubscribe:secret',
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

/** A catalogue entry as written: the handler file and the sizes left out follow from it. */
export interface FunctionDeclaration {
  /** kebab-case; names the handler file, the Lambda's construct, its log group and its alarms. */
  name: string;
  description: string;
  /** HTTP routes served by this function. A function may serve several routes of one resource. */
  routes?: readonly RouteSpec[];
  /**
   * Consume one of the queues (partial batch failures reported per message).
   */
  consumes?: {
    queue: 'sync' | 'imports' | 'accounts' | 'readings';
    batchSize?: number;
    maxConcurrency?: number;
  };
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

/** An entry as the app and the local stack read it: its handler file named. */
export interface FunctionSpec extends FunctionDeclaration {
  /** Path from the repository root (`handlerEntry`); must exist at synth time. */
  entry: string;
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
export function sizing(spec: Pick<FunctionDeclaration, 'memory' | 'timeoutSeconds'>): {
  memory: number;
  timeoutSeconds: number;
} {
  return {
    memory: spec.memory ?? FUNCTION_DEFAULTS.memory,
    timeoutSeconds: spec.timeoutSeconds ?? FUNCTION_DEFAULTS.timeoutSeconds,
  };
}

/**
 * Ceilings of the heavy functions (a reservation is also a cap): a burst of feedback imports,
 * document readings or syncs can take at most this many of the account's concurrent
 * executions, so sign-in, the Cognito triggers and the light API routes always find room in
 * the unreserved pool. Applied on a stage with `reserveConcurrency` (prod). Together 28: the
 * account needs a concurrency limit of at least 128 (Lambda keeps 100 unreserved), which new
 * accounts may have to ask for.
 */
export const HEAVY_CONCURRENCY = {
  /** One sync segment per message; equal to the queue's maxConcurrency. */
  syncWorker: 2,
  /** One slice of a feedback import per message; equal to the import queue's maxConcurrency. */
  feedbackImportWorker: 2,
  /** Waits on Amazon's report for up to 29 s per call. */
  feedbackReport: 3,
  /** The 7-day job runs alone. */
  feedbackImportDue: 1,
  /** The hourly audit runs alone. */
  claimsAudit: 1,
  /** The document reader (pdf.js, 1 GB) on every confirmed upload and queued scan reading. */
  documentReader: 10,
  /** Sync now: starts a sync and queues it (a report request to Amazon follows). */
  syncNow: 5,
  /** Case submissions: each sends one email with up to 25 MB of attachments. */
  submission: 5,
} as const;

const DECLARATIONS: readonly FunctionDeclaration[] = [
  {
    name: 'health',
    description: 'Liveness check used by monitors and the local stack.',
    routes: [{ method: 'GET', path: '/api/health', public: true }],
    grants: [],
    timeoutSeconds: 5,
  },
  {
    name: 'sync-fba',
    description: 'Starts a shipment sync for the caller (Sync now) and queues it for the worker.',
    routes: [{ method: 'POST', path: '/api/sync-fba' }],
    grants: ['table:readWrite', 'syncQueue:send'],
    heavyConcurrency: HEAVY_CONCURRENCY.syncNow,
  },
  {
    name: 'sync-runs',
    description: "The caller's latest sync run with its progress, and the last successful one.",
    routes: [{ method: 'GET', path: '/api/sync-runs/latest' }],
    grants: ['table:read'],
    timeoutSeconds: 5,
  },
  {
    name: 'shipments',
    description:
      "The caller's shipments with discrepancies, items, case status and claim deadline.",
    routes: [{ method: 'GET', path: '/api/shipments' }],
    grants: ['table:read'],
  },
  {
    name: 'dashboard',
    description: "The caller's dashboard figures and recent activity.",
    routes: [{ method: 'GET', path: '/api/dashboard' }],
    grants: ['table:read'],
  },
  {
    name: 'claims',
    description:
      "The caller's claims found by the audit, by deadline; marks one as opened with Amazon; lists the removals to count and records what arrived.",
    routes: [
      { method: 'GET', path: '/api/claims' },
      { method: 'POST', path: '/api/claims/{id}/filed' },
      { method: 'DELETE', path: '/api/claims/{id}/filed' },
      { method: 'GET', path: '/api/removals' },
      { method: 'PUT', path: '/api/removals/{id}/received' },
    ],
    grants: ['table:readWrite'],
    timeoutSeconds: 10,
  },
  {
    name: 'sku-values',
    description: 'Remembers the unit value the caller enters for a SKU.',
    routes: [{ method: 'PUT', path: '/api/sku-values' }],
    grants: ['table:readWrite'],
    timeoutSeconds: 5,
  },
  {
    name: 'unit-costs',
    description:
      "The Costi screen: the caller's unit costs per SKU from their invoices, confirmed or corrected.",
    routes: [
      { method: 'GET', path: '/api/unit-costs' },
      { method: 'PUT', path: '/api/unit-costs' },
    ],
    grants: ['table:readWrite'],
  },
  {
    name: 'demo-sync',
    description: 'Signed-in demo: writes the demo shipments DEMO001-DEMO003 for the caller.',
    routes: [{ method: 'POST', path: '/api/demo/sync' }],
    grants: ['table:readWrite'],
  },
  {
    name: 'demo-reset',
    description: "Signed-in demo: deletes the caller's demo cases and demo shipments.",
    routes: [{ method: 'POST', path: '/api/demo/reset' }],
    grants: ['table:readWrite'],
  },
  {
    name: 'sync-worker',
    description: 'Runs queued shipment syncs, the 7-day sync dispatcher and the case poller.',
    // One message is one sync segment of up to ~95 s; a batch of one keeps each within time.
    consumes: { queue: 'sync', batchSize: 1, maxConcurrency: 2 },
    // mail:send and app:url for the seller's email when Amazon reimburses a case (issue 16), and
    // unsubscribe:secret for the digest's unsubscribe link.
    grants: [
      'table:readWrite',
      'syncQueue:send',
      'refreshTokens:encryptDecrypt',
      'spapi:credentials',
      'mail:send',
      'app:url',
      'unsubscribe:secret',
    ],
    memory: 512,
    timeoutSeconds: 120,
    heavyConcurrency: HEAVY_CONCURRENCY.syncWorker,
  },
  {
    name: 'feedback-import-worker',
    description: 'Imports the uploaded feedback exports queued on the import queue, in slices.',
    // One message is one slice of an import of up to ~95 s, as a sync segment.
    consumes: { queue: 'imports', batchSize: 1, maxConcurrency: 2 },
    // documents:read for the uploaded exports (issue 18); importQueue:send for the rest of one.
    grants: ['table:readWrite', 'documents:read', 'importQueue:send'],
    memory: 512,
    timeoutSeconds: 120,
    heavyConcurrency: HEAVY_CONCURRENCY.feedbackImportWorker,
  },
  {
    name: 'spapi-authorize',
    description: 'Starts a marketplace authorization: single-use state and the consent URL.',
    routes: [{ method: 'POST', path: '/api/spapi-authorize' }],
    grants: ['table:readWrite', 'lwa:config', 'app:url'],
    timeoutSeconds: 5,
  },
  {
    name: 'spapi-callback',
    description: 'Completes an authorization: checks the state, redeems the code, saves the link.',
    routes: [{ method: 'POST', path: '/api/spapi-callback' }],
    grants: [
      'table:readWrite',
      'refreshTokens:encryptDecrypt',
      'spapi:credentials',
      'lwa:config',
      'app:url',
    ],
    timeoutSeconds: 20,
  },
  {
    name: 'connection',
    description: "The caller's marketplace connection, without its token.",
    routes: [{ method: 'GET', path: '/api/connection' }],
    grants: ['table:read'],
    timeoutSeconds: 5,
  },
  {
    name: 'connection-disconnect',
    description: 'Disconnects the marketplace: clears the token, mode back to demo.',
    routes: [{ method: 'POST', path: '/api/connection/disconnect' }],
    grants: ['table:readWrite'],
    timeoutSeconds: 5,
  },
  {
    name: 'subscription',
    description: 'The plan in force: active, expiry, days left, country.',
    routes: [{ method: 'GET', path: '/api/subscription' }],
    grants: ['table:read'],
    timeoutSeconds: 5,
  },
  {
    name: 'payment-order',
    description: "Creates the plan's PayPal order for the caller; counts orders not yet a plan.",
    routes: [
      { method: 'POST', path: '/api/payment-order' },
      { method: 'GET', path: '/api/payment-order' },
    ],
    grants: ['table:readWrite', 'payment:credentials'],
    timeoutSeconds: 15,
  },
  {
    name: 'verify-payment',
    description: 'Verifies a plan payment with the provider and creates or renews the 30-day plan.',
    routes: [{ method: 'POST', path: '/api/verify-payment' }],
    grants: ['table:readWrite', 'payment:credentials'],
    timeoutSeconds: 15,
  },
  {
    name: 'paypal-webhook',
    description:
      "PayPal's refund, reversal and dispute events: verified, applied once, end the plan.",
    routes: [{ method: 'POST', path: '/api/paypal-webhook', public: true }],
    grants: ['table:readWrite', 'payment:credentials', 'payment:webhook'],
    timeoutSeconds: 15,
  },
  {
    name: 'receipts',
    description: "Lists the caller's payment receipts and renders one as a PDF.",
    routes: [
      { method: 'GET', path: '/api/receipts' },
      { method: 'GET', path: '/api/receipts/{number}/pdf' },
    ],
    grants: ['table:read', 'support:inbox'],
    timeoutSeconds: 10,
  },
  {
    name: 'activate-free-plan',
    description: 'Activates the 30-day plan at 0 EUR while the launch setting is on.',
    routes: [{ method: 'POST', path: '/api/activate-free-plan' }],
    grants: ['table:readWrite', 'plan:launchOffer'],
    timeoutSeconds: 5,
  },
  {
    name: 'captcha',
    description: 'Issues a signed addition captcha for the sign-up form.',
    routes: [{ method: 'POST', path: '/api/captcha', public: true }],
    grants: ['captcha:secret'],
    timeoutSeconds: 5,
  },
  {
    name: 'send-bilingual-confirmation',
    description: 'Sends the sign-up confirmation email again, once a minute at most.',
    routes: [{ method: 'POST', path: '/api/send-bilingual-confirmation', public: true }],
    grants: ['table:readWrite', 'users:read'],
  },
  {
    name: 'send-new-password',
    description: 'Starts a password reset by email, once a minute at most.',
    routes: [{ method: 'POST', path: '/api/send-new-password', public: true }],
    grants: ['table:readWrite', 'users:read'],
  },
  {
    name: 'magic-link',
    description: 'Emails a single-use sign-in link valid 15 minutes.',
    routes: [{ method: 'POST', path: '/api/magic-link', public: true }],
    grants: ['table:readWrite', 'users:read', 'mail:send', 'app:url'],
  },
  {
    name: 'send-support-request',
    description: 'Stores a help-center or data-deletion request and mails it to support.',
    routes: [{ method: 'POST', path: '/api/send-support-request', public: true }],
    grants: ['table:readWrite', 'mail:send', 'support:inbox'],
  },
  {
    name: 'unsubscribe',
    description: 'Records an opt-out from product emails for an address, on the token of its link.',
    routes: [{ method: 'POST', path: '/api/unsubscribe', public: true }],
    grants: ['table:readWrite', 'unsubscribe:secret'],
    timeoutSeconds: 5,
  },
  {
    name: 'admin-me',
    description: 'Tells whether the caller belongs to the admins group.',
    routes: [{ method: 'POST', path: '/api/admin-me' }],
    grants: ['users:read'],
    timeoutSeconds: 5,
  },
  {
    name: 'admin-users',
    description: 'Admin only: the user list with search and paging, and one user in detail.',
    routes: [
      { method: 'GET', path: '/api/admin/users' },
      { method: 'GET', path: '/api/admin/users/{id}' },
    ],
    // table:readWrite only for the user counter, created once on a table that predates it.
    grants: ['table:readWrite', 'users:read'],
    memory: 512,
  },
  {
    name: 'admin-support-messages',
    description: 'Admin only: the support requests, newest first, and marking one resolved.',
    routes: [
      { method: 'GET', path: '/api/admin/support-messages' },
      { method: 'POST', path: '/api/admin/support-messages/{id}/resolve' },
    ],
    grants: ['table:readWrite', 'users:read'],
    timeoutSeconds: 5,
  },
  {
    name: 'profile',
    description: "Answers the caller's profile.",
    routes: [{ method: 'GET', path: '/api/profile' }],
    grants: ['table:read'],
    timeoutSeconds: 5,
  },
  {
    name: 'password-changed',
    description: 'Emails the seller, once per change, that the password was changed.',
    routes: [{ method: 'POST', path: '/api/password-changed' }],
    grants: ['table:readWrite', 'users:read', 'mail:send', 'app:url', 'support:inbox'],
    timeoutSeconds: 10,
  },
  {
    name: 'delete-user-account',
    description: "Ends the caller's sessions, marks the account deleted and queues its deletion.",
    routes: [{ method: 'POST', path: '/api/delete-user-account' }],
    grants: ['table:readWrite', 'users:delete', 'accountQueue:send'],
    timeoutSeconds: 15,
  },
  {
    name: 'account-deletion-worker',
    description: "Deletes a queued account's documents, table items and Cognito user.",
    consumes: { queue: 'accounts', batchSize: 1, maxConcurrency: 2 },
    grants: ['table:readWrite', 'documents:readWrite', 'documents:purge', 'users:delete'],
    memory: 512,
    timeoutSeconds: 120,
  },
  {
    name: 'feedback-import',
    description:
      'Feedback exports of any size: presigned upload, queues the background import, its progress.',
    routes: [
      { method: 'POST', path: '/api/feedback-import/upload-url' },
      { method: 'POST', path: '/api/feedback-import/{id}/start' },
      { method: 'GET', path: '/api/feedback-import/{id}' },
    ],
    grants: ['table:readWrite', 'documents:read', 'importQueue:send'],
  },
  {
    name: 'feedback',
    description: "The caller's feedback, newest first, filtered by marketplace and removable.",
    routes: [{ method: 'GET', path: '/api/feedback' }],
    grants: ['table:read'],
  },
  {
    name: 'generate-feedback-appeal',
    description: 'Writes the removal-request draft (subject, text, html) of one feedback row.',
    routes: [{ method: 'POST', path: '/api/generate-feedback-appeal' }],
    grants: ['table:read'],
    timeoutSeconds: 5,
  },
  {
    name: 'case-endpoints',
    description: "The caller's reply addresses per marketplace: list, save, delete.",
    routes: [
      { method: 'GET', path: '/api/case-endpoints' },
      { method: 'PUT', path: '/api/case-endpoints' },
      { method: 'DELETE', path: '/api/case-endpoints' },
    ],
    grants: ['table:readWrite'],
    timeoutSeconds: 5,
  },
  {
    name: 'feedback-schedule',
    description: "Imports the seller-feedback report of the caller's marketplace now.",
    routes: [{ method: 'POST', path: '/api/feedback-schedule' }],
    grants: ['table:readWrite', 'refreshTokens:encryptDecrypt', 'spapi:credentials'],
    memory: 512,
    timeoutSeconds: 29,
    heavyConcurrency: HEAVY_CONCURRENCY.feedbackReport,
  },
  {
    name: 'claims-audit',
    description:
      'Every hour: audits what Amazon paid (reimbursements report, inventory ledger) for every connected seller.',
    // mail:send, app:url and unsubscribe:secret are not needed: the digest tells the news.
    grants: ['table:readWrite', 'refreshTokens:encryptDecrypt', 'spapi:credentials'],
    memory: 512,
    timeoutSeconds: 900,
    heavyConcurrency: HEAVY_CONCURRENCY.claimsAudit,
    schedules: [
      {
        name: 'claims-audit',
        expression: 'rate(1 hour)',
        description: 'Audits reimbursements and warehouse losses from the Reports API',
      },
    ],
  },
  {
    name: 'feedback-import-due',
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
      // The seller's verdict on an invoice line: it is (or is not) one of their SKUs.
      { method: 'POST', path: '/api/suppliers/line-verdicts' },
      // The /debug/storage page's own files at the debug path (spec 2.12, 3).
      { method: 'POST', path: '/api/debug/storage' },
      { method: 'GET', path: '/api/debug/storage' },
      { method: 'DELETE', path: '/api/debug/storage' },
    ],
    // users:read and debug:tools for the debug storage routes (admins, where the stage allows);
    // readingQueue:send for the scans and photos it reads by OCR from the reading queue.
    grants: [
      'table:readWrite',
      'documents:readWrite',
      'users:read',
      'debug:tools',
      'readingQueue:send',
    ],
    // The document reader also reads the scans and photos queued by the uploads, by OCR, one a
    // message (the app stack is at CloudFormation's 500 resources: no function of its own).
    consumes: { queue: 'readings', batchSize: 1, maxConcurrency: 2 },
    // One full vCPU (Lambda gives one at 1,769 MB): OCR and pdf.js are CPU-bound on one thread,
    // so a page reads in about 0.58 of the time it took at 1024 MB (npm run bench -- --only ocr).
    memory: 1769,
    timeoutSeconds: 29,
    heavyConcurrency: HEAVY_CONCURRENCY.documentReader,
    // The one function that reads documents carries pdf.js (about 1.5 MB minified), loaded on
    // the first PDF it reads, so its other routes start as fast as the rest.
    maxBundleKB: 2048,
  },
  {
    name: 'cases',
    description:
      "The caller's cases with a live-update version, one case, opened-in-portal, the sheet's draft.",
    routes: [
      { method: 'GET', path: '/api/cases' },
      { method: 'GET', path: '/api/cases/{shipmentId}' },
      { method: 'POST', path: '/api/cases/{shipmentId}/opened' },
      { method: 'POST', path: '/api/cases/{shipmentId}/send-check' },
      { method: 'POST', path: '/api/cases/{shipmentId}/outcome' },
      { method: 'PUT', path: '/api/cases/{shipmentId}/draft' },
    ],
    grants: ['table:readWrite'],
    timeoutSeconds: 5,
  },
  {
    name: 'api-cases',
    description: 'Records the case of a shipment with its role and main document.',
    routes: [{ method: 'POST', path: '/api/api-cases' }],
    // Only the admins' diagnostic page calls it: users:read for the admin check.
    grants: ['table:readWrite', 'documents:name', 'users:read', 'debug:tools'],
  },
  {
    name: 'submit-reimbursement',
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
    description: 'Builds the dispute text of a shipment for one of the four templates.',
    routes: [{ method: 'POST', path: '/api/generate-case-draft' }],
    grants: ['table:readWrite'],
  },
  {
    name: 'demo-cs-poller',
    description: "Simulates one marketplace reply on one of the caller's demo cases.",
    routes: [{ method: 'POST', path: '/api/demo-cs-poller' }],
    grants: ['table:readWrite'],
  },
  {
    name: 'pre-sign-up',
    description: 'Refuses sign-ups that fail the captcha, honeypot or timing rules.',
    cognitoTrigger: 'PreSignUp',
    grants: ['table:readWrite', 'captcha:secret'],
    timeoutSeconds: 5,
  },
  {
    name: 'post-confirmation',
    description:
      'Creates the profile of a newly confirmed account; after a password reset, emails the seller.',
    cognitoTrigger: 'PostConfirmation',
    grants: ['table:readWrite', 'users:read', 'mail:send', 'app:url', 'support:inbox'],
    timeoutSeconds: 5,
  },
  {
    name: 'custom-message',
    description:
      "Writes Cognito's account emails in the user's language, within each address's daily cap.",
    cognitoTrigger: 'CustomMessage',
    grants: ['app:url', 'table:readWrite'],
    timeoutSeconds: 5,
  },
  {
    name: 'define-auth-challenge',
    description: 'Custom authentication: one magic-link challenge.',
    cognitoTrigger: 'DefineAuthChallenge',
    grants: [],
    timeoutSeconds: 5,
  },
  {
    name: 'create-auth-challenge',
    description: 'Custom authentication: names the magic-link challenge.',
    cognitoTrigger: 'CreateAuthChallenge',
    grants: [],
    timeoutSeconds: 5,
  },
  {
    name: 'verify-auth-challenge',
    description: 'Custom authentication: checks and spends a magic-link token.',
    cognitoTrigger: 'VerifyAuthChallengeResponse',
    grants: ['table:readWrite'],
    timeoutSeconds: 5,
  },
];

/** The handler file of a function, from the repository root: one per function, named after it. */
export function handlerEntry(name: string): string {
  return `lambdas/handlers/${name}.handler.ts`;
}

/** Every server function, with its handler file and its sizes (defaults applied). */
export const FUNCTIONS: readonly FunctionSpec[] = DECLARATIONS.map((declaration) => ({
  ...declaration,
  entry: handlerEntry(declaration.name),
  ...sizing(declaration),
}));

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
