import { AccountDeleted } from '../account/deletion';
import type { Clock } from '../clock';
import { chunk, mapLimit } from '../concurrency';
import { ReasonedRefusal, type Refusal } from '../errors';
import type { Connection, ConnectionStatus } from '../connection/connection';
import {
  CLOSED,
  computeDiscrepancies,
  skusNeedingCatalog,
  withCatalog,
  type CatalogEntry,
  type InboundItem,
  type InboundShipment,
  type ListedShipment,
  type TimeRange,
} from './discrepancy';
import { applyChanges, countChanges, diffListing, type ShipmentChange } from './listing';
import { fetchLedgerReceipts, ledgerChanges } from './ledger';
import { activePlan, planCovers, type Subscription } from '../plan/plan';
import { freeScanRule, type FreeScanPort } from './free-scan';
import { UpstreamFailure, type ItemPage, type SpApiPort } from './spapi-port';
import {
  addCalls,
  DEFAULT_PLAN_OPTIONS,
  makeRunId,
  newRun,
  planSync,
  progressPercent,
  type CallStats,
  type SyncPhase,
  type SyncPlanOptions,
  type SyncRun,
  type SyncState,
  type SyncTrigger,
} from './run';

/**
 * The shipment sync, one code path for the "Sync now" button, the 7-day schedule and the
 * scenario CLI. A run is started (plan and connection checked, one run per user at a time),
 * then carried out in segments by the queue worker: each segment fetches, computes and saves
 * slices of the window until it is done or its time is up, and a later segment picks up at
 * the next slice. Adapters are passed in; nothing here talks to AWS or Amazon directly.
 */

/** Why a sync cannot start. */
export type SyncRefusal =
  | 'no_plan'
  | 'free_scan_used'
  | 'plan_country'
  | 'not_connected'
  | 'connection_revoked'
  | 'already_running';

const SYNC_REFUSALS: Record<SyncRefusal, Refusal> = {
  no_plan: { kind: 'payment_required', messageKey: 'syncNeedsPlan' },
  free_scan_used: { kind: 'payment_required', messageKey: 'syncFreeScanUsed' },
  plan_country: { kind: 'forbidden', messageKey: 'syncPlanCountry' },
  not_connected: { kind: 'conflict', messageKey: 'syncNotConnected' },
  connection_revoked: { kind: 'conflict', messageKey: 'syncConnectionRevoked' },
  already_running: { kind: 'conflict', messageKey: 'syncAlreadyRunning' },
};

/** The details a refusal shows the caller: the connection's and the running sync's state. */
function syncRefusalDetails(reason: SyncRefusal, runningRunId: string | undefined) {
  if (reason === 'already_running') return { reason, runId: runningRunId };
  return reason === 'not_connected' ||
    reason === 'connection_revoked' ||
    reason === 'free_scan_used'
    ? { reason }
    : undefined;
}

export class SyncRefused extends ReasonedRefusal<SyncRefusal> {
  constructor(
    reason: SyncRefusal,
    /** The run in the way, for `already_running`. */
    readonly runningRunId?: string,
  ) {
    super(reason, SYNC_REFUSALS, { details: syncRefusalDetails(reason, runningRunId) });
  }
}

/**
 * The segment failed on something that may pass later (throttling that outlasted the retries,
 * a 5xx, the network, the table). The run stays open; the worker hands the message back to the
 * queue, whose redelivery resumes the run at its checkpoint.
 */
export class RetryLater extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'RetryLater';
  }
}

/** The run no longer holds the user's sync lock (its lease ran out and another run took over). */
export class LeaseLost extends Error {
  constructor(runId: string) {
    super(`Run ${runId} no longer holds the sync lock`);
    this.name = 'LeaseLost';
  }
}

export interface ConnectionPort {
  get(userId: string): Promise<Connection | undefined>;
  setStatus(userId: string, status: ConnectionStatus, lastError: string | null): Promise<void>;
  /** The decrypted refresh token; only the sync reads it. */
  refreshToken(userId: string): Promise<string | undefined>;
}

export interface PlanPort {
  list(userId: string): Promise<Subscription[]>;
}

