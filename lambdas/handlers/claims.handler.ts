import { getProfile } from '../adapters/dynamo/profiles';
import { countFiledClaims, getClaim, pageClaims, putClaims } from '../adapters/dynamo/claims';
import {
  claimIdPath,
  claimListQuery,
  toClaimView,
  type ClaimListResponse,
} from '../domain/claims/contract';
import { setClaimFiled } from '../domain/claims/filing';
import { isRealMode } from '../domain/sync/shipment-list';
import { httpRoutes, route } from '../shared/http';

const deps = { getClaim, putClaims, clock: { now: () => Date.now() } };
const byId = { path: claimIdPath, invalid: { path: 'claimNotFound' } } as const;

/**
 * The caller's claims found by the audit of Amazon's reimbursements and inventory ledger:
 * - `GET /api/claims?kind=&state=&cursor=&limit=`: soonest deadline first, a page at a time, with
 *   how many are open with Amazon;
 * - `POST /api/claims/{id}/filed`: the seller opened it in Seller Central; `DELETE` takes it back.
 */
export const handler = httpRoutes({
  'GET /api/claims': route(
    { query: claimListQuery, invalid: { query: 'badListQuery' } },
    async ({ userId, query }): Promise<ClaimListResponse> => {
      // Real mode leaves the demo's claims out.
      const realMode = isRealMode((await getProfile(userId))?.mode);
      const [page, open] = await Promise.all([
        pageClaims(userId, {
          kind: query.kind,
          state: query.state,
          cursor: query.cursor,
          pageSize: query.limit,
          realMode,
        }),
        // Said once per list, on its first page: the later pages do not read it again.
        query.cursor ? null : countFiledClaims(userId, realMode),
      ]);
      return { claims: page.claims.map(toClaimView), cursor: page.cursor, open_with_amazon: open };
    },
  ),
  'POST /api/claims/{id}/filed': route(byId, (r) => setClaimFiled(deps, r.userId, r.path.id, true)),
  'DELETE /api/claims/{id}/filed': route(byId, (r) =>
    setClaimFiled(deps, r.userId, r.path.id, false),
  ),
});
