import fs from 'node:fs';
import path from 'node:path';
import { IT_ENV } from '../stack';
import { stack } from './accounts';

type Run = typeof import('../../../lambdas/domain/claims/audit-run');
type Wiring = typeof import('../../../lambdas/wiring/claims-audit');

/**
 * The hourly claims audit on the real adapters, pointed at the integration stack (its SP-API
 * simulator, its table) with the stack's refresh-token key, as the stack gives the function its
 * settings. Call it in `beforeAll`: the adapters read their settings when first imported.
 */
export async function claimsAuditOnStack(): Promise<{
  auditClaims: Run['auditClaims'];
  deps: ReturnType<Wiring['claimsAuditDependencies']>;
}> {
  const key = fs
    .readFileSync(
      path.resolve(__dirname, '../../..', IT_ENV.LOCAL_DIR, 'keys/refresh-token.key'),
      'utf8',
    )
    .trim();
  Object.assign(process.env, {
    SPAPI_ENDPOINT: stack.spapi.endpoint,
    LWA_TOKEN_URL: `${stack.spapi.endpoint}/auth/o2/token`,
    REFRESH_TOKEN_KEY: key,
    APP_URL: stack.webUrl,
  });
  await import('./sync-env');
  process.env.SPAPI_ENDPOINT = stack.spapi.endpoint;
  process.env.REFRESH_TOKEN_KEY = key;
  const { auditClaims } = await import('../../../lambdas/domain/claims/audit-run');
  const { claimsAuditDependencies } = await import('../../../lambdas/wiring/claims-audit');
  return { auditClaims, deps: claimsAuditDependencies() };
}
