import { getProfile } from '../adapters/dynamo/profiles';
import { countFiledClaims, getClaim, pageClaims, putClaims } from '../adapters/dynamo/claims';
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
  toClaimView,
  type ClaimListResponse,
  type RemovalListResponse,
} from '../domain/claims/contract';
import { setClaimFiled } from '../domain/claims/filing';
import { recordRemovalCount, toRemovalView } from '../domain/claims/removal-count';
import { uncheckedReimbursements } from '../domain/claims/uncosted';
import { listSkuValues } from '../adapters/dynamo/sku-values';
import { getUncostedSkus } from '../adapters/dynamo/uncosted-skus';
import { isRealMode } from '../domain/sync/shipment-list';
import { httpRoutes, route } from '../shared/http';

const clock = { now: () => Date.now() };
const deps = { getClaim, putClaims, clock };
const counts = { getRemoval, saveCount: saveRemovalCount, clock };
const byId = { path: claimIdPath, invalid: { path: 'claimNotFound' } } as const;
const listQuery = { invalid: { query: 'badListQuery' } } as const;

/** Reimbursements the last audit left unchecked whose SKU still has no cost. */
async function uncheckedForCost(userId: string): Promise<number> {
  const [uncosted, values] = await Promise.all([getUncostedSkus(userId), listSkuValues(userId)]);
  return uncheckedReimbursements(uncosted, new Set(values.map((v) => v.sku)));
}

/**
 * The caller's claims found by the audit of Amazon's reimbursements, inventory ledger, refunds,
 * returns and removals:
 * - `GET /api/claims?kind=&state=&cursor=&limit=`: soonest deadline first, a page at a time, with
 *   how many are open with Amazon and how many reimbursements went unchecked for lack of a cost;
 * - `POST /api/claims/{id}/filed`: the seller opened it in Seller Central; `DELETE` takes it back;
 * - the removals not counted yet (oldest shipment first) with the units that arrived
 *   (`PUT .../received`).
 */
export const handler = httpRoutes({
  'GET /api/claims': route(
    { query: claimListQuery, ...listQuery },
    async ({ userId, query }): Promise<ClaimListResponse> => {
      // Real mode leaves the demo's claims out.
      const realMode = isRealMode((await getProfile(userId))?.mode);
      const [page, open, unchecked] = await Promise.all([
        pageClaims(userId, { ...query, pageSize: query.limit, realMode }),
        // Said once per list, on its first page: the later pages do not read it again.
        query.cursor ? null : countFiledClaims(userId, realMode),
        query.cursor ? null : uncheckedForCost(userId),
      ]);
      return {
        claims: page.claims.map(toClaimView),
        cursor: page.cursor,
        open_with_amazon: open,
        unchecked_for_cost: unchecked,
      };
    },
  ),
  'POST /api/claims/{id}/filed': route(byId, (r) => setClaimFiled(deps, r.userId, r.path.id, true)),
  'DELETE /api/claims/{id}/filed': route(byId, (r) =>
    setClaimFiled(deps, r.userId, r.path.id, false),
  ),
  'GET /api/removals': route(
    { query: removalListQuery, ...listQuery },
    async ({ userId, query }): Promise<RemovalListResponse> => {
      const page = await pageRemovalsToCount(userId, { ...query, pageSize: query.limit });
      return { removals: page.removals.map(toRemovalView), cursor: page.cursor };
    },
  ),
  'PUT /api/removals/{id}/received': route(
    { path: removalIdPath, body: removalCountBody, invalid: { path: 'removalNotFound' } },
    (r) => recordRemovalCount(counts, r.userId, r.path.id, r.body.received),
  ),
});
