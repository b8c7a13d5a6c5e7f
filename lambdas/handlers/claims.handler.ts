import { countFiledClaims, getClaim, pageClaims, putClaims } from '../adapters/dynamo/claims';
import {
  claimIdPath,
  claimListQuery,
  toClaimView,
  type ClaimListResponse,
} from '../domain/claims/contract';
import { setClaimFiled } from '../domain/claims/filing';
import { uncheckedReimbursements } from '../domain/claims/uncosted';
import { listSkuValues } from '../adapters/dynamo/sku-values';
import { getUncostedSkus } from '../adapters/dynamo/uncosted-skus';
import { httpRoutes, route } from '../shared/http';

const deps = { getClaim, putClaims, clock: { now: () => Date.now() } };
const byId = { path: claimIdPath, invalid: { path: 'claimNotFound' } } as const;

/** Reimbursements the last audit left unchecked whose SKU still has no cost. */
async function uncheckedForCost(userId: string): Promise<number> {
  const [uncosted, values] = await Promise.all([getUncostedSkus(userId), listSkuValues(userId)]);
  return uncheckedReimbursements(uncosted, new Set(values.map((v) => v.sku)));
}

/**
 * The caller's claims found by the audit of Amazon's reimbursements and inventory ledger:
 * - `GET /api/claims?kind=&state=&cursor=&limit=`: soonest deadline first, a page at a time, with
 *   how many are open with Amazon and how many reimbursements went unchecked for lack of a cost;
 * - `POST /api/claims/{id}/filed`: the seller opened it in Seller Central; `DELETE` takes it back.
 */
export const handler = httpRoutes({
  'GET /api/claims': route(
    { query: claimListQuery, invalid: { query: 'badListQuery' } },
    async ({ userId, query }): Promise<ClaimListResponse> => {
      const [page, open, unchecked] = await Promise.all([
        pageClaims(userId, {
          kind: query.kind,
          state: query.state,
          cursor: query.cursor,
          pageSize: query.limit,
        }),
        // Said once per list, on its first page: the later pages do not read it again.
        query.cursor ? null : countFiledClaims(userId),
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
});
