import type * as z from 'zod';
import type { Language } from '../language';
import type { GenerateCaseDraftResponse, generateCaseDraftRequest } from './contract';
import { claimDeadline, windowState } from './claim-windows';
import { buildDisputeText, disputeLanguageFor } from './dispute-text';
import type { CaseGuards } from './guards';
import type { CaseRecord, DocumentRecord } from './records';
import { CaseRefused, refuseWithoutRequiredDocuments } from './refusals';
import { caseMessage } from './messages';
import { normalizeStatus } from './status';
import { transportLinesOf, type ShipmentForDispute } from './submit';

export interface DraftDeps {
  getShipment(userId: string, shipmentId: string): Promise<ShipmentForDispute | undefined>;
  getCase(userId: string, shipmentId: string): Promise<CaseRecord | undefined>;
  listDocuments(userId: string, shipmentId: string): Promise<DocumentRecord[]>;
  /** Keeps the text on the case (its prepared reply). */
  savePreparedReply(
    userId: string,
    shipmentId: string,
    text: string,
    attachmentsSummary: string,
    nowIso: string,
    disputeLanguage?: Language,
  ): Promise<unknown>;
  guards: Pick<CaseGuards, 'requirePlan'>;
  now(): number;
}

/**
 * generate-case-draft (spec 7.5): the dispute text of a shipment from its data and documents,
 * for one of the four templates, in the case's (or the caller's) language and role.
 */
export async function draftCase(
  deps: DraftDeps,
  userId: string,
  body: z.output<typeof generateCaseDraftRequest>,
  language: Language,
): Promise<GenerateCaseDraftResponse> {
  const [shipment, record, docs] = await Promise.all([
    deps.getShipment(userId, body.shipment_id),
    deps.getCase(userId, body.shipment_id),
    deps.listDocuments(userId, body.shipment_id),
  ]);
  if (!shipment) throw new CaseRefused('shipment_not_found');
  await deps.guards.requirePlan(userId, shipment, language);
  const role = body.role ?? record?.role ?? 'rivenditore';
  refuseWithoutRequiredDocuments(role, docs, language);
  // The marketplace's language unless the seller chose one, never the interface's of the moment.
  const lang =
    body.language ?? record?.dispute_language ?? disputeLanguageFor(shipment.marketplace);
  const claim = claimDeadline(
    {
      closedAt: shipment.closed_at,
      lastUpdatedTo: null,
      closedBy: shipment.closed_by ?? null,
      ledgerReceivedAt: shipment.ledger_received_at ?? null,
    },
    shipment.marketplace_id ?? '',
    deps.now(),
  );
  const state = windowState(claim, deps.now());
  const ordered = [...docs].reverse();
  const draft = buildDisputeText({
    template: body.template,
    role,
    language: lang,
    shipment,
    items: shipment.items,
    attachments: ordered.map((d) => ({ doc_type: d.doc_type, filename: d.filename })),
    transportLines: transportLinesOf(ordered, role),
    notes: body.notes,
    previousReply: record?.last_response_excerpt ?? null,
    sender: shipment.sender ?? null,
    ...(state === 'unknown' ? {} : { windowOpen: state === 'open' || state === 'closing' }),
    reimbursed: alreadyReimbursed(record),
  });
  if (body.save && record) {
    const nowIso = new Date(deps.now()).toISOString();
    await deps.savePreparedReply(
      userId,
      body.shipment_id,
      draft.text,
      draft.attachments_summary,
      nowIso,
      body.language,
    );
  }
  const warnings = ordered.flatMap((d) =>
    d.reading && d.reading.quality !== 'ok'
      ? [
          {
            code: `quality_${d.reading.quality}`,
            message: caseMessage(
              d.reading.quality === 'low' ? 'lowQualityDocument' : 'illegibleDocument',
              language,
            ),
          },
        ]
      : [],
  );
  return {
    subject: draft.subject,
    text: draft.text,
    attachments_summary: draft.attachments_summary,
    language: lang,
    role,
    template: body.template,
    warnings,
  };
}

/** What Amazon already reimbursed on a case it paid in part (the follow-up says so). */
function alreadyReimbursed(record: CaseRecord | undefined) {
  if (!record || normalizeStatus(record.status) !== 'partly_reimbursed') return null;
  if (!record.units_recovered) return null;
  return {
    units: record.units_recovered,
    amount: record.reimbursed_amount,
    currency: record.reimbursed_currency,
  };
}
