import { message } from '../messages';
import { attachmentBytes } from '../cases/submit';
import {
  DOWNLOAD_URL_SECONDS,
  MAX_CASE_ATTACHMENT_BYTES,
  UPLOAD_URL_SECONDS,
  type DocType,
  type DocumentDeleteResponse,
  type DocumentDownloadUrlResponse,
  type DocumentListResponse,
  type DocumentUploadUrlRequest,
  type DocumentUploadUrlResponse,
} from '../cases/contract';
import { ACCEPTED_EXTENSIONS } from '../cases/document-formats';
import { documentPath, stagingPath } from '../cases/documents';
import { caseTooLarge, CaseRefused, fileRefused } from '../cases/refusals';
import { isLocked } from '../cases/status';
import type { Language } from '../language';
import { documentView } from './document-view';
import {
  EXTENSION_FILE_TYPE,
  FILE_TYPE_MIME,
  fileExtension,
  isAllowedExtension,
  MAX_UPLOAD_BYTES,
  sanitizeFileName,
} from './file-type';
import type { DocumentDeps } from './ports';
import { lineVerdicts } from './supplier-pages';

/** The case of the shipment, refused (422) once its dispute was sent. */
export async function assertUnlocked(deps: DocumentDeps, userId: string, shipmentId: string) {
  const current = await deps.cases.getCase(userId, shipmentId);
  if (current && isLocked(current.status)) throw new CaseRefused('locked');
  return current;
}

/**
 * Issue 15: the documents of a case travel in one email to Amazon, which must fit SES's message
 * limit; a file that would take the case over `MAX_CASE_ATTACHMENT_BYTES` is refused at once.
 * With `upload` (the checked bytes' type and SHA-256), the very same file uploaded again for the
 * same document of the shipment is refused first, naming the copy already there (an invoice
 * attached again from the library, `sourceId`, is left to the attach's own refusal).
 */
export async function assertFitsCase(
  deps: DocumentDeps,
  userId: string,
  shipmentId: string,
  size: number,
  upload?: { docType: DocType; sha256: string; sourceId?: string },
): Promise<void> {
  const documents = await deps.cases.listDocuments(userId, shipmentId);
  const same =
    upload &&
    documents.find(
      (d) =>
        d.doc_type === upload.docType &&
        d.sha256 === upload.sha256 &&
        (!upload.sourceId || d.source_document_id !== upload.sourceId),
    );
  if (same) throw new CaseRefused('same_file', { file: same.filename });
  if (attachmentBytes(documents) + size > MAX_CASE_ATTACHMENT_BYTES) throw caseTooLarge();
}

/** A presigned upload of one document to a staging key (spec 7.3); confirm checks the bytes. */
export async function uploadUrl(
  deps: DocumentDeps,
  userId: string,
  body: DocumentUploadUrlRequest,
  language: Language,
): Promise<DocumentUploadUrlResponse> {
  const extension = fileExtension(body.fileName);
  if (!isAllowedExtension(extension) || !ACCEPTED_EXTENSIONS[body.docType].includes(extension)) {
    throw fileRefused('bad_extension', body.docType);
  }
  if (body.size > MAX_UPLOAD_BYTES) throw fileRefused('too_large', body.docType);
  const shipment = await deps.cases.getShipment(userId, body.shipmentId);
  if (!shipment) throw new CaseRefused('shipment_not_found');
  await deps.guards.requirePlan(userId, shipment, language);
  await assertUnlocked(deps, userId, body.shipmentId);
  await assertFitsCase(deps, userId, body.shipmentId, body.size);
  await deps.guards.requireDailyQuota(userId, 'upload', language);
  const fileName = sanitizeFileName(body.fileName);
  // The browser uploads to a staging key; confirm stores the checked bytes at the document path.
  const path = stagingPath(
    documentPath(userId, body.shipmentId, body.docType, fileName, new Date(deps.now())),
  );
  const contentType = FILE_TYPE_MIME[EXTENSION_FILE_TYPE[extension]];
  return {
    uploadUrl: await deps.storage.presignUpload(path, contentType, body.size, UPLOAD_URL_SECONDS),
    method: 'PUT' as const,
    headers: { 'Content-Type': contentType, 'Content-Length': String(body.size) },
    path,
    fileName,
    expiresIn: UPLOAD_URL_SECONDS,
  };
}

/** The documents of one of the caller's shipments, newest first, with their warnings. */
export async function listCaseDocuments(
  deps: DocumentDeps,
  userId: string,
  shipmentId: string,
  language: Language,
): Promise<DocumentListResponse> {
  const [docs, shipment, verdicts] = await Promise.all([
    deps.cases.listDocuments(userId, shipmentId),
    deps.cases.getShipment(userId, shipmentId),
    lineVerdicts(deps, userId),
  ]);
  return { documents: docs.map((d) => documentView(d, language, shipment, verdicts)) };
}

/** A presigned download of one of the caller's documents, under its file name. */
export async function downloadUrl(
  deps: DocumentDeps,
  userId: string,
  id: string,
): Promise<DocumentDownloadUrlResponse> {
  const doc = await deps.rows.findDocument(userId, id);
  if (!doc) throw new CaseRefused('document_not_found');
  return {
    url: await deps.storage.presignDownload(doc.path, doc.filename, DOWNLOAD_URL_SECONDS),
    expiresIn: DOWNLOAD_URL_SECONDS,
    filename: doc.filename,
  };
}

/** Deletes one document of a case not yet sent. */
export async function removeDocument(
  deps: DocumentDeps,
  userId: string,
  id: string,
  language: Language,
): Promise<DocumentDeleteResponse> {
  const doc = await deps.rows.findDocument(userId, id);
  if (!doc) throw new CaseRefused('document_not_found');
  await assertUnlocked(deps, userId, doc.shipment_id);
  // File first, then the row: a failure in between leaves a row whose delete can be retried,
  // never a row without its file being visible as deleted.
  await deps.storage.deleteObject(doc.path);
  await deps.rows.deleteDocumentRow(doc);
  return { ok: true as const, message: message('documentDeleted', language) };
}
