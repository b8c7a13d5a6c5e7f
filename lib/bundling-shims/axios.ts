/**
 * Bundle stand-in for `axios` (aliased in lib/bundling.ts).
 *
 * The generated `@sp-api-sdk/*` API classes import axios only as the default HTTP client for
 * when none is passed to their constructor. lambdas/adapters/sp-api/client.ts always passes its
 * own (lambdas/adapters/sp-api/http.ts, on `fetch`), so in a Lambda axios would be ~110 KB of
 * dead code (its Node.js adapter, follow-redirects, form-data with a MIME database...). Should
 * an API class ever be built without a client, its first request fails with this message
 * instead of going out some other way.
 *
 * `@sp-api-sdk/common` and `/auth` (whose axios factory and token client we do not use, so
 * their code is dropped from the bundle) also import axios's error class and its test; esbuild
 * needs the names to exist, so here they are, minimal and faithful to axios's own.
 */
function notBundled(): never {
  throw new Error(
    'axios is not bundled: pass the HTTP client of lambdas/adapters/sp-api/http.ts to the @sp-api-sdk API class',
  );
}

export class AxiosError extends Error {
  readonly isAxiosError = true;

  constructor(
    message?: string,
    readonly code?: string,
    readonly config?: unknown,
    readonly request?: unknown,
    readonly response?: unknown,
  ) {
    super(message);
    this.name = 'AxiosError';
  }
}

export function isAxiosError(value: unknown): value is AxiosError {
  return typeof value === 'object' && value !== null && 'isAxiosError' in value
    ? value.isAxiosError === true
    : false;
}

const axiosStandIn = { defaults: {}, request: notBundled };

export default axiosStandIn;
