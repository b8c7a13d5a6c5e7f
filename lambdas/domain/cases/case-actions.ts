import { message } from '../../shared/messages';
import type { Language } from '../language';
import type {
  CaseDetailResponse,
  CaseDocument,
  CaseOpenedResponse,
  CaseOutcomeRequest,
  CaseOutcomeResponse,
  SendCheckRequest,
  SendCheckResponse,
} from './contract';
import { readingSummary } from './documents';
import type { CaseAudit, CaseStore } from './ports';
import { toCaseView, type CaseRecord } from './records';
import { CaseRefused } from './refusals';
import { sellerOutcome } from './seller-outcome';

export interface CaseActionDeps extends Pick<
  CaseStore,
  'getCase' | 'listDocuments' | 'dataChanged'
> {
  markOpened(userId: string, shipmentId: string, nowIso: string): Promise<CaseRecord | undefined>;
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

/** One case with its documents (spec 7.2); viewing needs no plan (spec 1). */
export async function caseDetail(
  deps: CaseActionDeps,
  userId: string,
  shipmentId: string,
): Promise<CaseDetailResponse> {
  const [record, docs] = await Promise.all([
    deps.getCase(userId, shipmentId),
    deps.listDocuments(userId, shipmentId),
  ]);
  return {
    case: record ? toCaseView(record) : null,
    documents: docs.map((d): CaseDocument => ({
      id: d.id,
      shipment_id: d.shipment_id,
      doc_type: d.doc_type,
      path: d.path,
      filename: d.filename,
      size: d.size,
      created_at: d.created_at,
      reading: d.reading ? readingSummary(d.reading) : null,
      warnings: [],
    })),
  };
}

/** "Opened in the seller portal" (spec 4.1): the case goes in progress. */
export async function markCaseOpened(
  deps: CaseActionDeps,
  userId: string,
  shipmentId: string,
  language: Language,
): Promise<CaseOpenedResponse> {
  const record = await deps.markOpened(userId, shipmentId, nowIso(deps));
  if (!record) throw new CaseRefused('case_not_found');
  await deps.dataChanged(userId);
  return { ok: true, message: message('caseMarkedInProgress', language), case: toCaseView(record) };
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
