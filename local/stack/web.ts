import path from 'node:path';
import type { Plugin } from 'vite';
import { PHONE_PATTERN, type SiteContacts } from '../../lambdas/domain/site-contacts';
import { ROOT } from './settings';

/** What the web app reads from `/config.json` at start-up; CloudFront serves the same file in AWS. */
export interface WebRuntimeConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint?: string;
  apiBase: string;
  /** The launch offer (spec 4.7): the same switch as the server's PLAN_FREE_DURING_LAUNCH. */
  freeLaunch?: boolean;
  /** Locally the checkout is the payment simulator's; in AWS PayPal's SDK with its client id. */
  payment?: { provider: 'paypal' | 'simulator'; clientId: string; apiUrl?: string };
  /** The footer's contacts, as a stage's settings give them in AWS. */
  contacts: SiteContacts;
}

/**
 * The local stage's contacts: placeholder addresses on `.example` (never deliverable), and a
 * phone or WhatsApp number only when CONTACT_PHONE / CONTACT_WHATSAPP give one, as a stage's
 * `contactPhone` / `contactWhatsapp` settings do in AWS.
 */
export const LOCAL_CONTACTS = {
  supportEmail: 'supporto@rimborsifba.example',
  securityEmail: 'security@rimborsifba.example',
} as const;

export function localContacts(env: NodeJS.ProcessEnv): SiteContacts {
  const number = (value: string | undefined, name: string) => {
    if (value === undefined || value === '') return undefined;
    if (!PHONE_PATTERN.test(value)) {
      throw new Error(`${name} must be an international number such as +39 02 1234 5678`);
    }
    return value;
  };
  const phone = number(env.CONTACT_PHONE, 'CONTACT_PHONE');
  const whatsapp = number(env.CONTACT_WHATSAPP, 'CONTACT_WHATSAPP');
  return { ...LOCAL_CONTACTS, ...(phone ? { phone } : {}), ...(whatsapp ? { whatsapp } : {}) };
}

function runtimeConfigPlugin(config: WebRuntimeConfig): Plugin {
  return {
    name: 'local-runtime-config',
    configureServer(server) {
      server.middlewares.use('/config.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-store');
        res.end(JSON.stringify(config));
      });
    },
  };
}

/** Starts the Vite dev server for `web/`, proxying `/api` to the local gateway. */
export async function startWeb(opts: {
  host: string;
  port: number;
  apiUrl: string;
  config: WebRuntimeConfig;
}) {
  // The project is CommonJS for Node; Vite bundles its config anyway, so its note about native ESM
  // config loading says nothing actionable here.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: path.join(ROOT, 'web/vite.config.ts'),
    clearScreen: false,
    logLevel: 'warn',
    plugins: [runtimeConfigPlugin(opts.config)],
    server: {
      host: opts.host,
      port: opts.port,
      strictPort: true,
      proxy: { '/api': { target: opts.apiUrl, changeOrigin: false } },
    },
  });
  await server.listen();
  return { url: `http://localhost:${opts.port}`, stop: () => server.close() };
}