export interface SyncRunStore {
  state(userId: string): Promise<SyncState | undefined>;
  /**
   * Takes the user's sync lock for the run and records the run, in one atomic write. A lock
   * whose lease ran out is taken over (and its run recorded as interrupted).
   */
  start(run: SyncRun): Promise<{ started: true } | { started: false; runningRunId?: string }>;
  get(userId: string, runId: string): Promise<SyncRun | undefined>;
  /** Records progress and renews the lease; throws {@link LeaseLost} if the lock is gone. */
  save(run: SyncRun): Promise<void>;
  /** Records the run's end and releases the lock; a successful run also updates the state. */
  finish(run: SyncRun, state: SyncState | undefined): Promise<void>;
}

export interface ListingStore {
  /** The synced (non-demo) listing of one marketplace, with items. */
  load(userId: string, marketplaceId: string): Promise<ListedShipment[]>;
  /** Writes the changes, each shipment with its items atomically. */
  apply(userId: string, changes: readonly ShipmentChange[]): Promise<void>;
  /** Records the last ledger receipt of listed shipments (their window then counts from it). */
  setLedgerReceipts(
    userId: string,
    receipts: readonly { shipmentId: string; ledgerReceivedAt: string }[],
  ): Promise<void>;
}

export interface SyncOptions extends SyncPlanOptions {
  /** How long a run holds the lock without a sign of life. */
  leaseMs: number;
  /**
   * The first lease of a scheduled run: the 7-day dispatcher queues every seller at once and
   * the worker takes them a few at a time, so a run may wait this long before it starts.
   */
  scheduledLeaseMs: number;
  /** Shipments whose items are fetched at once, one call per shipment. */
  itemConcurrency: number;
  /** getInventorySummaries takes at most 50 SKUs. */
  catalogBatchSize: number;
  /** Least time between two progress writes. */
  progressIntervalMs: number;
  /**
   * A slice with more closed shipments than this is cut in two before its items are fetched,
   * so that one slice always fits in one worker invocation.
   */
  maxShipmentsPerSlice: number;
  /** Slices are not cut below this length. */
  minSliceMs: number;
  /** Between two polls of the inventory ledger report. */
  ledgerPollMs: number;
  /** The longest a run waits for the ledger report before it finishes without it. */
  ledgerWaitMs: number;
}

export const DEFAULT_SYNC_OPTIONS: SyncOptions = {
  ...DEFAULT_PLAN_OPTIONS,
  leaseMs: 20 * 60_000,
  scheduledLeaseMs: 3 * 3_600_000,
  itemConcurrency: 4,
  catalogBatchSize: 50,
  progressIntervalMs: 1000,
  maxShipmentsPerSlice: 150,
  minSliceMs: 3_600_000,
  ledgerPollMs: 3_000,
  ledgerWaitMs: 30_000,
};

export interface SyncLog {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
}

export interface SyncDeps {
  clock: Clock;
  connections: ConnectionPort;
  plans: PlanPort;
  runs: SyncRunStore;
  listing: ListingStore;
  /** An SP-API client for one seller, from their refresh token. */
  spapi(refreshToken: string): SpApiPort;
  newRunId?: (now: number) => string;
  options?: Partial<SyncOptions>;
  log?: SyncLog;
  /**
   * Issue 16: shipments that left the listing because Amazon now counts every unit, with the
   * units that were missing; a case sent for one is resolved as found. Called before the change
   * is written, and idempotent, so a worker that dies in between tells it again next run.
   */
  unitsFound?: (userId: string, found: { shipmentId: string; units: number }[]) => Promise<void>;
  /** The free first scan's once-only flag; without it a sync always needs the plan. */
  freeScan?: FreeScanPort;
}

const quietLog: SyncLog = { info: () => undefined, warn: () => undefined };

function optionsOf(deps: SyncDeps): SyncOptions {
  return { ...DEFAULT_SYNC_OPTIONS, ...deps.options };
}

/**
 * Starts a sync for a user: checks the plan (active and covering the connected country) and the
 * connection, plans the window (full or incremental), and records the run under the user's
 * sync lock. The caller then queues the run for the worker.
 *
 * @throws SyncRefused when the user has no active plan, no usable connection, or a run is
 * already going.
 */
