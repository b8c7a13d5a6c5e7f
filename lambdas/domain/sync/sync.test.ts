import {
  FakeClock,
  FakeSpApi,
  InMemorySyncStores,
  IT,
  type FakeShipment,
} from '../../../test/support/in-memory-sync';
import { monthsBefore } from '../clock';
import { UpstreamFailure } from './spapi-port';
import { freeScanRule, freeScanState } from './free-scan';
import {
  abandonRun,
  dispatchScheduledSyncs,
  estimateBulk,
  RetryLater,
  runSyncSegment,
  startSync,
  SyncRefused,
  type SyncDeps,
} from './sync';

const DAY = 86_400_000;
const USER = 'user-1';

function setup(shipments: FakeShipment[], options: SyncDeps['options'] = {}) {
  const clock = new FakeClock();
  const stores = new InMemorySyncStores();
  const api = new FakeSpApi(shipments);
  stores.connect(USER);
  stores.subscribe(USER, clock.now());
  const deps = stores.deps(clock, () => api, options);
  return { clock, stores, api, deps };
}

async function syncToEnd(deps: SyncDeps, userId = USER) {
  const run = await startSync(userId, 'manual', deps);
  const result = await runSyncSegment(userId, run.runId, deps);
  return result;
}

const short = (id: string, daysAgo: number, extra: Partial<FakeShipment> = {}): FakeShipment => ({
  id,
  updatedAt: Date.parse('2026-11-01T00:00:00Z') - daysAgo * DAY,
  items: [
    { sku: `${id}-A`, shipped: 10, received: 7 },
    { sku: `${id}-B`, shipped: 5, received: 5 },
  ],
  ...extra,
});

