import { MAX_UPLOAD_BYTES, type DocType, type DocumentWarning } from '@domain/cases/contract';
import { ACCEPTED_EXTENSIONS } from '@domain/cases/document-formats';

/** Spec 5: photos take images only; the other types take PDF, images, ZIP and e-invoices. */
export function acceptedExtensions(docType: DocType): readonly string[] {
  return ACCEPTED_EXTENSIONS[docType];
}

export type FileProblem = 'too_large' | 'bad_format';

/** The browser's early check; the server checks the real bytes again. */
export function checkFile(file: File, docType: DocType): FileProblem | undefined {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !acceptedExtensions(docType).includes(extension)) {
    return 'bad_format';
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'too_large';
  return undefined;
}

/**
 * The warnings worth listing under a document. The server words them in the caller's language
 * with their figures (invoice number and dates, SKU, missing and invoiced units); the quality
 * ones repeat the quality line already shown from the reading, so they are left out there.
 */
export function visibleWarnings(
  warnings: readonly DocumentWarning[],
  hasReading: boolean,
): DocumentWarning[] {
  return warnings.filter((warning) => !(hasReading && warning.code.startsWith('quality_')));
}
