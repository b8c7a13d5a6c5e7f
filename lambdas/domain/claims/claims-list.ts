/**
 * `GET /api/claims`: one page of the seller's claims, soonest deadline first; its first page also
 * says how many are open with Amazon and how many reimbursements the last audit could not check
 * for lack of a cost. Real mode leaves the demo's claims out; `due_within` keeps the claims whose
 * window closes from today to that many days on (a range of the deadline index, not a filter). An inbound shipment's row is shown
 * with its case as it stands now (a dispute sent or answered since the last sync moves its
 * state), and the row is written back so the state filter finds it there next time. Pure: the
 * table and the clock are ports.
 */
import { isRealMode } from '../sync/shipment-list';
import { addDays } from './audit';
import { toClaimView, type ClaimListQuery, type ClaimListResponse } from './contract';
import { withCase, type InboundCase } from './inbound';
import {
  INBOUND_KIND,
  type StoredClaim,
  type StoredClaimKind,
  type StoredClaimState,
} from './model';
import { uncheckedReimbursements, type UncostedSku } from './uncosted';

/** What one page of the claims listing asks the table for. */
export interface ClaimPageRequest {
  kind?: StoredClaimKind | undefined;
  state?: StoredClaimState | undefined;
  cursor?: string | undefined;
  pageSize: number;
  /** Leaves the demo's claims out. */
  realMode?: boolean;
  /** Only claims whose window closes on these days (YYYY-MM-DD, both included). */
  closesBetween?: { from: string; to: string } | undefined;
}

export interface ClaimListDeps {
  mode(userId: string): Promise<string | null | undefined>;
  page(
    userId: string,
    request: ClaimPageRequest,
  ): Promise<{ claims: StoredClaim[]; cursor: string | null }>;
  countFiled(userId: string, realMode: boolean): Promise<number>;
  uncosted(userId: string): Promise<UncostedSku[]>;
  /** The SKUs the seller holds a unit cost for. */
  costedSkus(userId: string): Promise<string[]>;
  /** The seller's case of a shipment, when there is one. */
  caseOf(userId: string, shipmentId: string): Promise<InboundCase | undefined>;
  putClaims(userId: string, claims: readonly StoredClaim[]): Promise<void>;
  clock: { now(): number };
}

export async function listClaims(
  deps: ClaimListDeps,
  userId: string,
  query: ClaimListQuery,
): Promise<ClaimListResponse> {
  const realMode = isRealMode(await deps.mode(userId));
  const first = !query.cursor;
  const today = new Date(deps.clock.now()).toISOString().slice(0, 10);
  const closesBetween = query.due_within
    ? { from: today, to: addDays(today, Number(query.due_within)) }
    : undefined;
  const [page, open, unchecked] = await Promise.all([
    deps.page(userId, {
      kind: query.kind,
      state: query.state,
      cursor: query.cursor,
      pageSize: query.limit,
      realMode,
      closesBetween,
    }),
    // Said once per list, on its first page: the later pages do not read it again.
    first ? deps.countFiled(userId, realMode) : null,
    first
      ? Promise.all([deps.uncosted(userId), deps.costedSkus(userId)]).then(([uncosted, skus]) =>
          uncheckedReimbursements(uncosted, new Set(skus)),
        )
      : null,
  ]);
  const claims = await withCases(deps, userId, page.claims);
  // A row whose case moved it out of the state asked for is not shown under that state.
  const shown = query.state ? claims.filter((claim) => claim.state === query.state) : claims;
  return {
    claims: shown.map(toClaimView),
    cursor: page.cursor,
    open_with_amazon: open,
    unchecked_for_cost: unchecked,
  };
}

/** The page's inbound rows with their cases now; those that moved are written back. */
async function withCases(
  deps: ClaimListDeps,
  userId: string,
  stored: readonly StoredClaim[],
): Promise<StoredClaim[]> {
  const now = new Date(deps.clock.now()).toISOString();
  const claims = await Promise.all(
    stored.map(async (claim) =>
      claim.kind === INBOUND_KIND
        ? withCase(claim, await deps.caseOf(userId, claim.subject.reference), now)
        : claim,
    ),
  );
  const moved = claims.filter((claim, i) => claim !== stored[i]);
  if (moved.length > 0) await deps.putClaims(userId, moved);
  return claims;
}
