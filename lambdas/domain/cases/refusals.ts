import { DomainError, ReasonedRefusal, type Refusal } from '../errors';
import type { Language } from '../language';
import type { CaseRole, DocType } from './contract';
import { MAX_CASE_ATTACHMENT_BYTES } from './limits';
import { acceptedFormatsLabel } from './document-formats';
import { DOC_TYPE_LABELS, missingRequired } from './requirements';

/**
 * Why a case or one of its documents refuses what the seller asked. `bare` refusals answer
 * without `details` (a missing shipment, case or document says only that).
 */
const CASE_REFUSALS = {
  bad_extension: { kind: 'unprocessable', messageKey: 'fileFormatUnsupported' },
  content_mismatch: { kind: 'unprocessable', messageKey: 'fileContentMismatch' },
  too_large: { kind: 'too_large', messageKey: 'fileTooLarge' },
  empty: { kind: 'unprocessable', messageKey: 'fileEmpty' },
  case_too_large: { kind: 'too_large', messageKey: 'attachmentsTooLarge' },
  locked: { kind: 'unprocessable', messageKey: 'caseLocked' },
  not_owner: { kind: 'unprocessable', messageKey: 'documentNotYours' },
  pro_forma: { kind: 'unprocessable', messageKey: 'proFormaRefused' },
  xml_too_complex: { kind: 'unprocessable', messageKey: 'xmlTooComplex' },
  not_in_library: { kind: 'unprocessable', messageKey: 'invoiceNotInLibrary' },
  not_on_invoice: { kind: 'unprocessable', messageKey: 'invoiceNotForShipment' },
  already_attached: { kind: 'conflict', messageKey: 'invoiceAlreadyAttached' },
  same_file: { kind: 'conflict', messageKey: 'fileAlreadyUploaded' },
  invalid_reply_email: { kind: 'invalid_input', messageKey: 'replyEmailInvalid' },
  upload_not_found: { kind: 'unprocessable', messageKey: 'uploadNotFound', bare: true },
  shipment_not_found: { kind: 'not_found', messageKey: 'shipmentNotFound', bare: true },
  document_not_found: { kind: 'not_found', messageKey: 'documentNotFound', bare: true },
  supplier_not_found: { kind: 'not_found', messageKey: 'supplierNotFound', bare: true },
  line_not_found: { kind: 'not_found', messageKey: 'invoiceLineNotFound', bare: true },
  sku_not_found: { kind: 'not_found', messageKey: 'invoiceLineSkuNotFound', bare: true },
  case_not_found: { kind: 'not_found', messageKey: 'caseNotFound', bare: true },
  outcome_needs_sent_case: { kind: 'conflict', messageKey: 'outcomeNeedsSentCase', bare: true },
  send_check_not_pending: { kind: 'conflict', messageKey: 'sendCheckNotPending', bare: true },
  amazon_case_id_invalid: { kind: 'invalid_input', messageKey: 'amazonCaseIdInvalid' },
  case_not_openable: { kind: 'conflict', messageKey: 'caseNotOpenable' },
  marketplace_invalid: {
    kind: 'invalid_input',
    messageKey: 'feedbackMarketplaceInvalid',
    bare: true,
  },
} as const satisfies Record<string, Refusal & { bare?: true }>;

export type CaseRefusalReason = keyof typeof CASE_REFUSALS;

/**
 * A refusal about a case, its documents or the supplier library: its kind and message follow
 * from the reason (one table above), and the caller reads `{ reason }` in `details`.
 */
export class CaseRefused extends ReasonedRefusal<CaseRefusalReason> {
  constructor(
    reason: CaseRefusalReason,
    messageValues?: Readonly<Record<string, string | number>>,
  ) {
    const refusal: Refusal & { bare?: true } = CASE_REFUSALS[reason];
    super(reason, CASE_REFUSALS, { details: refusal.bare ? undefined : { reason }, messageValues });
  }
}

/** A file refused for its type, content or size, naming the formats the document type takes. */
export function fileRefused(
  reason: 'bad_extension' | 'content_mismatch' | 'too_large' | 'empty',
  docType: DocType,
): CaseRefused {
  return new CaseRefused(reason, { formats: acceptedFormatsLabel(docType) });
}

/** Issue 15: the case's documents would no longer fit one email to Amazon. */
export function caseTooLarge(): CaseRefused {
  return new CaseRefused('case_too_large', { limit: MAX_CASE_ATTACHMENT_BYTES / 1024 / 1024 });
}

/**
 * Spec 5: a dispute is neither drafted nor sent while the role's mandatory documents have no
 * file; the message names the missing ones in the caller's language.
 */
export class RequiredDocumentsMissing extends DomainError {
  readonly kind = 'unprocessable' as const;
  readonly messageKey = 'requiredDocumentsMissing' as const;

  constructor(missing: readonly DocType[], language: Language) {
    super('required documents missing', {
      details: { reason: 'required_documents_missing', missing },
      messageValues: {
        documents: missing.map((type) => DOC_TYPE_LABELS[type][language]).join(', '),
      },
    });
  }
}

/** Refuses with {@link RequiredDocumentsMissing} unless the role's mandatory documents have a file. */
export function refuseWithoutRequiredDocuments(
  role: CaseRole,
  documents: readonly { doc_type: DocType }[],
  language: Language,
): void {
  const missing = missingRequired(
    role,
    documents.map((document) => document.doc_type),
  );
  if (missing.length > 0) throw new RequiredDocumentsMissing(missing, language);
}
