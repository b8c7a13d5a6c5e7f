/**
 * submit-reimbursement (spec 7.5, 5): sends the dispute by email to the marketplace's reply
 * address with the documents attached, exactly once per case.
 *
 * Exactly once, even when the function dies half-way. The case row carries the send's state:
 *
 *   claimed   a sender holds a lease (conditional write: nothing sent, no lease in force);
 *             nothing has left yet, so a lease that lapses here may be claimed again.
 *   sending   written, under the lease, just before the mail provider is called. From here on
 *             the message may be out: a lapsed lease in this phase is never claimed again.
 *             The case shows "to be checked" (to_check) until the seller says whether the
 *             dispute went (their copy of it, or Seller Central), never a silent resend.
 *   sent      the provider accepted the message and the case records its id. Recording it is
 *             retried; if every try fails the lease is kept (not released), so the case goes
 *             to "to be checked" rather than back to ready.
 *
 * A send refused by the provider (an error before acceptance) releases the lease and marks
 * nothing, so the seller's retry sends once. Concurrent callers wait for the holder's outcome
 * and answer `reused`.
 *
 * Demo cases never reach Amazon: their submission is simulated (no mail to anyone), and the
 * case walks the demo path: processing, then sent, then the simulated replies.
 */
import type { CaseRole, DocType, SentProvider } from './contract';
import { DAILY_SUBMISSIONS, MAX_CASE_ATTACHMENT_BYTES } from './limits';
import {
  buildDisputeText,
  disputeLanguageFor,
  type DisputeItem,
  type DisputeSender,
  type DisputeShipment,
} from './dispute-text';
import type { CaseRecord, DocumentRecord } from './records';
import { normalizeStatus, STORED_STATUS } from './status';
import { ReasonedRefusal, type Refusal } from '../errors';
import { escapeHtml } from '../html';
import { dayWindow } from '../quotas';
import type { Language } from '../language';

/** Longer than any sender can run (the function times out within 29 s). */
export const SEND_LEASE_MS = 60_000;
/** How long a concurrent caller waits for the lease holder before answering. */
const WAIT_FOR_HOLDER_MS = 25_000;
const WAIT_STEP_MS = 200;
/** Tries at recording a send the provider accepted, and the pause before each retry. */
const RECORD_RETRIES_MS = [0, 250, 1_000, 3_000] as const;

export type SubmitRefusal =
  /** No document uploaded for the shipment (spec 5: 422). */
  | 'document_required'
  /** case_id given but not the caller's case of this shipment. */
  | 'case_mismatch'
  /** No reply address saved for the shipment's marketplace. */
  | 'no_reply_address'
  /** The shipment is not the caller's. */
  | 'shipment_not_found'
  /** The mail could not be sent; nothing was marked sent. */
  | 'send_failed'
  /** Another submission holds the case and has not finished in time. */
  | 'busy'
  /** The documents together exceed what one email may carry. */
  | 'attachments_too_large'
  /** The seller's disputes of the day are used up. */
  | 'daily_quota'
  /** An earlier send may have gone out: the seller must check before anything is resent. */
  | 'send_unverified'
  /** The provider accepted the mail but the case could not record it (kept to be checked). */
  | 'record_failed'
  /** A diagnostic send needs the caller's own address, and there is none. */
  | 'no_account_email';

/** Each refusal's kind and the message the seller reads (one table, as for payments). */
const SUBMIT_REFUSALS: Record<SubmitRefusal, Refusal> = {
  document_required: { kind: 'unprocessable', messageKey: 'mainDocumentMissing' },
  case_mismatch: { kind: 'unprocessable', messageKey: 'documentNotYours' },
  no_reply_address: { kind: 'unprocessable', messageKey: 'replyAddressMissing' },
  shipment_not_found: { kind: 'not_found', messageKey: 'shipmentNotFound' },
  busy: { kind: 'conflict', messageKey: 'requestBusy' },
  send_failed: { kind: 'upstream', messageKey: 'requestMailFailed' },
  attachments_too_large: { kind: 'too_large', messageKey: 'attachmentsTooLarge' },
  daily_quota: { kind: 'daily_limit', messageKey: 'dailySubmissionsUsed' },
  send_unverified: { kind: 'conflict', messageKey: 'sendUnverified' },
  record_failed: { kind: 'upstream', messageKey: 'sendRecordFailed' },
  no_account_email: { kind: 'unprocessable', messageKey: 'noAccountEmail' },
};

