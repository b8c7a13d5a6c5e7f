import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { caseRecords } from '../adapters/case-records';
import { deleteDemoClaims } from '../adapters/dynamo/claims';
import { deleteDemoShipments } from '../adapters/dynamo/shipments';
import { DEMO_SHIPMENT_IDS } from '../domain/demo-data';
import type { DemoResetResponse } from '../domain/sync/contract';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

/**
 * `POST /api/demo/reset` (spec 4.8, 7.3): deletes the caller's cases with demo_mode true,
 * the shipments and items DEMO001–DEMO003 and the demo claims the demo sync wrote. Synced
 * shipments and the audit's claims stay, and so does a demo case whose dispute really reached
 * Amazon, with its shipment and documents.
 */
export const handler = httpHandler({}, async ({ userId, language }): Promise<DemoResetResponse> => {
  const user = userId;
  const { deleted: casesDeleted, kept } = await caseRecords.deleteDemoCases(user);
  const shipmentsDeleted = await deleteDemoShipments(
    user,
    DEMO_SHIPMENT_IDS.filter((id) => !kept.includes(id)),
  );
  const claimsDeleted = await deleteDemoClaims(user);
  await afterDashboardDataChanged(user);
  return {
    message: message('demoReset', language),
    shipments_deleted: shipmentsDeleted,
    cases_deleted: casesDeleted,
    claims_deleted: claimsDeleted,
  };
});
