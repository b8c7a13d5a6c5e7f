import { stack } from './accounts';
import type { Seller, World } from './proof';

/**
 * The tenant-isolation cases (issue 11), one per non-public route of the catalogue
 * (lib/functions.ts): how seller B could aim at seller A's resources by id, path, query and body.
 * isolation.test.ts tries every one of them and fails for a route without a case.
 */

type Expectation =
  /** A 4xx refusal (403, 404, 409, 422, ...), never 2xx. */
  | 'refused'
  /** Either a refusal or an answer about B's own data; never A's. */
  | 'own'
  /** Exactly 403: admin-only routes for a normal user. */
  | 'forbidden';

export interface Attempt {
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

export const CASES: Record<string, (a: World, b: Seller) => Attempt[]> = {
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
  'POST /api/claims/{id}/filed': (a) => [
    {
      label: "A's claim by id",
      method: 'POST',
      path: `/api/claims/${encodeURIComponent(a.claimId)}/filed`,
      expect: 'refused',
    },
  ],
  'DELETE /api/claims/{id}/filed': (a) => [
    {
      label: "A's claim by id",
      method: 'DELETE',
      path: `/api/claims/${encodeURIComponent(a.claimId)}/filed`,
      expect: 'refused',
    },
  ],
  'GET /api/claims': (a) => [
    {
      label: 'query names A',
      method: 'GET',
      path: `/api/claims${query(a)}`,
      expect: 'own',
      check: (_status, body) =>
        expect((body.claims as { id: string }[]).map((c) => c.id)).not.toContain(a.claimId),
    },
    {
      label: "a cursor of A's listing",
      method: 'GET',
      path: `/api/claims?cursor=${Buffer.from(
        JSON.stringify({
          PK: `USER#${a.userId}`,
          SK: 'CLAIM#x',
          GSI1PK: `CLAIMS#${a.userId}`,
          GSI1SK: '2026-12-01#x',
        }),
      ).toString('base64url')}`,
      expect: 'refused',
    },
  ],
  'GET /api/removals': (a) => [
    {
      label: 'query names A',
      method: 'GET',
      path: `/api/removals${query(a)}`,
      expect: 'own',
      check: (_status, body) =>
        expect(
          (body.removals as { removal_order_id: string }[]).map((r) => r.removal_order_id),
        ).not.toContain(a.removalOrderId),
    },
    {
      label: "a cursor of A's listing",
      method: 'GET',
      path: `/api/removals?cursor=${Buffer.from(
        JSON.stringify({
          PK: `USER#${a.userId}`,
          SK: 'REMOVAL_DELIVERY#x',
          GSI1PK: `REMOVALS_TO_COUNT#${a.userId}`,
          GSI1SK: '2026-10-01#x',
        }),
      ).toString('base64url')}`,
      expect: 'refused',
    },
  ],
  'PUT /api/removals/{id}/received': (a) => [
    {
      label: "A's removal by id, with A named in the body",
      method: 'PUT',
      path: `/api/removals/${encodeURIComponent(a.removalOrderId)}/received`,
      body: { received: [{ sku: 'A-SKU', units: 1 }], ...asOwner(a) },
      expect: 'refused',
    },
    {
      label: "A's removal by id",
      method: 'PUT',
      path: `/api/removals/${encodeURIComponent(a.removalOrderId)}/received`,
      body: { received: [{ sku: 'A-SKU', units: 1 }] },
      expect: 'refused',
    },
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
  'GET /api/unit-costs': (a) => [
    { label: 'query names A', method: 'GET', path: `/api/unit-costs${query(a)}`, expect: 'own' },
    {
      label: "a cursor just before A's SKU",
      method: 'GET',
      path: `/api/unit-costs?cursor=${Buffer.from('TAZ').toString('base64url')}&userId=${a.userId}`,
      expect: 'own',
    },
  ],
  'PUT /api/unit-costs': (a) => [
    {
      label: "confirming a line of A's invoice for A's SKU, body names A",
      method: 'PUT',
      path: '/api/unit-costs',
      body: {
        action: 'confirm',
        sku: a.sku,
        document_id: a.docId,
        invoice_index: 0,
        line: 1,
        ...asOwner(a),
      },
      expect: 'own',
    },
    {
      label: "correcting A's SKU with A named in the body",
      method: 'PUT',
      path: `/api/unit-costs${query(a)}`,
      body: { action: 'correct', sku: a.sku, amount: 2.5, currency: 'EUR', ...asOwner(a) },
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
  'GET /api/receipts': (a) => [
    {
      label: 'query names A and pages from her receipt',
      method: 'GET',
      path: `/api/receipts${query(a, { before: a.receiptNumber })}`,
      expect: 'own',
      check: (_status, body) => {
        expect(JSON.stringify(body)).not.toContain(a.receiptNumber);
      },
    },
  ],
  'GET /api/receipts/{number}/pdf': (a) => [
    {
      label: "A's receipt number",
      method: 'GET',
      path: `/api/receipts/${a.receiptNumber}/pdf${query(a)}`,
      expect: 'refused',
    },
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
  // The report names no one: the email goes to the caller, and only for a change the user pool
  // recorded on the caller's own account.
  'POST /api/password-changed': (a) => [
    {
      label: "A's email and id in the body and query",
      method: 'POST',
      path: `/api/password-changed${query(a)}`,
      body: { email: a.email, ...asOwner(a) },
      expect: 'own',
    },
    {
      label: 'a valid report with A in the query',
      method: 'POST',
      path: `/api/password-changed${query(a)}`,
      body: {},
      expect: 'own',
    },
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
  'POST /api/suppliers/line-verdicts': (a) => [
    {
      label: "a line of A's invoice, for a SKU B's demo shipments also have",
      method: 'POST',
      path: `/api/suppliers/line-verdicts${query(a)}`,
      body: {
        documentId: a.docId,
        invoiceIndex: 0,
        line: 0,
        sku: 'TAGL-BAMB-L',
        verdict: 'confirmed',
        ...asOwner(a),
      },
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
      body: { amazon_case_id: '1234567890', ...asOwner(a) },
      expect: 'refused',
    },
  ],
  'PUT /api/cases/{shipmentId}/draft': (a) => [
    {
      label: "A's case id, with A in the body",
      method: 'PUT',
      path: `/api/cases/${a.sentCaseId}/draft`,
      body: { notes: { fattura: 'B' }, ...asOwner(a) },
      expect: 'refused',
    },
    {
      label: 'a shipment both have, with A in the query',
      method: 'PUT',
      path: `/api/cases/DEMO001/draft${query(a)}`,
      body: { notes: { tracking: 'B' }, ...asOwner(a) },
      expect: 'own',
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
