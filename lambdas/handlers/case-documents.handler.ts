import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import {
  copyObject,
  deleteObject,
  listTopLevel,
  presignDownload,
  presignUpload,
  readObject,
  writeObject,
} from '../adapters/documents';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
import { getCase, upsertReadyCase } from '../adapters/dynamo/cases';
import {
  deleteDocumentRow,
  findDocument,
  insertAttachedDocument,
  insertDocumentWithAudit,
  listDocuments,
} from '../adapters/dynamo/case-documents';
import { getProfile } from '../adapters/dynamo/profiles';
import { listStoredShipments } from '../adapters/dynamo/shipments';
import {
  getSupplier,
  listSupplierInvoices,
  listSuppliers,
  type SupplierInvoiceRow,
  type SupplierRow,
} from '../adapters/dynamo/supplier-library';
import {
  documentConfirmRequest,
  documentUploadUrlRequest,
  DOWNLOAD_URL_SECONDS,
  MAX_CASE_ATTACHMENT_BYTES,
  UPLOAD_URL_SECONDS,
  type CaseDocument,
  type DocType,
} from '../domain/cases/contract';
import { ACCEPTED_EXTENSIONS, acceptedFormatsLabel } from '../domain/cases/document-formats';
import {
  debugPath,
  documentPath,
  isOwnDebugPath,
  isOwnUpload,
  readingSummary,
  stagingPath,
} from '../domain/cases/documents';
import { toCaseView, type DocumentRecord } from '../domain/cases/records';
import { isLocked } from '../domain/cases/status';
import {
  checkUpload,
  MAX_UPLOAD_BYTES,
  EXTENSION_FILE_TYPE,
  FILE_TYPE_MIME,
  fileExtension,
  isAllowedExtension,
  sanitizeFileName,
  type AllowedExtension,
  type UploadRefusalReason,
} from '../domain/documents/file-type';
import { DocumentReadError, readDocument } from '../domain/documents/read-document';
import { matchInvoiceToShipment, type InvoiceWarning } from '../domain/documents/invoice-match';
import {
  indexedInvoices,
  shipmentsCovered,
  type ShipmentToCover,
} from '../domain/documents/supplier-library';
import {
  documentAttachRequest,
  INVOICE_PAGE_SIZE,
  SUPPLIER_PAGE_SIZE,
  supplierIdSchema,
  supplierPageQuery,
  type SupplierInvoiceView,
  type SupplierView,
} from '../domain/cases/supplier-contract';
import { isRealMode, visibleShipments } from '../domain/sync/shipment-list';
import {
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  UnprocessableError,
  ValidationError,
} from '../shared/errors';
import { httpHandler, parseJsonBody, type HttpEvent } from '../shared/http';
import { requirePlanFor } from '../shared/plan-guard';
import { requireDailyQuota } from '../shared/quota-guard';
import { logger } from '../shared/logger';
import { formatMessage, message, type MessageKey } from '../shared/messages';
import { attachmentBytes } from '../domain/cases/submit';
import type { Language } from '../domain/language';

const REFUSAL_MESSAGE: Record<UploadRefusalReason, MessageKey> = {
  bad_extension: 'fileFormatUnsupported',
  content_mismatch: 'fileContentMismatch',
  too_large: 'fileTooLarge',
  empty: 'fileEmpty',
};

function refuse(reason: UploadRefusalReason, language: Language, docType: DocType): never {
  const text = formatMessage(REFUSAL_MESSAGE[reason], language, {
    formats: acceptedFormatsLabel(docType),
  });
  if (reason === 'too_large') throw new PayloadTooLargeError(text, { reason });
  throw new UnprocessableError(text, { reason });
}

type ShipmentForView = NonNullable<Awaited<ReturnType<typeof getShipmentForCase>>>;

function invoiceWarningText(warning: InvoiceWarning, language: Language): string {
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(language === 'it' ? 'it-IT' : 'en-GB', { timeZone: 'UTC' });
  switch (warning.code) {
    case 'invoice_after_shipment':
      return formatMessage('invoiceAfterShipment', language, {
        number: warning.invoiceNumber ?? '',
        invoiceDate: date(warning.invoiceDate),
        shipmentDate: date(warning.shipmentDate),
      });
    case 'sku_not_on_invoice':
      return formatMessage('skuNotOnInvoice', language, {
        sku: warning.sku,
        missing: warning.missing,
      });
    case 'units_not_covered':
      return formatMessage('unitsNotCovered', language, {
        sku: warning.sku,
        missing: warning.missing,
        invoiced: warning.invoiced,
      });
    case 'lines_not_readable':
      return message('invoiceLinesNotReadable', language);
  }
}

