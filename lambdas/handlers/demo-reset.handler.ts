import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { caseRecords } from '../adapters/case-records';
import { deleteDemoShipments } from '../adapters/dynamo/shipments';
import { DEMO_SHIPMENT_IDS } from '../domain/demo-data';
import type { DemoResetResponse } from '../domain/sync/contract';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

/**
 * `POST /api/demo/reset` (spec 4.8, 7.3): deletes the caller's cases with demo_mode true and
 * the shipments and items DEMO001–DEMO003 the demo sync wrote. Synced shipments stay, and so
 * does a demo case whose dispute really reached Amazon, with its shipment and documents.
 */
export const handler = httpHandler({}, async ({ userId, language }): Promise<DemoResetResponse> => {
  const user = userId;
  const { deleted: casesDeleted, kept } = await caseRecords.deleteDemoCases(user);
  const shipmentsDeleted = await deleteDemoShipments(
    user,
    DEMO_SHIPMENT_IDS.filter((id) => !kept.includes(id)),
  );
  await afterDashboardDataChanged(user);
  return {
    message: message('demoReset', language),
    shipments_deleted: shipmentsDeleted,
    cases_deleted: casesDeleted,
  };
});
