import fc from 'fast-check';
import {
  runSyncSegment,
  startSync,
  SyncRefused,
  type SyncDeps,
} from '../../lambdas/domain/sync/sync';
import {
  FakeClock,
  FakeSpApi,
  InMemorySyncStores,
  type FakeShipment,
} from '../support/in-memory-sync';

/**
 * Issue 11, faults at the domain level: the sync worker killed at any point of a run (a store
 * call that never returns control, a crash while saving shipments or progress). The dead run
 * keeps the user's lock until its lease runs out; the next run then starts, completes, and
 * leaves exactly the listing a run without a crash leaves, with no duplicate.
 */

const USER = 'seller-1';
const DAY = 86_400_000;
const NOW = Date.parse('2026-11-01T00:00:00Z');
const LEASE_MS = 20 * 60_000;

const shipmentsArb = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^FBA[0-9A-Z]{4}$/),
    updatedAt: fc.integer({ min: 1, max: 500 }).map((days) => NOW - days * DAY),
    items: fc.uniqueArray(
      fc.record({
        sku: fc.stringMatching(/^[A-Z]{1,3}-[0-9]{1,2}$/),
        shipped: fc.integer({ min: 1, max: 40 }),
        received: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
      }),
      { selector: (i) => i.sku, minLength: 1, maxLength: 4 },
    ),
  }),
  { selector: (s) => s.id, minLength: 1, maxLength: 25 },
) as fc.Arbitrary<FakeShipment[]>;

function world(shipments: FakeShipment[]) {
  const clock = new FakeClock(NOW);
  const stores = new InMemorySyncStores();
  const api = new FakeSpApi(shipments, new Map(), 3, 4);
  stores.connect(USER);
  stores.subscribe(USER, clock.now());
  const deps = stores.deps(clock, () => api, {
    leaseMs: LEASE_MS,
    maxShipmentsPerSlice: 5,
    progressIntervalMs: 0,
  });
  return { clock, stores, api, deps };
}

/** A run carried to its end by the worker, redelivering the message as SQS does. */
async function runToEnd(deps: SyncDeps) {
  const run = await startSync(USER, 'manual', deps);
  for (let delivery = 0; delivery < 100; delivery += 1) {
    try {
      const result = await runSyncSegment(USER, run.runId, deps);
      if (result.outcome !== 'paused') return result;
    } catch {
      // RetryLater: the message comes back.
    }
  }
  throw new Error('the run never ended');
}

/** The listing a crash-free sync leaves. */
async function reference(shipments: FakeShipment[]) {
  const { stores, deps } = world(shipments);
  const result = await runToEnd(deps);
  expect(result.outcome).toBe('completed');
  return stores.listings.get(USER) ?? [];
}

/** Makes the n-th call (1-based) to any of the run and listing stores throw, as a killed process. */
function killAt(stores: InMemorySyncStores, n: number) {
  let calls = 0;
  const dead = { value: false };
  const wrap = <T extends object>(target: T): T => {
    for (const key of Object.keys(target) as (keyof T)[]) {
      const original = target[key];
      if (typeof original !== 'function') continue;
      target[key] = (async (...args: unknown[]) => {
        if (dead.value) throw new Error('the worker is gone');
        calls += 1;
        if (calls === n) {
          dead.value = true;
          // Half the work of this call reaches the table before the process dies.
          if (key === 'apply') {
            const changes = args[1] as unknown[];
            await (original as (...a: unknown[]) => Promise<void>).call(
              target,
              args[0],
              changes.slice(0, Math.ceil(changes.length / 2)),
            );
          }
          throw new Error('killed');
        }
        return (original as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      }) as T[keyof T];
    }
    return target;
  };
  wrap(stores.runStore);
  wrap(stores.listing);
  return { revive: () => (dead.value = false), calls: () => calls };
}

test('killed at any store call, the next run after the lease completes with no duplicate', async () => {
  await fc.assert(
    fc.asyncProperty(shipmentsArb, fc.integer({ min: 2, max: 60 }), async (shipments, n) => {
      const want = await reference(shipments);
      const { clock, stores, deps } = world(shipments);
      const kill = killAt(stores, n);

      // The first run dies at the n-th store call (or finishes first when it needs fewer).
      let firstCompleted = false;
      try {
        const run = await startSync(USER, 'manual', deps);
        for (let i = 0; i < 100; i += 1) {
          const result = await runSyncSegment(USER, run.runId, deps);
          if (result.outcome !== 'paused') {
            firstCompleted = result.outcome === 'completed';
            break;
          }
        }
      } catch {
        // killed
      }
      kill.revive();

      if (!firstCompleted) {
        // While the dead run's lease lasts, Sync now is told a sync is running.
        const held = stores.locks.get(USER);
        if (held && held.leaseUntil >= clock.now()) {
          await expect(startSync(USER, 'manual', deps)).rejects.toBeInstanceOf(SyncRefused);
        }
        clock.advance(LEASE_MS + 1);
        const next = await runToEnd(deps);
        expect(next.outcome).toBe('completed');
      }

      const listing = stores.listings.get(USER) ?? [];
      // The slice a shipment was seen in, and so the bound on its closing that slice gives,
      // depend on when the run went; the rest must match.
      const facts = (l: typeof listing) =>
        l.map(({ lastUpdated: _seen, closedBy: _bound, ...rest }) => rest);
      expect(facts(listing)).toEqual(facts(want));
      // Whatever the slice, the bound is one the run saw: never before the shipment's update.
      for (const s of listing) {
        const update = shipments.find((x) => x.id === s.shipmentId)?.updatedAt;
        if (update !== undefined && s.closedBy !== undefined) {
          expect(s.closedBy).toBeGreaterThanOrEqual(update);
        }
      }
      expect(new Set(listing.map((s) => s.shipmentId)).size).toBe(listing.length);
      for (const s of listing) {
        expect(new Set(s.items.map((i) => i.sku)).size).toBe(s.items.length);
      }
      // No run is left holding the lock or marked running.
      expect(stores.locks.has(USER)).toBe(false);
      expect([...stores.runs.values()].filter((r) => r.status === 'running')).toEqual([]);
    }),
    { numRuns: 150 },
  );
});
