import { table, partitionPrefix, queryPages, TABLE_NAME } from './client';
import { caseKeys } from './keys';
import { PutCommand } from '@aws-sdk/lib-dynamodb';

/** An audits row (spec 3): user, action and meta. */
export interface AuditEntry {
  id: string;
  user_id: string;
  action:
    | 'upload_document'
    | 'attach_document'
    | 'delete_document'
    | 'submit_reimbursement'
    | 'case_reimbursed'
    | 'case_outcome_recorded';
  at: string;
  meta: {
    shipment_id: string;
    doc_type?: string;
    filename?: string;
    size?: number;
    amount?: number;
    currency?: string;
    units?: number;
    outcome?: string;
    /** attach_document: the invoice document the attached copy was made from. */
    source_document_id?: string;
  };
}

export function auditRow(entry: AuditEntry) {
  return { ...caseKeys.audit(entry.user_id, entry.at, entry.id), type: 'audit', ...entry };
}

export async function putAudit(entry: AuditEntry): Promise<void> {
  await table.send(new PutCommand({ TableName: TABLE_NAME, Item: auditRow(entry) }));
}

/** The user's audit rows, newest first, up to `limit`. */
export async function listAudits(userId: string, limit = 50): Promise<AuditEntry[]> {
  const out: AuditEntry[] = [];
  const pages = queryPages({
    ...partitionPrefix(caseKeys.case(userId, '').PK, caseKeys.auditPrefix),
    ScanIndexForward: false,
    Limit: limit,
  });
  for await (const page of pages) {
    for (const item of page) {
      out.push({
        id: item.id as string,
        user_id: item.user_id as string,
        action: item.action as AuditEntry['action'],
        at: item.at as string,
        meta: item.meta as AuditEntry['meta'],
      });
      if (out.length >= limit) return out;
    }
  }
  return out;
}
