import { useUserPages } from '../../../lib/swr';
import {
  claimFiledResponse,
  claimListResponse,
  removalCountResponse,
  removalListResponse,
  type RemovalCountBody,
} from '@domain/claims/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';

export type { ClaimView, RemovalView } from '@domain/claims/contract';

/** The server's own message for a refusal (say, a claim whose window has not opened). */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : fallback;
}

export type ClaimFilters = { kind: string; state: string; due: string };

/** `GET /api/claims`, soonest deadline first, page after page; a new filter starts again. */
export function useClaimPages(filters: ClaimFilters) {
  return useUserPages(
    '/claims',
    {
      limit: '25',
      ...(filters.kind ? { kind: filters.kind } : {}),
      ...(filters.state ? { state: filters.state } : {}),
      ...(filters.due ? { due_within: filters.due } : {}),
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

/** `GET /api/removals`: the removals not counted yet, oldest shipment first, page after page. */
export function useRemovalPages() {
  return useUserPages('/removals', { limit: '20' }, removalListResponse, (page) => page.cursor);
}

/** `PUT /api/removals/{id}/received`: the units that arrived, per SKU of the removal. */
export async function recordRemovalCount(
  removalOrderId: string,
  received: RemovalCountBody['received'],
) {
  return apiRequest(`/removals/${encodeURIComponent(removalOrderId)}/received`, {
    method: 'PUT',
    body: { received },
    schema: removalCountResponse,
  });
}
