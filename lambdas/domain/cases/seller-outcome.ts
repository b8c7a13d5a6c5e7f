import type { CaseOutcomeRequest } from './contract';
import { STORED_STATUS } from './status';

/**
 * The case fields a seller's record of Amazon's answer sets (issue 16): reimbursed (in full, or
 * in part when they say fewer units came back than were asked), rejected with Amazon's reason
 * (the sheet then offers the reply to the rejection), or units found. Pure.
 */
export function sellerOutcome(body: CaseOutcomeRequest) {
  const base = body.amazon_case_id === undefined ? {} : { amazonCaseId: body.amazon_case_id };
  const outcome = body.outcome;
  if (!outcome) return base;
  switch (outcome.kind) {
    case 'reimbursed':
      return {
        ...base,
        status:
          outcome.units === undefined ? STORED_STATUS.reimbursed : STORED_STATUS.partlyReimbursed,
        amount: outcome.amount,
        currency: outcome.currency,
        units: outcome.units ?? null,
        settled: outcome.units === undefined,
      };
    case 'rejected':
      return { ...base, status: STORED_STATUS.rejected, excerpt: outcome.reason };
    case 'found':
      return { ...base, status: STORED_STATUS.found, units: outcome.units, settled: true };
  }
}
