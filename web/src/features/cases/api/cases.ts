import { useMemo } from 'react';
import useSWR, { mutate, unstable_serialize, useSWRConfig } from 'swr';
import {
  caseDetailResponse,
  caseListResponse,
  caseOpenedResponse,
  sendCheckResponse,
  caseOutcomeResponse,
  type CaseOutcomeRequest,
  type CaseOutcomeResponse,
  type CaseDetailResponse,
  type CaseOpenedResponse,
  type SendCheckRequest,
  type SendCheckResponse,
  type CaseView,
} from '@domain/cases/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserKey, useUserKey, useUserRead, type UserKey } from '../../../lib/swr';

/** How often the case list asks the server whether anything changed (live updates). */
export const LIVE_POLL_MS = 3_000;

const CASES_PATH = '/cases';

/** What the cache keeps: the list and the change marker the next poll sends back. */
type CaseList = { cases: CaseView[]; version: string | undefined };

export type CasesSnapshot = {
  /** Keyed by shipment id (one case per user and shipment). */
  byShipment: ReadonlyMap<string, CaseView>;
  version: string | undefined;
  loaded: boolean;
  error: unknown;
};

/**
 * One read of `GET /api/cases`. With the version of the list already held the server answers
 * `changed:false` and an empty list while nothing moved, so a poll costs one small response and
 * the list keeps its identity (nothing re-renders).
 */
async function readCases(previous: CaseList | undefined): Promise<CaseList> {
  const since = previous?.version;
  const body = await apiRequest(
    since ? `${CASES_PATH}?${new URLSearchParams({ since }).toString()}` : CASES_PATH,
    { schema: caseListResponse },
  );
  if (!body.changed && previous) return previous;
  return { cases: body.cases, version: body.version };
}

/**
 * The signed-in user's cases, kept fresh: every mounted reader shares one SWR entry polled every
 * few seconds while the tab is visible (a hidden tab stops and catches up when shown), so badges
 * and buttons follow a change made elsewhere (another tab, the server's poller) without a reload.
 */
export function useLiveCases(): CasesSnapshot {
  const key = useUserKey(CASES_PATH);
  const { cache } = useSWRConfig();
  const { data, error } = useSWR(
    key,
    (current: UserKey) => readCases(cache.get(unstable_serialize(current))?.data as CaseList),
    {
      refreshInterval: LIVE_POLL_MS,
      refreshWhenHidden: false,
      // Shown again after a poll was missed: read at once rather than at the next tick.
      revalidateOnFocus: true,
      focusThrottleInterval: LIVE_POLL_MS,
    },
  );
  const byShipment = useMemo(
    () => new Map((data?.cases ?? []).map((item) => [item.shipment_id, item])),
    [data],
  );
  return { byShipment, version: data?.version, loaded: data !== undefined, error };
}

export function useCaseOf(shipmentId: string): { caseView: CaseView | undefined; loaded: boolean } {
  const cases = useLiveCases();
  return { caseView: cases.byShipment.get(shipmentId), loaded: cases.loaded };
}

/** After a change made from this tab: read at once instead of waiting for the next tick. */
export async function refreshCases(): Promise<void> {
  const key = currentUserKey(CASES_PATH);
  if (key) await mutate(key);
}

/** Puts a case the server just returned into the list before the next poll confirms it. */
export function rememberCase(caseView: CaseView): void {
  const key = currentUserKey(CASES_PATH);
  if (!key) return;
  void mutate<CaseList>(
    key,
    (current) =>
      current && {
        ...current,
        cases: [
          ...current.cases.filter((item) => item.shipment_id !== caseView.shipment_id),
          caseView,
        ],
      },
    { revalidate: false },
  );
}

/** `GET /api/cases/{shipmentId}`: the case and its documents. */
export function useCaseDetailRead(shipmentId: string) {
  return useUserRead<CaseDetailResponse>(
    `${CASES_PATH}/${encodeURIComponent(shipmentId)}`,
    caseDetailResponse,
  );
}

/** Spec 4.1: the seller opened the case in the portal; the server sets in_lavorazione. */
export async function markCaseOpened(shipmentId: string): Promise<CaseOpenedResponse> {
  const body = await apiRequest(`/cases/${encodeURIComponent(shipmentId)}/opened`, {
    method: 'POST',
    schema: caseOpenedResponse,
  });
  rememberCase(body.case);
  void refreshCases();
  return body;
}

/** A send of unknown outcome, settled by the seller: it went (`sent`) or it did not. */
export async function settleSendCheck(
  shipmentId: string,
  outcome: SendCheckRequest['outcome'],
): Promise<SendCheckResponse> {
  const body = await apiRequest(`/cases/${encodeURIComponent(shipmentId)}/send-check`, {
    method: 'POST',
    body: { outcome },
    schema: sendCheckResponse,
  });
  rememberCase(body.case);
  void refreshCases();
  return body;
}

/** Amazon's case id and, when known, the outcome, as the seller records them (issue 16). */
export async function recordCaseOutcome(
  shipmentId: string,
  body: CaseOutcomeRequest,
): Promise<CaseOutcomeResponse> {
  const response = await apiRequest(`/cases/${encodeURIComponent(shipmentId)}/outcome`, {
    method: 'POST',
    body,
    schema: caseOutcomeResponse,
  });
  rememberCase(response.case);
  void refreshCases();
  return response;
}
