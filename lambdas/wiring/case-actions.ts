import { randomUUID } from 'node:crypto';
import { putAudit } from '../adapters/dynamo/audits';
import { getCaseEndpoint } from '../adapters/dynamo/case-endpoints';
import {
  getCaseDraft,
  markOpened,
  recordSellerOutcome,
  saveCaseDraft,
  settleUnverifiedSend,
} from '../adapters/dynamo/cases';
import type { CaseActionDeps } from '../domain/cases/case-actions';
import { caseStore } from './case-store';

/** The seller's actions on one case, against the table. */
export const caseActionDependencies: CaseActionDeps = {
  ...caseStore,
  markOpened,
  replyAddress: async (userId, marketplace) =>
    (await getCaseEndpoint(userId, marketplace))?.reply_email,
  getDraft: getCaseDraft,
  saveDraft: saveCaseDraft,
  recordSellerOutcome,
  settleUnverifiedSend,
  putAudit,
  newId: () => randomUUID(),
  now: () => Date.now(),
};
