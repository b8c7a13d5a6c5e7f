import * as storage from '../adapters/documents';
import { completeReading, findDocument } from '../adapters/dynamo/case-documents';
import { tesseractEngine } from '../adapters/ocr/tesseract';
import type { ReadingJobDeps } from '../domain/documents/background-reading';
import { logger } from '../shared/logger';
import { caseStore } from './case-store';

/**
 * `READING_OCR_MS`: the OCR's wall time a document, set only where no Lambda timeout bounds the
 * reader (the end-to-end stack on a shared machine, where a page waits for a core); the deployed
 * function keeps `WORKER_OCR_MS` within its 29 s.
 */
function ocrDeadlineMs(): number | undefined {
  const ms = Number(process.env.READING_OCR_MS);
  return Number.isInteger(ms) && ms > 0 ? ms : undefined;
}

/** The reading worker's ports: the document rows, the bucket, and the OCR engine. */
export const readingWorkerDependencies: ReadingJobDeps = {
  rows: { findDocument, completeReading },
  storage,
  cases: caseStore,
  ocr: tesseractEngine(),
  ocrDeadlineMs: ocrDeadlineMs(),
  log: { info: (message, fields) => logger.info(message, fields) },
};
