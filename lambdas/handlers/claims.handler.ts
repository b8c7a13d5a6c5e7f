import { getClaim, putClaims } from '../adapters/dynamo/claims';
import {
  getRemoval,
  pageRemovalsToCount,
  saveRemovalCount,
} from '../adapters/dynamo/removal-deliveries';
import {
  claimIdPath,
  claimListQuery,
  removalCountBody,
  removalIdPath,
  removalListQuery,
} from '../domain/claims/contract';
import { setClaimFiled } from '../domain/claims/filing';
import { listRemovalsToCount, recordRemovalCount } from '../domain/claims/removal-count';
import { listClaims } from '../domain/claims/claims-list';
import { httpRoutes, route } from '../shared/http';
import { claimListDependencies as listing } from '../wiring/claim-list';

const clock = { now: () => Date.now() };
const deps = { getClaim, putClaims, clock };
const counts = { getRemoval, saveCount: saveRemovalCount, clock };
const byId = { path: claimIdPath, invalid: { path: 'claimNotFound' } } as const;
const listQuery = { invalid: { query: 'badListQuery' } } as const;

/**
 * The caller's claims: inbound shipments with missing units (their cases send them) and those
 * found by the audit of Amazon's reimbursements, inventory ledger, refunds, returns and removals:
 * - `GET /api/claims?kind=&state=&cursor=&limit=`: soonest deadline first, a page at a time, with
 *   how many are open with Amazon and how many reimbursements went unchecked for lack of a cost;
 * - `POST /api/claims/{id}/filed`: the seller opened it in Seller Central; `DELETE` takes it back;
 * - the removals not counted yet (oldest shipment first) with the units that arrived
 *   (`PUT .../received`).
 */
export const handler = httpRoutes({
  'GET /api/claims': route({ query: claimListQuery, ...listQuery }, ({ userId, query }) =>
    listClaims(listing, userId, query),
  ),
  'POST /api/claims/{id}/filed': route(byId, (r) => setClaimFiled(deps, r.userId, r.path.id, true)),
  'DELETE /api/claims/{id}/filed': route(byId, (r) =>
    setClaimFiled(deps, r.userId, r.path.id, false),
  ),
  'GET /api/removals': route({ query: removalListQuery, ...listQuery }, ({ userId, query }) =>
    listRemovalsToCount(pageRemovalsToCount, userId, query),
  ),
  'PUT /api/removals/{id}/received': route(
    { path: removalIdPath, body: removalCountBody, invalid: { path: 'removalNotFound' } },
    (r) => recordRemovalCount(counts, r.userId, r.path.id, r.body.received),
  ),
});
