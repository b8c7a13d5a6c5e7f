import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { sendDigests } from '../adapters/alerts';
import { sweepIfAccountDeleted } from '../adapters/dynamo/account-guard';
import { addAlert } from '../adapters/dynamo/alerts';
import { stepDemoCases, usersAwaitingOutcome } from '../adapters/dynamo/cases';
import { connectedUserIds } from '../adapters/dynamo/connections';
import { reimbursementCheckDependencies } from './reimbursement-check';
import { syncQueue } from '../adapters/sqs/sync-queue';
import { syncDependencies } from './sync-dependencies';
import { AccountDeleted } from '../domain/account/deletion';
import { nextDemoStep } from '../domain/cases/demo-poller';
import { checkAllReimbursements } from '../domain/cases/reimbursement-check';
import { runSyncJob, type SyncJobDeps } from '../domain/sync/jobs';
import type { WorkerJobPorts } from '../domain/sync/worker-jobs';
import { logger } from '../shared/logger';
import { METRIC, recordMetric } from '../shared/metrics';
import { reportPollIntervalMs } from '../shared/report-polling';

/**
 * The sync queue consumer's jobs over the real adapters. Fails at cold start, not in the middle
 * of a seller's sync, when Amazon's configuration or the refresh-token key is missing.
 */
export function syncWorkerJobs(): WorkerJobPorts {
  const base = syncDependencies();
  base.sellerApis();
  base.cipher();
  const reimbursements = reimbursementCheckDependencies();
  const pollIntervalMs = reportPollIntervalMs();
  const deps: SyncJobDeps = {
    ...base,
    queue: syncQueue,
    connectedUserIds: () => connectedUserIds(),
  };
  return {
    async pollCases(deadline) {
      // Simulated replies on demo cases (issue 6), and Amazon's reimbursements matched to real
      // cases (issue 16).
      logger.info('Demo cases stepped', {
        stepped: await stepDemoCases(nextDemoStep, undefined, afterDashboardDataChanged),
      });
      const summary = await checkAllReimbursements(usersAwaitingOutcome(), reimbursements, {
        deadline,
        perSellerMs: 20_000,
        pollIntervalMs,
        concurrency: 2,
        onError: (userId, error) =>
          logger.warn('Reimbursement check failed', { userId, error: error as Error }),
      });
      logger.info('Reimbursements checked', { summary });
    },
    async sendDigests() {
      logger.info('Daily digests', { summary: await sendDigests() });
    },
    runSyncJob: (job, delivery) => runSyncJob(job, deps, delivery),
    async sweptForDeletedAccount(userId) {
      try {
        await sweepIfAccountDeleted(userId);
        return false;
      } catch (error) {
        if (!(error instanceof AccountDeleted)) throw error;
        return true;
      }
    },
    addAlert: (userId, alert) => addAlert(userId, alert),
    metric: (name, count) => recordMetric(METRIC[name], count),
    log: (message, fields) => logger.info(message, fields),
  };
}