export async function startSync(
  userId: string,
  trigger: SyncTrigger,
  deps: SyncDeps,
): Promise<SyncRun> {
  const options = optionsOf(deps);
  const now = deps.clock.now();
  const [connection, subscriptions] = await Promise.all([
    deps.connections.get(userId),
    deps.plans.list(userId),
  ]);
  const plan = activePlan(subscriptions, now);
  const free =
    !plan &&
    deps.freeScan !== undefined &&
    freeScanRule({ trigger, connection, plansHeld: subscriptions.length }) === 'free_scan';
  if (!plan && !free) throw new SyncRefused('no_plan');
  if (!connection || connection.status === 'disconnected') throw new SyncRefused('not_connected');
  if (connection.status === 'revoked') throw new SyncRefused('connection_revoked');
  if (plan && !planCovers(plan, connection.countryCode)) throw new SyncRefused('plan_country');

  const run = newRun({
    runId: (deps.newRunId ?? makeRunId)(now),
    userId,
    trigger,
    marketplaceId: connection.marketplaceId,
    countryCode: connection.countryCode,
    now,
    leaseMs: trigger === 'scheduled' ? options.scheduledLeaseMs : options.leaseMs,
    plan: planSync(await deps.runs.state(userId), now, options),
  });
  // The free first scan is taken (once, by this run) before the run is recorded.
  if (free && !(await deps.freeScan?.claim(userId, run.runId, new Date(now).toISOString()))) {
    throw new SyncRefused('free_scan_used');
  }
  const started = await deps.runs.start(run);
  if (!started.started) {
    if (free) await deps.freeScan?.release(userId, run.runId);
    throw new SyncRefused('already_running', started.runningRunId);
  }
  (deps.log ?? quietLog).info('Sync started', {
    userId,
    runId: run.runId,
    trigger,
    mode: run.mode,
    slices: run.slices.length,
    freeScan: free === true,
  });
  return run;
}

/** Ends a run that could not be handed to the worker (the queue refused the message). */
export async function abandonRun(run: SyncRun, reason: string, deps: SyncDeps): Promise<void> {
  const now = deps.clock.now();
  await deps.runs.finish(
    {
      ...run,
      status: 'failed',
      finishedAt: now,
      error: { code: 'not_queued', message: reason, at: now },
    },
    undefined,
  );
  // A free first scan that never ran is given back (a no-op for any other run).
  await deps.freeScan?.release(run.userId, run.runId);
}

export type SegmentOutcome =
  /** Every slice saved; the run succeeded. */
  | 'completed'
  /** Time ran out; the run continues from its checkpoint in another segment. */
  | 'paused'
  /** The run ended in failure (recorded on the run). */
  | 'failed'
  /** Nothing to do: the run is unknown, already over, or belongs to another lock holder. */
  | 'skipped';

export interface SegmentOptions {
  /** Epoch ms after which no new slice starts. */
  deadline?: number;
  /** The queue will not deliver this job again: a transient failure now ends the run. */
  lastAttempt?: boolean;
}

interface SegmentContext {
  deps: SyncDeps;
  options: SyncOptions;
  log: SyncLog;
  run: SyncRun;
  api: SpApiPort;
  baseCalls: CallStats;
  lastSavedAt: number;
  /** ASIN and title per SKU, looked up once per segment (inventory is the tightest rate). */
  catalog: Map<string, CatalogEntry>;
  deadline: number | undefined;
  /** Slices saved by this segment; the first one always runs to its end. */
  slicesSaved: number;
}

/**
 * Time ran out inside a slice. Nothing of the slice was written yet, so the run pauses at its
 * checkpoint and the next segment fetches the slice again. The first slice of a segment is
 * never cut short, so every segment moves the run forward.
 */
class SliceInterrupted extends Error {}