/** What the caller reads beside the message: the reason, and what helps them act on it. */
function submitDetails(reason: SubmitRefusal, now: number): unknown {
  switch (reason) {
    case 'shipment_not_found':
      return undefined;
    case 'daily_quota':
      return {
        reason,
        quota: 'submit',
        limit: DAILY_SUBMISSIONS,
        retry_after_seconds: dayWindow(now).secondsLeft,
      };
    default:
      return { reason };
  }
}

export class SubmitError extends ReasonedRefusal<SubmitRefusal> {
  /** `now` dates a spent daily allowance (when it comes back); `internal` is for the logs. */
  constructor(reason: SubmitRefusal, options: { internal?: string; now?: number } = {}) {
    super(reason, SUBMIT_REFUSALS, {
      internal: options.internal,
      details: submitDetails(reason, options.now ?? Date.now()),
      messageValues: {
        limit:
          reason === 'daily_quota' ? DAILY_SUBMISSIONS : MAX_CASE_ATTACHMENT_BYTES / 1024 / 1024,
      },
    });
  }
}

export interface ShipmentForDispute extends DisputeShipment {
  /** The case_endpoints marketplace (a domain, e.g. amazon.it). */
  marketplace: string;
  /** Amazon's marketplace id, when the shipment was synced. */
  marketplace_id?: string;
  /** Who writes to Amazon (profile and connection); missing facts are left out. */
  sender?: DisputeSender;
  items: DisputeItem[];
  /** A shipment the demo sync wrote: its cases are simulated. */
  demo?: boolean;
}

export interface SentReceipt {
  provider: 'ses' | 'smtp';
  messageId: string;
}

/**
 * Where a dispute went: `amazon` (the marketplace's reply address), `self` (a diagnostic send
 * to the caller's own address), `simulated` (a demo case: nowhere).
 */
export type SentTarget = 'amazon' | 'self' | 'simulated';

/** What is recorded on a case once its dispute has been mailed (or simulated). */
export interface SentCase {
  at: string;
  status: string;
  provider: SentProvider;
  messageId: string;
  to: string | null;
  target: SentTarget;
  text: string;
  attachmentsSummary: string;
  language: Language;
}

export interface SubmitDeps {
  now(): number;
  newId(): string;
  sleep(ms: number): Promise<void>;
  getCase(userId: string, shipmentId: string): Promise<CaseRecord | undefined>;
  /**
   * Conditional: succeeds only when no message was sent and no lease is in force at `nowIso`,
   * or the lease in force lapsed before its holder reached the sending phase.
   */
  claimSend(
    userId: string,
    shipmentId: string,
    leaseId: string,
    nowIso: string,
    untilIso: string,
  ): Promise<boolean>;
  /** Conditional on holding the lease: from here on the message may be out. */
  markSending(userId: string, shipmentId: string, leaseId: string): Promise<boolean>;
  releaseSend(userId: string, shipmentId: string, leaseId: string): Promise<void>;
  /** Conditional on the lease: records the send and drops the lease. */
  markSent(
    userId: string,
    shipmentId: string,
    leaseId: string,
    sent: SentCase,
  ): Promise<CaseRecord>;
  /**
   * Conditional: a lease that lapsed in the sending phase becomes the visible to_check state.
   * True when it did (false when there was no such lease).
   */
  markUnverified(userId: string, shipmentId: string, nowIso: string): Promise<boolean>;
  /**
   * Counts one real send against the seller's allowance of the day; false when it is used up.
   * `day` is the UTC date, `limit` the allowance.
   */
  takeDailySend(userId: string, day: string, limit: number): Promise<boolean>;
  listDocuments(userId: string, shipmentId: string): Promise<DocumentRecord[]>;
  getShipment(userId: string, shipmentId: string): Promise<ShipmentForDispute | undefined>;
  replyAddress(userId: string, marketplace: string): Promise<string | undefined>;
  /** The seller's account email: Reply-To of the dispute and the address of their copy. */
  accountEmail(userId: string): Promise<string | undefined>;
  loadAttachment(path: string): Promise<Uint8Array>;
  sendMail(message: {
    to: string;
    /** Where Amazon's answer goes: the seller's account email. */
    replyTo?: string;
    /** The seller's copy of what was sent. */
    bcc?: string;
    subject: string;
    text: string;
    html: string;
    attachments: { filename: string; content: Uint8Array; contentType: string }[];
  }): Promise<SentReceipt>;
}

