import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  errorBody,
  parseFields,
  QueryParams,
  readBody,
  sendJson,
  SpapiError,
  splitTarget,
} from './http-util';
import { inboundRoutes } from './inbound';
import { financesRoutes } from './finances';
import { inventoryRoutes } from './inventory';
import {
  CONSENT_CONFIRM_PATH,
  LOCAL_LWA_CLIENT_ID,
  LOCAL_LWA_CLIENT_SECRET,
  LOCAL_SPAPI_APP_ID,
  Lwa,
  type LwaResponse,
} from './lwa';
import type { OperationRoute } from './operation';
import { RateLimiter, type SpapiOperation } from './rate-limiter';
import { DOCUMENT_PATH_PREFIX, ReportStore } from './reports';
import {
  customerReturnRow,
  financeTransaction,
  parseScenario,
  reimbursementRow,
  removalOrderRow,
  removalShipmentRow,
  replacementRow,
  resolveScenarioDates,
  ScenarioError,
  type Scenario,
} from './scenario';
import { z } from 'zod';
import { sellersRoutes } from './sellers';

/** `POST /__sim/orders`: rows of each kind, at least one row in all. */
const orderRowsBody = z
  .strictObject({
    customerReturns: z.array(customerReturnRow).optional(),
    replacements: z.array(replacementRow).optional(),
    removalOrders: z.array(removalOrderRow).optional(),
    removalShipments: z.array(removalShipmentRow).optional(),
    transactions: z.array(financeTransaction).optional(),
  })
  .refine((body) => Object.values(body).some((rows) => rows.length > 0), 'no rows');

/** How to start a simulator. */
export interface SpapiSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  scenario: Scenario;
  clientId?: string;
  clientSecret?: string;
  /** The SP-API application id the consent page accepts; default {@link LOCAL_SPAPI_APP_ID}. */
  applicationId?: string;
  /** The name the consent page shows. */
  applicationName?: string;
  /** Redirect target when the consent URL carries no `redirect_uri`. */
  defaultRedirectUri?: string;
  /** Treat the app as Draft: the consent URL then needs `version=beta` (else MD1000). */
  draftApp?: boolean;
  /** The clock for token expiry, rate limits, report progress and URL expiry. */
  now?: () => Date;
}

/** Counters since start or since the last scenario load. */
export interface SpapiSimulatorStats {
  total: number;
  throttled: number;
  serverErrors: number;
  byOperation: Record<string, number>;
}

/** A running simulator. */
export interface SpapiSimulator {
  url: string;
  port: number;
  close(): Promise<void>;
  /** Replaces the scenario; resets call counting, rate limits and reports. */
  loadScenario(s: Scenario): void;
  stats(): SpapiSimulatorStats;
}

const REQUEST_ID = 'x-amzn-RequestId';
const RATE_LIMIT = 'x-amzn-RateLimit-Limit';

interface World {
  scenario: Scenario;
  limiter: RateLimiter;
  stats: SpapiSimulatorStats;
}

/**
 * Starts the simulator: Seller Central consent, LWA and the SP-API operations the product uses,
 * on one plain `node:http` server.
 */
