import { createHash, createHmac } from 'node:crypto';
import { FUNCTIONS } from '../../lib/functions';
import { LOCAL_CREDENTIALS } from '../../local/stack/aws';
import { api, stack } from './support/accounts';
import { objectExists, partition, populate, type Seller, type World } from './support/proof';

/**
 * Issue 11, tenant isolation: two sellers with data in every entity; for every non-public route
 * of the catalogue (lib/functions.ts), seller B tries to read, change or delete seller A's
 * resources by id, path, query and body. Every attempt is refused or answers B's own data, never
 * anything of A's, and A's partition (PK = USER#<A>) and files are the same before and after.
 * A route added to the catalogue without a case here turns this suite red.
 */

jest.setTimeout(180_000);

const ROUTES = FUNCTIONS.flatMap((f) =>
  (f.routes ?? []).filter((r) => !r.public).map((r) => `${r.method} ${r.path}`),
);

type Expectation =
  /** A 4xx refusal (403, 404, 409, 422, ...), never 2xx. */
  | 'refused'
  /** Either a refusal or an answer about B's own data; never A's. */
  | 'own'
  /** Exactly 403: admin-only routes for a normal user. */
  | 'forbidden';

interface Attempt {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  form?: Record<string, string | { content: string; name: string }>;
  expect: Expectation;
  /** The caller: B unless said (admin routes are tried by both). */
  as?: 'a' | 'b';
  /** Further checks on an accepted answer. */
  check?: (status: number, body: Record<string, unknown>) => void;
}

/** A user id, but as B sends it: in the query, the body and every spelling a handler might read. */
const asOwner = (a: World) => ({ userId: a.userId, user_id: a.userId, sub: a.userId });
const query = (a: World, extra: Record<string, string> = {}) =>
  `?${new URLSearchParams({ ...extra, userId: a.userId, user_id: a.userId }).toString()}`;