/**
 * Carries a started run forward: slice after slice, it lists the closed shipments, fetches
 * their items (in bulk or per shipment, whichever costs fewer calls), computes the
 * discrepancies, looks up ASIN and title of the listed SKUs, and saves the listing changes of
 * the slice before it moves on. Nothing of a slice is written before all of it is computed, and
 * each shipment is written with its items in one transaction, so an interruption leaves every
 * shipment either as it was or as it is now, and the slice is simply redone on resume.
 *
 * @throws RetryLater when a transient failure should be retried by the queue.
 */
export async function runSyncSegment(
  userId: string,
  runId: string,
  deps: SyncDeps,
  segment: SegmentOptions = {},
): Promise<{ outcome: SegmentOutcome; run?: SyncRun }> {
  const options = optionsOf(deps);
  const log = deps.log ?? quietLog;
  const stored = await deps.runs.get(userId, runId);
  if (!stored || stored.status !== 'running') return { outcome: 'skipped', run: stored };
  const run: SyncRun = structuredClone(stored);

  const fail = async (code: string, message: string) => {
    const now = deps.clock.now();
    const failed: SyncRun = {
      ...run,
      status: 'failed',
      finishedAt: now,
      heartbeatAt: now,
      progress: { ...run.progress },
      error: { code, message, at: now },
    };
    try {
      await deps.runs.finish(failed, undefined);
    } catch (error) {
      if (error instanceof LeaseLost) return { outcome: 'skipped' as const, run: failed };
      throw error;
    }
    log.warn('Sync failed', { userId, runId, code, message });
    return { outcome: 'failed' as const, run: failed };
  };

  const connection = await deps.connections.get(userId);
  if (!connection || connection.status === 'disconnected') {
    return fail('not_connected', 'The marketplace account is no longer connected');
  }
  if (connection.status === 'revoked') {
    return fail('connection_revoked', 'Amazon no longer authorizes access to this account');
  }
  if (connection.marketplaceId !== run.marketplaceId) {
    return fail('connection_changed', 'The connected marketplace changed during the sync');
  }
  const refreshToken = await deps.connections.refreshToken(userId);
  if (!refreshToken) return fail('not_connected', 'The connection holds no authorization');

  const ctx: SegmentContext = {
    deps,
    options,
    log,
    run,
    api: deps.spapi(refreshToken),
    baseCalls: run.calls,
    lastSavedAt: 0,
    catalog: new Map(),
    deadline: segment.deadline,
    slicesSaved: 0,
  };

  try {
    let listing = await deps.listing.load(userId, run.marketplaceId);
    const seen = new Set(run.checkpoint.seenShipmentIds);
    while (run.checkpoint.nextSlice < run.slices.length) {
      if (ctx.slicesSaved > 0 && ctx.deadline !== undefined && deps.clock.now() >= ctx.deadline) {
        await save(ctx, 'queued', true);
        log.info('Sync paused', { userId, runId, nextSlice: run.checkpoint.nextSlice });
        return { outcome: 'paused', run };
      }
      const index = run.checkpoint.nextSlice;
      const slice = run.slices[index] as TimeRange;
      let result: Awaited<ReturnType<typeof syncSlice>>;
      try {
        result = await syncSlice(ctx, slice, listing);
      } catch (error) {
        if (!(error instanceof SliceInterrupted)) throw error;
        await save(ctx, 'queued', true);
        log.info('Sync paused inside a slice', { userId, runId, nextSlice: index });
        return { outcome: 'paused', run };
      }
      if (result === 'split') continue;
      const found = unitsFoundIn(listing, result.changes);
      if (found.length > 0 && deps.unitsFound) await deps.unitsFound(userId, found);
      await deps.listing.apply(userId, result.changes);
      listing = applyChanges(listing, result.changes);
      accumulate(run, result.changes, result.considered.length);
      if (run.mode === 'full') for (const id of result.considered) seen.add(id);
      run.checkpoint = {
        nextSlice: index + 1,
        seenShipmentIds: run.mode === 'full' ? [...seen] : [],
      };
      ctx.slicesSaved += 1;
      await save(ctx, 'saving', true);
    }

    // Listed shipments this run did not look at: in a full run they are gone from the source
    // or the window; in any run, those last updated before the lookback window aged out.
    const stale = new Set(
      listing
        .filter((s) =>
          run.mode === 'full' ? !seen.has(s.shipmentId) : s.lastUpdated.to < run.lookback.from,
        )
        .map((s) => s.shipmentId),
    );
    if (stale.size > 0) {
      const removals = diffListing(listing, [], stale);
      await deps.listing.apply(userId, removals);
      listing = applyChanges(listing, removals);
      accumulate(run, removals, 0);
    }

    await recordLedgerReceipts(ctx, listing);

    const now = deps.clock.now();
    run.calls = addCalls(ctx.baseCalls, ctx.api.callStats());
    run.counts.shipmentsListed = listing.length;
    run.counts.itemsListed = listing.reduce((n, s) => n + s.items.length, 0);
    const done: SyncRun = {
      ...run,
      status: 'succeeded',
      finishedAt: now,
      heartbeatAt: now,
      error: null,
      progress: { ...run.progress, phase: 'done', percent: 100 },
    };
    const previous = await deps.runs.state(userId);
    await deps.runs.finish(done, {
      lastSuccessRunId: run.runId,
      lastSuccessAt: now,
      lastWindowTo: run.window.to,
      lastFullSyncAt: run.mode === 'full' ? run.startedAt : (previous?.lastFullSyncAt ?? 0),
    });
    if (connection.status === 'error') await deps.connections.setStatus(userId, 'connected', null);
    log.info('Sync completed', { userId, runId, counts: done.counts, calls: done.calls });
    return { outcome: 'completed', run: done };
  } catch (error) {
    run.calls = addCalls(ctx.baseCalls, ctx.api.callStats());
    if (error instanceof LeaseLost) {
      log.warn('Sync lost its lock', { userId, runId });
      return { outcome: 'skipped', run };
    }
    if (error instanceof AccountDeleted) {
      // Nothing more is written for a deleted account, not even the run's end.
      log.warn('Sync stopped: the account was deleted', { userId, runId });
      return { outcome: 'skipped' };
    }
    if (error instanceof UpstreamFailure && error.kind !== 'transient') {
      // The code, not Amazon's English text: the dashboard words it in the seller's language
      // and shows the code for support.
      if (error.kind === 'revoked') {
        await deps.connections.setStatus(userId, 'revoked', error.code);
      } else if (error.kind === 'forbidden') {
        await deps.connections.setStatus(userId, 'error', error.code);
      }
      return fail(error.code, error.message);
    }
    const code = error instanceof UpstreamFailure ? error.code : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    if (segment.lastAttempt) return fail(code, message);
    run.failedAttempts += 1;
    run.error = { code, message, at: deps.clock.now() };
    await save(ctx, run.progress.phase, true).catch(() => undefined);
    log.warn('Sync will be retried', { userId, runId, code, message });
    throw new RetryLater(error);
  }
}

