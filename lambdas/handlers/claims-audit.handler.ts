import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { connectedUserIds } from '../adapters/dynamo/connections';
import { auditAllClaims } from '../domain/claims/audit-run';
import { claimsAuditDependencies } from '../wiring/claims-audit';
import { logger } from '../shared/logger';
import { reportPollIntervalMs } from '../shared/report-polling';

/** Kept back so the function ends before its timeout. */
const SAFETY_MARGIN_MS = 30_000;

const deps = claimsAuditDependencies();
const POLL_INTERVAL_MS = reportPollIntervalMs();

/** The schedule sends no input; an operator may name one seller to audit now. */
const eventSchema = z.object({ userId: z.string().min(1).max(128).optional() }).nullish();

async function* oneSeller(userId: string): AsyncIterable<string[]> {
  yield [userId];
}

/**
 * The hourly audit of what Amazon paid (scheduled in lib/functions.ts): for every connected
 * seller, the reimbursements report and the inventory ledger are read line by line and the
 * claims they show are stored or settled (domain/claims/audit-run.ts). A report Amazon has not
 * finished in time is remembered and picked up by the next run. Its own function, beside the
 * case poller rather than inside the sync worker, so each stays within its bundle budget.
 * Invoked by hand with `{"userId": "…"}` it audits that seller alone (support, or a test).
 */
export const handler = middy(async (event: unknown, context: Context) => {
  const deadline = deps.clock.now() + context.getRemainingTimeInMillis() - SAFETY_MARGIN_MS;
  const userId = eventSchema.parse(event)?.userId;
  const sellers = userId ? oneSeller(userId) : connectedUserIds();
  const summary = await auditAllClaims(sellers, deps, {
    deadline,
    perSellerMs: 30_000,
    pollIntervalMs: POLL_INTERVAL_MS,
    concurrency: 2,
    onError: (userId, error) =>
      logger.warn('Claims audit failed', { userId, error: error as Error }),
  });
  logger.info('Claims audited', { summary });
  return summary;
}).use(injectLambdaContext(logger, { clearState: true }));
