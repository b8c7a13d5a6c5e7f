/** Storage paths and reading summaries of case documents. Pure. */
import type { DocType, DocumentReadingSummary } from './contract';
import type { StoredReading } from './records';

/** A shipment id as one path segment (ids are alphanumeric; anything else becomes `_`). */
function segment(value: string): string {
  return value.replace(/[^A-Za-z0-9-]/g, '_');
}

/**
 * Spec 3, stored documents (case panel):
 * `{user_id}/shipments/{shipmentId}/{docType}/{year}/{month}/{timestamp}_{filename}`.
 */
export function documentPath(
  userId: string,
  shipmentId: string,
  docType: DocType,
  safeFileName: string,
  at: Date,
): string {
  const year = String(at.getUTCFullYear());
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${userId}/shipments/${segment(shipmentId)}/${docType}/${year}/${month}/${at.getTime()}_${safeFileName}`;
}

/**
 * Spec 3, debug path: `{userId}/{timestamp}-{filename}`, where the /debug/storage page keeps its
 * test files, beside (never inside) the case documents' `shipments/` folder.
 */
export function debugPath(userId: string, safeFileName: string, at: Date): string {
  return `${userId}/${at.getTime()}-${safeFileName}`;
}

/** Whether a path is one of the caller's debug files. */
export function isOwnDebugPath(userId: string, path: string): boolean {
  const prefix = `${userId}/`;
  return path.startsWith(prefix) && /^\d+-[a-z0-9][a-z0-9._-]*$/.test(path.slice(prefix.length));
}

/** Whether a path is one the caller could have been given for this shipment and type. */
export function isOwnDocumentPath(
  userId: string,
  shipmentId: string,
  docType: DocType,
  path: string,
): boolean {
  const prefix = `${userId}/shipments/${segment(shipmentId)}/${docType}/`;
  if (!path.startsWith(prefix)) return false;
  return /^\d{4}\/\d{2}\/\d+_[a-z0-9][a-z0-9._-]*$/.test(path.slice(prefix.length));
}

/**
 * The browser's presigned PUT writes under this prefix, never at the document's own path: only
 * confirm writes there, with the bytes it has checked, so a file cannot be swapped after the
 * check (a presigned PUT stays usable until it expires). The bucket expires what is left here
 * after a day (uploads never confirmed).
 */
export const UPLOAD_STAGING_PREFIX = 'incoming/';

/** Where the browser uploads a document that confirm will store at `path`. */
export function stagingPath(path: string): string {
  return `${UPLOAD_STAGING_PREFIX}${path}`;
}

/** Whether an upload key is one the caller could have been given for this shipment and type. */
export function isOwnUpload(
  userId: string,
  shipmentId: string,
  docType: DocType,
  uploadKey: string,
): boolean {
  return (
    uploadKey.startsWith(UPLOAD_STAGING_PREFIX) &&
    isOwnDocumentPath(userId, shipmentId, docType, uploadKey.slice(UPLOAD_STAGING_PREFIX.length))
  );
}

/** api-cases sends `supplier_docs/<path>` (spec 7.5); the bare path is accepted too. */
export function stripBucket(path: string, bucket: string): string {
  return path.startsWith(`${bucket}/`) ? path.slice(bucket.length + 1) : path;
}

export function readingSummary(reading: StoredReading): DocumentReadingSummary {
  return {
    kind: reading.kind,
    quality: reading.quality,
    text_chars: reading.text_chars,
    invoices: reading.invoices.map((i) => ({
      number: i.number,
      date: i.date,
      supplier: i.supplier,
      lines: i.lines.length,
      ...(i.ocr_confidence === undefined
        ? {}
        : { ocr_confidence: i.ocr_confidence, unsure: i.unsure ?? [] }),
    })),
  };
}