/**
 * The last receipt Amazon's inventory ledger records for each listed shipment, stored so that
 * its window counts from a real date. Best effort: a ledger Amazon does not produce in time, or
 * refuses, leaves the dates as they were and the run succeeds (only an account deleted or a
 * lost lock stops it).
 */
async function recordLedgerReceipts(
  ctx: SegmentContext,
  listing: readonly ListedShipment[],
): Promise<void> {
  const { api, run, deps, options, log } = ctx;
  if (!api.ledgerReports || listing.length === 0) return;
  const now = deps.clock.now();
  const wait = now + options.ledgerWaitMs;
  try {
    const receipts = await fetchLedgerReceipts(api.ledgerReports, {
      marketplaceId: run.marketplaceId,
      since: run.lookback.from,
      deadline: ctx.deadline === undefined ? wait : Math.min(wait, ctx.deadline),
      pollIntervalMs: options.ledgerPollMs,
      clock: deps.clock,
    });
    if (!receipts) {
      log.warn('Ledger receipts not read this run', { userId: run.userId, runId: run.runId });
      return;
    }
    const changes = ledgerChanges(listing, receipts);
    if (changes.length > 0) await deps.listing.setLedgerReceipts(run.userId, changes);
    for (const change of changes) {
      const shipment = listing.find((s) => s.shipmentId === change.shipmentId);
      if (shipment) shipment.ledgerReceivedAt = change.ledgerReceivedAt;
    }
  } catch (error) {
    if (error instanceof AccountDeleted || error instanceof LeaseLost) throw error;
    log.warn('Ledger receipts not read this run', {
      userId: run.userId,
      runId: run.runId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * What the store keeps of a shipment from sync to sync: the earliest bound on its closing,
 * when it was first written, and its ledger receipt. A new listing knows none of them.
 */
export function keepFirstSightings(
  listing: readonly ListedShipment[],
  changes: readonly ShipmentChange[],
): ShipmentChange[] {
  const stored = new Map(listing.map((s) => [s.shipmentId, s]));
  return changes.map((change) => {
    if (!change.header) return change;
    const before = stored.get(change.shipmentId);
    const bound = before ? (before.closedBy ?? before.lastUpdated.to) : Number.POSITIVE_INFINITY;
    return {
      ...change,
      header: {
        ...change.header,
        closedBy: Math.min(bound, change.header.closedBy ?? change.header.lastUpdated.to),
        ...(before?.firstSyncedAt ? { firstSyncedAt: before.firstSyncedAt } : {}),
        ...(before?.ledgerReceivedAt ? { ledgerReceivedAt: before.ledgerReceivedAt } : {}),
      },
    };
  });
}

function accumulate(run: SyncRun, changes: readonly ShipmentChange[], considered: number): void {
  const counts = countChanges(changes);
  run.counts.shipmentsScanned += considered;
  run.counts.shipmentsAdded += counts.shipmentsAdded;
  run.counts.shipmentsUpdated += counts.shipmentsUpdated;
  run.counts.shipmentsRemoved += counts.shipmentsRemoved;
  run.counts.itemsWritten += counts.itemsWritten;
  run.counts.itemsRemoved += counts.itemsRemoved;
}

/**
 * Shipments a slice looked at again and found without a discrepancy: every unit is counted now.
 * The units are what the stored listing still had missing.
 */
export function unitsFoundIn(
  listing: readonly ListedShipment[],
  changes: readonly ShipmentChange[],
): { shipmentId: string; units: number }[] {
  const stored = new Map(listing.map((s) => [s.shipmentId, s]));
  return changes
    .filter((change) => change.kind === 'removed')
    .map((change) => ({
      shipmentId: change.shipmentId,
      units: stored.get(change.shipmentId)?.discrepancy ?? 0,
    }))
    .filter((found) => found.units > 0);
}

/** Writes progress, at most once per interval unless forced (slice boundaries always are). */
async function save(
  ctx: SegmentContext,
  phase: SyncPhase,
  force: boolean,
  itemsShare = 0,
): Promise<void> {
  const { run, deps } = ctx;
  const now = deps.clock.now();
  if (!force && ctx.slicesSaved > 0 && ctx.deadline !== undefined && now >= ctx.deadline) {
    throw new SliceInterrupted();
  }
  run.progress = {
    phase,
    slicesDone: run.checkpoint.nextSlice,
    slicesTotal: run.slices.length,
    percent: progressPercent(run.checkpoint.nextSlice, run.slices.length, phase, itemsShare),
  };
  if (!force && now - ctx.lastSavedAt < ctx.options.progressIntervalMs) return;
  run.calls = addCalls(ctx.baseCalls, ctx.api.callStats());
  run.heartbeatAt = now;
  run.leaseUntil = now + ctx.options.leaseMs;
  ctx.lastSavedAt = now;
  await deps.runs.save(run);
}

interface SliceResult {
  considered: string[];
  changes: ShipmentChange[];
}

async function syncSlice(
  ctx: SegmentContext,
  slice: TimeRange,
  listing: readonly ListedShipment[],
): Promise<SliceResult | 'split'> {
  const { run, api, options } = ctx;
  await save(ctx, 'shipments', false);
  const shipments = await listClosedShipments(ctx, slice);
  const closedIds = shipments.filter((s) => s.status === CLOSED).map((s) => s.shipmentId);

  if (
    closedIds.length > options.maxShipmentsPerSlice &&
    slice.to - slice.from + 1 >= 2 * options.minSliceMs
  ) {
    const middle = slice.from + Math.floor((slice.to - slice.from + 1) / 2);
    run.slices.splice(
      run.checkpoint.nextSlice,
      1,
      { from: slice.from, to: middle - 1 },
      { from: middle, to: slice.to },
    );
    ctx.log.info('Sync slice split', { runId: run.runId, closed: closedIds.length });
    return 'split';
  }

  const items = await fetchItems(ctx, slice, closedIds);
  const rules = { marketplaceId: run.marketplaceId, window: run.lookback };
  const first = computeDiscrepancies({ shipments, items, catalog: new Map() }, rules);

  await save(ctx, 'catalog', false);
  const { catalog } = ctx;
  const unknown = skusNeedingCatalog(first.listed).filter((sku) => !catalog.has(sku));
  for (const batch of chunk(unknown, options.catalogBatchSize)) {
    const found = await api.getInventorySummaries({
      marketplaceId: run.marketplaceId,
      skus: batch,
    });
    for (const sku of batch) catalog.set(sku, found.get(sku) ?? { asin: null, title: null });
  }
  const listed = withCatalog(first.listed, catalog);
  return {
    considered: first.considered,
    changes: keepFirstSightings(listing, diffListing(listing, listed, new Set(first.considered))),
  };
}

/** Every closed shipment of the marketplace last updated in the slice, all pages. */
async function listClosedShipments(
  ctx: SegmentContext,
  slice: TimeRange,
): Promise<InboundShipment[]> {
  const { api, run } = ctx;
  const marketplaceId = run.marketplaceId;
  const out: InboundShipment[] = [];
  let page = await api.getShipments({
    marketplaceId,
    statuses: [CLOSED],
    updatedAfter: slice.from,
    updatedBefore: slice.to,
  });
  for (;;) {
    for (const s of page.shipments) {
      out.push({ ...s, marketplaceId, lastUpdated: { from: slice.from, to: slice.to } });
    }
    if (!page.nextToken) return out;
    page = await api.getShipments({ marketplaceId, nextToken: page.nextToken });
  }
}

/**
 * Fetches the items of the slice's closed shipments with as few calls as counting allows.
 *
 * One call per shipment (getShipmentItemsByShipmentId) costs at least C calls for C shipments,
 * more when a shipment has more items than fit in a page. The date-range listing
 * (getShipmentItems) costs one call per page, but Amazon cannot filter it by status, so its
 * pages also carry the items of the slice's shipments in other statuses; what it costs depends
 * on how many closed shipments one page covers. The first page tells: with k closed shipments
 * on it, the rest of the listing costs about ⌈(C − k) / k⌉ more pages, against
 * C × ⌈m / P⌉ calls one shipment at a time, m being the items per shipment and P the page size
 * seen on that page. Shipment-by-shipment cannot reuse the first page (its last shipment may go
 * on over the next page), so taking the wrong turn costs at most that one call.
 * With no closed shipment there is nothing to fetch; with one, its own call is never worse.
 * A closed shipment the listing shows no item for is asked about on its own, which also covers
 * a shipment updated again while the sync ran (it then drops out of the date range).
 */
async function fetchItems(
  ctx: SegmentContext,
  slice: TimeRange,
  closedIds: readonly string[],
): Promise<InboundItem[]> {
  const { api, run } = ctx;
  const marketplaceId = run.marketplaceId;
  if (closedIds.length === 0) return [];
  if (closedIds.length === 1) return itemsOneByOne(ctx, closedIds);

  await save(ctx, 'items', false);
  const range = { marketplaceId, updatedAfter: slice.from, updatedBefore: slice.to };
  const first = await api.getShipmentItems(range);
  const closed = new Set(closedIds);
  const items = [...first.items];
  if (first.nextToken) {
    const estimate = estimateBulk(first, closed);
    if (estimate.remainingPages >= estimate.perShipmentCalls) {
      ctx.log.info('Items fetched per shipment', { runId: run.runId, ...estimate });
      return itemsOneByOne(ctx, closedIds);
    }
    let token: string | undefined = first.nextToken;
    let pages = 1;
    while (token) {
      const page: ItemPage = await api.getShipmentItems({ marketplaceId, nextToken: token });
      items.push(...page.items);
      token = page.nextToken;
      pages += 1;
      await save(ctx, 'items', false, pages / (pages + Math.max(1, estimate.remainingPages)));
    }
  }
  const withItems = new Set(items.map((i) => i.shipmentId));
  const missing = closedIds.filter((id) => !withItems.has(id));
  if (missing.length > 0) items.push(...(await itemsOneByOne(ctx, missing)));
  return items;
}

/** The counting behind the bulk-or-per-shipment choice (see {@link fetchItems}). */
export function estimateBulk(
  firstPage: ItemPage,
  closed: ReadonlySet<string>,
): { remainingPages: number; perShipmentCalls: number } {
  const pageSize = Math.max(1, firstPage.items.length);
  const onPage = new Set(firstPage.items.map((i) => i.shipmentId));
  const closedOnPage = [...onPage].filter((id) => closed.has(id)).length;
  const itemsPerShipment = pageSize / Math.max(1, onPage.size);
  const perShipmentCalls = closed.size * Math.ceil(itemsPerShipment / pageSize);
  const remainingPages =
    closedOnPage === 0
      ? Number.POSITIVE_INFINITY
      : Math.ceil((closed.size - closedOnPage) / closedOnPage);
  return { remainingPages, perShipmentCalls };
}

async function itemsOneByOne(
  ctx: SegmentContext,
  shipmentIds: readonly string[],
): Promise<InboundItem[]> {
  const { api, run, options } = ctx;
  let done = 0;
  const perShipment = await mapLimit(shipmentIds, options.itemConcurrency, async (shipmentId) => {
    const items: InboundItem[] = [];
    let page = await api.getShipmentItemsByShipmentId(shipmentId);
    for (;;) {
      items.push(...page.items.map((item) => ({ ...item, shipmentId })));
      if (!page.nextToken) break;
      page = await api.getShipmentItems({
        marketplaceId: run.marketplaceId,
        nextToken: page.nextToken,
      });
    }
    done += 1;
    await save(ctx, 'items', false, done / shipmentIds.length);
    return items;
  });
  return perShipment.flat();
}

/** Hands started runs to the worker (the sync queue). */
export interface SyncQueuePort {
  /** @returns the runs that could not be queued. */
  enqueue(runs: readonly SyncRun[]): Promise<SyncRun[]>;
}

export interface DispatchSummary {
  connected: number;
  started: number;
  skipped: Record<SyncRefusal, number>;
  failed: number;
}

/**
 * The 7-day schedule: starts a run for every connected seller with an active plan covering
 * the connected country and queues it for the worker. Sellers with a run already going, no
 * plan or no usable connection are counted and skipped; one seller's failure does not stop the
 * others.
 */
export async function dispatchScheduledSyncs(
  connectedUserIds: AsyncIterable<readonly string[]>,
  deps: SyncDeps & { queue: SyncQueuePort },
  concurrency = 8,
): Promise<DispatchSummary> {
  const log = deps.log ?? quietLog;
  const summary: DispatchSummary = {
    connected: 0,
    started: 0,
    skipped: {
      no_plan: 0,
      free_scan_used: 0,
      plan_country: 0,
      not_connected: 0,
      connection_revoked: 0,
      already_running: 0,
    },
    failed: 0,
  };
  for await (const userIds of connectedUserIds) {
    summary.connected += userIds.length;
    const started = (
      await mapLimit(userIds, concurrency, async (userId) => {
        try {
          return await startSync(userId, 'scheduled', deps);
        } catch (error) {
          if (error instanceof SyncRefused) summary.skipped[error.reason] += 1;
          else {
            summary.failed += 1;
            log.warn('Scheduled sync not started', { userId, error: String(error) });
          }
          return undefined;
        }
      })
    ).filter((run): run is SyncRun => run !== undefined);
    const notQueued = await deps.queue.enqueue(started);
    for (const run of notQueued) await abandonRun(run, 'The sync could not be queued', deps);
    summary.started += started.length - notQueued.length;
    summary.failed += notQueued.length;
  }
  return summary;
}
