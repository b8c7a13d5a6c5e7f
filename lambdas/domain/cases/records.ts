/** The stored shapes of cases and documents, shared by the domain and the adapters. Pure. */
import type { CaseRole, CaseView, DocType, SentProvider } from './contract';
import { normalizeStatus } from './status';
import type { Language } from '../language';

/** A case row's fields (spec 3, cases) plus the sending bookkeeping. */
export interface CaseRecord {
  id: string;
  user_id: string;
  shipment_id: string;
  role: CaseRole | null;
  status: string;
  created_at: string;
  updated_at: string;
  document_url: string | null;
  opened_by_user_at: string | null;
  prepared_reply_txt: string | null;
  attachments_summary: string | null;
  demo_mode: boolean;
  last_customer_service_status: string | null;
  last_response_excerpt: string | null;
  submitted_at: string | null;
  sent_provider: SentProvider | null;
  sent_message_id: string | null;
  sent_to: string | null;
  language: Language | null;
  /** The dispute language the seller chose for the case (case sheet); null: the marketplace's. */
  dispute_language?: Language | null;
  /** Demo poller: how many simulated replies the case has had. */
  poll_step: number;
  /** Amazon's case id, as the seller recorded it (issue 16). */
  amazon_case_id: string | null;
  /** Money Amazon paid back for the case, and its currency (its report, or the seller). */
  reimbursed_amount: number | null;
  reimbursed_currency: string | null;
  /** Units paid for or given back, or found by Amazon. */
  units_recovered: number | null;
  /** The report's reimbursement ids counted for the case. */
  reimbursement_ids: string[];
  /** Where the outcome came from: Amazon's report, the seller, or a later sync. */
  outcome_source: 'report' | 'seller' | 'sync' | null;
}

/** A case_documents row (spec 3) plus what the reader found. */
export interface DocumentRecord {
  id: string;
  user_id: string;
  shipment_id: string;
  doc_type: DocType;
  path: string;
  filename: string;
  size: number;
  content_type: string;
  created_at: string;
  reading: StoredReading | null;
  /**
   * Set on an invoice attached from the supplier library: the document it was copied from
   * (whose invoices the library lists).
   */
  source_document_id?: string | null;
  /** SHA-256 of the stored bytes (hex), to recognise the same file uploaded again. */
  sha256?: string | null;
  /**
   * Set while a scan or photo waits to be read in the background (issue 33): `reading` is null
   * until the reading worker stores it.
   */
  reading_pending?: boolean;
}

export interface StoredReading {
  kind: 'fattura' | 'ddt' | 'pod' | 'foto' | 'unknown';
  quality: 'ok' | 'low' | 'illegible';
  text_chars: number;
  /** A scan read poorly: what was measured on it (see `scan-quality.ts`); since issue 33. */
  scan_advice?: 'too_small' | 'too_dark' | 'too_blurred' | 'unreadable';
  invoices: {
    number: string | null;
    date: string | null;
    supplier: string | null;
    /** The supplier's VAT id (stored since the supplier library; older rows lack it). */
    supplier_vat?: string | null;
    /** The currency of the invoice's amounts, as written (FatturaPA `Divisa`; since unit costs). */
    currency?: string | null;
    /** Set on a credit note (TD04, TD08): its lines give no unit cost. */
    credit_note?: boolean;
    /** Read by OCR: the lowest word confidence of its fields (0-100); absent for text. */
    ocr_confidence?: number;
    /** Read by OCR under the trusted confidence: shown "da verificare", never checked. */
    unsure?: ('number' | 'date' | 'supplier')[];
    /** Indexes of the lines read under the trusted confidence (their quantities are not used). */
    unsure_lines?: number[];
    lines: {
      description: string;
      quantity: number | null;
      unit: string | null;
      /** Article codes of the line (FatturaPA CodiceArticolo), matched against SKUs. */
      codes?: string[];
      /** The line's total amount as read (FatturaPA `PrezzoTotale`; since unit costs). */
      amount?: number | null;
    }[];
  }[];
}

export function toCaseView(record: CaseRecord): CaseView {
  return {
    id: record.id,
    shipment_id: record.shipment_id,
    role: record.role,
    status: record.status,
    normalized_status: normalizeStatus(record.status),
    created_at: record.created_at,
    updated_at: record.updated_at,
    document_url: record.document_url,
    opened_by_user_at: record.opened_by_user_at,
    prepared_reply_txt: record.prepared_reply_txt,
    attachments_summary: record.attachments_summary,
    demo_mode: record.demo_mode,
    last_customer_service_status: record.last_customer_service_status,
    last_response_excerpt: record.last_response_excerpt,
    submitted_at: record.submitted_at,
    sent_provider: record.sent_provider,
    sent_message_id: record.sent_message_id,
    sent_to: record.sent_to,
    language: record.language,
    dispute_language: record.dispute_language ?? null,
    amazon_case_id: record.amazon_case_id,
    reimbursed_amount: record.reimbursed_amount,
    reimbursed_currency: record.reimbursed_currency,
    units_recovered: record.units_recovered,
    outcome_source: record.outcome_source,
  };
}
