import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { listDocuments } from '../adapters/dynamo/case-documents';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
import { getCase, upsertReadyCase } from '../adapters/dynamo/cases';
import type { CaseStore } from '../domain/cases/ports';

/** The caller's cases, shipments and case documents in the table. */
export const caseStore: CaseStore = {
  getCase,
  getShipment: getShipmentForCase,
  listDocuments: (userId, shipmentId) => listDocuments(userId, shipmentId),
  upsertReadyCase,
  dataChanged: afterDashboardDataChanged,
};
