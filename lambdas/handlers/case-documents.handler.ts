import * as contract from '../domain/cases/contract';
import * as library from '../domain/cases/supplier-contract';
import { attachInvoice } from '../domain/documents/attach';
import * as documents from '../domain/documents/case-documents';
import { confirmUpload } from '../domain/documents/confirm';
import { rememberLineVerdict as lineVerdict } from '../domain/documents/line-verdicts';
import * as debug from '../domain/documents/contract';
import * as debugStorage from '../domain/documents/debug-storage';
import * as suppliers from '../domain/documents/supplier-pages';
import { httpRoutes, route } from '../shared/http';
import { documentDependencies as deps, withReadingQueue } from '../wiring/case-documents';

const byId = { path: contract.documentIdPath, invalid: { path: 'documentNotFound' } } as const;
const paged = {
  query: library.supplierPageQuery,
  invalid: { query: 'supplierListQuery' },
} as const;
const bySupplier = {
  ...paged,
  path: library.supplierPath,
  invalid: { ...paged.invalid, path: 'supplierNotFound' },
} as const;
/** Case documents (spec 2.8, 5, 7.3, 7.4), supplier library (issue 17), debug storage; scans. */
const http = httpRoutes({
  'POST /api/documents/upload-url': route({ body: contract.documentUploadUrlRequest }, (r) =>
    documents.uploadUrl(deps, r.userId, r.body, r.language),
  ),
  'POST /api/documents/confirm': route({ body: contract.documentConfirmRequest }, (r) =>
    confirmUpload(deps, r.userId, r.body, r.language),
  ),
  'GET /api/documents': route({ query: contract.documentListQuery }, (r) =>
    documents.listCaseDocuments(deps, r.userId, r.query.shipmentId, r.language),
  ),
  'GET /api/documents/{id}/download-url': route(byId, (r) =>
    documents.downloadUrl(deps, r.userId, r.path.id),
  ),
  'DELETE /api/documents/{id}': route(byId, (r) =>
    documents.removeDocument(deps, r.userId, r.path.id, r.language),
  ),
  'POST /api/documents/{id}/attach': route({ ...byId, body: library.documentAttachRequest }, (r) =>
    attachInvoice(deps, r.userId, r.path.id, r.body, r.language),
  ),
  'GET /api/suppliers': route(paged, (r) => suppliers.supplierPage(deps, r.userId, r.query)),
  'GET /api/suppliers/{supplierId}/invoices': route(bySupplier, (r) =>
    suppliers.supplierInvoicePage(deps, r.userId, r.path.supplierId, r.query),
  ),
  'POST /api/suppliers/line-verdicts': route({ body: library.lineVerdictRequest }, (r) =>
    lineVerdict(deps, r.userId, r.body),
  ),
  'POST /api/debug/storage': route({ body: debug.debugUploadRequest }, (r) =>
    debugStorage.debugUploadUrl(deps, r.userId, r.body, r.language),
  ),
  'GET /api/debug/storage': route({ query: debug.debugStorageQuery }, (r) =>
    debugStorage.debugFiles(deps, r.userId, r.query.path, r.language),
  ),
  'DELETE /api/debug/storage': route({ query: debug.debugStorageQuery }, (r) =>
    debugStorage.deleteDebugFile(deps, r.userId, r.query.path, r.language),
  ),
});
export const handler = withReadingQueue(http);
