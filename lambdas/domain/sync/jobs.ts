import type { SyncRun } from './run';
import {
  dispatchScheduledSyncs,
  runSyncSegment,
  type DispatchSummary,
  type SegmentOutcome,
  type SyncDeps,
  type SyncQueuePort,
} from './sync';

/** The jobs the sync queue carries (see lambdas/shared/job-messages.ts for their schema). */
export type SyncJob =
  | { type: 'sync.user'; userId: string; runId: string }
  | { type: 'sync.due' }
  | { type: 'cases.poll' };

export interface SyncJobDeps extends SyncDeps {
  queue: SyncQueuePort;
  /** Users with a connected connection, a page at a time. */
  connectedUserIds(): AsyncIterable<readonly string[]>;
}

export interface JobDelivery {
  /** Time the worker has left for this job, in ms. */
  remainingMs: number;
  /** How often the queue has delivered this message (1 the first time). */
  receiveCount: number;
  /** Deliveries after which the queue parks the message in its dead-letter queue. */
  maxReceiveCount: number;
  /** Time kept back to save a slice and queue the continuation. */
  safetyMarginMs: number;
}

export type JobResult =
  | { type: 'sync.user'; outcome: SegmentOutcome; run?: SyncRun }
  | { type: 'sync.due'; summary: DispatchSummary }
  | { type: 'ignored' };

/**
 * Runs one job of the sync queue:
 * - `sync.user` carries a started run forward until its time is up, then queues its
 *   continuation; a continuation that cannot be queued fails the job so the queue redelivers
 *   it, which resumes the same run;
 * - `sync.due` (the 7-day schedule) starts and queues a run per eligible seller;
 * - `cases.poll` belongs to the case tracker, which has no poller yet.
 *
 * @throws RetryLater (from the segment) or any error the queue should redeliver the job for.
 */
export async function runSyncJob(
  job: SyncJob,
  deps: SyncJobDeps,
  delivery: JobDelivery,
): Promise<JobResult> {
  switch (job.type) {
    case 'sync.user': {
      const { outcome, run } = await runSyncSegment(job.userId, job.runId, deps, {
        deadline: deps.clock.now() + delivery.remainingMs - delivery.safetyMarginMs,
        lastAttempt: delivery.receiveCount >= delivery.maxReceiveCount,
      });
      if (outcome === 'paused' && run) {
        const notQueued = await deps.queue.enqueue([run]);
        if (notQueued.length > 0)
          throw new Error(`The continuation of run ${run.runId} was not queued`);
      }
      return { type: 'sync.user', outcome, ...(run ? { run } : {}) };
    }
    case 'sync.due':
      return {
        type: 'sync.due',
        summary: await dispatchScheduledSyncs(deps.connectedUserIds(), deps),
      };
    case 'cases.poll':
      return { type: 'ignored' };
  }
}
