/**
 * The HTTP contract of documents and cases (issue 6): every request and response body as a zod
 * schema and a TypeScript type. Pure (zod only), so the web app imports the same schemas.
 *
 * Routes (all need the Cognito bearer token; every read and write is scoped to the caller):
 *
 *   POST   /api/documents/upload-url          DocumentUploadUrlRequest   → DocumentUploadUrlResponse
 *          presigned PUT (15 min) to `{user}/shipments/{shipment}/{docType}/{yyyy}/{mm}/{ts}_{name}`;
 *          the browser must send exactly the returned `headers` (Content-Type, Content-Length are signed)
 *   POST   /api/documents/confirm             DocumentConfirmRequest     → DocumentConfirmResponse
 *          the server reads the object back (magic bytes, size, reader, pro forma); only then writes
 *          the case_documents row, the audit row and upserts the case (status ready, role). On refusal
 *          the object is deleted and nothing is written (422 with a message).
 *   GET    /api/documents?shipmentId=…        —                          → DocumentListResponse (newest first)
 *   GET    /api/documents/{id}/download-url   —                          → DocumentDownloadUrlResponse (3600 s)
 *   DELETE /api/documents/{id}                —                          → DocumentDeleteResponse (file, then row)
 *
 *   GET    /api/cases?limit=&cursor=&status=  CaseListQuery              → CaseListResponse
 *          one page of the caller's cases, last changed first (`reset:true`), with `cursor` for
 *          the next. `version` marks the latest change: poll `GET /api/cases?since=<version>`
 *          every few seconds (live updates); it answers only the cases changed since (oldest
 *          first, `reset:false`), `{ changed:false, cases:[] }` while nothing changed, and the
 *          first page again (`reset:true`) when too many changed or the version is unknown.
 *   GET    /api/cases/{shipmentId}            —                          → CaseDetailResponse (case null when none)
 *   POST   /api/cases/{shipmentId}/opened     CaseOpenedRequest          → CaseOpenedResponse (Amazon's case id, opened_by_user_at, in_lavorazione)
 *   PUT    /api/cases/{shipmentId}/draft      CaseDraftRequest           → CaseDraftResponse (the sheet's notes, kept per case)
 *   POST   /api/cases/{shipmentId}/send-check SendCheckRequest           → SendCheckResponse (a to_check case settled)
 *   POST   /api/cases/{shipmentId}/outcome    CaseOutcomeRequest         → CaseOutcomeResponse (Amazon's case id, outcome)
 *
 *   POST   /api/api-cases                     ApiCasesRequest            → ApiCasesResponse
 *   POST   /api/submit-reimbursement          SubmitReimbursementRequest → SubmitReimbursementResponse
 *   POST   /api/generate-case-draft           GenerateCaseDraftRequest   → GenerateCaseDraftResponse
 *   POST   /api/demo-cs-poller                DemoPollerRequest          → DemoPollerResponse (one step, own demo case)
 *
 * Errors: `{ ok:false, error, message, details? }` with the status codes of spec 8 (401, 403, 404,
 * 422, 429); `message` is in the caller's language (Accept-Language).
 */
import * as z from 'zod';
import { LANGUAGES } from '../language';

export const ROLES = ['rivenditore', 'produttore'] as const;
export const roleSchema = z.enum(ROLES);
export type CaseRole = z.infer<typeof roleSchema>;

/** spec 3, document types (doc_type). */
export const DOC_TYPES = ['fattura', 'distinta_imballaggio', 'pod', 'foto_pacco'] as const;
export const docTypeSchema = z.enum(DOC_TYPES);
export type DocType = z.infer<typeof docTypeSchema>;

/** The four dispute templates of spec 2.8. */
export const DISPUTE_TEMPLATES = ['first', 'follow_up', 'reply_rejection', 'second_reply'] as const;
export const disputeTemplateSchema = z.enum(DISPUTE_TEMPLATES);
export type DisputeTemplate = z.infer<typeof disputeTemplateSchema>;

