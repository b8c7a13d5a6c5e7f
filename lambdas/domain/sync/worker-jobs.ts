import type { Alert } from '../alerts';
import type { JobDelivery, JobResult, SyncJob } from './jobs';

/** The messages the sync queue's consumer runs (their schema: `shared/job-messages.ts`). */
export type WorkerJob = SyncJob | { type: 'alerts.digest' };

/** What the worker's jobs do, assembled from the adapters (`wiring/sync-worker-jobs.ts`). */
export interface WorkerJobPorts {
  /** The case tracker's schedule: demo cases stepped, Amazon's reimbursements matched. */
  pollCases(deadline: number): Promise<void>;
  sendDigests(): Promise<void>;
  runSyncJob(job: SyncJob, delivery: JobDelivery): Promise<JobResult>;
  /**
   * Whether the account was deleted while a segment ran; if so, what the segment put back
   * (run, lock, sync state) has been removed.
   */
  sweptForDeletedAccount(userId: string): Promise<boolean>;
  addAlert(userId: string, alert: Alert): Promise<void>;
  metric(name: 'syncStarted' | 'syncFailed' | 'syncCompleted', count?: number): void;
  log(message: string, fields: Record<string, unknown>): void;
}

export interface WorkerDelivery {
  /** Time the worker has left for this job, in ms. */
  remainingMs: number;
  /** How often the queue has delivered this message (1 the first time). */
  receiveCount: number;
  /** Deliveries after which the queue parks the message in its dead-letter queue. */
  maxReceiveCount: number;
  /** Time kept back to save the current slice and queue the continuation. */
  safetyMarginMs: number;
  now: number;
}

/**
 * Runs one message of the sync queue. A thrown error hands the message back to the queue, which
 * delivers it again (a `RetryLater` segment resumes its run at its checkpoint).
 */
export async function runWorkerJob(
  job: WorkerJob,
  delivery: WorkerDelivery,
  ports: WorkerJobPorts,
): Promise<void> {
  const deadline = delivery.now + delivery.remainingMs - delivery.safetyMarginMs;
  switch (job.type) {
    case 'cases.poll':
      return ports.pollCases(deadline);
    case 'alerts.digest':
      return ports.sendDigests();
    default:
      return syncJob(job, delivery, ports);
  }
}

async function syncJob(job: SyncJob, delivery: WorkerDelivery, ports: WorkerJobPorts) {
  const result = await ports.runSyncJob(job, {
    remainingMs: delivery.remainingMs,
    receiveCount: delivery.receiveCount,
    maxReceiveCount: delivery.maxReceiveCount,
    safetyMarginMs: delivery.safetyMarginMs,
  });
  ports.log('Sync job done', { job, result });
  if (job.type === 'sync.user' && (await ports.sweptForDeletedAccount(job.userId))) {
    ports.log('Sync job ended: the account was deleted meanwhile', {});
    return;
  }
  if (result.type === 'sync.user' && result.outcome === 'failed') ports.metric('syncFailed');
  if (result.type === 'sync.user' && result.outcome === 'completed') {
    ports.metric('syncCompleted');
    const added = result.run?.counts.shipmentsAdded ?? 0;
    if (added > 0 && job.type === 'sync.user') {
      await ports.addAlert(job.userId, { kind: 'new_discrepancies', shipments: added });
    }
  }
  if (result.type === 'sync.due') {
    ports.metric('syncStarted', result.summary.started);
    if (result.summary.failed > 0) ports.metric('syncFailed', result.summary.failed);
  }
}
