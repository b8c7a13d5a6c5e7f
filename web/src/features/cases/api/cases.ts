import { useMemo } from 'react';
import useSWR, { mutate, unstable_serialize, useSWRConfig } from 'swr';
import {
  caseDetailResponse,
  caseDraftResponse,
  caseListResponse,
  caseOpenedResponse,
  sendCheckResponse,
  caseOutcomeResponse,
  type CaseOutcomeRequest,
  type CaseOutcomeResponse,
  type CaseDetailResponse,
  type CaseDraftNotes,
  type CaseDraftResponse,
  type CaseOpenedResponse,
  type SendCheckRequest,
  type SendCheckResponse,
  type CaseView,
} from '@domain/cases/contract';
import { apiRequest } from '../../../lib/api-client';
import {
  currentUserKey,
  revalidate,
  useUserKey,
  useUserRead,
  type UserKey,
} from '../../../lib/swr';

/** How often the case list asks the server whether anything changed (live updates). */
export const LIVE_POLL_MS = 3_000;

const CASES_PATH = '/cases';
/** The first page of cases the live list holds: the ones changed last (issue 18). */
export const LIVE_PAGE_SIZE = 100;

/**
 * What the cache keeps: the first page of cases, every case changed since, the change marker
 * the next poll sends back, and whether the seller has cases beyond the page.
 */
type CaseList = { cases: CaseView[]; version: string | undefined; more: boolean };

export type CasesSnapshot = {
  /** Keyed by shipment id (one case per user and shipment). */
  byShipment: ReadonlyMap<string, CaseView>;
  version: string | undefined;
  loaded: boolean;
  /** Some of the seller's cases are not in the list (older than its first page, unchanged since). */
  more: boolean;
  error: unknown;
};

/** The list with `changed` put in place of the cases of the same shipments. */
function merged(cases: readonly CaseView[], changed: readonly CaseView[]): CaseView[] {
  const replaced = new Set(changed.map((item) => item.shipment_id));
  return [...cases.filter((item) => !replaced.has(item.shipment_id)), ...changed];
}

/**
 * One read of `GET /api/cases`: the first page, then, with the version of the list already
 * held, only the cases changed since. The server answers `changed:false` and an empty list while
 * nothing moved, so a poll costs one small response and the list keeps its identity (nothing
 * re-renders); when too many changed it sends the first page again (`reset`).
 */
async function readCases(previous: CaseList | undefined): Promise<CaseList> {
  const since = previous?.version;
  const query: Record<string, string> = since ? { since } : { limit: String(LIVE_PAGE_SIZE) };
  const body = await apiRequest(`${CASES_PATH}?${new URLSearchParams(query).toString()}`, {
    schema: caseListResponse,
  });
  if (previous && (body.reset || body.changed)) followCases();
  if (body.reset || !previous) {
    return { cases: body.cases, version: body.version, more: body.cursor !== null };
  }
  if (!body.changed) return previous;
  return { ...previous, cases: merged(previous.cases, body.cases), version: body.version };
}

/**
 * The reads whose figures follow the cases: the dashboard (stat cards, chart, recent activity)
 * and the shipment lists (their case badges and deadlines).
 */
export const FOLLOWS_CASES = ['/dashboard', '/shipments'] as const;

/**
 * A poll saw cases change (a reimbursement recorded by the server's poller, a demo reply, a
 * change made in another tab): every screen showing a figure built from them reads it again,
 * so money recovered moves without a reload. The server computes the dashboard again when a
 * case changed after its stored summary, so this read never gets the figures from before.
 */
function followCases(): void {
  void revalidate(...FOLLOWS_CASES);
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
  return {
    byShipment,
    version: data?.version,
    loaded: data !== undefined,
    more: data?.more ?? false,
    error,
  };
}

/**
 * A shipment's case from the live list. A case the list does not hold while the seller has
 * more than its first page (one unchanged for long) is read on its own, once.
 */
export function useCaseOf(shipmentId: string): { caseView: CaseView | undefined; loaded: boolean } {
  const cases = useLiveCases();
  const listed = cases.byShipment.get(shipmentId);
  const unlisted = cases.loaded && cases.more && !listed;
  const detail = useUserRead<CaseDetailResponse>(
    unlisted ? `${CASES_PATH}/${encodeURIComponent(shipmentId)}` : null,
    caseDetailResponse,
  );
  if (!unlisted) return { caseView: listed, loaded: cases.loaded };
  return { caseView: detail.data?.case ?? undefined, loaded: detail.data !== undefined };
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
        cases: merged(current.cases, [caseView]),
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

/**
 * Spec 4.1, issue 29: the seller opened the case on Seller Central, with Amazon's case id; the
 * server checks the id and sets in_lavorazione.
 */
export async function markCaseOpened(
  shipmentId: string,
  amazonCaseId: string,
): Promise<CaseOpenedResponse> {
  const body = await apiRequest(`/cases/${encodeURIComponent(shipmentId)}/opened`, {
    method: 'POST',
    body: { amazon_case_id: amazonCaseId },
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

/** The case sheet's notes, kept with the case on the server (issue 29). */
export async function saveCaseDraft(
  shipmentId: string,
  notes: CaseDraftNotes,
): Promise<CaseDraftResponse> {
  return apiRequest(`/cases/${encodeURIComponent(shipmentId)}/draft`, {
    method: 'PUT',
    body: { notes },
    schema: caseDraftResponse,
  });
}
