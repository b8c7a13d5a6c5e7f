import { useEffect, useSyncExternalStore } from 'react';
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
} from '../../../../../lambdas/domain/cases/contract';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/use-session';

/** How often the case list asks the server whether anything changed (live updates). */
export const LIVE_POLL_MS = 3_000;

export type CasesSnapshot = {
  userId: string | undefined;
  /** Keyed by shipment id (one case per user and shipment). */
  byShipment: ReadonlyMap<string, CaseView>;
  version: string | undefined;
  loaded: boolean;
  error: unknown;
};

const empty: CasesSnapshot = {
  userId: undefined,
  byShipment: new Map(),
  version: undefined,
  loaded: false,
  error: undefined,
};

let snapshot: CasesSnapshot = empty;
const listeners = new Set<() => void>();
let readers = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight: Promise<void> | undefined;

function publish(next: CasesSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

/**
 * One read of `GET /api/cases`. With a known version the server answers `changed:false` and an
 * empty list while nothing moved, so polling costs one small response every few seconds.
 */
async function fetchCases(userId: string): Promise<void> {
  const since = snapshot.userId === userId ? snapshot.version : undefined;
  try {
    const body = await apiRequest(
      since ? `/cases?${new URLSearchParams({ since }).toString()}` : '/cases',
      { schema: caseListResponse },
    );
    if (snapshot.userId !== userId && snapshot.userId !== undefined) return;
    if (!body.changed && snapshot.loaded) {
      if (snapshot.error) publish({ ...snapshot, error: undefined });
      return;
    }
    publish({
      userId,
      byShipment: new Map(body.cases.map((item) => [item.shipment_id, item])),
      version: body.version,
      loaded: true,
      error: undefined,
    });
  } catch (error) {
    if (snapshot.userId === userId || snapshot.userId === undefined) {
      publish({ ...snapshot, userId, error, loaded: snapshot.loaded });
    }
  }
}

function load(userId: string): Promise<void> {
  inFlight ??= fetchCases(userId).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

let currentUser: string | undefined;

function schedule() {
  clearTimeout(timer);
  timer = undefined;
  if (readers === 0 || !currentUser) return;
  timer = setTimeout(() => {
    // A hidden tab does not poll; it catches up as soon as it is visible again.
    if (document.visibilityState === 'visible' && currentUser) {
      void load(currentUser).finally(schedule);
    } else {
      schedule();
    }
  }, LIVE_POLL_MS);
}

function onVisibility() {
  if (document.visibilityState === 'visible' && currentUser && readers > 0) {
    void load(currentUser).finally(schedule);
  }
}

function attach(userId: string): () => void {
  if (currentUser !== userId) {
    currentUser = userId;
    publish({ ...empty, userId });
  }
  readers += 1;
  if (readers === 1) document.addEventListener('visibilitychange', onVisibility);
  void load(userId).finally(schedule);
  return () => {
    readers -= 1;
    if (readers === 0) {
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer);
      timer = undefined;
    }
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => snapshot;

/**
 * The signed-in user's cases, kept fresh: every mounted reader shares one poll of the change
 * marker every few seconds while the tab is visible, so badges and buttons follow a change made
 * elsewhere (another tab, the server's poller) without a reload.
 */
export function useLiveCases(): CasesSnapshot {
  const { session } = useSession();
  const userId = session?.userId;
  useEffect(() => (userId ? attach(userId) : undefined), [userId]);
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return current.userId === userId ? current : { ...empty, userId };
}

export function useCaseOf(shipmentId: string): { caseView: CaseView | undefined; loaded: boolean } {
  const cases = useLiveCases();
  return { caseView: cases.byShipment.get(shipmentId), loaded: cases.loaded };
}

/** After a change made from this tab: read at once instead of waiting for the next tick. */
export function refreshCases(): Promise<void> {
  if (!currentUser) return Promise.resolve();
  const user = currentUser;
  // A read already under way may predate the change; chain a fresh one after it.
  return (inFlight ?? Promise.resolve()).then(() => load(user));
}

/** Puts a case the server just returned into the list before the next poll confirms it. */
export function rememberCase(caseView: CaseView): void {
  if (!snapshot.userId) return;
  const byShipment = new Map(snapshot.byShipment);
  byShipment.set(caseView.shipment_id, caseView);
  publish({ ...snapshot, byShipment });
}

export function fetchCaseDetail(shipmentId: string): Promise<CaseDetailResponse> {
  return apiRequest(`/cases/${encodeURIComponent(shipmentId)}`, { schema: caseDetailResponse });
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