export const languageSchema = z.enum(LANGUAGES);

/** Normalised statuses of spec 4.1. */
export const NORMALIZED_STATUSES = [
  'ready',
  'submitted',
  'in_progress',
  'response_received',
  'reimbursed',
  'follow_up_needed',
  'rejected',
  'rejected_second',
  'closed_rejected',
  /**
   * The mail provider may have accepted the dispute but the case never recorded it (the
   * function stopped between the two): nothing is resent until the seller says whether it went.
   */
  'to_check',
  /** Amazon reimbursed part of the missing units (its report, or the seller's record). */
  'partly_reimbursed',
  /** Amazon found the units: a later sync shows them received, or the seller says so. */
  'found',
] as const;
export const normalizedStatusSchema = z.enum(NORMALIZED_STATUSES);
export type NormalizedStatus = z.infer<typeof normalizedStatusSchema>;

// The case limits live in their own module, which code without the contract's schemas (the
// poller's follow-up draft, the submission) imports alone.
export { MAX_UPLOAD_BYTES, MAX_CASE_ATTACHMENT_BYTES, DAILY_SUBMISSIONS } from './limits';
export const DOWNLOAD_URL_SECONDS = 3600;
export const UPLOAD_URL_SECONDS = 900;

const shipmentIdSchema = z.string().trim().min(1).max(64);

// ---------------------------------------------------------------- documents

export const documentUploadUrlRequest = z.object({
  shipmentId: shipmentIdSchema,
  role: roleSchema,
  docType: docTypeSchema,
  fileName: z.string().min(1).max(255),
  size: z.number().int().positive(),
  /** The browser's File.type; the server signs the one it derives from the extension. */
  contentType: z.string().max(200).optional(),
});
export type DocumentUploadUrlRequest = z.infer<typeof documentUploadUrlRequest>;

export const documentUploadUrlResponse = z.object({
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** Send exactly these headers with the PUT (they are part of the signature). */
  headers: z.object({ 'Content-Type': z.string(), 'Content-Length': z.string() }),
  /** Storage path (object key) to pass to confirm. */
  path: z.string(),
  /** The sanitised file name. */
  fileName: z.string(),
  expiresIn: z.number(),
});
export type DocumentUploadUrlResponse = z.infer<typeof documentUploadUrlResponse>;

export const documentConfirmRequest = z.object({
  shipmentId: shipmentIdSchema,
  role: roleSchema,
  docType: docTypeSchema,
  path: z.string().min(1).max(1024),
});
export type DocumentConfirmRequest = z.infer<typeof documentConfirmRequest>;

/** `GET /api/documents?shipmentId=…`: within DynamoDB's key size (issue 11). */
export const documentListQuery = z.object({ shipmentId: z.string().min(1).max(64) });

/** `/api/documents/{id}…`: an id longer than any real one names no document (404). */
export const documentIdPath = z.object({ id: z.string().max(200) });

/** A warning about a document (reader quality, invoice vs shipment), already in the caller's language. */
export const documentWarning = z.object({
  code: z.string(),
  message: z.string(),
});
export type DocumentWarning = z.infer<typeof documentWarning>;

/** What the reader found in a document (spec 4.5 quality, extracted invoices). */
export const documentReadingSummary = z.object({
  kind: z.enum(['fattura', 'ddt', 'pod', 'foto', 'unknown']),
  quality: z.enum(['ok', 'low', 'illegible']),
  text_chars: z.number(),
  invoices: z.array(
    z.object({
      number: z.string().nullable(),
      date: z.string().nullable(),
      supplier: z.string().nullable(),
      lines: z.number(),
      /** Read by OCR: the engine's confidence (0-100) and the fields to verify. */
      ocr_confidence: z.number().optional(),
      unsure: z.array(z.enum(['number', 'date', 'supplier'])).optional(),
    }),
  ),
});
export type DocumentReadingSummary = z.infer<typeof documentReadingSummary>;

