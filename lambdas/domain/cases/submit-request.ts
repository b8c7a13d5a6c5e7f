import { message } from '../messages';
import type { Language } from '../language';
import type { SubmitReimbursementRequest, SubmitReimbursementResponse } from './contract';
import type { CaseGuards } from './guards';
import { CaseRefused, refuseWithoutRequiredDocuments } from './refusals';
import { submitReimbursement, type SubmitDeps } from './submit';

export interface SubmitRequestDeps extends SubmitDeps {
  guards: Pick<CaseGuards, 'requirePlan' | 'requireDebugTools'>;
  /** Counts a real dispute mailed to Amazon (the product's metric). */
  caseSubmitted(): void;
}

/**
 * submit-reimbursement (spec 7.5): emails the dispute with the documents to the reply address
 * of the shipment's marketplace, once per case (first call `created`, repeats `reused`). A real
 * case needs an active plan; a demo case is simulated and mails nobody. The diagnostic variant
 * (`case_id`, spec 7.5) is the admins' test: it mails the caller's own address instead.
 */
export async function submitRequest(
  deps: SubmitRequestDeps,
  userId: string,
  body: SubmitReimbursementRequest,
  language: Language,
): Promise<SubmitReimbursementResponse> {
  const debug = body.case_id !== undefined;
  if (debug) await deps.guards.requireDebugTools(userId, language);
  else {
    const shipment = await deps.getShipment(userId, body.shipmentId);
    if (!shipment) throw new CaseRefused('shipment_not_found');
    await deps.guards.requirePlan(userId, shipment, language);
  }
  const [current, documents] = await Promise.all([
    deps.getCase(userId, body.shipmentId),
    deps.listDocuments(userId, body.shipmentId),
  ]);
  // A case already sent answers `reused` below; one not yet sent needs its role's documents.
  if (current?.role && !current.sent_message_id) {
    refuseWithoutRequiredDocuments(current.role, documents, language);
  }
  const result = await submitReimbursement(deps, {
    userId,
    shipmentId: body.shipmentId,
    caseId: body.case_id,
    language: body.language ?? language,
    destination: debug ? 'self' : 'amazon',
  });
  const first = result.action === 'created';
  if (first && !result.simulated && !debug) deps.caseSubmitted();
  const outcome = result.simulated
    ? 'requestSimulated'
    : debug
      ? 'requestSentToSelf'
      : 'requestSent';
  return {
    ok: true,
    message: `${message(first ? 'caseCreated' : 'caseAlreadyInProgress', language)} · ${message(outcome, language)}`,
    case: { id: result.case.id, status: result.case.status },
    action: result.action,
    sent_provider: result.case.sent_provider,
    sent_message_id: result.case.sent_message_id,
    simulated: result.simulated,
  };
}