/**
 * Beyond the spec: an invoice is checked against the shipment it should prove, so the seller
 * learns before sending that it is dated after the shipment or does not cover the missing units.
 */
function invoiceWarnings(
  doc: DocumentRecord,
  shipment: ShipmentForView | undefined,
  language: Language,
) {
  if (!shipment || doc.doc_type !== 'fattura' || !doc.reading?.invoices.length) return [];
  const invoices = doc.reading.invoices.map((invoice) => ({
    documentType: null,
    number: invoice.number,
    date: invoice.date,
    supplier: { name: invoice.supplier, vat: null, taxCode: null },
    buyer: { name: null, vat: null, taxCode: null },
    lines: invoice.lines.map((line) => ({ ...line, codes: line.codes ?? [] })),
    source: 'fatturapa' as const,
  }));
  const warnings = matchInvoiceToShipment(invoices, {
    closedAt: shipment.closed_at,
    items: shipment.items
      .map((item) => ({
        sku: item.sku,
        title: item.title,
        missing: Math.max(0, item.units_expected - item.units_found),
      }))
      .filter((item) => item.missing > 0),
  });
  return warnings.map((warning) => ({
    code: warning.code,
    message: invoiceWarningText(warning, language),
  }));
}

function toView(doc: DocumentRecord, language: Language, shipment?: ShipmentForView): CaseDocument {
  const warnings = [];
  if (doc.reading?.quality === 'low')
    warnings.push({ code: 'quality_low', message: message('lowQualityDocument', language) });
  if (doc.reading?.quality === 'illegible')
    warnings.push({ code: 'quality_illegible', message: message('illegibleDocument', language) });
  warnings.push(...invoiceWarnings(doc, shipment, language));
  return {
    id: doc.id,
    shipment_id: doc.shipment_id,
    doc_type: doc.doc_type,
    path: doc.path,
    filename: doc.filename,
    size: doc.size,
    created_at: doc.created_at,
    reading: doc.reading ? readingSummary(doc.reading) : null,
    warnings,
  };
}

async function assertUnlocked(userId: string, shipmentId: string, language: Language) {
  const current = await getCase(userId, shipmentId);
  if (current && isLocked(current.status)) {
    throw new UnprocessableError(message('caseLocked', language), { reason: 'locked' });
  }
  return current;
}

/**
 * Issue 15: the documents of a case travel in one email to Amazon, which must fit SES's message
 * limit; a file that would take the case over `MAX_CASE_ATTACHMENT_BYTES` is refused at once.
 */
async function assertFitsCase(
  userId: string,
  shipmentId: string,
  size: number,
  language: Language,
): Promise<void> {
  const stored = attachmentBytes(await listDocuments(userId, shipmentId));
  if (stored + size > MAX_CASE_ATTACHMENT_BYTES) {
    throw new PayloadTooLargeError(
      formatMessage('attachmentsTooLarge', language, {
        limit: MAX_CASE_ATTACHMENT_BYTES / 1024 / 1024,
      }),
      { reason: 'case_too_large' },
    );
  }
}

async function uploadUrl(userId: string, event: HttpEvent, language: Language) {
  const body = parseJsonBody(documentUploadUrlRequest, event);
  const extension = fileExtension(body.fileName);
  if (!isAllowedExtension(extension) || !ACCEPTED_EXTENSIONS[body.docType].includes(extension)) {
    refuse('bad_extension', language, body.docType);
  }
  if (body.size > MAX_UPLOAD_BYTES) refuse('too_large', language, body.docType);
  const shipment = await getShipmentForCase(userId, body.shipmentId);
  if (!shipment) throw new NotFoundError(message('shipmentNotFound', language));
  await requirePlanFor(userId, shipment, language);
  await assertUnlocked(userId, body.shipmentId, language);
  await assertFitsCase(userId, body.shipmentId, body.size, language);
  await requireDailyQuota(userId, 'upload', language);
  const fileName = sanitizeFileName(body.fileName);
  // The browser uploads to a staging key; confirm stores the checked bytes at the document path.
  const path = stagingPath(
    documentPath(userId, body.shipmentId, body.docType, fileName, new Date()),
  );
  const contentType = FILE_TYPE_MIME[EXTENSION_FILE_TYPE[extension]];
  return {
    uploadUrl: await presignUpload(path, contentType, body.size, UPLOAD_URL_SECONDS),
    method: 'PUT' as const,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.size) },
    path,
    fileName,
    expiresIn: UPLOAD_URL_SECONDS,
  };
}

