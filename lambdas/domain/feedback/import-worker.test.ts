import {
  runFeedbackImportMessage,
  type FeedbackImportWorkerPorts,
  type ImportDelivery,
} from './import-worker';

const USER = 'user-1';
const job = { userId: USER, importId: 'i1' };

function delivery(overrides: Partial<ImportDelivery> = {}): ImportDelivery {
  return {
    remainingMs: 900_000,
    receiveCount: 1,
    maxReceiveCount: 5,
    safetyMarginMs: 25_000,
    now: 1_000_000,
    ...overrides,
  };
}

function ports(overrides: Partial<FeedbackImportWorkerPorts> = {}) {
  const calls = {
    failed: [] as string[],
    continued: [] as string[],
    runs: [] as { deadline: number; leaseMs: number }[],
  };
  const all: FeedbackImportWorkerPorts = {
    importFeedback: async (_user, _id, options) => {
      calls.runs.push(options);
      return 'done';
    },
    continueFeedbackImport: async (_user, id) => void calls.continued.push(id),
    failFeedbackImport: async (_user, id) => void calls.failed.push(id),
    log: () => {},
    ...overrides,
  };
  return { all, calls };
}

describe('the import queue worker', () => {
  it('runs the import until the time left less the safety margin, with a lease that outlives it', async () => {
    const { all, calls } = ports();
    await runFeedbackImportMessage(job, delivery(), all);
    expect(calls.runs).toEqual([{ deadline: 1_000_000 + 900_000 - 25_000, leaseMs: 960_000 }]);
    expect(calls.continued).toEqual([]);
  });

  it('queues the rest of a paused feedback import', async () => {
    const { all, calls } = ports({ importFeedback: async () => 'paused' });
    await runFeedbackImportMessage(job, delivery(), all);
    expect(calls.continued).toEqual(['i1']);
  });

  it('ends a failing feedback import as unreadable on its last delivery only', async () => {
    const failing = ports({ importFeedback: async () => Promise.reject(new Error('bad file')) });
    await expect(
      runFeedbackImportMessage(job, delivery({ receiveCount: 4 }), failing.all),
    ).rejects.toThrow();
    expect(failing.calls.failed).toEqual([]);
    await expect(
      runFeedbackImportMessage(job, delivery({ receiveCount: 5 }), failing.all),
    ).rejects.toThrow();
    expect(failing.calls.failed).toEqual(['i1']);
  });
});
