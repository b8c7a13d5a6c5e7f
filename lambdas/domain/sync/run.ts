import { SYNC_LOOKBACK_MONTHS } from '../cases/claim-windows';
import { monthsBefore } from '../clock';
import type { TimeRange } from './discrepancy';
import type { ChangeCounts } from './listing';

/** How far back a sync reads (see `claim-windows.ts`: longer than any claim window, on purpose). */
export const LOOKBACK_MONTHS = SYNC_LOOKBACK_MONTHS;
const DAY_MS = 86_400_000;

export type SyncRunStatus = 'running' | 'succeeded' | 'failed';
/** Who asked: the "Sync now" button, the 7-day schedule, or the scenario CLI. */
export type SyncTrigger = 'manual' | 'scheduled' | 'cli';
/** A full sync reads the whole lookback window; an incremental one only what changed since. */
export type SyncMode = 'full' | 'incremental';
export type SyncPhase = 'queued' | 'shipments' | 'items' | 'catalog' | 'saving' | 'done';

/** SP-API calls of a run: every HTTP attempt, the 429s among them, and the retries made. */
export interface CallStats {
  total: number;
  throttled: number;
  retried: number;
}

export interface SyncCounts extends ChangeCounts {
  /** Closed shipments of the marketplace the run looked at. */
  shipmentsScanned: number;
  /** Shipments and items listed once the run finished. */
  shipmentsListed: number;
  itemsListed: number;
}

export interface SyncProgress {
  phase: SyncPhase;
  /** Slices of the window already saved. */
  slicesDone: number;
  slicesTotal: number;
  /** 0–100, for the progress bar. */
  percent: number;
}

/** Where an interrupted run picks up. */
export interface SyncCheckpoint {
  /** The first slice not saved yet. */
  nextSlice: number;
  /**
   * Shipment ids a full run has seen so far; at the end, listed shipments it never saw have
   * left the window (or the source) and leave the listing.
   */
  seenShipmentIds: string[];
}

export interface SyncError {
  code: string;
  message: string;
  at: number;
}

/** One sync of one seller, recorded from start to end (issue 5: start, end, counts, calls...). */
export interface SyncRun {
  runId: string;
  userId: string;
  trigger: SyncTrigger;
  mode: SyncMode;
  status: SyncRunStatus;
  marketplaceId: string;
  countryCode: string;
  startedAt: number;
  finishedAt: number | null;
  /** Last sign of life; a running run silent beyond its lease was interrupted. */
  heartbeatAt: number;
  leaseUntil: number;
  /** What this run reads from Amazon (last-updated dates). */
  window: TimeRange;
  /** The claims window the discrepancy rules apply. */
  lookback: TimeRange;
  /** The window cut into ranges that are fetched, computed and saved one at a time. */
  slices: TimeRange[];
  progress: SyncProgress;
  counts: SyncCounts;
  calls: CallStats;
  /** Attempts that failed on something that may pass on a retry. */
  failedAttempts: number;
  /** The error that ended the run, or the last one it is retrying after. */
  error: SyncError | null;
  checkpoint: SyncCheckpoint;
}

/** What the last successful run leaves for the next one. */
export interface SyncState {
  lastSuccessRunId: string;
  lastSuccessAt: number;
  /** The end of the window the last successful run read. */
  lastWindowTo: number;
  lastFullSyncAt: number;
}

export interface SyncPlanOptions {
  lookbackMonths: number;
  /** Incremental runs reread this much before the last run's window end. */
  overlapMs: number;
  /** Longest slice of a window. */
  sliceMs: number;
  /** A full run happens at least this often, to drop shipments that left the source or window. */
  fullResyncMs: number;
}

export const DEFAULT_PLAN_OPTIONS: SyncPlanOptions = {
  lookbackMonths: LOOKBACK_MONTHS,
  overlapMs: 2 * DAY_MS,
  sliceMs: 92 * DAY_MS,
  fullResyncMs: 30 * DAY_MS,
};

export const EMPTY_COUNTS: SyncCounts = {
  shipmentsScanned: 0,
  shipmentsListed: 0,
  itemsListed: 0,
  shipmentsAdded: 0,
  shipmentsUpdated: 0,
  shipmentsRemoved: 0,
  itemsWritten: 0,
  itemsRemoved: 0,
};

export const NO_CALLS: CallStats = { total: 0, throttled: 0, retried: 0 };

/**
 * Cuts a window into consecutive slices of at most `sliceMs`. A shipment has one last-updated
 * instant, so it falls in exactly one slice, together with all its items: each slice can be
 * fetched, computed and saved on its own, and a run cut short resumes at the next slice.
 */
