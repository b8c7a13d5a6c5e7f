import { createHash } from 'node:crypto';
import {
  type DocumentConfirmRequest,
  type DocumentConfirmResponse,
  UPLOAD_URL_SECONDS,
} from '../cases/contract';
import { ACCEPTED_EXTENSIONS } from '../cases/document-formats';
import { documentPath, isOwnUpload } from '../cases/documents';
import type { CaseAudit, CaseShipment } from '../cases/ports';
import { toCaseView, type DocumentRecord, type StoredReading } from '../cases/records';
import { CaseRefused, fileRefused } from '../cases/refusals';
import { isLocked } from '../cases/status';
import type { Language } from '../language';
import { needsOcr, storedReading } from './background-reading';
import { assertFitsCase } from './case-documents';
import { documentView } from './document-view';
import { checkUpload, MAX_UPLOAD_BYTES } from './file-type';
import type { DocumentDeps } from './ports';
import { DocumentReadError, readDocument } from './read-document';
import { indexedInvoices } from './supplier-library';
import { lineVerdicts } from './supplier-pages';

/** How long a spent upload key is remembered: past the presigned PUT's lifetime. */
const SPENT_UPLOAD_MEMORY_MS = 2 * UPLOAD_URL_SECONDS * 1000;

/** A staged upload, and how to remove it when it is refused. */
interface Staged {
  path: string;
  fileName: string;
  discard(reason: string): Promise<void>;
}

/**
 * The reader's account of the bytes. A pro forma invoice, and XML past the reader's limits
 * (nesting, size), are refused and not kept; other unreadable content of the right type (e.g. a
 * damaged scan) is kept as illegible (spec 4.5). With the reading queue, a scan or photo is read
 * here without OCR and marked `pending`: the worker reads it (`background-reading.ts`).
 */
async function readingOf(
  deps: DocumentDeps,
  staged: Staged,
  bytes: Uint8Array,
  body: DocumentConfirmRequest,
): Promise<{ reading: StoredReading; pending: boolean }> {
  try {
    const ocr = deps.readings ? undefined : deps.ocr;
    const read = await readDocument(bytes.subarray(0), staged.fileName, { ocr });
    if (read.proForma && body.docType === 'fattura') {
      await staged.discard('pro_forma');
      throw new CaseRefused('pro_forma');
    }
    return { reading: storedReading(read), pending: !!deps.readings && needsOcr(read) };
  } catch (error) {
    if (!(error instanceof DocumentReadError)) throw error;
    if (error.code === 'xml_too_complex') {
      await staged.discard('xml_too_complex');
      throw new CaseRefused('xml_too_complex');
    }
    const illegible = { kind: 'unknown', quality: 'illegible', text_chars: 0, invoices: [] };
    return { reading: illegible as StoredReading, pending: false };
  }
}

/**
 * Queues a pending document's reading. When the queue cannot take it, the reading made without
 * OCR is stored instead, so the document is never left "lettura in corso".
 */
async function queueReading(
  deps: DocumentDeps,
  doc: DocumentRecord,
  withoutOcr: StoredReading,
): Promise<DocumentRecord> {
  if (!doc.reading_pending || !deps.readings) return doc;
  try {
    await deps.readings.enqueue(doc.user_id, doc.id);
    return doc;
  } catch (error) {
    deps.log.warn('Reading not queued; kept without OCR', { error });
    await deps.readings.complete(doc, withoutOcr);
    return { ...doc, reading: withoutOcr, reading_pending: undefined };
  }
}

/** The case may take the file: not yet sent, and (for a real shipment) plan and room left. */
async function assertCaseTakes(
  deps: DocumentDeps,
  staged: Staged,
  userId: string,
  body: DocumentConfirmRequest,
  upload: { size: number; sha256: string },
  language: Language,
): Promise<CaseShipment | undefined> {
  // Both reads at once; the shipment is still checked after the reading, as before.
  const [current, shipment] = await Promise.all([
    deps.cases.getCase(userId, body.shipmentId),
    deps.cases.getShipment(userId, body.shipmentId),
  ]);
  if (current && isLocked(current.status)) {
    await staged.discard('locked');
    throw new CaseRefused('locked');
  }
  if (shipment) {
    // The plan may have lapsed, or other files filled the case, since the link was signed.
    try {
      await deps.guards.requirePlan(userId, shipment, language);
      await assertFitsCase(deps, userId, body.shipmentId, upload.size, {
        docType: body.docType,
        sha256: upload.sha256,
      });
    } catch (error) {
      await staged.discard('no_plan_case_full_or_same_file');
      throw error;
    }
  }
  return shipment;
}

/**
 * Stores the document with its audit row. An invoice file the library already holds, uploaded
 * by hand to another shipment, joins this case as the library's invoice, as an attach would:
 * the library counts it once and lists this shipment under it.
 */
async function storeDocument(
  deps: DocumentDeps,
  doc: DocumentRecord,
  audit: CaseAudit,
  source: DocumentRecord | undefined,
): Promise<DocumentRecord> {
  if (source) {
    const copy: DocumentRecord = { ...doc, reading: source.reading, source_document_id: source.id };
    const linked = { ...audit, meta: { ...audit.meta, source_document_id: source.id } };
    const refusal = await deps.rows.insertAttachedDocument(source, copy, linked);
    if (!refusal) return copy;
    if (refusal === 'already_attached') {
      throw new CaseRefused('same_file', { file: source.filename });
    }
    // The library's invoice was deleted meanwhile: this upload enters the library itself.
  }
  await deps.rows.insertDocumentWithAudit(doc, audit);
  return doc;
}

