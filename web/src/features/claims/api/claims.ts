import { useUserPages } from '../../../lib/swr';
import { claimListResponse } from '@domain/claims/contract';

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