export function sliceWindow(window: TimeRange, sliceMs: number): TimeRange[] {
  const slices: TimeRange[] = [];
  let from = window.from;
  while (from <= window.to) {
    const to = Math.min(window.to, from + sliceMs - 1);
    slices.push({ from, to });
    from = to + 1;
  }
  return slices;
}

/**
 * Decides what a new run reads. The first run, and any run when the last full one is older
 * than `fullResyncMs`, reads the whole 18-month lookback; otherwise the run reads from shortly
 * before the end of the last successful window (the overlap catches updates Amazon reports
 * late) up to now.
 */
export function planSync(
  state: SyncState | undefined,
  now: number,
  options: SyncPlanOptions = DEFAULT_PLAN_OPTIONS,
): { mode: SyncMode; window: TimeRange; lookback: TimeRange; slices: TimeRange[] } {
  const lookback = { from: monthsBefore(now, options.lookbackMonths), to: now };
  const full = !state || now - state.lastFullSyncAt >= options.fullResyncMs;
  const from = full
    ? lookback.from
    : Math.max(lookback.from, Math.min(now, state.lastWindowTo - options.overlapMs));
  const window = { from, to: now };
  return {
    mode: full ? 'full' : 'incremental',
    window,
    lookback,
    slices: sliceWindow(window, options.sliceMs),
  };
}

/** A new run in its first state, before anything is fetched. */
export function newRun(input: {
  runId: string;
  userId: string;
  trigger: SyncTrigger;
  marketplaceId: string;
  countryCode: string;
  now: number;
  leaseMs: number;
  plan: ReturnType<typeof planSync>;
}): SyncRun {
  return {
    runId: input.runId,
    userId: input.userId,
    trigger: input.trigger,
    mode: input.plan.mode,
    status: 'running',
    marketplaceId: input.marketplaceId,
    countryCode: input.countryCode,
    startedAt: input.now,
    finishedAt: null,
    heartbeatAt: input.now,
    leaseUntil: input.now + input.leaseMs,
    window: input.plan.window,
    lookback: input.plan.lookback,
    slices: input.plan.slices,
    progress: { phase: 'queued', slicesDone: 0, slicesTotal: input.plan.slices.length, percent: 0 },
    counts: { ...EMPTY_COUNTS },
    calls: { ...NO_CALLS },
    failedAttempts: 0,
    error: null,
    checkpoint: { nextSlice: 0, seenShipmentIds: [] },
  };
}

/** How far a phase has got inside one slice, as a share of the slice. */
const PHASE_SHARE: Record<SyncPhase, number> = {
  queued: 0,
  shipments: 0.05,
  items: 0.15,
  catalog: 0.8,
  saving: 0.9,
  done: 1,
};

/**
 * The percentage a progress bar shows: whole slices saved, plus the share of the current one
 * (items count from 15 % to 80 % of a slice as they arrive).
 */
export function progressPercent(
  slicesDone: number,
  slicesTotal: number,
  phase: SyncPhase,
  itemsShare = 0,
): number {
  if (phase === 'done' || slicesTotal === 0) return phase === 'done' ? 100 : 0;
  const within =
    phase === 'items'
      ? PHASE_SHARE.items + (PHASE_SHARE.catalog - PHASE_SHARE.items) * Math.min(1, itemsShare)
      : PHASE_SHARE[phase];
  return Math.min(99, Math.floor(((slicesDone + within) / slicesTotal) * 100));
}

/**
 * The status to show: a run still marked running whose lease ran out was interrupted (its
 * worker died and nobody resumed it), so it counts as failed.
 */
export function effectiveRun(run: SyncRun, now: number): SyncRun {
  if (run.status !== 'running' || run.leaseUntil >= now) return run;
  return {
    ...run,
    status: 'failed',
    finishedAt: run.leaseUntil,
    error: run.error ?? {
      code: 'interrupted',
      message: 'The sync stopped before finishing',
      at: run.leaseUntil,
    },
  };
}

/** Adds two call counters. */
export function addCalls(a: CallStats, b: CallStats): CallStats {
  return {
    total: a.total + b.total,
    throttled: a.throttled + b.throttled,
    retried: a.retried + b.retried,
  };
}

/** Time-sortable run ids, so the newest run is the last key of the user's runs. */
export function makeRunId(now: number, random: () => number = Math.random): string {
  const stamp = new Date(now).toISOString().replace(/[-:.]/g, '');
  const suffix = Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return `${stamp}-${suffix}`;
}