export const caseDocument = z.object({
  id: z.string(),
  shipment_id: z.string(),
  doc_type: docTypeSchema,
  path: z.string(),
  filename: z.string(),
  size: z.number(),
  created_at: z.string(),
  reading: documentReadingSummary.nullable(),
  /** A scan or photo still being read in the background ("lettura in corso"). */
  reading_pending: z.boolean().optional(),
  warnings: z.array(documentWarning),
});
export type CaseDocument = z.infer<typeof caseDocument>;

// ---------------------------------------------------------------- cases

/**
 * Who carried a dispute: SES in AWS, SMTP locally, `simulated` for a demo case (nothing is
 * mailed), `seller_confirmed` when the seller told us a send of unknown outcome did go out.
 */
export const sentProviderSchema = z.enum(['ses', 'smtp', 'simulated', 'seller_confirmed']);
export type SentProvider = z.infer<typeof sentProviderSchema>;

export const caseView = z.object({
  id: z.string(),
  shipment_id: z.string(),
  role: roleSchema.nullable(),
  /** Stored status, as the spec's variants (ready, Inviato, in_lavorazione, rimborsato, …). */
  status: z.string(),
  normalized_status: normalizedStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  document_url: z.string().nullable(),
  opened_by_user_at: z.string().nullable(),
  prepared_reply_txt: z.string().nullable(),
  attachments_summary: z.string().nullable(),
  demo_mode: z.boolean(),
  last_customer_service_status: z.string().nullable(),
  last_response_excerpt: z.string().nullable(),
  submitted_at: z.string().nullable(),
  sent_provider: sentProviderSchema.nullable(),
  sent_message_id: z.string().nullable(),
  sent_to: z.string().nullable(),
  language: languageSchema.nullable(),
  /** The dispute language the seller chose; null: the marketplace's (Italian for Amazon.it). */
  dispute_language: languageSchema.nullable().optional(),
  amazon_case_id: z.string().nullable(),
  reimbursed_amount: z.number().nullable(),
  reimbursed_currency: z.string().nullable(),
  units_recovered: z.number().nullable(),
  outcome_source: z.enum(['report', 'seller', 'sync']).nullable(),
});
export type CaseView = z.infer<typeof caseView>;

/** A page of the case list: at most this many cases, and never more than `CASE_PAGE_BYTES`. */
export const CASE_PAGE_MAX = 100;
export const CASE_PAGE_BYTES = 90 * 1024;

export const caseListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CASE_PAGE_MAX).default(50),
  cursor: z.string().max(2000).optional(),
  status: normalizedStatusSchema.optional(),
  /** The `version` of an earlier answer: only the cases changed since. */
  since: z.string().max(300).optional(),
});
export type CaseListQuery = z.infer<typeof caseListQuery>;

export const caseListResponse = z.object({
  cases: z.array(caseView),
  version: z.string(),
  /** false only when `since` was given and no case changed since (then cases is empty). */
  changed: z.boolean(),
  /**
   * true: `cases` is a page of the list (the first, or the one `cursor` asked for); false: the
   * cases changed since `since`, to merge into the list already held.
   */
  reset: z.boolean(),
  /** The next page of the list, or null on the last page (and on an answer to `since`). */
  cursor: z.string().nullable(),
});
export type CaseListResponse = z.infer<typeof caseListResponse>;

/** The sheet's notes per attachment type (tracking is a note of its own, not a document). */
export const DRAFT_NOTE_KEYS = [...DOC_TYPES, 'tracking'] as const;
export const caseDraftNotes = z.partialRecord(z.enum(DRAFT_NOTE_KEYS), z.string().max(2000));
export type CaseDraftNotes = z.infer<typeof caseDraftNotes>;

/** What the seller typed in the case sheet and has not used yet, kept with the case. */
export const caseDraft = z.object({ notes: caseDraftNotes, updated_at: z.string() });
export type CaseDraft = z.infer<typeof caseDraft>;

/**
 * How this case is filed (issue 29): on the Seller Central of the shipment's marketplace, where
 * the seller opens it; by email only when Amazon's reply address for that marketplace is saved.
 */
