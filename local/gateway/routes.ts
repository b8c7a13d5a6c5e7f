import { FUNCTIONS } from '../../lib/functions';
import type { GatewayRoute, InvocableFunction } from './server';

/**
 * Every HTTP route of the API, read from the catalogue the CDK app deploys, so the local gateway
 * can never serve a route (or skip an authorizer) that production does not.
 */
export const ROUTES: GatewayRoute[] = FUNCTIONS.flatMap((fn) =>
  (fn.routes ?? []).map((route) => ({
    name: fn.name,
    method: route.method,
    path: route.path,
    entry: fn.entry,
    public: route.public ?? false,
    timeoutSeconds: fn.timeoutSeconds,
  })),
);

/** The functions that consume the sync queue or the import queue, for the local consumers. */
export const QUEUE_WORKERS = FUNCTIONS.filter((fn) => fn.consumes);

/** The functions EventBridge Scheduler invokes directly, for the local timers. */
export const SCHEDULED_FUNCTIONS = FUNCTIONS.filter((fn) => fn.schedules?.length);

/**
 * Served through the gateway's Lambda Invoke API: the Cognito triggers (for the local user pool)
 * and the scheduled functions (run now, as `aws lambda invoke` or the Scheduler console would).
 */
export const TRIGGERS: InvocableFunction[] = FUNCTIONS.filter(
  (fn) => fn.cognitoTrigger || fn.schedules?.length,
).map((fn) => ({ name: fn.name, entry: fn.entry, timeoutSeconds: fn.timeoutSeconds }));