describe('startSync', () => {
  it('refuses without an active plan, with a plan for another country, or without a connection', async () => {
    const { stores, deps, clock } = setup([]);
    stores.subscriptions.set(USER, [
      {
        id: 'old',
        userId: USER,
        status: 'active',
        createdAt: '2026-01-01T00:00:00Z',
        expiresAt: new Date(clock.now() - 1).toISOString(),
        countryCode: 'IT',
      },
    ]);
    await expect(startSync(USER, 'manual', deps)).rejects.toEqual(new SyncRefused('no_plan'));

    stores.subscribe(USER, clock.now(), { countryCode: 'DE' });
    await expect(startSync(USER, 'manual', deps)).rejects.toMatchObject({ reason: 'plan_country' });

    stores.subscribe(USER, clock.now() + 1000, { id: 'it', countryCode: 'IT' });
    stores.connect(USER, { status: 'disconnected' });
    await expect(startSync(USER, 'manual', deps)).rejects.toMatchObject({
      reason: 'not_connected',
    });
    stores.connect(USER, { status: 'revoked' });
    await expect(startSync(USER, 'manual', deps)).rejects.toMatchObject({
      reason: 'connection_revoked',
    });
    expect(stores.runs.size).toBe(0);
  });

  it('gives a connected seller who never held a plan one free first scan, then asks for the plan', async () => {
    const clock = new FakeClock();
    const stores = new InMemorySyncStores();
    const api = new FakeSpApi([short('FBA1', 10)]);
    stores.connect(USER);
    const deps = stores.deps(clock, () => api);

    // Two presses at once: one scan, the other is told the free scan is taken.
    const both = await Promise.allSettled([
      startSync(USER, 'manual', deps),
      startSync(USER, 'manual', deps),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({
      reason: 'free_scan_used',
      kind: 'payment_required',
    });
    const run = both.find((r) => r.status === 'fulfilled');
    const runId = run?.status === 'fulfilled' ? run.value.runId : '';
    expect(stores.freeScans.get(USER)).toBe(runId);
    // The same sync as a paid one: the shipment and its missing units are listed.
    expect(await runSyncSegment(USER, runId, deps)).toMatchObject({ outcome: 'completed' });
    expect(stores.listings.get(USER)?.map((s) => s.shipmentId)).toEqual(['FBA1']);

    // Later scans need the plan; the schedule never takes the free scan.
    clock.advance(DAY);
    await expect(startSync(USER, 'manual', deps)).rejects.toMatchObject({
      reason: 'free_scan_used',
    });
    await expect(startSync(USER, 'scheduled', deps)).rejects.toMatchObject({ reason: 'no_plan' });
  });

  it('keeps the free scan for a seller whose run could not start or be queued', async () => {
    const { deps, stores } = setup([]);
    stores.subscriptions.delete(USER);
    const run = await startSync(USER, 'manual', deps);
    await abandonRun(run, 'The sync could not be queued', deps);
    expect(stores.freeScans.has(USER)).toBe(false);
    await expect(startSync(USER, 'manual', deps)).resolves.toMatchObject({ trigger: 'manual' });
  });

  it('gives no free scan to a seller who held a plan, nor without a live connection', () => {
    expect(
      freeScanRule({ trigger: 'manual', connection: { status: 'connected' }, plansHeld: 0 }),
    ).toBe('free_scan');
    expect(
      freeScanRule({ trigger: 'manual', connection: { status: 'connected' }, plansHeld: 1 }),
    ).toBe('needs_plan');
    expect(
      freeScanRule({ trigger: 'scheduled', connection: { status: 'connected' }, plansHeld: 0 }),
    ).toBe('needs_plan');
    expect(
      freeScanRule({ trigger: 'cli', connection: { status: 'connected' }, plansHeld: 0 }),
    ).toBe('needs_plan');
    for (const status of ['revoked', 'disconnected'] as const) {
      expect(freeScanRule({ trigger: 'manual', connection: { status }, plansHeld: 0 })).toBe(
        'needs_plan',
      );
    }
    expect(freeScanRule({ trigger: 'manual', connection: undefined, plansHeld: 0 })).toBe(
      'needs_plan',
    );
    expect(freeScanState(undefined)).toBe('available');
    expect(freeScanState('2026-11-01T00:00:00Z')).toBe('used');
  });

  it('lets one run start per user; a second is told which run is going', async () => {
    const { deps, stores } = setup([]);
    const [first, second] = await Promise.allSettled([
      startSync(USER, 'manual', deps),
      startSync(USER, 'scheduled', deps),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second).toEqual({
      status: 'rejected',
      reason: expect.objectContaining({
        reason: 'already_running',
        runningRunId: (first as PromiseFulfilledResult<{ runId: string }>).value.runId,
      }),
    });
    expect(stores.runs.size).toBe(1);
  });

  it('takes over a lock whose lease ran out and marks the silent run failed', async () => {
    const { deps, stores, clock } = setup([]);
    const stale = await startSync(USER, 'manual', deps);
    clock.advance(21 * 60_000);
    const fresh = await startSync(USER, 'manual', deps);
    expect(fresh.runId).not.toBe(stale.runId);
    expect(stores.runs.get(stale.runId)?.status).toBe('failed');
  });
});

describe('runSyncSegment', () => {
  it('syncs the whole 18-month window the first time, in slices, and records the run', async () => {
    // Prepare: one shipment just inside the window, one just outside, one in DE
    const now = Date.parse('2026-11-01T00:00:00Z');
    const edge = monthsBefore(now, 18);
    const { deps, stores, api } = setup([
      short('INSIDE', 0, { updatedAt: edge }),
      short('OUTSIDE', 0, { updatedAt: edge - 1 }),
      short('GERMAN', 10, { marketplaceId: 'A1PA6795UKMFR9' }),
      short('RECENT', 3),
    ]);
    // Act
    const { outcome, run } = await syncToEnd(deps);
    // Assess
    expect(outcome).toBe('completed');
    expect(stores.listings.get(USER)?.map((s) => s.shipmentId)).toEqual(['INSIDE', 'RECENT']);
    expect(run).toMatchObject({
      status: 'succeeded',
      mode: 'full',
      window: { from: edge, to: now },
      progress: { phase: 'done', percent: 100 },
      counts: { shipmentsScanned: 2, shipmentsListed: 2, itemsListed: 2, shipmentsAdded: 2 },
    });
    expect(run?.slices).toHaveLength(6);
    expect(run?.calls.total).toBe(api.callStats().total);
    expect(stores.states.get(USER)).toMatchObject({ lastWindowTo: now, lastFullSyncAt: now });
    expect(stores.locks.size).toBe(0);
  });

  it('then syncs incrementally from two days before the last window, and a repeat changes nothing', async () => {
    const { deps, stores, clock } = setup([short('S1', 5), short('S2', 40)]);
    await syncToEnd(deps);
    const before = structuredClone(stores.listings.get(USER));

    clock.advance(7 * DAY);
    const { run } = await syncToEnd(deps);

    expect(run?.mode).toBe('incremental');
    expect(run?.window).toEqual({ from: clock.now() - 9 * DAY, to: clock.now() });
    expect(run?.slices).toHaveLength(1);
    expect(run?.counts).toMatchObject({
      shipmentsAdded: 0,
      shipmentsUpdated: 0,
      shipmentsRemoved: 0,
      itemsWritten: 0,
      itemsRemoved: 0,
      shipmentsListed: 2,
    });
    expect(stores.listings.get(USER)).toEqual(before);
  });

  it('follows the source: an item put right leaves, a new shipment arrives', async () => {
    const { deps, stores, clock, api } = setup([short('S1', 5), short('S2', 6)]);
    await syncToEnd(deps);

    clock.advance(DAY);
    api.shipments = [
      {
        ...short('S1', 5),
        updatedAt: clock.now() - 1000,
        items: [{ sku: 'S1-A', shipped: 10, received: 10 }],
      },
      {
        ...short('S2', 6),
        updatedAt: clock.now() - 1000,
        items: [
          { sku: 'S2-A', shipped: 10, received: 9 },
          { sku: 'S2-B', shipped: 5, received: 4 },
        ],
      },
      short('S3', 0, { updatedAt: clock.now() - 500 }),
    ];
    const { run } = await syncToEnd(deps);

    const listing = stores.listings.get(USER) ?? [];
    expect(listing.map((s) => [s.shipmentId, s.discrepancy, s.items.map((i) => i.sku)])).toEqual([
      ['S2', 2, ['S2-A', 'S2-B']],
      ['S3', 3, ['S3-A']],
    ]);
    expect(run?.counts).toMatchObject({
      shipmentsAdded: 1,
      shipmentsUpdated: 1,
      shipmentsRemoved: 1,
    });
  });

  it('drops listed shipments that surely aged out of the window on an incremental run', async () => {
    const { deps, stores, clock } = setup([short('OLDISH', 540), short('NEW', 1)], {
      fullResyncMs: 365 * DAY,
    });
    await syncToEnd(deps);
    expect(stores.listings.get(USER)).toHaveLength(2);
    // Known only to within its slice (92 days), it is dropped once the whole slice is too old.
    clock.advance(100 * DAY);
    stores.subscribe(USER, clock.now(), { id: 'renewed' });
    const { run } = await syncToEnd(deps);
    expect(run?.mode).toBe('incremental');
    expect(stores.listings.get(USER)?.map((s) => s.shipmentId)).toEqual(['NEW']);
  });

  it('a full resync after 30 days drops shipments that vanished at the source', async () => {
    const { deps, stores, clock, api } = setup([short('GONE', 100), short('STAYS', 100)]);
    await syncToEnd(deps);
    api.shipments = [short('STAYS', 100)];
    clock.advance(31 * DAY);
    stores.subscribe(USER, clock.now(), { id: 'renewed' });
    const { run } = await syncToEnd(deps);
    expect(run?.mode).toBe('full');
    expect(stores.listings.get(USER)?.map((s) => s.shipmentId)).toEqual(['STAYS']);
  });

  it('fetches items in bulk when pages cover many closed shipments', async () => {
    const shipments = Array.from({ length: 20 }, (_, i) =>
      short(`S${String(i).padStart(2, '0')}`, 10),
    );
    const { deps, api } = setup(shipments);
    api.itemsPageSize = 50;
    api.pageSize = 50;
    const { run } = await syncToEnd(deps);
    expect(api.calls.getShipmentItemsByShipmentId).toBe(0);
    expect(api.calls.getShipmentItems).toBe(1);
    expect(run?.counts.shipmentsListed).toBe(20);
  });

  it('fetches items per shipment when the date range is mostly other statuses', async () => {
    const closed = Array.from({ length: 5 }, (_, i) => short(`C${i}`, 10));
    const working = Array.from({ length: 100 }, (_, i) =>
      short(`W${String(i).padStart(3, '0')}`, 10, { status: 'WORKING' }),
    );
    const { deps, api } = setup([...working, ...closed]);
    api.itemsPageSize = 20;
    const { run } = await syncToEnd(deps);
    // One probe page, then one call per closed shipment instead of ten bulk pages.
    expect(api.calls.getShipmentItems).toBe(1);
    expect(api.calls.getShipmentItemsByShipmentId).toBe(5);
    expect(run?.counts.shipmentsListed).toBe(5);
  });

  it('never pays more than one call over one-per-shipment when a page holds one shipment', async () => {
    const shipments = Array.from({ length: 12 }, (_, i) => ({
      id: `S${String(i).padStart(2, '0')}`,
      updatedAt: Date.parse('2026-10-01T00:00:00Z'),
      items: Array.from({ length: 10 }, (__, k) => ({ sku: `K${k}`, shipped: 5, received: 4 })),
    }));
    const { deps, api } = setup(shipments);
    api.itemsPageSize = 10;
    await syncToEnd(deps);
    expect(api.calls.getShipmentItems + api.calls.getShipmentItemsByShipmentId).toBeLessThanOrEqual(
      13,
    );
  });

  it('looks a SKU up in the inventory once, even when it is short in every slice', async () => {
    const sameSku = (id: string, daysAgo: number) =>
      short(id, daysAgo, { items: [{ sku: 'SHARED', shipped: 4, received: 1 }] });
    const { deps, api, stores } = setup([sameSku('A', 10), sameSku('B', 200), sameSku('C', 400)]);
    api.catalog.set('SHARED', { asin: 'B0SHARED', title: 'Moka' });
    await syncToEnd(deps);
    expect(api.calls.getInventorySummaries).toBe(1);
    expect(stores.listings.get(USER)?.map((s) => s.items[0]?.asin)).toEqual([
      'B0SHARED',
      'B0SHARED',
      'B0SHARED',
    ]);
  });

  it('asks about a closed shipment without items on its own, and lists nothing for it', async () => {
    const { deps, api, stores } = setup([short('S1', 10), short('EMPTY', 10, { items: [] })]);
    api.itemsPageSize = 50;
    await syncToEnd(deps);
    expect(api.calls.getShipmentItemsByShipmentId).toBe(1);
    expect(stores.listings.get(USER)?.map((s) => s.shipmentId)).toEqual(['S1']);
  });

  it('cuts a slice with too many shipments in two and still lists each exactly once', async () => {
    const shipments = Array.from({ length: 40 }, (_, i) =>
      short(`S${String(i).padStart(2, '0')}`, 1 + (i % 80)),
    );
    const { deps, stores } = setup(shipments, { maxShipmentsPerSlice: 8 });
    const { run } = await syncToEnd(deps);
    expect(run?.slices.length).toBeGreaterThan(6);
    expect(stores.listings.get(USER)?.map((s) => s.shipmentId)).toEqual(
      shipments.map((s) => s.id).sort(),
    );
  });

  it('pauses when its time is up and resumes at the next slice', async () => {
    const shipments = [short('A', 10), short('B', 200), short('C', 400)];
    const { deps, stores, clock } = setup(shipments);
    const run = await startSync(USER, 'manual', deps);

    const first = await runSyncSegment(USER, run.runId, deps, { deadline: clock.now() });
    expect(first.outcome).toBe('paused');
    expect(stores.runs.get(run.runId)?.status).toBe('running');

    const second = await runSyncSegment(USER, run.runId, deps);
    expect(second.outcome).toBe('completed');
    expect(stores.listings.get(USER)?.map((s) => s.shipmentId)).toEqual(['A', 'B', 'C']);
  });

  it('stops inside a later slice when time runs out, never inside the first', async () => {
    // Two populated slices, the oldest first; every call takes a second.
    const make = () => {
      const env = setup(
        [
          ...Array.from({ length: 5 }, (_, i) => short(`X${i}`, 540)),
          ...Array.from({ length: 5 }, (_, i) => short(`Y${i}`, 440)),
        ],
        { progressIntervalMs: 0 },
      );
      env.api.itemsPageSize = 2;
      env.api.latency = { clock: env.clock, ms: 1000 };
      return env;
    };
    // How long the first slice takes, from a run whose deadline is already past: the first
    // slice of a segment always completes.
    const probe = make();
    const probeRun = await startSync(USER, 'manual', probe.deps);
    const before = probe.clock.now();
    expect(
      (await runSyncSegment(USER, probeRun.runId, probe.deps, { deadline: before })).outcome,
    ).toBe('paused');
    expect(probe.stores.listings.get(USER)).toHaveLength(5);
    const firstSliceMs = probe.clock.now() - before;

    // The deadline falls inside the second slice: nothing of it is written, the run pauses.
    const { deps, stores, clock, api } = make();
    const run = await startSync(USER, 'manual', deps);
    const start = clock.now();
    const paused = await runSyncSegment(USER, run.runId, deps, {
      deadline: start + firstSliceMs + 1500,
    });
    expect(paused.outcome).toBe('paused');
    expect(stores.listings.get(USER)?.map((s) => s.shipmentId)).toEqual([
      'X0',
      'X1',
      'X2',
      'X3',
      'X4',
    ]);
    expect(stores.runs.get(run.runId)?.checkpoint.nextSlice).toBe(1);
    const callsBefore = api.callStats().total;

    const resumed = await runSyncSegment(USER, run.runId, deps);
    expect(resumed.outcome).toBe('completed');
    expect(stores.listings.get(USER)).toHaveLength(10);
    expect(api.callStats().total).toBeGreaterThan(callsBefore);
  });

  it('survives a crash halfway through saving: the retry completes with no duplicates', async () => {
    const shipments = Array.from({ length: 6 }, (_, i) => short(`S${i}`, 20));
    const { deps, stores } = setup(shipments);
    stores.crashOnApply = 6;
    const run = await startSync(USER, 'manual', deps);

    await expect(runSyncSegment(USER, run.runId, deps)).rejects.toBeInstanceOf(RetryLater);
    expect(stores.runs.get(run.runId)).toMatchObject({ status: 'running', failedAttempts: 1 });

    const retried = await runSyncSegment(USER, run.runId, deps);
    expect(retried.outcome).toBe('completed');
    const ids = stores.listings.get(USER)?.map((s) => s.shipmentId);
    expect(ids).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'S5']);
  });

  it('ends the run on the last delivery of a job that keeps failing, releasing the lock', async () => {
    const { deps, stores, api } = setup([short('S1', 5)]);
    api.failOnCall = {
      n: 1,
      error: new UpstreamFailure('transient', 'QuotaExceeded', 'throttled'),
    };
    const run = await startSync(USER, 'manual', deps);
    const result = await runSyncSegment(USER, run.runId, deps, { lastAttempt: true });
    expect(result.outcome).toBe('failed');
    expect(stores.runs.get(run.runId)).toMatchObject({
      status: 'failed',
      error: { code: 'QuotaExceeded' },
    });
    expect(stores.locks.size).toBe(0);
  });

  it('marks the connection revoked when Amazon refuses the refresh token', async () => {
    const { deps, stores, api } = setup([short('S1', 5)]);
    api.failOnCall = { n: 1, error: new UpstreamFailure('revoked', 'invalid_grant', 'revoked') };
    const result = await syncToEnd(deps);
    expect(result.outcome).toBe('failed');
    expect(stores.connections.get(USER)).toMatchObject({
      status: 'revoked',
      lastError: 'invalid_grant',
    });
    await expect(startSync(USER, 'manual', deps)).rejects.toMatchObject({
      reason: 'connection_revoked',
    });
  });

  it('skips a run that is over or unknown (a redelivered message)', async () => {
    const { deps } = setup([]);
    const { run } = await syncToEnd(deps);
    expect((await runSyncSegment(USER, run!.runId, deps)).outcome).toBe('skipped');
    expect((await runSyncSegment(USER, 'nope', deps)).outcome).toBe('skipped');
  });
});

describe('the dates a sync holds about a shipment', () => {
  it('keeps the bound from the first sync that saw a shipment closed, and when it first wrote it', async () => {
    const { deps, stores, api, clock } = setup([short('S1', 20)]);
    await syncToEnd(deps);
    const first = stores.listings.get(USER)?.[0];
    expect(first?.closedBy).toBe(first?.lastUpdated.to);
    expect(first?.closedBy).toBeLessThanOrEqual(clock.now());
    const bound = first!.closedBy;

    // Amazon counts one more unit a week later: the shipment is updated, its bound stays.
    clock.advance(7 * DAY);
    api.shipments[0] = { ...short('S1', 20), updatedAt: clock.now() - DAY };
    api.shipments[0].items[0]!.received = 8;
    await syncToEnd(deps);
    const later = stores.listings.get(USER)?.[0];
    expect(later?.unitsFound).toBe(13);
    expect(later?.lastUpdated.to).toBeGreaterThan(bound!);
    expect(later?.closedBy).toBe(bound);
  });

  it("records the last receipt Amazon's inventory ledger gives for each listed shipment", async () => {
    const { deps, stores, api } = setup([short('S1', 20), short('S2', 40)]);
    api.ledger = [
      { shipmentId: 'S1', date: '10/09/2026', quantity: 4 },
      { shipmentId: 'S1', date: '10/11/2026', quantity: 3 },
      { shipmentId: 'OTHER', date: '10/12/2026', quantity: 1 },
    ];
    const { outcome } = await syncToEnd(deps);
    expect(outcome).toBe('completed');
    expect(api.reportsCreated).toEqual([
      expect.objectContaining({ reportType: 'GET_LEDGER_DETAIL_VIEW_DATA' }),
    ]);
    const byId = new Map(stores.listings.get(USER)?.map((s) => [s.shipmentId, s]));
    expect(byId.get('S1')?.ledgerReceivedAt).toBe('2026-10-11T00:00:00.000Z');
    expect(byId.get('S2')?.ledgerReceivedAt).toBeUndefined();
  });

  it('finishes the sync without ledger dates when the report cannot be read', async () => {
    const { deps, stores, api } = setup([short('S1', 20)]);
    api.ledger = [];
    Object.defineProperty(api, 'ledgerReports', {
      get: () => ({
        createReport: async () => {
          throw new UpstreamFailure('forbidden', 'Unauthorized', 'no ledger role');
        },
        getReport: async () => ({ status: 'FATAL' }),
        downloadReportDocument: async () => '',
      }),
    });
    const { outcome } = await syncToEnd(deps);
    expect(outcome).toBe('completed');
    expect(stores.listings.get(USER)?.[0]?.ledgerReceivedAt).toBeUndefined();
  });
});

describe('estimateBulk', () => {
  it('compares the remaining pages with one call per closed shipment', () => {
    const page = {
      items: ['A', 'A', 'B', 'B', 'C', 'C', 'D', 'D', 'E', 'E'].map((shipmentId) => ({
        shipmentId,
        sku: 'x',
        quantityShipped: 1,
      })),
      nextToken: 't',
    };
    const closed = new Set(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J']);
    expect(estimateBulk(page, closed)).toEqual({ remainingPages: 1, perShipmentCalls: 10 });
    expect(estimateBulk(page, new Set(['X', 'Y']))).toEqual({
      remainingPages: Number.POSITIVE_INFINITY,
      perShipmentCalls: 2,
    });
  });
});

describe('dispatchScheduledSyncs', () => {
  it('starts and queues a run per eligible seller, counting those it skips', async () => {
    const clock = new FakeClock();
    const stores = new InMemorySyncStores();
    for (const user of ['ok', 'no-plan', 'busy']) stores.connect(user);
    stores.subscribe('ok', clock.now());
    stores.subscribe('busy', clock.now());
    const deps = stores.deps(clock, () => new FakeSpApi([]));
    await startSync('busy', 'manual', deps);

    async function* pages() {
      yield ['ok', 'no-plan'];
      yield ['busy'];
    }
    const summary = await dispatchScheduledSyncs(pages(), { ...deps, queue: stores.queue });

    expect(summary).toEqual({
      connected: 3,
      started: 1,
      skipped: expect.objectContaining({ no_plan: 1, already_running: 1 }),
      failed: 0,
    });
    expect(stores.queued.map((r) => [r.userId, r.trigger])).toEqual([['ok', 'scheduled']]);
    // A queued scheduled run keeps its lock while it waits its turn at the worker.
    expect(stores.queued[0]?.leaseUntil).toBe(clock.now() + 3 * 3_600_000);
    expect(stores.queued[0]?.marketplaceId).toBe(IT);
  });
});