/** The library's invoice read from the same file, when this upload is one in another shipment. */
async function sameInvoiceFile(
  deps: DocumentDeps,
  userId: string,
  body: DocumentConfirmRequest,
  reading: NonNullable<DocumentRecord['reading']>,
  sha256: string,
): Promise<DocumentRecord | undefined> {
  // Only a reading the library would hold (an invoice, legible) can be the library's invoice.
  if (body.docType !== 'fattura' || indexedInvoices(reading).length === 0) return undefined;
  const source = await deps.rows.findLibraryInvoiceFile(userId, sha256);
  return source && source.shipment_id !== body.shipmentId ? source : undefined;
}

/**
 * Confirms an upload (spec 7.3): the server reads the staged object back (ownership, real type,
 * size, reader, pro forma) and only then stores the document, its audit row and the case (ready,
 * with the role). On a refusal the staged object is deleted and nothing is written.
 */
export async function confirmUpload(
  deps: DocumentDeps,
  userId: string,
  body: DocumentConfirmRequest,
  language: Language,
): Promise<DocumentConfirmResponse> {
  // Another user's upload, a stored document's path, or a path outside this shipment and type:
  // refused before any read.
  const upload = body.path;
  if (!isOwnUpload(userId, body.shipmentId, body.docType, upload)) {
    throw new CaseRefused('not_owner');
  }
  // One read: the presigned PUT signed a size within the limit, and the bytes are checked again.
  const bytes = await deps.storage.readObject(upload);
  if (bytes === undefined) throw new CaseRefused('upload_not_found');
  const staged: Staged = {
    path: upload,
    fileName: upload.slice(upload.lastIndexOf('/') + 1).replace(/^\d+_/, ''),
    discard: async (reason) => {
      await deps.storage.deleteObject(upload);
      deps.log.info('Upload refused and removed', { reason });
    },
  };
  const { fileName } = staged;
  if (bytes.length > MAX_UPLOAD_BYTES) {
    await staged.discard('too_large');
    throw fileRefused('too_large', body.docType);
  }
  const check = checkUpload({ fileName, bytes, accepted: ACCEPTED_EXTENSIONS[body.docType] });
  if (!check.ok) {
    await staged.discard(check.reason);
    throw fileRefused(check.reason, body.docType);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const shipment = await assertCaseTakes(
    deps,
    staged,
    userId,
    body,
    { size: bytes.length, sha256 },
    language,
  );
  const { reading, pending } = await readingOf(deps, staged, bytes, body);
  if (!shipment) {
    await staged.discard('locked');
    throw new CaseRefused('shipment_not_found');
  }
  // One upload, one document: the presigned PUT stays valid after this confirm, so its key is
  // spent here and a second confirm of it (with the same bytes or others put since) is refused.
  if (!(await deps.rows.spendUpload(userId, upload, deps.now() + SPENT_UPLOAD_MEMORY_MS))) {
    await staged.discard('upload_spent');
    throw new CaseRefused('upload_not_found');
  }
  // Exactly the bytes checked above, whatever the upload key holds by now, at a path of this
  // confirm's own: confirming the same upload twice never replaces an earlier document.
  const at = new Date(deps.now());
  const path = documentPath(userId, body.shipmentId, body.docType, fileName, at);
  await deps.storage.writeObject(path, bytes, check.contentType);
  const now = at.toISOString();
  const candidate: DocumentRecord = {
    id: deps.newId(),
    user_id: userId,
    shipment_id: body.shipmentId,
    doc_type: body.docType,
    path,
    filename: fileName,
    size: bytes.length,
    content_type: check.contentType,
    created_at: now,
    reading: pending ? null : reading,
    sha256,
    ...(pending ? { reading_pending: true } : {}),
  };
  const meta = { shipment_id: body.shipmentId, doc_type: body.docType, filename: fileName };
  let doc: DocumentRecord;
  try {
    const source = await sameInvoiceFile(deps, userId, body, reading, sha256);
    doc = await storeDocument(
      deps,
      candidate,
      {
        id: deps.newId(),
        user_id: userId,
        action: 'upload_document',
        at: now,
        meta: { ...meta, size: bytes.length },
      },
      source,
    );
  } catch (error) {
    await deps.storage.deleteObject(path).catch(() => undefined);
    await deps.rows.releaseUpload(userId, upload).catch(() => undefined);
    throw error;
  }
  doc = await queueReading(deps, doc, reading);
  // The upload is spent; if this delete fails, the bucket's staging expiry removes it.
  await deps.storage
    .deleteObject(upload)
    .catch((error: unknown) => deps.log.warn('Staged upload not removed', { error }));
  const record = await deps.cases.upsertReadyCase(userId, body.shipmentId, {
    role: body.role,
    demo: shipment.demo,
    language,
    now,
    documentUrl: path,
  });
  await deps.cases.dataChanged(userId);
  return {
    ok: true as const,
    document: documentView(doc, language, shipment, await lineVerdicts(deps, userId)),
    case: toCaseView(record),
  };
}
