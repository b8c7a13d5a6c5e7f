/**
 * `GET /api/claims`: a page of the seller's claims by deadline, with how many are open with
 * Amazon on the first page. An inbound shipment's row is shown with its case as it stands now
 * (a dispute sent or answered since the last sync moves its state), and the row is written back
 * so the state filter finds it there next time. Pure: the table and the clock are ports.
 */
import { toClaimView, type ClaimListQuery, type ClaimListResponse } from './contract';
import { withCase, type InboundCase } from './inbound';
import { INBOUND_KIND, type StoredClaim } from './model';

export interface ClaimListDeps {
  page(
    userId: string,
    request: Pick<ClaimListQuery, 'kind' | 'state' | 'cursor'> & { pageSize: number },
  ): Promise<{ claims: StoredClaim[]; cursor: string | null }>;
  countFiled(userId: string): Promise<number>;
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
  const [page, open] = await Promise.all([
    deps.page(userId, {
      kind: query.kind,
      state: query.state,
      cursor: query.cursor,
      pageSize: query.limit,
    }),
    // Said once per list, on its first page: the later pages do not read it again.
    query.cursor ? null : deps.countFiled(userId),
  ]);
  const now = new Date(deps.clock.now()).toISOString();
  const claims = await Promise.all(
    page.claims.map(async (claim) =>
      claim.kind === INBOUND_KIND
        ? withCase(claim, await deps.caseOf(userId, claim.subject.reference), now)
        : claim,
    ),
  );
  const moved = claims.filter((claim, i) => claim !== page.claims[i]);
  if (moved.length > 0) await deps.putClaims(userId, moved);
  // A row whose case moved it out of the state asked for is not shown under that state.
  const shown = query.state ? claims.filter((claim) => claim.state === query.state) : claims;
  return { claims: shown.map(toClaimView), cursor: page.cursor, open_with_amazon: open };
}
