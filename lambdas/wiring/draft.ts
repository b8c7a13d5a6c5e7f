import { listDocuments } from '../adapters/dynamo/case-documents';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
import { getCase, savePreparedReply } from '../adapters/dynamo/cases';
import type { DraftDeps } from '../domain/cases/draft';
import { caseGuards } from './case-guards';

/** The dispute drafter against the table. */
export const draftDependencies: DraftDeps = {
  getShipment: getShipmentForCase,
  getCase,
  listDocuments: (userId, shipmentId) => listDocuments(userId, shipmentId),
  savePreparedReply,
  guards: caseGuards,
  now: () => Date.now(),
};
