import { useUserPages } from '../../../lib/swr';
import { claimFiledResponse, claimListResponse } from '@domain/claims/contract';
import { apiRequest } from '../../../lib/api-client';

export type { ClaimView } from '@domain/claims/contract';

export type ClaimFilters = { kind: string; state: string };

/** `GET /api/claims`, soonest deadline first, page after page; a new filter starts again. */
export function useClaimPages(filters: ClaimFilters) {
  return useUserPages(
    '/claims',
    {
      limit: '25',
      ...(filters.kind ? { kind: filters.kind } : {}),
      ...(filters.state ? { state: filters.state } : {}),
    },
    claimListResponse,
    (page) => page.cursor,
  );
}

/** `POST` (opened with Amazon) or `DELETE` (taken back) `/api/claims/{id}/filed`. */
export async function setClaimFiled(claimId: string, filed: boolean) {
  return apiRequest(`/claims/${encodeURIComponent(claimId)}/filed`, {
    method: filed ? 'POST' : 'DELETE',
    schema: claimFiledResponse,
  });
}