async function confirm(userId: string, event: HttpEvent, language: Language) {
  const body = parseJsonBody(documentConfirmRequest, event);
  // Another user's upload, a stored document's path, or a path outside this shipment and type:
  // refused before any read.
  const upload = body.path;
  if (!isOwnUpload(userId, body.shipmentId, body.docType, upload)) {
    throw new UnprocessableError(message('documentNotYours', language), { reason: 'not_owner' });
  }
  // One read: the presigned PUT signed a size within the limit, and the bytes are checked again.
  const bytes = await readObject(upload);
  if (bytes === undefined) throw new UnprocessableError(message('uploadNotFound', language));
  const fileName = upload.slice(upload.lastIndexOf('/') + 1).replace(/^\d+_/, '');
  const discard = async (
    reason:
      UploadRefusalReason | 'pro_forma' | 'locked' | 'no_plan_or_case_full' | 'xml_too_complex',
  ) => {
    await deleteObject(upload);
    logger.info('Upload refused and removed', { reason });
  };
  if (bytes.length > MAX_UPLOAD_BYTES) {
    await discard('too_large');
    refuse('too_large', language, body.docType);
  }
  const check = checkUpload({ fileName, bytes, accepted: ACCEPTED_EXTENSIONS[body.docType] });
  if (!check.ok) {
    await discard(check.reason);
    refuse(check.reason, language, body.docType);
  }
  // Both reads at once; the shipment is still checked after the reading, as before.
  const [current, shipment] = await Promise.all([
    getCase(userId, body.shipmentId),
    getShipmentForCase(userId, body.shipmentId),
  ]);
  if (current && isLocked(current.status)) {
    await discard('locked');
    throw new UnprocessableError(message('caseLocked', language), { reason: 'locked' });
  }
  if (shipment) {
    // The plan may have lapsed, or other files filled the case, since the link was signed.
    try {
      await requirePlanFor(userId, shipment, language);
      await assertFitsCase(userId, body.shipmentId, bytes.length, language);
    } catch (error) {
      await discard('no_plan_or_case_full');
      throw error;
    }
  }
  let reading: DocumentRecord['reading'] = null;
  try {
    const read = await readDocument(bytes.subarray(0), fileName);
    if (read.proForma && body.docType === 'fattura') {
      await discard('pro_forma');
      throw new UnprocessableError(message('proFormaRefused', language), { reason: 'pro_forma' });
    }
    reading = {
      kind: read.kind,
      quality: read.quality,
      text_chars: read.text_chars,
      invoices: read.invoices.map((i) => ({
        number: i.number,
        date: i.date,
        supplier: i.supplier.name,
        supplier_vat: i.supplier.vat,
        lines: i.lines.map((l) => ({
          description: l.description,
          quantity: l.quantity,
          unit: l.unit,
          codes: l.codes,
        })),
      })),
    };
  } catch (error) {
    if (!(error instanceof DocumentReadError)) throw error;
    // XML past the reader's limits (nesting, size) is refused outright, and not kept.
    if (error.code === 'xml_too_complex') {
      await discard('xml_too_complex');
      throw new UnprocessableError(message('xmlTooComplex', language), {
        reason: 'xml_too_complex',
      });
    }
    // Unreadable content of the right type (e.g. a damaged scan): kept as illegible (4.5).
    reading = { kind: 'unknown', quality: 'illegible', text_chars: 0, invoices: [] };
  }
  if (!shipment) {
    await discard('locked');
    throw new NotFoundError(message('shipmentNotFound', language));
  }
  // Exactly the bytes checked above, whatever the upload key holds by now, at a path of this
  // confirm's own: confirming the same upload twice never replaces an earlier document.
  const at = new Date();
  const path = documentPath(userId, body.shipmentId, body.docType, fileName, at);
  await writeObject(path, bytes, check.contentType);
  const now = at.toISOString();
  const doc: DocumentRecord = {
    id: randomUUID(),
    user_id: userId,
    shipment_id: body.shipmentId,
    doc_type: body.docType,
    path,
    filename: fileName,
    size: bytes.length,
    content_type: check.contentType,
    created_at: now,
    reading,
  };
  try {
    await insertDocumentWithAudit(doc, {
      id: randomUUID(),
      user_id: userId,
      action: 'upload_document',
      at: now,
      meta: {
        shipment_id: body.shipmentId,
        doc_type: body.docType,
        filename: fileName,
        size: bytes.length,
      },
    });
  } catch (error) {
    await deleteObject(path).catch(() => undefined);
    throw error;
  }
  // The upload is spent; if this delete fails, the bucket's staging expiry removes it.
  await deleteObject(upload).catch((error: unknown) =>
    logger.warn('Staged upload not removed', { error }),
  );
  const record = await upsertReadyCase(userId, body.shipmentId, {
    role: body.role,
    demo: shipment.demo,
    language,
    now,
    documentUrl: path,
  });
  await afterDashboardDataChanged(userId);
  return {
    ok: true as const,
    document: toView(doc, language, shipment),
    case: toCaseView(record),
  };
}

