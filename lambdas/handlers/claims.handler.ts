import { countFiledClaims, getClaim, pageClaims, putClaims } from '../adapters/dynamo/claims';
import { caseOf } from '../adapters/dynamo/inbound-claims';
import { claimIdPath, claimListQuery } from '../domain/claims/contract';
import { setClaimFiled } from '../domain/claims/filing';
import { listClaims } from '../domain/claims/list';
import { httpRoutes, route } from '../shared/http';

const clock = { now: () => Date.now() };
const deps = { getClaim, putClaims, clock };
const listing = { page: pageClaims, countFiled: countFiledClaims, caseOf, putClaims, clock };
const byId = { path: claimIdPath, invalid: { path: 'claimNotFound' } } as const;

/**
 * The caller's claims: inbound shipments with missing units (their cases send them) and those
 * found by the audit of Amazon's reimbursements and inventory ledger:
 * - `GET /api/claims?kind=&state=&cursor=&limit=`: soonest deadline first, a page at a time, with
 *   how many are open with Amazon;
 * - `POST /api/claims/{id}/filed`: the seller opened it in Seller Central; `DELETE` takes it back.
 */
export const handler = httpRoutes({
  'GET /api/claims': route(
    { query: claimListQuery, invalid: { query: 'badListQuery' } },
    ({ userId, query }) => listClaims(listing, userId, query),
  ),
  'POST /api/claims/{id}/filed': route(byId, (r) => setClaimFiled(deps, r.userId, r.path.id, true)),
  'DELETE /api/claims/{id}/filed': route(byId, (r) =>
    setClaimFiled(deps, r.userId, r.path.id, false),
  ),
});