export interface SubmitInput {
  userId: string;
  shipmentId: string;
  caseId?: string;
  language: Language;
  /**
   * `amazon` for every seller; `self` only for the admin's diagnostic page, which mails the
   * dispute to the caller's own account address instead of the marketplace's.
   */
  destination?: 'amazon' | 'self';
}

export interface SubmitResult {
  action: 'created' | 'reused';
  case: CaseRecord;
  simulated: boolean;
}

/** The lines of the main document (invoice or packing list) for the dispute text. */
export function transportLinesOf(documents: readonly DocumentRecord[], role: CaseRole) {
  const main: DocType = role === 'produttore' ? 'distinta_imballaggio' : 'fattura';
  return documents
    .filter((d) => d.doc_type === main)
    .flatMap((d) => d.reading?.invoices ?? [])
    .flatMap((invoice) => invoice.lines);
}

/** The total size of a case's documents, as they would travel in one email. */
export function attachmentBytes(documents: readonly Pick<DocumentRecord, 'size'>[]): number {
  return documents.reduce((sum, d) => sum + d.size, 0);
}

/** Whether a case's send ended in the unknown state, or must be checked before any resend. */
function unverified(record: CaseRecord | undefined): boolean {
  return normalizeStatus(record?.status) === 'to_check';
}

function reused(record: CaseRecord): SubmitResult {
  return { action: 'reused', case: record, simulated: record.sent_provider === 'simulated' };
}

