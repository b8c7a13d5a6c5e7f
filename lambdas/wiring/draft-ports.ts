import { listDocuments } from '../adapters/dynamo/case-documents';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
import { getCase, savePreparedReply } from '../adapters/dynamo/cases';
import type { DraftDeps } from '../domain/cases/draft';
import { requirePlanFor } from './plan-guard';

/** The dispute drafter against the table, with the given account checks. */
export function draftPorts(guards: DraftDeps['guards']): DraftDeps {
  return {
    getShipment: getShipmentForCase,
    getCase,
    listDocuments: (userId, shipmentId) => listDocuments(userId, shipmentId),
    savePreparedReply,
    guards,
    now: () => Date.now(),
  };
}

/**
 * The drafter of the follow-up the reimbursement poller prepares: the same table, and the one
 * check a draft makes (the plan), without the request guards (quotas, diagnostics) a draft
 * never calls, so the poller does not carry them.
 */
export function followUpDraftDependencies(): DraftDeps {
  return draftPorts({
    requirePlan: (userId, shipment, language) =>
      requirePlanFor(userId, { demo: shipment.demo === true }, language),
  });
}