async function list(userId: string, event: HttpEvent, language: Language) {
  const shipmentId = event.queryStringParameters?.shipmentId;
  if (!shipmentId) throw new ValidationError('shipmentId is required');
  // Beyond the contract's 64 characters the key would exceed DynamoDB's limit (a 500).
  if (shipmentId.length > 64) throw new ValidationError('shipmentId is too long');
  const [docs, shipment] = await Promise.all([
    listDocuments(userId, shipmentId),
    getShipmentForCase(userId, shipmentId),
  ]);
  return { documents: docs.map((d) => toView(d, language, shipment)) };
}

async function downloadUrl(userId: string, event: HttpEvent, language: Language) {
  const doc = await findDocument(userId, event.pathParameters?.id ?? '');
  if (!doc) throw new NotFoundError(message('documentNotFound', language));
  return {
    url: await presignDownload(doc.path, doc.filename, DOWNLOAD_URL_SECONDS),
    expiresIn: DOWNLOAD_URL_SECONDS,
    filename: doc.filename,
  };
}

async function remove(userId: string, event: HttpEvent, language: Language) {
  const doc = await findDocument(userId, event.pathParameters?.id ?? '');
  if (!doc) throw new NotFoundError(message('documentNotFound', language));
  await assertUnlocked(userId, doc.shipment_id, language);
  // File first, then the row: a failure in between leaves a row whose delete can be retried,
  // never a row without its file being visible as deleted.
  await deleteObject(doc.path);
  await deleteDocumentRow(doc);
  return { ok: true as const, message: message('documentDeleted', language) };
}

function pageQuery(event: HttpEvent, language: Language) {
  const parsed = supplierPageQuery.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new ValidationError(message('supplierListQuery', language));
  return parsed.data;
}

function supplierView(row: SupplierRow): SupplierView {
  return { id: row.supplier_id, name: row.name, vat: row.vat, invoice_count: row.invoice_count };
}

/** Issue 17: a page of the suppliers found on the caller's invoices. */
async function suppliers(userId: string, event: HttpEvent, language: Language) {
  const query = pageQuery(event, language);
  const page = await listSuppliers(userId, query.limit ?? SUPPLIER_PAGE_SIZE, query.cursor);
  return { suppliers: page.items.map(supplierView), next_cursor: page.cursor };
}

function toCover(
  shipmentId: string,
  shipmentName: string | null,
  items: { sku: string; title: string | null; expected: number; found: number }[],
): ShipmentToCover {
  return {
    shipmentId,
    shipmentName,
    items: items.map((i) => ({
      sku: i.sku,
      title: i.title,
      missing: Math.max(0, i.expected - i.found),
    })),
  };
}

/** The caller's shipments with units missing, as their shipment list shows them. */
async function shipmentsToCover(userId: string): Promise<ShipmentToCover[]> {
  const [profile, stored] = await Promise.all([getProfile(userId), listStoredShipments(userId)]);
  return visibleShipments(stored, isRealMode(profile?.mode)).map((s) =>
    toCover(
      s.shipmentId,
      s.shipmentName,
      s.items.map((i) => ({
        sku: i.sku,
        title: i.title,
        expected: i.unitsExpected,
        found: i.unitsFound,
      })),
    ),
  );
}

function invoiceView(row: SupplierInvoiceRow, shipments: ShipmentToCover[]): SupplierInvoiceView {
  return {
    document_id: row.document_id,
    index: row.invoice_index,
    filename: row.filename,
    size: row.size,
    shipment_id: row.shipment_id,
    number: row.number,
    date: row.date,
    lines: row.lines.length,
    shipments: shipmentsCovered(row.lines, shipments).map((c) => ({
      shipment_id: c.shipmentId,
      shipment_name: c.shipmentName,
      skus: c.skus,
      complete: c.complete,
      document_id: row.attached[c.shipmentId] ?? null,
    })),
  };
}