export async function submitReimbursement(
  deps: SubmitDeps,
  input: SubmitInput,
): Promise<SubmitResult> {
  const { userId, shipmentId } = input;
  const existing = await deps.getCase(userId, shipmentId);
  if (input.caseId !== undefined && existing?.id !== input.caseId) {
    throw new SubmitError('case_mismatch');
  }
  if (existing?.sent_message_id) return reused(existing);
  if (unverified(existing)) throw new SubmitError('send_unverified');

  const documents = await deps.listDocuments(userId, shipmentId);
  if (!existing || documents.length === 0) throw new SubmitError('document_required');
  const shipment = await deps.getShipment(userId, shipmentId);
  if (!shipment) throw new SubmitError('shipment_not_found');
  if (attachmentBytes(documents) > MAX_CASE_ATTACHMENT_BYTES) {
    throw new SubmitError('attachments_too_large');
  }

  const destination = input.destination ?? 'amazon';
  const target: SentTarget =
    destination === 'self' ? 'self' : existing.demo_mode || shipment.demo ? 'simulated' : 'amazon';
  const seller = target === 'simulated' ? undefined : await deps.accountEmail(userId);
  let to: string | null = null;
  if (target === 'amazon') {
    to = (await deps.replyAddress(userId, shipment.marketplace)) ?? null;
    if (!to) throw new SubmitError('no_reply_address');
  } else if (target === 'self') {
    to = seller ?? null;
    if (!to) throw new SubmitError('no_account_email');
  }

  const leaseId = deps.newId();
  const deadline = deps.now() + WAIT_FOR_HOLDER_MS;
  for (;;) {
    const now = deps.now();
    const claimed = await deps.claimSend(
      userId,
      shipmentId,
      leaseId,
      new Date(now).toISOString(),
      new Date(now + SEND_LEASE_MS).toISOString(),
    );
    if (claimed) break;
    // A lease that lapsed while its holder was sending: the outcome is unknown.
    if (await deps.markUnverified(userId, shipmentId, new Date(now).toISOString())) {
      throw new SubmitError('send_unverified');
    }
    const current = await deps.getCase(userId, shipmentId);
    if (current?.sent_message_id) return reused(current);
    if (unverified(current)) throw new SubmitError('send_unverified');
    if (deps.now() >= deadline) throw new SubmitError('busy');
    await deps.sleep(WAIT_STEP_MS);
  }

  const role: CaseRole = existing.role ?? 'rivenditore';
  // The dispute's language follows the marketplace unless the seller chose one for the case.
  const language = existing.dispute_language ?? disputeLanguageFor(shipment.marketplace);
  let dispute: ReturnType<typeof buildDisputeText>;
  let attachments: { filename: string; content: Uint8Array; contentType: string }[] = [];
  try {
    dispute = buildDisputeText({
      template: 'first',
      role,
      language,
      shipment,
      items: shipment.items,
      attachments: documents.map((d) => ({ doc_type: d.doc_type, filename: d.filename })),
      transportLines: transportLinesOf(documents, role),
      sender: shipment.sender ?? null,
    });
    if (target !== 'simulated') {
      if (!(await deps.takeDailySend(userId, dayOf(deps.now()), DAILY_SUBMISSIONS))) {
        throw new SubmitError('daily_quota', { now: deps.now() });
      }
      attachments = [];
      for (const d of documents) {
        attachments.push({
          filename: d.filename,
          content: await deps.loadAttachment(d.path),
          contentType: d.content_type,
        });
      }
      if (!(await deps.markSending(userId, shipmentId, leaseId))) throw new SubmitError('busy');
    }
  } catch (error) {
    // Nothing has left: the case goes back to where it was.
    await deps.releaseSend(userId, shipmentId, leaseId).catch(() => undefined);
    throw error;
  }

  let receipt: { provider: SentProvider; messageId: string };
  if (target === 'simulated') {
    receipt = { provider: 'simulated', messageId: `simulated-${deps.newId()}` };
  } else {
    try {
      receipt = await deps.sendMail({
        to: to as string,
        replyTo: seller,
        bcc: target === 'amazon' ? seller : undefined,
        subject: dispute.subject,
        text: dispute.text,
        html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(dispute.text)}</pre>`,
        attachments,
      });
    } catch (error) {
      // The provider refused the message: nothing left, a retry sends once.
      await deps.releaseSend(userId, shipmentId, leaseId).catch(() => undefined);
      throw new SubmitError('send_failed', { internal: (error as Error).message });
    }
  }

  const sent: SentCase = {
    at: new Date(deps.now()).toISOString(),
    // Spec 4.8: a demo submission is "processing" first; the demo poller moves it to sent.
    status: target === 'simulated' ? STORED_STATUS.inProgress : STORED_STATUS.submitted,
    provider: receipt.provider,
    messageId: receipt.messageId,
    to,
    target,
    text: dispute.text,
    attachmentsSummary: dispute.attachments_summary,
    language,
  };
  let lastError: unknown;
  for (const pause of RECORD_RETRIES_MS) {
    if (pause) await deps.sleep(pause);
    try {
      const record = await deps.markSent(userId, shipmentId, leaseId, sent);
      return { action: 'created', case: record, simulated: target === 'simulated' };
    } catch (error) {
      lastError = error;
    }
  }
  if (target === 'simulated') {
    await deps.releaseSend(userId, shipmentId, leaseId).catch(() => undefined);
    throw lastError;
  }
  // The message is out but not recorded. The lease stays: once it lapses the case shows
  // "to be checked", and nothing is mailed again without the seller's word.
  throw new SubmitError('record_failed', {
    internal: (lastError as Error | undefined)?.message,
  });
}

/** The UTC day of an instant, `2026-11-24`: the unit of the daily allowance. */
export function dayOf(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}
