import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditSummary } from '../domain/dashboard';
import type { CaseSummary } from '../domain/sync/shipment-list';
import { listAudits } from './dynamo/audits';
import { STORED_STATUS } from '../domain/cases/status';
import { ensureCase, getCase, listCases, markCasesRemoved } from './dynamo/cases';
import { table, TABLE_NAME } from './dynamo/client';
import { caseKeys } from './dynamo/keys';
import type { Language } from '../domain/language';

/** Audit rows read for the dashboard's recent activity; more would never show. */
const RECENT_AUDITS = 20;

/**
 * What the shipments list, the dashboard and the demo need of the cases feature's entities
 * (issue 6 owns cases and audits in lambdas/adapters/dynamo/{cases,audits}.ts): case status per
 * shipment, audit entries for recent activity, and the demo cases of spec 7.3.
 */
export const caseRecords = {
  async list(userId: string): Promise<CaseSummary[]> {
    return (await listCases(userId)).map((c) => ({
      shipmentId: c.shipment_id,
      status: c.status,
      demoMode: c.demo_mode,
      createdAt: c.created_at,
      updatedAt: c.updated_at,
      openedByUserAt: c.opened_by_user_at,
      lastCustomerServiceStatus: c.last_customer_service_status,
      reimbursedAmount: c.reimbursed_amount,
      reimbursedCurrency: c.reimbursed_currency,
      unitsRecovered: c.units_recovered,
    }));
  },

  async audits(userId: string): Promise<AuditSummary[]> {
    return (await listAudits(userId, RECENT_AUDITS)).map((a) => ({
      action: a.action,
      at: a.at,
      shipmentId: a.meta?.shipment_id ?? null,
      docType: a.meta?.doc_type ?? null,
      filename: a.meta?.filename ?? null,
    }));
  },

  /**
   * Spec 3 and 7.3: the demo sync opens a demo case per demo shipment (kept if present), created
   * "open" as the spec's demo data has them (normalised as ready, spec 4.1).
   */
  async ensureDemoCases(
    userId: string,
    shipmentIds: readonly string[],
    language: Language,
  ): Promise<void> {
    const now = new Date().toISOString();
    for (const shipmentId of shipmentIds) {
      await ensureCase(userId, shipmentId, {
        demo: true,
        language,
        now,
        status: STORED_STATUS.open,
      });
    }
  },

  /**
   * Spec 7.3: deletes the user's cases with demo_mode true. A case that is not a demo case, or
   * whose dispute really reached Amazon (a case mailed before demo submissions were simulated),
   * is kept by the condition even if it changed since it was read.
   * @returns how many demo cases were deleted, and the shipments of those kept.
   */
  async deleteDemoCases(userId: string): Promise<{ deleted: number; kept: string[] }> {
    const demo = (await listCases(userId)).filter((c) => c.demo_mode);
    let deleted = 0;
    const kept: string[] = [];
    for (const c of demo) {
      try {
        await table.send(
          new DeleteCommand({
            TableName: TABLE_NAME,
            Key: caseKeys.case(userId, c.shipment_id),
            ConditionExpression:
              'demo_mode = :true AND (attribute_not_exists(sent_message_id) OR ' +
              'sent_target IN (:simulated, :self))',
            ExpressionAttributeValues: {
              ':true': true,
              ':simulated': 'simulated',
              ':self': 'self',
            },
          }),
        );
        deleted += 1;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        // Really sent (kept), or already deleted by a reset running at the same time.
        if (await getCase(userId, c.shipment_id)) kept.push(c.shipment_id);
      }
    }
    if (deleted > 0) await markCasesRemoved(userId, new Date().toISOString());
    return { deleted, kept };
  },
};