export const caseFiling = z.object({
  /** The storefront domain of the shipment's marketplace (`amazon.it`). */
  marketplace: z.string(),
  /** Seller Central's page where the seller opens the case. */
  seller_central_url: z.string(),
  /** Amazon's reply address saved for the marketplace, or null: no email way. */
  reply_email: z.string().nullable(),
});
export type CaseFiling = z.infer<typeof caseFiling>;

export const caseDetailResponse = z.object({
  case: caseView.nullable(),
  documents: z.array(caseDocument),
  /** Null when the shipment is not the caller's. */
  filing: caseFiling.nullable(),
  draft: caseDraft.nullable(),
});
export type CaseDetailResponse = z.infer<typeof caseDetailResponse>;

export const documentConfirmResponse = z.object({
  ok: z.literal(true),
  document: caseDocument,
  case: caseView,
});
export type DocumentConfirmResponse = z.infer<typeof documentConfirmResponse>;

export const documentListResponse = z.object({ documents: z.array(caseDocument) });
export type DocumentListResponse = z.infer<typeof documentListResponse>;

export const documentDownloadUrlResponse = z.object({
  url: z.string(),
  expiresIn: z.literal(DOWNLOAD_URL_SECONDS),
  filename: z.string(),
});
export type DocumentDownloadUrlResponse = z.infer<typeof documentDownloadUrlResponse>;

export const documentDeleteResponse = z.object({ ok: z.literal(true), message: z.string() });
export type DocumentDeleteResponse = z.infer<typeof documentDeleteResponse>;

/** Amazon's case id: the number Seller Central shows for a case (5 to 15 digits). */
export const amazonCaseIdSchema = z
  .string()
  .trim()
  .regex(/^\d{5,15}$/, 'Amazon case ids are 5 to 15 digits');

/** `POST /api/cases/{shipmentId}/opened`: "I opened the case", with Amazon's case id. */
export const caseOpenedRequest = z.object({ amazon_case_id: amazonCaseIdSchema });
export type CaseOpenedRequest = z.infer<typeof caseOpenedRequest>;

/** `PUT /api/cases/{shipmentId}/draft`: the sheet's notes as they are now (empty clears). */
export const caseDraftRequest = z.object({ notes: caseDraftNotes });
export type CaseDraftRequest = z.infer<typeof caseDraftRequest>;

export const caseDraftResponse = z.object({ ok: z.literal(true), draft: caseDraft.nullable() });
export type CaseDraftResponse = z.infer<typeof caseDraftResponse>;

export const caseOpenedResponse = z.object({
  ok: z.literal(true),
  /** "Shipment marked as In progress" in the caller's language. */
  message: z.string(),
  case: caseView,
});
export type CaseOpenedResponse = z.infer<typeof caseOpenedResponse>;

// ---------------------------------------------------------------- server functions (spec 7.5)

export const apiCasesRequest = z.object({
  /** `supplier_docs/<path>` or the bare path; must be one of the caller's documents. */
  documentPath: z.string().min(1).max(1100).optional(),
  role: roleSchema,
  shipmentId: shipmentIdSchema,
});
export type ApiCasesRequest = z.infer<typeof apiCasesRequest>;

export const caseRef = z.object({ id: z.string(), status: z.string() });

export const apiCasesResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  action: z.enum(['created', 'updated', 'already_in_progress']),
  case: caseRef,
  case_id: z.string(),
});
export type ApiCasesResponse = z.infer<typeof apiCasesResponse>;

export const submitReimbursementRequest = z.object({
  shipmentId: shipmentIdSchema,
  /** Debug variant (spec 7.5); when given it must be the caller's case of that shipment. */
  case_id: z.string().min(1).max(100).optional(),
  language: languageSchema.optional(),
});
export type SubmitReimbursementRequest = z.infer<typeof submitReimbursementRequest>;

