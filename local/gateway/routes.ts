import type { GatewayRoute } from './server';

/** Every HTTP route of the API, resolved to the same handler modules the CDK app deploys. */
export const ROUTES: GatewayRoute[] = [
  {
    name: 'health',
    method: 'GET',
    path: '/api/health',
    entry: 'lambdas/handlers/health.handler.ts',
    public: true,
  },
];
