import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditSummary } from '../domain/dashboard';
import type { CaseSummary } from '../domain/shipment-list';
import { listAudits } from './dynamo/audits';
import { ensureCase, listCases } from './dynamo/cases';
import { documents, TABLE_NAME } from './dynamo/client';
import { caseKeys } from './dynamo/keys';

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

  /** Spec 3 and 7.3: the demo sync opens a demo case per demo shipment (kept if present). */
  async ensureDemoCases(
    userId: string,
    shipmentIds: readonly string[],
    language: 'it' | 'en',
  ): Promise<void> {
    const now = new Date().toISOString();
    for (const shipmentId of shipmentIds) {
      await ensureCase(userId, shipmentId, { demo: true, language, now });
    }
  },

  /**
   * Spec 7.3: deletes the user's cases with demo_mode true. A case that is not a demo case is
   * kept by the condition even if it changed since it was read.
   * @returns how many demo cases were deleted.
   */
  async deleteDemoCases(userId: string): Promise<number> {
    const demo = (await listCases(userId)).filter((c) => c.demo_mode);
    let deleted = 0;
    for (const c of demo) {
      try {
        await documents.send(
          new DeleteCommand({
            TableName: TABLE_NAME,
            Key: caseKeys.case(userId, c.shipment_id),
            ConditionExpression: 'demo_mode = :true',
            ExpressionAttributeValues: { ':true': true },
          }),
        );
        deleted += 1;
      } catch (error) {
        // Already deleted by a reset running at the same time (a double click): nothing to do.
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    return deleted;
  },
};
