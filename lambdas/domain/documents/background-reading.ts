/**
 * Reading scans and photos in the background (issue 33). OCR takes seconds a page, so the upload
 * confirms at once: a picture (PNG, JPEG, GIF) or a PDF without a text layer is stored with
 * `reading_pending` and a `document.read` message on the reading queue; text PDFs and XML are
 * still read in the request. The reading worker (`readQueuedDocument`) then reads it by OCR and
 * stores the reading, with advice when the scan came out poor (`scan-quality.ts`).
 *
 * Exactly one effect per document: the reading is stored only while the row is still pending
 * (a message delivered twice finds it read and does nothing); a reading that dies half-way
 * leaves the row pending and the message comes back; a document deleted meanwhile is skipped.
 * On the queue's last delivery the document is read without OCR, so it never stays "lettura in
 * corso" for good.
 */
import type { CaseStore } from '../cases/ports';
import type { DocType } from '../cases/contract';
import type { DocumentRecord, StoredReading } from '../cases/records';
import { isCreditNote } from './fattura-pa';
import { MAX_OCR_MS, MAX_OCR_PIXELS, type OcrEngine } from './ocr';
import type { DocumentRows, DocumentStorage } from './ports';
import { pdfPageImages } from './pdf-images';
import {
  DocumentReadError,
  ILLEGIBLE_BELOW_CHARS,
  ocrReadsPicture,
  readDocument,
  type DocumentReading,
} from './read-document';
import {
  decodePictureGrey,
  greyOf,
  measureScan,
  scanAdvice,
  type GreyPixels,
} from './scan-quality';

/** Wall time for the OCR of one document in the reader (its function has 29 s). */
export const WORKER_OCR_MS = MAX_OCR_MS;

/** What the reader found, as the document row keeps it. */
export function storedReading(read: DocumentReading): NonNullable<DocumentRecord['reading']> {
  return {
    kind: read.kind,
    quality: read.quality,
    text_chars: read.text_chars,
    invoices: read.invoices.map((i) => ({
      number: i.number,
      date: i.date,
      supplier: i.supplier.name,
      supplier_vat: i.supplier.vat,
      ...(i.currency ? { currency: i.currency } : {}),
      ...(isCreditNote(i.documentType) ? { credit_note: true } : {}),
      ...(i.ocr
        ? {
            ocr_confidence: i.ocr.confidence,
            unsure: i.ocr.unsure,
            unsure_lines: i.ocr.unsureLines,
          }
        : {}),
      lines: i.lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        codes: l.codes,
        ...(typeof l.amount === 'number' ? { amount: l.amount } : {}),
      })),
    })),
  };
}

/**
 * Whether a reading made without OCR would have needed it: a picture OCR reads (not a
 * thumbnail, a cut file or one over the pixel limit: those are confirmed at once as they are),
 * a PDF without text.
 */
export function needsOcr(
  read: Pick<DocumentReading, 'fileType' | 'text_chars' | 'image'>,
): boolean {
  if (read.fileType === 'png' || read.fileType === 'jpeg' || read.fileType === 'gif')
    return read.image !== null && ocrReadsPicture(read.image);
  return read.fileType === 'pdf' && read.text_chars < ILLEGIBLE_BELOW_CHARS;
}

export interface ReadingJobDeps {
  rows: Pick<DocumentRows, 'findDocument'> & {
    /** Stores the reading of a pending document; false when gone or read already. */
    completeReading(doc: DocumentRecord, reading: StoredReading): Promise<boolean>;
  };
  storage: Pick<DocumentStorage, 'readObject'>;
  cases: Pick<CaseStore, 'dataChanged'>;
  ocr: OcrEngine;
  /** Wall time for a document's OCR; `WORKER_OCR_MS` unless the stack sets another. */
  ocrDeadlineMs?: number;
  log: { info(message: string, fields: Record<string, unknown>): void };
}

/** Document slots that hold a page (an invoice, a packing list, a proof of delivery). */
const PAGE_SLOTS: readonly DocType[] = ['fattura', 'distinta_imballaggio', 'pod'];

/** The first picture's pixels (a PNG, a JPEG photo, a PDF page's picture), where decoded. */
async function pixelsOf(bytes: Uint8Array, read: DocumentReading): Promise<GreyPixels | null> {
  if (read.fileType === 'png' || read.fileType === 'jpeg') {
    return decodePictureGrey(bytes, MAX_OCR_PIXELS);
  }
  if (read.fileType !== 'pdf') return null;
  try {
    const [page] = await pdfPageImages(bytes, { maxPages: 1, maxPixels: MAX_OCR_PIXELS });
    return page ? greyOf(page.data, page.width, page.height, page.channels) : null;
  } catch {
    return null;
  }
}

/** What a poorly read scan needs, measured on it; undefined when it read well. */
async function adviceFor(bytes: Uint8Array, read: DocumentReading) {
  const side =
    read.image?.width && read.image.height ? Math.min(read.image.width, read.image.height) : null;
  const outcome = read.ocr
    ? {
        words: read.text.split(/\s+/).filter(Boolean).length,
        confidence: read.ocr.confidence,
        fieldsRead: read.invoices.some((i) => i.number !== null || i.date !== null),
      }
    : null;
  return scanAdvice(measureScan(side, await pixelsOf(bytes, read)), outcome) ?? undefined;
}

/** The document's reading, by OCR unless `lastAttempt`; an unreadable file is illegible. */
async function readingOf(
  deps: ReadingJobDeps,
  doc: DocumentRecord,
  bytes: Uint8Array,
  lastAttempt: boolean,
): Promise<StoredReading> {
  let read: DocumentReading;
  try {
    read = await readDocument(bytes.subarray(0), doc.filename, {
      ocr: lastAttempt ? undefined : deps.ocr,
      ocrDeadlineMs: deps.ocrDeadlineMs ?? WORKER_OCR_MS,
    });
  } catch (error) {
    if (!(error instanceof DocumentReadError)) throw error;
    return { kind: 'unknown', quality: 'illegible', text_chars: 0, invoices: [] };
  }
  const stored = storedReading(read);
  if (!PAGE_SLOTS.includes(doc.doc_type)) return stored;
  const advice = await adviceFor(bytes, read);
  return advice ? { ...stored, scan_advice: advice } : stored;
}

export type ReadingOutcome = 'read' | 'gone' | 'already_read';

/** Reads one queued document (see the module comment). */
export async function readQueuedDocument(
  deps: ReadingJobDeps,
  message: { userId: string; documentId: string },
  options: { lastAttempt: boolean },
): Promise<ReadingOutcome> {
  const doc = await deps.rows.findDocument(message.userId, message.documentId);
  if (!doc) return 'gone';
  if (!doc.reading_pending) return 'already_read';
  const bytes = await deps.storage.readObject(doc.path);
  if (bytes === undefined) return 'gone';
  const started = Date.now();
  const reading = await readingOf(deps, doc, bytes, options.lastAttempt);
  const stored = await deps.rows.completeReading(doc, reading);
  deps.log.info('Document read in the background', {
    stored,
    ms: Date.now() - started,
    kind: reading.kind,
    quality: reading.quality,
    advice: reading.scan_advice ?? null,
  });
  if (!stored) return 'gone';
  await deps.cases.dataChanged(message.userId);
  return 'read';
}