export async function startSpapiSimulator(opts: SpapiSimulatorOptions): Promise<SpapiSimulator> {
  const now = opts.now ?? (() => new Date());
  const reports = new ReportStore(randomBytes(32));
  const routes: OperationRoute[] = [
    ...inboundRoutes,
    ...inventoryRoutes,
    ...financesRoutes,
    ...sellersRoutes,
    ...reports.routes,
  ];

  const newWorld = (scenario: Scenario): World => {
    const resolved = resolveScenarioDates(scenario, now());
    return {
      scenario: resolved,
      limiter: new RateLimiter(resolved.rateScale, () => now().getTime()),
      stats: { total: 0, throttled: 0, serverErrors: 0, byOperation: {} },
    };
  };
  let world = newWorld(opts.scenario);
  const loadScenario = (scenario: Scenario): void => {
    world = newWorld(scenario);
    reports.clear();
  };

  const lwa = new Lwa(
    {
      clientId: opts.clientId ?? LOCAL_LWA_CLIENT_ID,
      clientSecret: opts.clientSecret ?? LOCAL_LWA_CLIENT_SECRET,
      applicationId: opts.applicationId ?? LOCAL_SPAPI_APP_ID,
      applicationName: opts.applicationName ?? 'Rimborsi FBA (local)',
      ...(opts.defaultRedirectUri !== undefined
        ? { defaultRedirectUri: opts.defaultRedirectUri }
        : {}),
      draftApp: opts.draftApp ?? false,
    },
    now,
    () => world.scenario,
  );

  const handleSpapi = async (
    req: IncomingMessage,
    res: ServerResponse,
    route: OperationRoute,
    pathParams: string[],
    query: QueryParams,
  ): Promise<void> => {
    const requestId = randomUUID();
    const operation: SpapiOperation = route.operation;
    const token = req.headers['x-amz-access-token'];
    const auth = lwa.checkAccessToken(Array.isArray(token) ? token[0] : token);
    if (!auth.ok) {
      // Unauthenticated calls never reach Amazon's usage plans, so they are not numbered.
      const details = auth.reason === 'expired' ? 'The access token you provided has expired.' : '';
      sendJson(
        res,
        403,
        errorBody('Unauthorized', 'Access to requested resource is denied.', details),
        {
          [REQUEST_ID]: requestId,
        },
      );
      return;
    }

    const { stats, limiter, scenario } = world;
    stats.total += 1;
    stats.byOperation[operation] = (stats.byOperation[operation] ?? 0) + 1;
    const callNumber = stats.total;
    const limitHeaders = { [REQUEST_ID]: requestId, [RATE_LIMIT]: limiter.limitHeader(operation) };
    const throttle = (): void => {
      stats.throttled += 1;
      // Amazon sends no x-amzn-RateLimit-Limit with a 429.
      sendJson(
        res,
        429,
        errorBody('QuotaExceeded', 'You exceeded your quota for the requested resource.'),
        { [REQUEST_ID]: requestId },
      );
    };

    const { throttleEveryNthCall, serverErrorEveryNthCall } = scenario.faults;
    if (throttleEveryNthCall && callNumber % throttleEveryNthCall === 0) return throttle();
    if (serverErrorEveryNthCall && callNumber % serverErrorEveryNthCall === 0) {
      stats.serverErrors += 1;
      sendJson(
        res,
        503,
        errorBody('ServiceUnavailable', 'Service temporarily unavailable. Please retry.'),
        {
          [REQUEST_ID]: requestId,
        },
      );
      return;
    }
    if (!limiter.tryAcquire(operation)) return throttle();

    try {
      const result = route.handle({
        query,
        pathParams,
        body: req.method === 'POST' ? await readBody(req) : '',
        now: now(),
        baseUrl: baseUrlOf(req),
        scenario,
      });
      sendJson(res, result.status, result.body, limitHeaders);
    } catch (err) {
      if (!(err instanceof SpapiError)) throw err;
      // Amazon sends the rate-limit header with 400 and 404 too, but not with other errors.
      const headers =
        err.status === 400 || err.status === 404 ? limitHeaders : { [REQUEST_ID]: requestId };
      sendJson(res, err.status, errorBody(err.code, err.message, err.details), headers);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = req.method ?? 'GET';
    const { path, rawQuery } = splitTarget(req.url ?? '/');

    if (path.startsWith('/__sim/')) return handleAdmin(req, res, method, path, rawQuery);
    if (method === 'GET' && path === '/apps/authorize/consent') {
      return sendLwa(res, lwa.consentPage(new URLSearchParams(rawQuery)));
    }
    if (method === 'POST' && path === CONSENT_CONFIRM_PATH) {
      return sendLwa(
        res,
        lwa.confirmConsent(parseFields(await readBody(req), req.headers['content-type'])),
      );
    }
    if (path === '/auth/o2/token') {
      if (method !== 'POST')
        return sendJson(res, 405, { error: 'invalid_request', error_description: 'Use POST' });
      const fields = parseFields(await readBody(req), req.headers['content-type']);
      return sendLwa(res, lwa.token(fields, req.headers.authorization));
    }

    for (const route of routes) {
      if (route.method !== method) continue;
      const m = route.path.exec(path);
      if (!m) continue;
      let pathParams: string[];
      try {
        pathParams = m.slice(1).map((p) => decodeURIComponent(p));
      } catch {
        return sendJson(
          res,
          400,
          errorBody('InvalidInput', 'Malformed percent-encoding in the path'),
        );
      }
      return handleSpapi(req, res, route, pathParams, new QueryParams(rawQuery));
    }
    sendJson(res, 404, errorBody('NotFound', `No operation at ${method} ${path}`), {
      [REQUEST_ID]: randomUUID(),
    });
  };

  const handleAdmin = async (
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    path: string,
    rawQuery: string,
  ): Promise<void> => {
    if (method === 'GET' && path.startsWith(DOCUMENT_PATH_PREFIX)) {
      const doc = reports.serveDocument(
        path.slice(DOCUMENT_PATH_PREFIX.length),
        new QueryParams(rawQuery),
        now(),
      );
      res.writeHead(doc.status, { ...doc.headers, 'content-length': Buffer.byteLength(doc.body) });
      res.end(doc.body);
      return;
    }
    if (method === 'GET' && path === '/__sim/health') return sendJson(res, 200, { ok: true });
    if (method === 'GET' && path === '/__sim/stats') return sendJson(res, 200, world.stats);
    if (method === 'POST' && path === '/__sim/revoke') {
      // The seller removes the app in Seller Central: { "selling_partner_id": "A..." }.
      let id: unknown;
      try {
        id = (JSON.parse(await readBody(req)) as { selling_partner_id?: unknown })
          .selling_partner_id;
      } catch {
        id = undefined;
      }
      if (typeof id !== 'string' || !id)
        return sendJson(res, 400, { ok: false, error: 'selling_partner_id is required' });
      lwa.revoke(id);
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/__sim/reimbursements') {
      // Amazon approves reimbursements (or reverses one): { "rows": [ <report line> ] }, added
      // to the scenario so the next reimbursements report holds them.
      let json: unknown;
      try {
        json = JSON.parse(await readBody(req));
      } catch {
        return sendJson(res, 400, { ok: false, error: 'The body is not valid JSON' });
      }
      const parsed = z.object({ rows: z.array(reimbursementRow).min(1) }).safeParse(json);
      if (!parsed.success) {
        return sendJson(res, 400, { ok: false, error: parsed.error.issues[0]?.message });
      }
      world.scenario.reimbursementsReport.rows.push(...parsed.data.rows);
      return sendJson(res, 200, {
        ok: true,
        rows: world.scenario.reimbursementsReport.rows.length,
      });
    }
    if (method === 'POST' && path === '/__sim/orders') {
      // Buyers' refunds, returns and replacements, and removals, as Amazon records them later:
      // rows of the customer-return and removal reports and Finances transactions, added to the
      // scenario so the next reports and listTransactions hold them.
      let json: unknown;
      try {
        json = JSON.parse(await readBody(req));
      } catch {
        return sendJson(res, 400, { ok: false, error: 'The body is not valid JSON' });
      }
      const parsed = orderRowsBody.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return sendJson(res, 400, {
          ok: false,
          error: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
        });
      }
      const s = world.scenario;
      const added = parsed.data;
      s.customerReturnsReport.rows.push(...(added.customerReturns ?? []));
      s.replacementsReport.rows.push(...(added.replacements ?? []));
      s.removalOrdersReport.rows.push(...(added.removalOrders ?? []));
      s.removalShipmentsReport.rows.push(...(added.removalShipments ?? []));
      s.finances.transactions.push(...(added.transactions ?? []));
      return sendJson(res, 200, {
        ok: true,
        rows: {
          customerReturns: s.customerReturnsReport.rows.length,
          replacements: s.replacementsReport.rows.length,
          removalOrders: s.removalOrdersReport.rows.length,
          removalShipments: s.removalShipmentsReport.rows.length,
          transactions: s.finances.transactions.length,
        },
      });
    }
    if (method === 'POST' && path === '/__sim/scenario') {
      let json: unknown;
      try {
        json = JSON.parse(await readBody(req));
      } catch {
        return sendJson(res, 400, { ok: false, error: 'The body is not valid JSON' });
      }
      try {
        loadScenario(parseScenario(json));
      } catch (err) {
        if (err instanceof ScenarioError)
          return sendJson(res, 400, { ok: false, error: err.message, issues: err.issues });
        throw err;
      }
      return sendJson(res, 200, { ok: true, name: world.scenario.name });
    }
    sendJson(res, 404, { ok: false, error: `No admin endpoint at ${method} ${path}` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof SpapiError) {
        if (!res.headersSent) sendJson(res, err.status, errorBody(err.code, err.message));
        return;
      }
      console.error('spapi-simulator: unexpected error', err);
      if (!res.headersSent) {
        sendJson(
          res,
          500,
          errorBody('InternalFailure', 'We encountered an internal error. Please try again.'),
        );
      } else res.destroy();
    });
  });

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const publicHost =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${publicHost}:${port}`;

  function baseUrlOf(req: IncomingMessage): string {
    // The caller's Host header keeps document URLs reachable through a proxy or `localhost`.
    return req.headers.host ? `http://${req.headers.host}` : url;
  }

  return {
    url,
    port,
    loadScenario,
    stats: () => structuredClone(world.stats),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive sockets (fetch keeps them) would hold close() open otherwise.
        server.closeAllConnections();
      }),
  };
}

function sendLwa(res: ServerResponse, response: LwaResponse): void {
  if ('location' in response) {
    res.writeHead(302, { location: response.location, 'cache-control': 'no-store' });
    res.end();
  } else if ('html' in response) {
    res.writeHead(response.status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(response.html);
  } else {
    sendJson(res, response.status, response.json, {
      'cache-control': 'no-store',
      pragma: 'no-cache',
    });
  }
}
