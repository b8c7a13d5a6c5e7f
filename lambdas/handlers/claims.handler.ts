import { pageClaims } from '../adapters/dynamo/claims';
import { claimListQuery, toClaimView, type ClaimListResponse } from '../domain/claims/contract';
import { httpHandler } from '../shared/http';

/**
 * `GET /api/claims?kind=&state=&cursor=&limit=`: the caller's claims found by the audit of
 * Amazon's reimbursements and inventory ledger, soonest deadline first, a page at a time.
 */
export const handler = httpHandler(
  { query: claimListQuery, invalid: { query: 'badListQuery' as const } },
  async ({ userId, query }): Promise<ClaimListResponse> => {
    const page = await pageClaims(userId, {
      kind: query.kind,
      state: query.state,
      cursor: query.cursor,
      pageSize: query.limit,
    });
    return { claims: page.claims.map(toClaimView), cursor: page.cursor };
  },
);
