import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CaseRecord } from '../../domain/cases/records';
import type { CaseRole } from '../../domain/cases/contract';
import { STORED_STATUS } from '../../domain/cases/status';
import { table } from './client';
import { caseKeys } from './keys';

/**
 * How a case is stored: its row read as a record, and the expression parts every case write
 * shares (the listing key, the awaiting-outcome index, a conditional update). Used by the cases
 * adapter and by the outcome writes beside it.
 */

/** The send phase of a case whose message may be out (domain/cases/submit.ts). */
export const SENDING = 'sending';

/**
 * The listing key of a case changed at `at` (GSI1, `caseKeys.caseListing`), as expression
 * values for `SET GSI1PK = :listPk, GSI1SK = :listSk`; every write that sets `updated_at` sets it.
 */
export function listingValues(userId: string, shipmentId: string, at: string) {
  const listing = caseKeys.caseListing(userId, at, shipmentId);
  return { ':listPk': listing.GSI1PK, ':listSk': listing.GSI1SK };
}
export const SET_LISTING = 'GSI1PK = :listPk, GSI1SK = :listSk';

/**
 * A send that lapsed in the sending phase (see domain/cases/submit.ts): the message may be out.
 * The case reads as to_check from the moment the lease lapses, before any write says so.
 */
export function sendUnverified(item: Record<string, unknown>, nowIso: string): boolean {
  return (
    item.send_phase === SENDING &&
    typeof item.send_lease_until === 'string' &&
    item.send_lease_until < nowIso &&
    typeof item.sent_message_id !== 'string'
  );
}

/** A case row (spec 3, cases): one per user and shipment. */
export function toRecord(item: Record<string, unknown>): CaseRecord {
  const s = (k: string) => (typeof item[k] === 'string' ? (item[k] as string) : null);
  const unverified = sendUnverified(item, new Date().toISOString());
  return {
    id: item.id as string,
    user_id: item.user_id as string,
    shipment_id: item.shipment_id as string,
    role: (s('role') as CaseRole | null) ?? null,
    status: unverified ? STORED_STATUS.toCheck : (s('status') ?? 'ready'),
    created_at: item.created_at as string,
    updated_at: s('updated_at') ?? (item.created_at as string),
    document_url: s('document_url'),
    opened_by_user_at: s('opened_by_user_at'),
    prepared_reply_txt: s('prepared_reply_txt'),
    attachments_summary: s('attachments_summary'),
    demo_mode: item.demo_mode === true,
    last_customer_service_status: s('last_customer_service_status'),
    last_response_excerpt: s('last_response_excerpt'),
    submitted_at: s('submitted_at'),
    sent_provider: s('sent_provider') as CaseRecord['sent_provider'],
    sent_message_id: s('sent_message_id'),
    sent_to: s('sent_to'),
    language: s('language') as CaseRecord['language'],
    dispute_language: s('dispute_language') as CaseRecord['language'],
    poll_step: typeof item.poll_step === 'number' ? item.poll_step : 0,
    amazon_case_id: s('amazon_case_id'),
    reimbursed_amount: typeof item.reimbursed_amount === 'number' ? item.reimbursed_amount : null,
    reimbursed_currency: s('reimbursed_currency'),
    units_recovered: typeof item.units_recovered === 'number' ? item.units_recovered : null,
    reimbursement_ids: Array.isArray(item.reimbursement_ids)
      ? (item.reimbursement_ids as unknown[]).filter((v): v is string => typeof v === 'string')
      : [],
    outcome_source: s('outcome_source') as CaseRecord['outcome_source'],
  };
}

/**
 * `SET` clauses for the given fields; a new `updated_at` moves the case's listing key with it.
 */
export function setParts(userId: string, shipmentId: string, set: Record<string, unknown>) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.entries(set).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  if (typeof set.updated_at === 'string') {
    Object.assign(values, listingValues(userId, shipmentId, set.updated_at));
    parts.push(SET_LISTING);
  }
  return { names, values, parts };
}

/** Runs a conditional update of a case: the case as written, or undefined when the condition did not hold. */
export async function updateCase(command: UpdateCommand): Promise<CaseRecord | undefined> {
  try {
    const { Attributes } = await table.send(command);
    return toRecord(Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}

/** The sparse index entry of a real case waiting for Amazon's outcome, as update values. */
export function awaitingValues(userId: string, shipmentId: string) {
  const index = caseKeys.caseAwaitingOutcome(userId, shipmentId);
  return { ':awaitPk': index.GSI2PK, ':awaitSk': index.GSI2SK };
}
