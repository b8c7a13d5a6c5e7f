import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import type { CaseRecord } from '../domain/cases/records';
import type { CaseOutcome } from '../domain/cases/reimbursements';
import type { AwaitingCase, ReimbursementCheckDeps } from '../domain/cases/reimbursement-check';
import { normalizeStatus } from '../domain/cases/status';
import { addAlert } from '../adapters/dynamo/alerts';
import { putAudit } from '../adapters/dynamo/audits';
import { getShipmentForCase } from '../adapters/dynamo/case-shipments';
import { getCase, listCases, recordReportOutcome } from '../adapters/dynamo/cases';
import { pendingReports } from '../adapters/dynamo/feedback-reports';
import { caseKeys } from '../adapters/dynamo/keys';
import { syncDependencies } from './sync-dependencies';
import { followUpDraftDependencies } from './draft-ports';
import { draftCase } from '../domain/cases/draft';
import { logger } from '../shared/logger';
import { randomUUID } from 'node:crypto';

/** Statuses after which the report has nothing more to say about a case. */
const SETTLED = new Set(['found', 'closed_rejected']);
/**
 * A case the report reimbursed in full is still read for this long after, so that a reversal
 * Amazon makes later is seen; a seller's own record of the outcome is final.
 */
const REVERSAL_WATCH_MS = 60 * 86_400_000;

/**
 * When the case went to Amazon: mailed by us, or filed by the seller on Seller Central ("I
 * opened the case", the primary way); the earlier when both.
 */
function filedAt(c: CaseRecord): string | null {
  const mailed = c.sent_message_id ? c.submitted_at : null;
  const opened = c.opened_by_user_at;
  if (mailed && opened) return mailed < opened ? mailed : opened;
  return mailed ?? opened ?? null;
}

function stillAwaited(c: CaseRecord, now: number): boolean {
  if (!filedAt(c) || c.demo_mode) return false;
  if (c.sent_provider === 'simulated') return false;
  const status = normalizeStatus(c.status);
  if (SETTLED.has(status)) return false;
  if (status === 'reimbursed') {
    return c.outcome_source === 'report' && Date.parse(c.updated_at) > now - REVERSAL_WATCH_MS;
  }
  return true;
}

/** The user's real cases mailed to Amazon and not settled, with their missing SKUs. */
export async function awaitingCases(userId: string): Promise<AwaitingCase[]> {
  const now = Date.now();
  const cases = (await listCases(userId)).filter((c) => stillAwaited(c, now));
  const out: AwaitingCase[] = [];
  for (const c of cases) {
    const shipment = await getShipmentForCase(userId, c.shipment_id);
    if (!shipment || shipment.demo) continue;
    const items = shipment.items
      .map((item) => ({
        sku: item.sku,
        asin: item.asin,
        missing: Math.max(0, item.units_expected - item.units_found),
      }))
      .filter((item) => item.missing > 0);
    if (items.length === 0) continue;
    out.push({
      shipmentId: c.shipment_id,
      submittedAt: filedAt(c) as string,
      amazonCaseId: c.amazon_case_id,
      items,
      recorded: {
        amount: c.outcome_source === 'report' ? c.reimbursed_amount : null,
        unitsRecovered: c.outcome_source === 'report' ? c.units_recovered : null,
        reimbursementIds: c.outcome_source === 'report' ? c.reimbursement_ids : [],
      },
    });
  }
  return out;
}

/**
 * Records a report outcome on the case, leaves an activity entry, and an alert for the seller's
 * daily digest when money (or units) came in.
 */
export async function recordOutcome(userId: string, outcome: CaseOutcome): Promise<void> {
  const now = new Date().toISOString();
  const before = await getCase(userId, outcome.shipmentId);
  const record = await recordReportOutcome(userId, outcome, now);
  if (record) await afterDashboardDataChanged(userId);
  // A reversal is recorded, but only money coming in is news worth an email.
  const gained =
    outcome.unitsRecovered >
      (before?.outcome_source === 'report' ? (before.units_recovered ?? 0) : 0) ||
    outcome.amount > (before?.outcome_source === 'report' ? (before.reimbursed_amount ?? 0) : 0);
  if (!record || outcome.status === 'none' || !gained) return;
  await putAudit({
    id: randomUUID(),
    user_id: userId,
    action: 'case_reimbursed',
    at: now,
    meta: {
      shipment_id: outcome.shipmentId,
      amount: outcome.amount,
      ...(outcome.currency ? { currency: outcome.currency } : {}),
      units: outcome.unitsRecovered,
    },
  });
  await addAlert(userId, {
    kind: 'case_reimbursed',
    shipmentId: outcome.shipmentId,
    amount: outcome.amount > 0 ? outcome.amount : null,
    currency: outcome.currency,
    units: outcome.unitsRecovered,
    partly: outcome.status === 'partly_reimbursed',
  });
  if (outcome.status === 'partly_reimbursed') await prepareFollowUp(userId, record);
}

/**
 * A case paid in part stays open: its follow-up (what was reimbursed, what is still owed) is
 * prepared at once, so the case sheet shows it ready to copy. A case that cannot have one now
 * (no plan, a required document gone) keeps its text; the seller prepares it from the sheet.
 */
async function prepareFollowUp(userId: string, record: CaseRecord): Promise<void> {
  try {
    await draftCase(
      followUpDraftDependencies(),
      userId,
      { shipment_id: record.shipment_id, template: 'follow_up', save: true },
      record.language ?? 'it',
    );
  } catch (error) {
    logger.warn('follow_up_not_prepared', { userId, shipmentId: record.shipment_id, error });
  }
}

/** The reimbursement check on the real adapters (SP-API, table, mail). */
export function reimbursementCheckDependencies(): ReimbursementCheckDeps {
  const sync = syncDependencies();
  return {
    clock: sync.clock,
    connection: sync.connections.get,
    refreshToken: sync.connections.refreshToken,
    reports: (refreshToken, deadline) =>
      sync.sellerApis().forSeller(refreshToken, deadline !== undefined ? { deadline } : {}),
    pending: pendingReports(caseKeys.reimbursementsReport, 'reimbursements_report'),
    awaitingCases,
    record: recordOutcome,
    rejectedLines: (userId, reportId, lines) =>
      logger.warn('Reimbursements report lines rejected', { userId, reportId, lines }),
  };
}
