import { message } from '../messages';
import type { Language } from '../language';
import { sellerCentralCaseUrl } from '../marketplaces';
import {
  caseOpenedRequest,
  type CaseDetailResponse,
  type CaseDocument,
  type CaseDraft,
  type CaseDraftNotes,
  type CaseDraftRequest,
  type CaseDraftResponse,
  type CaseOpenedResponse,
  type CaseOutcomeRequest,
  type CaseOutcomeResponse,
  type SendCheckRequest,
  type SendCheckResponse,
} from './contract';
import { readingSummary } from './documents';
import type { CaseAudit, CaseStore } from './ports';
import { toCaseView, type CaseRecord } from './records';
import { CaseRefused } from './refusals';
import { sellerOutcome } from './seller-outcome';
import { normalizeStatus } from './status';

export interface CaseActionDeps extends Pick<
  CaseStore,
  'getCase' | 'getShipment' | 'listDocuments' | 'dataChanged'
> {
  /**
   * "I opened the case": Amazon's case id, opened_by_user_at (kept from the first time) and
   * in_lavorazione; a real case then waits for its outcome. Undefined when there is no case.
   */
  markOpened(
    userId: string,
    shipmentId: string,
    opened: { amazonCaseId: string; nowIso: string; demo: boolean },
  ): Promise<CaseRecord | undefined>;
  /** Amazon's reply address the seller saved for a marketplace, if any. */
  replyAddress(userId: string, marketplace: string): Promise<string | undefined>;
  getDraft(userId: string, shipmentId: string): Promise<CaseDraft | undefined>;
  /** Keeps the notes as the case's draft; no notes removes it. */
  saveDraft(userId: string, shipmentId: string, draft: CaseDraft | undefined): Promise<void>;
  /** Undefined when the case was never sent (an outcome needs a sent case). */
  recordSellerOutcome(
    userId: string,
    shipmentId: string,
    outcome: ReturnType<typeof sellerOutcome>,
    nowIso: string,
  ): Promise<CaseRecord | undefined>;
  /** Undefined when no send of unknown outcome is pending on the case. */
  settleUnverifiedSend(
    userId: string,
    shipmentId: string,
    outcome: SendCheckRequest['outcome'],
    nowIso: string,
  ): Promise<CaseRecord | undefined>;
  putAudit(entry: CaseAudit): Promise<void>;
  newId(): string;
  now(): number;
}

const nowIso = (deps: { now(): number }) => new Date(deps.now()).toISOString();

/**
 * One case with its documents (spec 7.2), how it is filed (the marketplace's Seller Central
 * page, and Amazon's reply address when saved) and the sheet's draft; viewing needs no plan.
 */
export async function caseDetail(
  deps: CaseActionDeps,
  userId: string,
  shipmentId: string,
): Promise<CaseDetailResponse> {
  const [record, docs, shipment, draft] = await Promise.all([
    deps.getCase(userId, shipmentId),
    deps.listDocuments(userId, shipmentId),
    deps.getShipment(userId, shipmentId),
    deps.getDraft(userId, shipmentId),
  ]);
  const replyEmail = shipment ? await deps.replyAddress(userId, shipment.marketplace) : undefined;
  return {
    case: record ? toCaseView(record) : null,
    filing: shipment
      ? {
          marketplace: shipment.marketplace,
          seller_central_url: sellerCentralCaseUrl(shipment.marketplace),
          reply_email: replyEmail ?? null,
        }
      : null,
    draft: draft ?? null,
    documents: docs.map((d): CaseDocument => ({
      id: d.id,
      shipment_id: d.shipment_id,
      doc_type: d.doc_type,
      path: d.path,
      filename: d.filename,
      size: d.size,
      created_at: d.created_at,
      reading: d.reading ? readingSummary(d.reading) : null,
      ...(d.reading_pending ? { reading_pending: true } : {}),
      warnings: [],
    })),
  };
}

/** The states a case can be opened from: not yet answered by Amazon, nor settled. */
const OPENABLE = new Set(['ready', 'submitted', 'in_progress']);

/**
 * "I opened the case" (spec 4.1, issue 29): the seller filed it on Seller Central and gives
 * Amazon's case id (zod-checked here, so the refusal reads in the caller's language). The case
 * goes in progress with the id and the day it was opened. A repeat with the same id changes
 * nothing; another id corrects it. A case Amazon already answered, or one to be checked, is
 * refused.
 */
