/**
 * submit-reimbursement (spec 7.5, 5): sends the dispute by email to the marketplace's reply
 * address with the documents attached, exactly once per case.
 *
 * Exactly once, under any concurrency: a sender first claims the case with a conditional write
 * (no message sent yet, no live lease), holding a lease of `SEND_LEASE_MS`. Only the holder
 * sends. Concurrent callers wait for the holder's outcome and answer `reused`. When the send
 * fails the lease is released and the case is NOT marked sent, so a retry sends once; when the
 * holder crashes mid-send, the lease lapses and the next call claims the case again.
 */
import type { CaseRole, DocType } from './contract';
import { buildDisputeText, type DisputeItem, type DisputeShipment } from './dispute-text';
import type { CaseRecord, DocumentRecord } from './records';
import { STORED_STATUS } from './status';
import { escapeHtml } from '../html';

/** Longer than any sender can run (the function times out within 29 s). */
export const SEND_LEASE_MS = 60_000;
/** How long a concurrent caller waits for the lease holder before answering. */
const WAIT_FOR_HOLDER_MS = 25_000;
const WAIT_STEP_MS = 200;

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
  | 'busy';

export class SubmitError extends Error {
  constructor(
    readonly reason: SubmitRefusal,
    message?: string,
  ) {
    super(message ?? reason);
    this.name = 'SubmitError';
  }
}

export interface ShipmentForDispute extends DisputeShipment {
  /** The case_endpoints marketplace (a domain, e.g. amazon.it). */
  marketplace: string;
  items: DisputeItem[];
}

export interface SentReceipt {
  provider: 'ses' | 'smtp';
  messageId: string;
}

/** What is recorded on a case once its dispute has been mailed. */
export interface SentCase {
  at: string;
  status: string;
  provider: 'ses' | 'smtp';
  messageId: string;
  to: string;
  text: string;
  attachmentsSummary: string;
  language: 'it' | 'en';
}

export interface SubmitDeps {
  now(): number;
  newId(): string;
  sleep(ms: number): Promise<void>;
  getCase(userId: string, shipmentId: string): Promise<CaseRecord | undefined>;
  /** Conditional: succeeds only when no message was sent and no lease is live at `nowIso`. */
  claimSend(
    userId: string,
    shipmentId: string,
    leaseId: string,
    nowIso: string,
    untilIso: string,
  ): Promise<boolean>;
  releaseSend(userId: string, shipmentId: string, leaseId: string): Promise<void>;
  markSent(
    userId: string,
    shipmentId: string,
    leaseId: string,
    sent: SentCase,
  ): Promise<CaseRecord>;
  listDocuments(userId: string, shipmentId: string): Promise<DocumentRecord[]>;
  getShipment(userId: string, shipmentId: string): Promise<ShipmentForDispute | undefined>;
  replyAddress(userId: string, marketplace: string): Promise<string | undefined>;
  loadAttachment(path: string): Promise<Uint8Array>;
  sendMail(message: {
    to: string;
    subject: string;
    text: string;
    html: string;
    attachments: { filename: string; content: Uint8Array; contentType: string }[];
  }): Promise<SentReceipt>;
}

export interface SubmitResult {
  action: 'created' | 'reused';
  case: CaseRecord;
}

/** The lines of the main document (invoice or packing list) for the dispute text. */
export function transportLinesOf(documents: readonly DocumentRecord[], role: CaseRole) {
  const main: DocType = role === 'produttore' ? 'distinta_imballaggio' : 'fattura';
  return documents
    .filter((d) => d.doc_type === main)
    .flatMap((d) => d.reading?.invoices ?? [])
    .flatMap((invoice) => invoice.lines);
}

export async function submitReimbursement(
  deps: SubmitDeps,
  input: { userId: string; shipmentId: string; caseId?: string; language: 'it' | 'en' },
): Promise<SubmitResult> {
  const { userId, shipmentId } = input;
  const existing = await deps.getCase(userId, shipmentId);
  if (input.caseId !== undefined && existing?.id !== input.caseId) {
    throw new SubmitError('case_mismatch');
  }
  if (existing?.sent_message_id) return { action: 'reused', case: existing };

  const documents = await deps.listDocuments(userId, shipmentId);
  if (!existing || documents.length === 0) throw new SubmitError('document_required');
  const shipment = await deps.getShipment(userId, shipmentId);
  if (!shipment) throw new SubmitError('shipment_not_found');
  const to = await deps.replyAddress(userId, shipment.marketplace);
  if (!to) throw new SubmitError('no_reply_address');

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
    const current = await deps.getCase(userId, shipmentId);
    if (current?.sent_message_id) return { action: 'reused', case: current };
    if (deps.now() >= deadline) throw new SubmitError('busy');
    await deps.sleep(WAIT_STEP_MS);
  }

  try {
    const role: CaseRole = existing.role ?? 'rivenditore';
    const language = existing.language ?? input.language;
    const dispute = buildDisputeText({
      template: 'first',
      role,
      language,
      shipment,
      items: shipment.items,
      attachments: documents.map((d) => ({ doc_type: d.doc_type, filename: d.filename })),
      transportLines: transportLinesOf(documents, role),
    });
    const attachments = [];
    for (const d of documents) {
      attachments.push({
        filename: d.filename,
        content: await deps.loadAttachment(d.path),
        contentType: d.content_type,
      });
    }
    let receipt: SentReceipt;
    try {
      receipt = await deps.sendMail({
        to,
        subject: dispute.subject,
        text: dispute.text,
        html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(dispute.text)}</pre>`,
        attachments,
      });
    } catch (error) {
      throw new SubmitError('send_failed', (error as Error).message);
    }
    const sent = await deps.markSent(userId, shipmentId, leaseId, {
      at: new Date(deps.now()).toISOString(),
      status: STORED_STATUS.submitted,
      provider: receipt.provider,
      messageId: receipt.messageId,
      to,
      text: dispute.text,
      attachmentsSummary: dispute.attachments_summary,
      language,
    });
    return { action: 'created', case: sent };
  } catch (error) {
    await deps.releaseSend(userId, shipmentId, leaseId).catch(() => undefined);
    throw error;
  }
}
