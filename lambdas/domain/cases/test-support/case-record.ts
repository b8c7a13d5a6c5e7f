import type { CaseRecord } from '../records';

/**
 * A case as a test needs it (not shipped in any Lambda): ready, never sent, no outcome, with the
 * fields a test cares about given in `fields`.
 */
export function caseRecord(shipmentId: string, fields: Partial<CaseRecord> = {}): CaseRecord {
  return {
    id: `case-${shipmentId}`,
    user_id: 'seller-1',
    shipment_id: shipmentId,
    role: 'rivenditore',
    status: 'ready',
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    document_url: null,
    opened_by_user_at: null,
    prepared_reply_txt: null,
    attachments_summary: null,
    demo_mode: false,
    last_customer_service_status: null,
    last_response_excerpt: null,
    submitted_at: null,
    sent_provider: null,
    sent_message_id: null,
    sent_to: null,
    language: 'it',
    poll_step: 0,
    amazon_case_id: null,
    reimbursed_amount: null,
    reimbursed_currency: null,
    units_recovered: null,
    reimbursement_ids: [],
    outcome_source: null,
    ...fields,
  };
}
