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
import { httpRoutes, route } from '../shared/http';

const clock = { now: () => Date.now() };
const deps = { getClaim, putClaims, clock };
const counts = { getRemoval, saveCount: saveRemovalCount, clock };
const byId = { path: claimIdPath, invalid: { path: 'claimNotFound' } } as const;
const listQuery = { invalid: { query: 'badListQuery' } } as const;

/**
 * The caller's claims found by the audit (soonest deadline first, with how many are open with
 * Amazon; `POST`/`DELETE .../filed`: opened in Seller Central, or taken back), and the removals
 * not counted yet (oldest shipment first) with the units that arrived (`PUT .../received`).
 */
export const handler = httpRoutes({
  'GET /api/claims': route(
    { query: claimListQuery, ...listQuery },
    async ({ userId, query }): Promise<ClaimListResponse> => {
      const [page, open] = await Promise.all([
        pageClaims(userId, { ...query, pageSize: query.limit }),
        // Said once per list, on its first page: the later pages do not read it again.
        query.cursor ? null : countFiledClaims(userId),
      ]);
      return { claims: page.claims.map(toClaimView), cursor: page.cursor, open_with_amazon: open };
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
