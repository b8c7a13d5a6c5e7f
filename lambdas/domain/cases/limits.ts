import { DAILY_QUOTAS } from '../quotas';

/**
 * A case's limits, apart from the API contract (lambdas/domain/cases/contract.ts re-exports
 * them) so that code which needs only a number does not bundle the contract's schemas.
 */

/** Upload limits (spec 5 and 9, plus .xml/.p7m for electronic invoices). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/**
 * All the documents of one case together. They travel as attachments of one email, and SES
 * refuses a message over 40 MB after encoding: base64 grows the bytes by 4/3 and its line
 * breaks by another 2/76, so 25 MB of files make about 34.2 MB, leaving room for the text,
 * the headers and each part's own headers.
 */
export const MAX_CASE_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** Disputes a seller may mail to Amazon in one UTC day (spec 9 has none; see README). */
export const DAILY_SUBMISSIONS = DAILY_QUOTAS.submit;
