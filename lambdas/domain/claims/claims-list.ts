/**
 * `GET /api/claims`: one page of the seller's claims, soonest deadline first; its first page also
 * says how many are open with Amazon and how many reimbursements the last audit could not check
 * for lack of a cost. Real mode leaves the demo's claims out.
 */
import { isRealMode } from '../sync/shipment-list';
import { toClaimView, type ClaimListQuery, type ClaimListResponse } from './contract';
import type { StoredClaim, StoredClaimKind, StoredClaimState } from './model';
import { uncheckedReimbursements, type UncostedSku } from './uncosted';

export interface ClaimListDeps {
  mode(userId: string): Promise<string | null | undefined>;
  page(
    userId: string,
    request: {
      kind?: StoredClaimKind | undefined;
      state?: StoredClaimState | undefined;
      cursor?: string | undefined;
      pageSize: number;
      realMode: boolean;
    },
  ): Promise<{ claims: StoredClaim[]; cursor: string | null }>;
  countFiled(userId: string, realMode: boolean): Promise<number>;
  uncosted(userId: string): Promise<UncostedSku[]>;
  /** The SKUs the seller holds a unit cost for. */
  costedSkus(userId: string): Promise<string[]>;
}

export async function listClaims(
  deps: ClaimListDeps,
  userId: string,
  query: ClaimListQuery,
): Promise<ClaimListResponse> {
  const realMode = isRealMode(await deps.mode(userId));
  const first = !query.cursor;
  const [page, open, unchecked] = await Promise.all([
    deps.page(userId, { ...query, pageSize: query.limit, realMode }),
    // Said once per list, on its first page: the later pages do not read it again.
    first ? deps.countFiled(userId, realMode) : null,
    first
      ? Promise.all([deps.uncosted(userId), deps.costedSkus(userId)]).then(([uncosted, skus]) =>
          uncheckedReimbursements(uncosted, new Set(skus)),
        )
      : null,
  ]);
  return {
    claims: page.claims.map(toClaimView),
    cursor: page.cursor,
    open_with_amazon: open,
    unchecked_for_cost: unchecked,
  };
}
