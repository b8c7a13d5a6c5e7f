import type { JobResult } from './jobs';
import type { SyncRun } from './run';
import { runWorkerJob, type WorkerDelivery, type WorkerJobPorts } from './worker-jobs';

const USER = 'user-1';

function delivery(overrides: Partial<WorkerDelivery> = {}): WorkerDelivery {
  return {
    remainingMs: 900_000,
    receiveCount: 1,
    maxReceiveCount: 5,
    safetyMarginMs: 25_000,
    now: 1_000_000,
    ...overrides,
  };
}

function ports(overrides: Partial<WorkerJobPorts> = {}) {
  const calls = {
    metrics: [] as [string, number | undefined][],
    alerts: [] as unknown[],
  };
  const all: WorkerJobPorts = {
    pollCases: async () => {},
    sendDigests: async () => {},
    runSyncJob: async () => ({ type: 'ignored' }),
    sweptForDeletedAccount: async () => false,
    addAlert: async (_user, alert) => void calls.alerts.push(alert),
    metric: (name, count) => void calls.metrics.push([name, count]),
    log: () => {},
    ...overrides,
  };
  return { all, calls };
}

const completed = (added: number): JobResult => ({
  type: 'sync.user',
  outcome: 'completed',
  run: { counts: { shipmentsAdded: added } } as unknown as SyncRun,
});

describe('the sync queue worker', () => {
  it('alerts the seller when a completed sync found new discrepancies', async () => {
    const { all, calls } = ports({ runSyncJob: async () => completed(3) });
    await runWorkerJob({ type: 'sync.user', userId: USER, runId: 'r1' }, delivery(), all);
    expect(calls.alerts).toEqual([{ kind: 'new_discrepancies', shipments: 3 }]);
    expect(calls.metrics).toEqual([['syncCompleted', undefined]]);
  });

  it('neither alerts nor counts a sync whose account was deleted meanwhile', async () => {
    const { all, calls } = ports({
      runSyncJob: async () => completed(3),
      sweptForDeletedAccount: async () => true,
    });
    await runWorkerJob({ type: 'sync.user', userId: USER, runId: 'r1' }, delivery(), all);
    expect(calls.alerts).toEqual([]);
    expect(calls.metrics).toEqual([]);
  });

  it('gives the case poll the time left less the safety margin', async () => {
    const deadlines: number[] = [];
    const { all } = ports({ pollCases: async (deadline) => void deadlines.push(deadline) });
    await runWorkerJob({ type: 'cases.poll' }, delivery(), all);
    expect(deadlines).toEqual([1_000_000 + 900_000 - 25_000]);
  });
});
