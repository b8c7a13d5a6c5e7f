import * as storage from '../adapters/documents';
import { completeReading, findDocument } from '../adapters/dynamo/case-documents';
import { tesseractEngine } from '../adapters/ocr/tesseract';
import type { ReadingJobDeps } from '../domain/documents/background-reading';
import { logger } from '../shared/logger';
import { caseStore } from './case-store';

/** The reading worker's ports: the document rows, the bucket, and the OCR engine. */
export const readingWorkerDependencies: ReadingJobDeps = {
  rows: { findDocument, completeReading },
  storage,
  cases: caseStore,
  ocr: tesseractEngine(),
  log: { info: (message, fields) => logger.info(message, fields) },
};
