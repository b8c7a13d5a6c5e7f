import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { caseRecords } from '../adapters/case-records';
import { putClaims } from '../adapters/dynamo/claims';
import { putDemoShipments } from '../adapters/dynamo/shipments';
import { sweepIfAccountDeleted } from '../adapters/dynamo/account-guard';
import { demoClaims, demoInboundClaims } from '../domain/claims/demo';
import { DEMO_SHIPMENT_IDS, DEMO_SHIPMENTS } from '../domain/demo-data';
import type { DemoSyncResponse } from '../domain/sync/contract';
import { MARKETPLACE_IDS } from '../domain/marketplaces';
import { httpHandler } from '../shared/http';
import { message } from '../shared/messages';

/**
 * `POST /api/demo/sync` (spec 4.8, 7.3; signed-in demo): writes the three demo shipments
 * DEMO001–DEMO003 and their items into the caller's partition, marked demo, a demo case
 * for each (spec 3: demo_mode true; an existing case is kept) and the demo claims, one of each
 * kind, dated from now (claims/demo.ts), the sample shipments' own among them. A repeat
 * overwrites the same rows. The 1.5 s busy state is the web app's.
 */
export const handler = httpHandler({}, async ({ userId, language }): Promise<DemoSyncResponse> => {
  // A deleted account's demo data is never recreated (a token issued before the deletion):
  // the shipments are refused by the account guard, the cases taken away again by the sweep.
  await putDemoShipments(userId, DEMO_SHIPMENTS, MARKETPLACE_IDS.IT);
  await caseRecords.ensureDemoCases(userId, DEMO_SHIPMENT_IDS, language);
  const now = Date.now();
  await putClaims(userId, [
    ...demoInboundClaims(DEMO_SHIPMENTS, MARKETPLACE_IDS.IT, now),
    ...demoClaims(now),
  ]);
  await sweepIfAccountDeleted(userId);
  await afterDashboardDataChanged(userId);
  return { message: message('demoSynced', language), shipments: DEMO_SHIPMENTS.length };
});