export async function markCaseOpened(
  deps: CaseActionDeps,
  userId: string,
  shipmentId: string,
  rawBody: unknown,
  language: Language,
): Promise<CaseOpenedResponse> {
  const parsed = caseOpenedRequest.safeParse(rawBody ?? {});
  if (!parsed.success) throw new CaseRefused('amazon_case_id_invalid');
  const amazonCaseId = parsed.data.amazon_case_id;
  const current = await deps.getCase(userId, shipmentId);
  if (!current) throw new CaseRefused('case_not_found');
  const done = message('caseMarkedInProgress', language);
  if (current.opened_by_user_at && current.amazon_case_id === amazonCaseId) {
    return { ok: true, message: done, case: toCaseView(current) };
  }
  if (!OPENABLE.has(normalizeStatus(current.status))) throw new CaseRefused('case_not_openable');
  const record = await deps.markOpened(userId, shipmentId, {
    amazonCaseId,
    nowIso: nowIso(deps),
    demo: current.demo_mode,
  });
  if (!record) throw new CaseRefused('case_not_found');
  await deps.dataChanged(userId);
  return { ok: true, message: done, case: toCaseView(record) };
}

/** Notes with text only: an empty note is no draft. */
function keptNotes(notes: CaseDraftNotes): CaseDraftNotes {
  return Object.fromEntries(
    Object.entries(notes).filter(([, text]) => typeof text === 'string' && text.trim() !== ''),
  );
}

/**
 * The case sheet's notes, kept per case on the server as the seller types (issue 29: a failed
 * send, a closed sheet or another device lose nothing). Only a shipment of the caller has one.
 */
export async function saveCaseDraft(
  deps: CaseActionDeps,
  userId: string,
  shipmentId: string,
  body: CaseDraftRequest,
): Promise<CaseDraftResponse> {
  if (!(await deps.getShipment(userId, shipmentId))) throw new CaseRefused('shipment_not_found');
  const notes = keptNotes(body.notes);
  const draft = Object.keys(notes).length ? { notes, updated_at: nowIso(deps) } : undefined;
  await deps.saveDraft(userId, shipmentId, draft);
  return { ok: true, draft: draft ?? null };
}

/** What the seller learnt from Amazon (issue 16): its case id, and the outcome. */
export async function recordOutcome(
  deps: CaseActionDeps,
  userId: string,
  shipmentId: string,
  body: CaseOutcomeRequest,
  language: Language,
): Promise<CaseOutcomeResponse> {
  const current = await deps.getCase(userId, shipmentId);
  if (!current) throw new CaseRefused('case_not_found');
  const now = nowIso(deps);
  const record = await deps.recordSellerOutcome(userId, shipmentId, sellerOutcome(body), now);
  if (!record) throw new CaseRefused('outcome_needs_sent_case');
  await deps.dataChanged(userId);
  if (body.outcome) {
    await deps.putAudit({
      id: deps.newId(),
      user_id: userId,
      action: 'case_outcome_recorded',
      at: now,
      meta: { shipment_id: shipmentId, outcome: body.outcome.kind },
    });
  }
  return {
    ok: true,
    message: message(body.outcome ? 'outcomeRecorded' : 'amazonCaseIdSaved', language),
    case: toCaseView(record),
  };
}

/** The seller's word on a send of unknown outcome (domain/cases/submit.ts). */
export async function settleSendCheck(
  deps: CaseActionDeps,
  userId: string,
  shipmentId: string,
  { outcome }: SendCheckRequest,
  language: Language,
): Promise<SendCheckResponse> {
  const record = await deps.settleUnverifiedSend(userId, shipmentId, outcome, nowIso(deps));
  if (!record) {
    if (!(await deps.getCase(userId, shipmentId))) throw new CaseRefused('case_not_found');
    throw new CaseRefused('send_check_not_pending');
  }
  await deps.dataChanged(userId);
  return {
    ok: true,
    message: message(outcome === 'sent' ? 'sendCheckSent' : 'sendCheckNotSent', language),
    case: toCaseView(record),
  };
}
