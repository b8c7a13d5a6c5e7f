import { z } from 'zod';
import { ConfigError, loadConfigJson } from './config-json';

/**
 * Settings that differ per environment (local stack, AWS stages) but not per build: the same
 * bundle is deployed everywhere and reads them from /config.json at run time. In AWS the
 * deployment writes that file next to index.html; locally the dev server answers it
 * (local/stack/web.ts, whose `WebRuntimeConfig` this schema mirrors).
 */
const runtimeConfigSchema = z.object({
  region: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  // Only set locally, where cognito-local stands in for the real service.
  cognitoEndpoint: z.url().optional(),
  apiBase: z.string().min(1).default('/api'),
  // Spec 4.7: the plan is free during launch; off unless the deployment turns it on.
  freeLaunch: z.boolean().default(false),
  // Locally the payment simulator's checkout; in AWS PayPal's SDK with the app's client id.
  payment: z
    .object({
      provider: z.enum(['paypal', 'simulator']),
      clientId: z.string().min(1),
      apiUrl: z.url().optional(),
    })
    .optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

let pending: Promise<RuntimeConfig> | undefined;

async function fetchConfig(): Promise<RuntimeConfig> {
  const parsed = runtimeConfigSchema.safeParse(await loadConfigJson());
  if (!parsed.success) {
    throw new ConfigError(`Invalid /config.json: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * Loads the runtime config once and shares the result. Only screens that talk to the API or
 * to Cognito call it, so public pages never wait on it. A failed load is not cached: the next
 * caller tries again.
 */
export function loadConfig(): Promise<RuntimeConfig> {
  pending ??= fetchConfig().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
