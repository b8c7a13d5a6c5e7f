import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Connect, Plugin } from 'vite';
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

/** `/config.json` from the local stack, on the dev server and on the preview server alike. */
function runtimeConfigPlugin(config: WebRuntimeConfig): Plugin {
  const serve = (server: { middlewares: Connect.Server }) => {
    server.middlewares.use('/config.json', (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('cache-control', 'no-store');
      res.end(JSON.stringify(config));
    });
  };
  return { name: 'local-runtime-config', configureServer: serve, configurePreviewServer: serve };
}

/**
 * Serves `web/` on `port`, proxying `/api` to the local gateway: Vite's dev server, or with
 * `build` set a production build of the app (written to `build.outDir`, a separate process as
 * `npm run build:web` does) behind Vite's preview server, which falls back to the app's shell
 * for every route as CloudFront does.
 */
export async function startWeb(opts: {
  host: string;
  port: number;
  apiUrl: string;
  config: WebRuntimeConfig;
  build?: { outDir: string };
}) {
  // The project is CommonJS for Node; Vite bundles its config anyway, so its note about native ESM
  // config loading says nothing actionable here.
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  const configFile = path.join(ROOT, 'web/vite.config.ts');
  const listen = {
    host: opts.host,
    port: opts.port,
    strictPort: true,
    proxy: { '/api': { target: opts.apiUrl, changeOrigin: false } },
  };
  const url = `http://localhost:${opts.port}`;
  if (opts.build) {
    await buildApp(configFile, opts.build.outDir);
    const { preview } = await import('vite');
    const server = await preview({
      configFile,
      logLevel: 'warn',
      plugins: [runtimeConfigPlugin(opts.config)],
      build: { outDir: opts.build.outDir },
      preview: listen,
    });
    return {
      url,
      stop: () => new Promise<void>((resolve) => server.httpServer.close(() => resolve())),
    };
  }
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile,
    clearScreen: false,
    logLevel: 'warn',
    plugins: [runtimeConfigPlugin(opts.config)],
    server: listen,
  });
  await server.listen();
  return { url, stop: () => server.close() };
}

async function buildApp(configFile: string, outDir: string): Promise<void> {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  await promisify(execFile)(
    process.execPath,
    [
      vite,
      'build',
      '--config',
      configFile,
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
}
