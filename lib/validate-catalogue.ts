/**
 * The checks on the function catalogue (lib/functions.ts), run before any resource is defined.
 */
import {
  COGNITO_TRIGGERS,
  DEFAULT_MAX_CONCURRENCY,
  GRANTS,
  handlerEntry,
  sizing,
  type CognitoTrigger,
  type FunctionSpec,
} from './functions';

/** Cognito waits this long for a trigger and then fails the user's request. */
const MAX_TRIGGER_TIMEOUT_SECONDS = 5;

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

    const expectedEntry = handlerEntry(spec.name);
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

    // A reservation and a heavy function's ceiling are both caps the queue poller must fit in.
    for (const key of ['reservedConcurrency', 'heavyConcurrency'] as const) {
      const ceiling = spec[key];
      if (ceiling === undefined) continue;
      if (!Number.isInteger(ceiling) || ceiling < 1) {
        problems.push(`${where}: ${key} must be a whole number of at least 1`);
      } else if (
        spec.consumes &&
        ceiling < (spec.consumes.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY)
      ) {
        problems.push(
          `${where}: ${key} must be at least the queue's maxConcurrency, or the poller is throttled`,
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
