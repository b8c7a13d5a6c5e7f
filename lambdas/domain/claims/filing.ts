/**
 * `POST` / `DELETE /api/claims/{id}/filed`: the seller says they opened a claim with Amazon in
 * Seller Central (no API opens one), or takes it back. Scoped to the caller's claims; a claim of
 * another seller is not found. Pure: the table and the clock are ports.
 */
import { ReasonedRefusal, type Refusal } from '../errors';
import type { MessageKey } from '../messages';
import { toClaimView, type ClaimFiledResponse } from './contract';
import { markFiled, type FilingRefusal, type StoredClaim } from './model';

const CLAIM_REFUSALS = {
  not_found: { kind: 'not_found', messageKey: 'claimNotFound' },
  not_open_yet: { kind: 'conflict', messageKey: 'claimNotOpenYet' },
  window_closed: { kind: 'conflict', messageKey: 'claimWindowClosed' },
  settled: { kind: 'conflict', messageKey: 'claimSettled' },
  on_case: { kind: 'conflict', messageKey: 'claimFiledOnCase' },
} as const satisfies Record<FilingRefusal | 'not_found', Refusal & { messageKey: MessageKey }>;

export class ClaimRefused extends ReasonedRefusal<keyof typeof CLAIM_REFUSALS> {
  constructor(reason: keyof typeof CLAIM_REFUSALS) {
    super(reason, CLAIM_REFUSALS, { details: reason === 'not_found' ? undefined : { reason } });
  }
}

export interface ClaimFilingDeps {
  getClaim(userId: string, claimId: string): Promise<StoredClaim | undefined>;
  putClaims(userId: string, claims: readonly StoredClaim[]): Promise<void>;
  clock: { now(): number };
}

export async function setClaimFiled(
  deps: ClaimFilingDeps,
  userId: string,
  claimId: string,
  filed: boolean,
): Promise<ClaimFiledResponse> {
  const claim = await deps.getClaim(userId, claimId);
  if (!claim) throw new ClaimRefused('not_found');
  const now = new Date(deps.clock.now()).toISOString();
  const next = markFiled(claim, filed, { asOf: now.slice(0, 10), now });
  if ('refused' in next) throw new ClaimRefused(next.refused);
  if (next !== claim) await deps.putClaims(userId, [next]);
  return { claim: toClaimView(next) };
}