/**
 * Issue 17: a page of one supplier's invoices, newest first, each with the caller's shipments
 * it covers (matched now, so shipments synced after the upload count too).
 */
async function supplierInvoices(userId: string, event: HttpEvent, language: Language) {
  const id = supplierIdSchema.safeParse(event.pathParameters?.supplierId ?? '');
  if (!id.success) throw new NotFoundError(message('supplierNotFound', language));
  const query = pageQuery(event, language);
  const [supplier, page, shipments] = await Promise.all([
    getSupplier(userId, id.data),
    listSupplierInvoices(userId, id.data, query.limit ?? INVOICE_PAGE_SIZE, query.cursor),
    shipmentsToCover(userId),
  ]);
  if (!supplier) throw new NotFoundError(message('supplierNotFound', language));
  return {
    supplier: supplierView(supplier),
    invoices: page.items.map((row) => invoiceView(row, shipments)),
    next_cursor: page.cursor,
  };
}

/**
 * Issue 17: an invoice uploaded once joins another shipment's case without a new upload. The
 * stored object is copied (not referenced), so each case keeps its own file under its own path
 * and deleting it from one case never takes it from another. Exactly once per shipment (a link
 * row in the same transaction), under an upload's rules: the caller's own invoice and shipment,
 * an active plan, a case not yet sent, the case's attachment limit, and an invoice that names a
 * missing item of the shipment.
 */
async function attach(userId: string, event: HttpEvent, language: Language) {
  const body = parseJsonBody(documentAttachRequest, event);
  const found = await findDocument(userId, event.pathParameters?.id ?? '');
  if (!found || found.doc_type !== 'fattura') {
    throw new NotFoundError(message('documentNotFound', language));
  }
  const source = found.source_document_id
    ? await findDocument(userId, found.source_document_id)
    : found;
  const invoices = indexedInvoices(source?.reading ?? null);
  if (!source || invoices.length === 0) {
    throw new UnprocessableError(message('invoiceNotInLibrary', language), {
      reason: 'not_in_library',
    });
  }
  if (source.shipment_id === body.shipmentId) {
    throw new ConflictError(message('invoiceAlreadyAttached', language), {
      reason: 'already_attached',
    });
  }
  const shipment = await getShipmentForCase(userId, body.shipmentId);
  if (!shipment) throw new NotFoundError(message('shipmentNotFound', language));
  const target = toCover(
    shipment.shipment_id,
    shipment.shipment_name,
    shipment.items.map((i) => ({
      sku: i.sku,
      title: i.title,
      expected: i.units_expected,
      found: i.units_found,
    })),
  );
  if (
    shipmentsCovered(
      invoices.flatMap((i) => i.lines),
      [target],
    ).length === 0
  ) {
    throw new UnprocessableError(message('invoiceNotForShipment', language), {
      reason: 'not_on_invoice',
    });
  }
  await requirePlanFor(userId, shipment, language);
  const current = await assertUnlocked(userId, body.shipmentId, language);
  await assertFitsCase(userId, body.shipmentId, source.size, language);

  const at = new Date();
  const now = at.toISOString();
  const path = documentPath(userId, body.shipmentId, 'fattura', source.filename, at);
  await copyObject(source.path, path);
  const copy: DocumentRecord = {
    ...source,
    id: randomUUID(),
    shipment_id: body.shipmentId,
    path,
    created_at: now,
    source_document_id: source.id,
  };
  const refusal = await insertAttachedDocument(source, copy, {
    id: randomUUID(),
    user_id: userId,
    action: 'attach_document',
    at: now,
    meta: {
      shipment_id: body.shipmentId,
      doc_type: 'fattura',
      filename: source.filename,
      size: source.size,
      source_document_id: source.id,
    },
  }).catch(async (error: unknown) => {
    await deleteObject(path).catch(() => undefined);
    throw error;
  });
  if (refusal) {
    await deleteObject(path).catch(() => undefined);
    if (refusal === 'already_attached') {
      throw new ConflictError(message('invoiceAlreadyAttached', language), {
        reason: 'already_attached',
      });
    }
    throw new UnprocessableError(message('invoiceNotInLibrary', language), {
      reason: 'not_in_library',
    });
  }
  const record = await upsertReadyCase(userId, body.shipmentId, {
    role: body.role ?? current?.role ?? 'rivenditore',
    demo: shipment.demo,
    language,
    now,
    documentUrl: path,
  });
  return {
    ok: true as const,
    document: toView(copy, language, shipment),
    case: toCaseView(record),
  };
}