export const submitReimbursementResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  case: caseRef,
  action: z.enum(['created', 'reused']),
  sent_provider: sentProviderSchema.nullable(),
  sent_message_id: z.string().nullable(),
  /** Demo cases: true, nothing was mailed to anyone. */
  simulated: z.boolean(),
});
export type SubmitReimbursementResponse = z.infer<typeof submitReimbursementResponse>;

/**
 * `POST /api/cases/{shipmentId}/send-check`: the seller settles a case whose send has an unknown
 * outcome (status to_check): `sent` when their copy of the dispute or Seller Central shows it
 * went, `not_sent` to make the case ready to be sent again.
 */
/**
 * The path of the cases routes: a shipment id longer than any real one (64) would exceed
 * DynamoDB's key size (issue 11), so it names no case (404). Absent on the list route.
 */
export const casePath = z.object({ shipmentId: z.string().max(64).optional() });

export const sendCheckRequest = z.object({ outcome: z.enum(['sent', 'not_sent']) });
export type SendCheckRequest = z.infer<typeof sendCheckRequest>;

/**
 * `POST /api/cases/{shipmentId}/outcome`: what the seller learnt from Amazon, recorded by hand:
 * Amazon's case id, and the outcome when there is one.
 */
export const caseOutcomeRequest = z
  .object({
    amazon_case_id: amazonCaseIdSchema.optional(),
    outcome: z
      .discriminatedUnion('kind', [
        z.object({
          kind: z.literal('reimbursed'),
          amount: z.number().positive().max(1_000_000),
          currency: z.enum(['EUR', 'GBP', 'PLN', 'SEK']),
          /** Fewer units than were missing: partly reimbursed. */
          units: z.number().int().positive().max(1_000_000).optional(),
        }),
        z.object({ kind: z.literal('rejected'), reason: z.string().trim().min(1).max(2000) }),
        z.object({ kind: z.literal('found'), units: z.number().int().positive().max(1_000_000) }),
      ])
      .optional(),
  })
  .refine((body) => body.amazon_case_id !== undefined || body.outcome !== undefined, {
    message: 'amazon_case_id or outcome is required',
  });
export type CaseOutcomeRequest = z.infer<typeof caseOutcomeRequest>;

export const caseOutcomeResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  case: caseView,
});
export type CaseOutcomeResponse = z.infer<typeof caseOutcomeResponse>;

export const sendCheckResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  case: caseView,
});
export type SendCheckResponse = z.infer<typeof sendCheckResponse>;

export const generateCaseDraftRequest = z.object({
  shipment_id: shipmentIdSchema,
  template: disputeTemplateSchema.default('first'),
  /** Defaults to the case's role, then rivenditore. */
  role: roleSchema.optional(),
  /**
   * The dispute's language when the seller chooses one (kept on the case); defaults to the one
   * chosen before, then the marketplace's (Italian for Amazon.it, English otherwise).
   */
  language: languageSchema.optional(),
  /** Free notes per attachment type (case-preparation sheet). */
  notes: z.partialRecord(docTypeSchema, z.string().max(2000)).optional(),
  /** Stores the text as the case's prepared_reply_txt (validate button). Default true. */
  save: z.boolean().default(true),
});
export type GenerateCaseDraftRequest = z.input<typeof generateCaseDraftRequest>;

export const generateCaseDraftResponse = z.object({
  subject: z.string(),
  text: z.string(),
  attachments_summary: z.string(),
  language: languageSchema,
  role: roleSchema,
  template: disputeTemplateSchema,
  /** Present when the text could not be built from the documents alone (quality warnings). */
  warnings: z.array(documentWarning),
});
export type GenerateCaseDraftResponse = z.infer<typeof generateCaseDraftResponse>;

export const demoPollerRequest = z.object({ case_id: z.string().min(1).max(100) });
export type DemoPollerRequest = z.infer<typeof demoPollerRequest>;

export const demoPollerResponse = z.object({
  ok: z.literal(true),
  /** "Risposta simulata" / "Response simulated". */
  message: z.string(),
  case: caseView,
});
export type DemoPollerResponse = z.infer<typeof demoPollerResponse>;
