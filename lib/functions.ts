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
 * | `documents:read` / `documents:readWrite` | DOCUMENTS_BUCKET | objects of the documents bucket (readWrite includes delete) |
 * | `syncQueue:send` | SYNC_QUEUE_URL | send messages to the sync queue |
 * | `mail:send` | MAIL_FROM, MAIL_FROM_NAME, MAIL_CONFIGURATION_SET | SES send from the sender identity |
 * | `users:read` / `users:manage` | USER_POOL_ID, USER_POOL_CLIENT_ID | Cognito admin reads; manage adds delete, reset, group changes |
 * | `refreshTokens:encryptDecrypt` | REFRESH_TOKEN_KEY_ARN | KMS encrypt/decrypt of sellers' LWA refresh tokens |
 * | `lwa:config` | LWA_APP_ID | none (configuration only) |
 */
export const GRANTS = [
  'table:read',
  'table:readWrite',
  'documents:read',
  'documents:readWrite',
  'syncQueue:send',
  'mail:send',
  'users:read',
  'users:manage',
  'refreshTokens:encryptDecrypt',
  'lwa:config',
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
  grants: readonly Grant[];
  /** Memory in MB; CPU scales with it. */
  memory: number;
  timeoutSeconds: number;
}

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
];

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

    if (!Number.isInteger(spec.memory) || spec.memory < 128 || spec.memory > 10240) {
      problems.push(`${where}: memory must be a whole number of MB between 128 and 10240`);
    }
    const { timeoutSeconds } = spec;
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
    if (!spec.routes?.length && !spec.consumes) {
      problems.push(
        `${where}: has neither routes nor a queue to consume, so nothing would invoke it`,
      );
    }
  }

  if (problems.length > 0) {
    throw new Error(
      `Invalid function catalogue (lib/functions.ts):\n  - ${problems.join('\n  - ')}`,
    );
  }
}