/** The /debug/storage page's formats (spec 2.12: PDF, PNG, JPEG). */
const DEBUG_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg'] as const;
const debugUploadRequest = z.object({
  fileName: z.string().min(1).max(255),
  size: z.number().int().positive(),
});

function ownDebugPath(userId: string, event: HttpEvent, language: Language): string {
  const path = event.queryStringParameters?.path ?? '';
  if (!isOwnDebugPath(userId, path)) {
    throw new UnprocessableError(message('documentNotYours', language), { reason: 'not_owner' });
  }
  return path;
}

/**
 * The storage test of /debug/storage (spec 2.12, 3, 7.4): upload, list, signed download and
 * delete of the caller's own files at the debug path `{userId}/{timestamp}-{filename}`. Never
 * a case document: those live under `{userId}/shipments/`, which these routes cannot reach.
 */
async function debugStorage(userId: string, event: HttpEvent, language: Language) {
  switch (event.requestContext.http.method) {
    case 'POST': {
      const body = parseJsonBody(debugUploadRequest, event);
      const extension = fileExtension(body.fileName);
      if (!(DEBUG_EXTENSIONS as readonly string[]).includes(extension)) {
        throw new UnprocessableError(
          formatMessage('fileFormatUnsupported', language, { formats: 'PDF, PNG, JPEG' }),
          { reason: 'bad_extension' },
        );
      }
      if (body.size > MAX_UPLOAD_BYTES) {
        throw new PayloadTooLargeError(message('fileTooLarge', language), { reason: 'too_large' });
      }
      await requireDailyQuota(userId, 'upload', language);
      const path = debugPath(userId, sanitizeFileName(body.fileName), new Date());
      const contentType = FILE_TYPE_MIME[EXTENSION_FILE_TYPE[extension as AllowedExtension]];
      return {
        uploadUrl: await presignUpload(path, contentType, body.size, UPLOAD_URL_SECONDS),
        method: 'PUT' as const,
        headers: { 'Content-Type': contentType, 'Content-Length': String(body.size) },
        path,
      };
    }
    case 'GET': {
      if (event.queryStringParameters?.path) {
        const path = ownDebugPath(userId, event, language);
        const name = path.slice(path.indexOf('-') + 1);
        return {
          url: await presignDownload(path, name, DOWNLOAD_URL_SECONDS),
          expiresIn: DOWNLOAD_URL_SECONDS,
        };
      }
      const files = (await listTopLevel(userId)).filter((file) => isOwnDebugPath(userId, file.key));
      return {
        files: files.map((file) => ({
          path: file.key,
          size: file.size,
          last_modified: file.lastModified,
        })),
      };
    }
    case 'DELETE':
      await deleteObject(ownDebugPath(userId, event, language));
      return { ok: true as const };
    default:
      throw new NotFoundError('No such route');
  }
}

/**
 * Documents of a case (spec 2.8, 5, 7.3, 7.4): presigned upload, server-side confirmation
 * (real type, size, reader, pro forma), list, presigned download, delete; the supplier library
 * (issue 17) and attaching an invoice from it to another case.
 */
export const handler = httpHandler({}, async ({ event, userId, language }) => {
  const user = userId;
  switch (event.routeKey) {
    case 'POST /api/documents/upload-url':
      return uploadUrl(user, event, language);
    case 'POST /api/documents/confirm':
      return confirm(user, event, language);
    case 'GET /api/documents':
      return list(user, event, language);
    case 'GET /api/documents/{id}/download-url':
      return downloadUrl(user, event, language);
    case 'DELETE /api/documents/{id}':
      return remove(user, event, language);
    case 'POST /api/documents/{id}/attach':
      return attach(user, event, language);
    case 'GET /api/suppliers':
      return suppliers(user, event, language);
    case 'GET /api/suppliers/{supplierId}/invoices':
      return supplierInvoices(user, event, language);
    case 'POST /api/debug/storage':
    case 'GET /api/debug/storage':
    case 'DELETE /api/debug/storage':
      return debugStorage(user, event, language);
    default:
      throw new NotFoundError('No such route');
  }
});