const CASES: Record<string, (a: World, b: Seller) => Attempt[]> = {
  'POST /api/sync-fba': (a) => [
    {
      label: 'body names A',
      method: 'POST',
      path: '/api/sync-fba',
      body: asOwner(a),
      expect: 'own',
    },
    { label: 'query names A', method: 'POST', path: `/api/sync-fba${query(a)}`, expect: 'own' },
  ],
  'GET /api/sync-runs/latest': (a) => [
    {
      label: 'query names A and her run',
      method: 'GET',
      path: `/api/sync-runs/latest${query(a, { runId: a.runId })}`,
      expect: 'own',
    },
  ],
  'GET /api/shipments': (a) => [
    { label: 'query names A', method: 'GET', path: `/api/shipments${query(a)}`, expect: 'own' },
  ],
  'GET /api/dashboard': (a) => [
    { label: 'query names A', method: 'GET', path: `/api/dashboard${query(a)}`, expect: 'own' },
  ],
  'PUT /api/sku-values': (a) => [
    {
      label: "A's SKU with A named in the body",
      method: 'PUT',
      path: '/api/sku-values',
      body: { sku: a.sku, amount: 1.5, currency: 'EUR', ...asOwner(a) },
      expect: 'own',
    },
  ],
  'POST /api/demo/sync': (a) => [
    {
      label: 'body names A',
      method: 'POST',
      path: '/api/demo/sync',
      body: asOwner(a),
      expect: 'own',
    },
  ],
  'POST /api/demo/reset': (a) => [
    {
      label: 'body and query name A',
      method: 'POST',
      path: `/api/demo/reset${query(a)}`,
      body: asOwner(a),
      expect: 'own',
    },
  ],
  'POST /api/spapi-authorize': (a) => [
    {
      label: "A's pending state in the body",
      method: 'POST',
      path: '/api/spapi-authorize',
      body: { marketplace_id: 'IT', state: a.pendingAuthorization.get('state'), ...asOwner(a) },
      expect: 'own',
      check: (_status, body) =>
        expect(new URL(String(body.authUrl)).searchParams.get('state')).not.toBe(
          a.pendingAuthorization.get('state'),
        ),
    },
  ],
  'POST /api/spapi-callback': (a) => [
    {
      label: "A's consent redirect (state, code, seller)",
      method: 'POST',
      path: '/api/spapi-callback',
      body: {
        state: a.pendingAuthorization.get('state'),
        spapi_oauth_code: a.pendingAuthorization.get('spapi_oauth_code'),
        selling_partner_id: a.pendingAuthorization.get('selling_partner_id'),
      },
      expect: 'refused',
    },
  ],
  'GET /api/connection': (a) => [
    { label: 'query names A', method: 'GET', path: `/api/connection${query(a)}`, expect: 'own' },
  ],
  'POST /api/connection/disconnect': (a) => [
    {
      label: 'body and query name A',
      method: 'POST',
      path: `/api/connection/disconnect${query(a)}`,
      body: asOwner(a),
      expect: 'own',
    },
  ],
  'GET /api/subscription': (a) => [
    { label: 'query names A', method: 'GET', path: `/api/subscription${query(a)}`, expect: 'own' },
  ],
  'POST /api/verify-payment': (a) => [
    {
      label: "A's paid order",
      method: 'POST',
      path: '/api/verify-payment',
      body: { orderID: a.orderId, country: 'IT', ...asOwner(a) },
      expect: 'refused',
    },
    {
      label: 'recovery naming A',
      method: 'POST',
      path: '/api/verify-payment',
      body: { ...asOwner(a) },
      expect: 'refused',
    },
  ],
  'POST /api/payment-order': (a) => [
    {
      label: 'body names A',
      method: 'POST',
      path: '/api/payment-order',
      body: { country: 'IT', ...asOwner(a) },
      expect: 'own',
    },
  ],
  'GET /api/payment-order': (a) => [
    { label: 'query names A', method: 'GET', path: `/api/payment-order${query(a)}`, expect: 'own' },
  ],
  'POST /api/activate-free-plan': (a) => [
    {
      label: 'body names A',
      method: 'POST',
      path: '/api/activate-free-plan',
      body: { country: 'IT', ...asOwner(a) },
      expect: 'own',
    },
  ],
  'POST /api/admin-me': (a) => [
    {
      label: 'body names A',
      method: 'POST',
      path: '/api/admin-me',
      body: asOwner(a),
      expect: 'own',
      check: (status, body) =>
        expect({ status, body }).toEqual({ status: 200, body: { is_admin: false } }),
    },
  ],
  'GET /api/admin/users': (a) =>
    (['a', 'b'] as const).map((as) => ({
      label: `${as.toUpperCase()} lists users`,
      method: 'GET',
      path: `/api/admin/users?q=${encodeURIComponent(a.email)}`,
      expect: 'forbidden' as const,
      as,
    })),
  'GET /api/admin/users/{id}': (a, b) =>
    (['a', 'b'] as const).map((as) => ({
      label: `${as.toUpperCase()} reads the other`,
      method: 'GET',
      path: `/api/admin/users/${as === 'a' ? b.userId : a.userId}`,
      expect: 'forbidden' as const,
      as,
    })),
  'GET /api/admin/support-messages': () =>
    (['a', 'b'] as const).map((as) => ({
      label: `${as.toUpperCase()} lists support messages`,
      method: 'GET',
      path: '/api/admin/support-messages',
      expect: 'forbidden' as const,
      as,
    })),
  'POST /api/admin/support-messages/{id}/resolve': () =>
    (['a', 'b'] as const).map((as) => ({
      label: `${as.toUpperCase()} resolves a message`,
      method: 'POST',
      path: '/api/admin/support-messages/any-message/resolve',
      expect: 'forbidden' as const,
      as,
    })),
  'GET /api/profile': (a) => [
    { label: 'query names A', method: 'GET', path: `/api/profile${query(a)}`, expect: 'own' },
  ],
  'POST /api/delete-user-account': (a) => [
    {
      label: "A's email and id in the body",
      method: 'POST',
      path: '/api/delete-user-account',
      body: { email: a.email, ...asOwner(a) },
      expect: 'refused',
    },
  ],
  'POST /api/feedback-import/upload-url': (a) => [
    {
      label: 'A named in the body and the query',
      method: 'POST',
      path: `/api/feedback-import/upload-url${query(a)}`,
      body: { fileName: 'b.tsv', size: 10, marketplace: 'amazon.it', ...asOwner(a) },
      expect: 'own',
    },
  ],
  'POST /api/feedback-import/{id}/start': (a) => [
    {
      label: "A's import id",
      method: 'POST',
      path: `/api/feedback-import/${a.feedbackImportId}/start${query(a)}`,
      expect: 'refused',
    },
  ],
  'GET /api/feedback-import/{id}': (a) => [
    {
      label: "A's import id",
      method: 'GET',
      path: `/api/feedback-import/${a.feedbackImportId}${query(a)}`,
      expect: 'refused',
    },
  ],
  'GET /api/feedback': (a) => [
    { label: 'query names A', method: 'GET', path: `/api/feedback${query(a)}`, expect: 'own' },
    {
      label: "A's own next-page cursor",
      method: 'GET',
      path: `/api/feedback?limit=1&cursor=${encodeURIComponent(a.feedbackCursor)}`,
      expect: 'own',
    },
    {
      label: "a cursor forged on A's partition",
      method: 'GET',
      path: `/api/feedback?cursor=${Buffer.from(
        JSON.stringify({
          GSI1PK: `FEEDBACK#${a.userId}`,
          GSI1SK: '9999',
          PK: `USER#${a.userId}`,
          SK: `FEEDBACK#${a.feedbackOrder}`,
        }),
      ).toString('base64url')}`,
      expect: 'own',
    },
  ],
  'POST /api/generate-feedback-appeal': (a) => [
    {
      label: "A's feedback row",
      method: 'POST',
      path: '/api/generate-feedback-appeal',
      body: { feedbackId: a.feedbackOrder, ...asOwner(a) },
      expect: 'refused',
    },
  ],
  'GET /api/case-endpoints': (a) => [
    {
      label: 'query names A',
      method: 'GET',
      path: `/api/case-endpoints${query(a)}`,
      expect: 'own',
    },
  ],
  'PUT /api/case-endpoints': (a) => [
    {
      label: 'A named in the body',
      method: 'PUT',
      path: '/api/case-endpoints',
      body: { marketplace: 'amazon.it', reply_email: 'b-hijack@amazon.it', ...asOwner(a) },
      expect: 'own',
    },
  ],
  'DELETE /api/case-endpoints': (a) => [
    {
      label: "A's marketplace with A in the query",
      method: 'DELETE',
      path: `/api/case-endpoints${query(a, { marketplace: 'amazon.it' })}`,
      expect: 'own',
    },
  ],
  'POST /api/feedback-schedule': (a) => [
    {
      label: 'body names A',
      method: 'POST',
      path: '/api/feedback-schedule',
      body: asOwner(a),
      expect: 'own',
    },
  ],
  'POST /api/documents/upload-url': (a, b) => [
    {
      label: "a file name climbing into A's folder",
      method: 'POST',
      path: '/api/documents/upload-url',
      body: {
        shipmentId: 'DEMO003',
        role: 'rivenditore',
        docType: 'fattura',
        fileName: `../../../../${a.docPath}`,
        size: 100,
        ...asOwner(a),
      },
      expect: 'own',
      check: (status, body) => {
        if (status !== 200) return;
        expect(String(body.path).startsWith(`incoming/${b.userId}/`)).toBe(true);
        expect(String(body.path)).not.toContain('..');
        expect(String(body.uploadUrl)).not.toContain(a.userId);
      },
    },
    {
      label: "A's shipment folder as the shipment id",
      method: 'POST',
      path: '/api/documents/upload-url',
      body: {
        shipmentId: `../${a.userId}/shipments/DEMO001`,
        role: 'rivenditore',
        docType: 'fattura',
        fileName: 'x.pdf',
        size: 100,
      },
      expect: 'own',
      check: (status, body) => {
        if (status === 200) expect(String(body.path).startsWith(`${b.userId}/`)).toBe(true);
      },
    },
  ],
  'POST /api/documents/confirm': (a, b) => [
    {
      label: "A's document path",
      method: 'POST',
      path: '/api/documents/confirm',
      body: { shipmentId: 'DEMO001', role: 'rivenditore', docType: 'fattura', path: a.docPath },
      expect: 'refused',
    },
    {
      label: "A's upload key",
      method: 'POST',
      path: '/api/documents/confirm',
      body: { shipmentId: 'DEMO001', role: 'rivenditore', docType: 'fattura', path: a.uploadPath },
      expect: 'refused',
    },
    {
      label: "B's prefix climbing into A's path",
      method: 'POST',
      path: '/api/documents/confirm',
      body: {
        shipmentId: 'DEMO001',
        role: 'rivenditore',
        docType: 'fattura',
        path: `${b.userId}/shipments/DEMO001/fattura/../../../../${a.docPath}`,
      },
      expect: 'refused',
    },
  ],
  'GET /api/documents': (a) => [
    {
      label: 'query names A',
      method: 'GET',
      path: `/api/documents${query(a, { shipmentId: 'DEMO001' })}`,
      expect: 'own',
    },
    {
      label: "A's document id as the shipment",
      method: 'GET',
      path: `/api/documents?shipmentId=${a.docId}`,
      expect: 'own',
    },
  ],
  'GET /api/documents/{id}/download-url': (a) => [
    {
      label: "A's document id",
      method: 'GET',
      path: `/api/documents/${a.docId}/download-url${query(a)}`,
      expect: 'refused',
    },
    {
      label: "A's document path as the id",
      method: 'GET',
      path: `/api/documents/${encodeURIComponent(a.docPath)}/download-url`,
      expect: 'refused',
    },
  ],
  'DELETE /api/documents/{id}': (a) => [
    {
      label: "A's document id",
      method: 'DELETE',
      path: `/api/documents/${a.docId}${query(a)}`,
      expect: 'refused',
    },
    {
      label: "A's document path as the id",
      method: 'DELETE',
      path: `/api/documents/${encodeURIComponent(a.docPath)}`,
      expect: 'refused',
    },
  ],
  'POST /api/documents/{id}/attach': (a) => [
    {
      label: "A's invoice to B's own shipment",
      method: 'POST',
      path: `/api/documents/${a.docId}/attach`,
      body: { shipmentId: 'DEMO003' },
      expect: 'refused',
    },
    {
      label: "A's invoice to A's shipment, body names A",
      method: 'POST',
      path: `/api/documents/${a.docId}/attach${query(a)}`,
      body: { shipmentId: 'DEMO002', ...asOwner(a) },
      expect: 'refused',
    },
    {
      label: "A's document path as the id",
      method: 'POST',
      path: `/api/documents/${encodeURIComponent(a.docPath)}/attach`,
      body: { shipmentId: 'DEMO003' },
      expect: 'refused',
    },
  ],
  'GET /api/suppliers': (a) => [
    {
      label: 'list, query names A',
      method: 'GET',
      path: `/api/suppliers${query(a)}`,
      expect: 'own',
    },
  ],
  'GET /api/suppliers/{supplierId}/invoices': (a) => [
    {
      label: "the supplier of A's invoice, query names A",
      method: 'GET',
      path: `/api/suppliers/vat-IT01234567890/invoices${query(a)}`,
      expect: 'own',
    },
    {
      label: "a cursor naming A's invoice",
      method: 'GET',
      path: `/api/suppliers/vat-IT01234567890/invoices?cursor=${Buffer.from(
        `SUPINV#vat-IT01234567890#2025-09-02#${a.docId}#00`,
      ).toString('base64url')}`,
      expect: 'own',
    },
  ],
  'POST /api/debug/storage': (a) => [
    {
      label: 'body names A',
      method: 'POST',
      path: '/api/debug/storage',
      body: { fileName: 'b.pdf', size: 100, ...asOwner(a) },
      expect: 'own',
    },
  ],
  'GET /api/debug/storage': (a) => [
    {
      label: 'list, query names A',
      method: 'GET',
      path: `/api/debug/storage${query(a)}`,
      expect: 'own',
    },
    {
      label: "A's debug file",
      method: 'GET',
      path: `/api/debug/storage?path=${encodeURIComponent(a.debugPath)}`,
      expect: 'refused',
    },
    {
      label: "A's case document through the debug route",
      method: 'GET',
      path: `/api/debug/storage?path=${encodeURIComponent(a.docPath)}`,
      expect: 'refused',
    },
  ],
  'DELETE /api/debug/storage': (a) => [
    {
      label: "A's debug file",
      method: 'DELETE',
      path: `/api/debug/storage?path=${encodeURIComponent(a.debugPath)}`,
      expect: 'refused',
    },
  ],
  'GET /api/cases': (a) => [
    { label: 'query names A', method: 'GET', path: `/api/cases${query(a)}`, expect: 'own' },
  ],
  'GET /api/cases/{shipmentId}': (a) => [
    {
      label: "A's case id as the shipment",
      method: 'GET',
      path: `/api/cases/${a.sentCaseId}`,
      expect: 'own',
    },
    {
      label: 'a shipment both have, with A in the query',
      method: 'GET',
      path: `/api/cases/DEMO001${query(a)}`,
      expect: 'own',
    },
  ],
  'POST /api/cases/{shipmentId}/opened': (a) => [
    {
      label: "A's case id",
      method: 'POST',
      path: `/api/cases/${a.sentCaseId}/opened`,
      body: asOwner(a),
      expect: 'refused',
    },
  ],
  'POST /api/cases/{shipmentId}/outcome': (a) => [
    {
      label: "A's shipment, recorded as reimbursed",
      method: 'POST',
      path: '/api/cases/DEMO001/outcome',
      body: { outcome: { kind: 'reimbursed', amount: 10, currency: 'EUR' }, ...asOwner(a) },
      expect: 'refused',
    },
    {
      label: "A's case id",
      method: 'POST',
      path: `/api/cases/${a.sentCaseId}/outcome`,
      body: { amazon_case_id: '1234567890' },
      expect: 'refused',
    },
  ],
  'POST /api/cases/{shipmentId}/send-check': (a) => [
    {
      label: "A's shipment, settled as not sent",
      method: 'POST',
      path: '/api/cases/DEMO001/send-check',
      body: { outcome: 'not_sent', ...asOwner(a) },
      expect: 'refused',
    },
    {
      label: "A's case id",
      method: 'POST',
      path: `/api/cases/${a.sentCaseId}/send-check`,
      body: { outcome: 'sent' },
      expect: 'refused',
    },
  ],
  'POST /api/api-cases': (a) => [
    {
      label: "A's document, with the bucket",
      method: 'POST',
      path: '/api/api-cases',
      body: {
        shipmentId: 'DEMO001',
        role: 'rivenditore',
        documentPath: `${stack.s3.bucket}/${a.docPath}`,
      },
      expect: 'refused',
    },
    {
      label: "A's document, bare path",
      method: 'POST',
      path: '/api/api-cases',
      body: { shipmentId: 'DEMO001', role: 'produttore', documentPath: a.docPath, ...asOwner(a) },
      expect: 'refused',
    },
  ],
  'POST /api/submit-reimbursement': (a) => [
    {
      label: "A's sent case",
      method: 'POST',
      path: '/api/submit-reimbursement',
      body: { shipmentId: 'DEMO001', case_id: a.sentCaseId },
      expect: 'refused',
    },
    {
      label: "A's ready case",
      method: 'POST',
      path: '/api/submit-reimbursement',
      body: { shipmentId: 'DEMO002', case_id: a.readyCaseId, ...asOwner(a) },
      expect: 'refused',
    },
  ],
  'POST /api/generate-case-draft': (a) => [
    {
      label: 'a shipment both have, saved, with A named',
      method: 'POST',
      path: '/api/generate-case-draft',
      body: { shipment_id: 'DEMO001', save: true, ...asOwner(a) },
      expect: 'own',
    },
  ],
  'POST /api/demo-cs-poller': (a) => [
    {
      label: "A's demo case",
      method: 'POST',
      path: '/api/demo-cs-poller',
      body: { case_id: a.sentCaseId, ...asOwner(a) },
      expect: 'refused',
    },
  ],
};

/** What B must never see: A's values, less those B itself sends in the attempt. */
function secretsOf(a: World): Record<string, string> {
  return {
    email: a.email,
    'user id': a.userId,
    'sync run id': a.runId,
    'payment order': a.orderId,
    'document id': a.docId,
    'document path': a.docPath,
    'debug file path': a.debugPath,
    'document file name': a.docFilename,
    'sent case id': a.sentCaseId,
    'ready case id': a.readyCaseId,
    'feedback order': a.feedbackOrder,
    'feedback comment': a.feedbackComment,
    'reply address': a.replyEmail,
    sku: a.sku,
    'unit value': String(a.unitValue),
  };
}

async function attempt(token: string, a: Attempt) {
  let body: FormData | string | undefined;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (a.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(a.form)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([value.content], { type: 'text/plain' }), value.name);
    }
    body = form;
  } else if (a.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(a.body);
  }
  const res = await fetch(`${stack.apiUrl}${a.path}`, { method: a.method, headers, body });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { unparsed: text };
  }
  return { status: res.status, text, body: json };
}

let a: World;
let b: World;

beforeAll(async () => {
  [a, b] = await Promise.all([populate('A'), populate('B')]);
});

test('every non-public route of the catalogue has an isolation case, and no case is stale', () => {
  const missing = ROUTES.filter((route) => !(route in CASES));
  if (missing.length > 0) {
    throw new Error(
      `No tenant-isolation case for ${missing.join(', ')}. Add one to CASES in ` +
        'test/integration/isolation.test.ts: how another user could aim at these routes.',
    );
  }
  expect(Object.keys(CASES).filter((route) => !ROUTES.includes(route))).toEqual([]);
});

test('both sellers have data in every entity', async () => {
  for (const w of [a, b]) {
    const kinds = new Set((await partition(w.userId)).map((i) => String(i.SK).split('#')[0]));
    for (const kind of [
      'PROFILE',
      'CONNECTION',
      'SUB',
      'SYNCRUN',
      'SYNC_STATE',
      'SHIP',
      'SKUVALUE',
      'CASE',
      'DOC',
      'AUDIT',
      'FEEDBACK',
      'ENDPOINT',
    ]) {
      expect([...kinds]).toContain(kind);
    }
    expect(await objectExists(w.docPath)).toBe(true);
    // Each seller's own next-page cursor still pages through their feedback.
    const next = await api('GET', `/api/feedback?limit=1&cursor=${w.feedbackCursor}`, {
      token: w.token,
    });
    expect(next.status).toBe(200);
    expect((next.body.items as unknown[]).length).toBe(1);
  }
});

describe.each(ROUTES)('%s', (route) => {
  test("B's attempts on A's resources are refused and change nothing of A's", async () => {
    const build = CASES[route];
    if (!build) {
      throw new Error(
        `No tenant-isolation case for ${route}: add one to CASES in test/integration/isolation.test.ts.`,
      );
    }
    const secrets = secretsOf(a);
    for (const step of build(a, b)) {
      const before = await partition(a.userId);
      const caller = step.as === 'a' ? a : b;
      const res = await attempt(caller.token, step);
      const where = `${route} (${step.label}): answered ${res.status} ${res.text.slice(0, 300)}`;

      expect({ where, server_error: res.status >= 500 }).toEqual({ where, server_error: false });
      expect({ where, unauthenticated: res.status === 401 }).toEqual({
        where,
        unauthenticated: false,
      });
      if (step.expect === 'forbidden')
        expect({ where, status: res.status }).toEqual({ where, status: 403 });
      if (step.expect === 'refused') {
        expect({ where, refused: res.status >= 400 && res.status < 500 }).toEqual({
          where,
          refused: true,
        });
      }
      if (res.status >= 400) {
        expect(typeof res.body.message).toBe('string');
      } else {
        step.check?.(res.status, res.body);
      }
      if (caller === b) {
        const sent = `${step.path} ${JSON.stringify(step.body ?? step.form ?? '')}`;
        const leaked = Object.entries(secrets)
          .filter(([, value]) => !sent.includes(value) && res.text.includes(value))
          .map(([name]) => name);
        expect({ where, leaked }).toEqual({ where, leaked: [] });
      }
      expect({ where, partition: await partition(a.userId) }).toEqual({ where, partition: before });
      expect(await objectExists(a.docPath)).toBe(true);
    }
  });
});

/**
 * Checks a presigned URL's Signature Version 4 the way S3 does, with the local stack's keys:
 * s3rver checks expiry but not v4 signatures, so the test checks them itself. `headers` are the
 * values the request would send for the signed headers other than host.
 */
function signatureHolds(url: URL, method: string, headers: Record<string, string> = {}): boolean {
  const q = url.searchParams;
  const encode = (v: string) =>
    encodeURIComponent(v).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signed = (q.get('X-Amz-SignedHeaders') ?? '').split(';');
  const values: Record<string, string> = { host: url.host };
  for (const [k, v] of Object.entries(headers)) values[k.toLowerCase()] = v;
  const canonical = [
    method,
    url.pathname,
    query,
    signed.map((h) => `${h}:${(values[h] ?? '').trim()}\n`).join(''),
    signed.join(';'),
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, day, region, service] = (q.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = [
    'AWS4-HMAC-SHA256',
    q.get('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonical).digest('hex'),
  ].join('\n');
  const hmac = (key: Buffer | string, data: string) =>
    createHmac('sha256', key).update(data).digest();
  let key = hmac(`AWS4${LOCAL_CREDENTIALS.secretAccessKey}`, day ?? '');
  for (const part of [region ?? '', service ?? '', 'aws4_request']) key = hmac(key, part);
  return hmac(key, toSign).toString('hex') === q.get('X-Amz-Signature');
}

describe('presigned URLs', () => {
  async function downloadUrl(w: World) {
    const res = await api('GET', `/api/documents/${w.docId}/download-url`, { token: w.token });
    expect(res.status).toBe(200);
    return new URL(res.body.url as string);
  }

  test("a download URL opens its owner's object only; re-aimed at another key its signature fails", async () => {
    const aUrl = await downloadUrl(a);
    const bUrl = await downloadUrl(b);
    const fetched = await fetch(aUrl);
    expect(fetched.status).toBe(200);
    expect(
      Buffer.from(await fetched.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(aUrl.pathname).toBe(`/${stack.s3.bucket}/${a.docPath}`);
    expect(bUrl.pathname).not.toContain(a.userId);
    expect(signatureHolds(aUrl, 'GET')).toBe(true);
    expect(signatureHolds(bUrl, 'GET')).toBe(true);

    // B's signature on A's key, and A's on B's: the signature covers the key.
    const tampered = new URL(bUrl);
    tampered.pathname = aUrl.pathname;
    expect(signatureHolds(tampered, 'GET')).toBe(false);
    const reverse = new URL(aUrl);
    reverse.pathname = bUrl.pathname;
    expect(signatureHolds(reverse, 'GET')).toBe(false);
    // A longer life, or another file name, than was signed.
    const extended = new URL(aUrl);
    extended.searchParams.set('X-Amz-Expires', '604800');
    expect(signatureHolds(extended, 'GET')).toBe(false);
    const renamed = new URL(aUrl);
    renamed.searchParams.set('response-content-disposition', 'attachment; filename="x.html"');
    expect(signatureHolds(renamed, 'GET')).toBe(false);
    // An expired URL is refused by the storage itself.
    const expired = new URL(aUrl);
    expired.searchParams.set('X-Amz-Date', '20200101T000000Z');
    expect((await fetch(expired)).status).toBe(403);
  });

  test("an upload URL is signed for the caller's own prefix, type and size only", async () => {
    const res = await api('POST', '/api/documents/upload-url', {
      token: b.token,
      body: {
        shipmentId: 'DEMO003',
        role: 'rivenditore',
        docType: 'pod',
        fileName: 'pod.pdf',
        size: 5,
      },
    });
    expect(res.status).toBe(200);
    const url = new URL(res.body.uploadUrl as string);
    const headers = res.body.headers as Record<string, string>;
    expect(String(res.body.path).startsWith(`incoming/${b.userId}/`)).toBe(true);
    expect(signatureHolds(url, 'PUT', headers)).toBe(true);
    const aimed = new URL(url);
    aimed.pathname = `/${stack.s3.bucket}/${a.docPath}`;
    expect(signatureHolds(aimed, 'PUT', headers)).toBe(false);
    expect(signatureHolds(url, 'PUT', { ...headers, 'Content-Length': '20000000' })).toBe(false);
    expect(signatureHolds(url, 'PUT', { ...headers, 'Content-Type': 'text/html' })).toBe(false);
    expect(signatureHolds(url, 'GET', headers)).toBe(false);
  });
});

test("a token whose subject is changed to A's is refused by the gateway", async () => {
  const [header, payload, signature] = b.token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const forged = [
    header,
    Buffer.from(JSON.stringify({ ...claims, sub: a.userId })).toString('base64url'),
    signature,
  ].join('.');
  const before = await partition(a.userId);
  for (const [method, route] of [
    ['GET', '/api/profile'],
    ['GET', '/api/feedback'],
    ['POST', '/api/demo/reset'],
  ] as const) {
    expect((await api(method, route, { token: forged })).status).toBe(401);
  }
  expect(await partition(a.userId)).toEqual(before);
});
