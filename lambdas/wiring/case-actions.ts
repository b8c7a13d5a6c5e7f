import { randomUUID } from 'node:crypto';
import { putAudit } from '../adapters/dynamo/audits';
import { markOpened, recordSellerOutcome, settleUnverifiedSend } from '../adapters/dynamo/cases';
import type { CaseActionDeps } from '../domain/cases/case-actions';
import { caseStore } from './case-store';

/** The seller's actions on one case, against the table. */
export const caseActionDependencies: CaseActionDeps = {
  ...caseStore,
  markOpened,
  recordSellerOutcome,
  settleUnverifiedSend,
  putAudit,
  newId: () => randomUUID(),
  now: () => Date.now(),
};
