import type { CaseRole, DocType } from '../domain/cases/contract';
import { DOC_TYPE_LABELS, missingRequired } from '../domain/cases/requirements';
import type { Language } from '../domain/language';
import { UnprocessableError } from './errors';
import { formatMessage } from './messages';

/**
 * Spec 5: a dispute is neither drafted nor sent while the role's mandatory document (the
 * invoice of a reseller, the packing list of a producer) has no file. The web app hides the
 * buttons; this is the server's own refusal, shared by generate-case-draft and
 * submit-reimbursement: 422 naming the missing documents in the caller's language.
 */
export function refuseWithoutRequiredDocuments(
  role: CaseRole,
  documents: readonly { doc_type: DocType }[],
  language: Language,
): void {
  const missing = missingRequired(
    role,
    documents.map((document) => document.doc_type),
  );
  if (missing.length === 0) return;
  throw new UnprocessableError(
    formatMessage('requiredDocumentsMissing', language, {
      documents: missing.map((type) => DOC_TYPE_LABELS[type][language]).join(', '),
    }),
    { reason: 'required_documents_missing', missing },
  );
}
