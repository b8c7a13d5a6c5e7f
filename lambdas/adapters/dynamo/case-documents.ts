import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord } from '../../domain/cases/records';
import { documents, queryPages, TABLE_NAME } from './client';
import { caseKeys } from './keys';
import { auditRow, type AuditEntry } from './audits';

function toRecord(item: Record<string, unknown>): DocumentRecord {
  return {
    id: item.id as string,
    user_id: item.user_id as string,
    shipment_id: item.shipment_id as string,
    doc_type: item.doc_type as DocumentRecord['doc_type'],
    path: item.path as string,
    filename: item.filename as string,
    size: item.size as number,
    content_type: (item.content_type as string | undefined) ?? 'application/octet-stream',
    created_at: item.created_at as string,
    reading: (item.reading as DocumentRecord['reading'] | undefined) ?? null,
  };
}

function rowOf(doc: DocumentRecord) {
  return {
    ...caseKeys.document(doc.user_id, doc.shipment_id, doc.created_at, doc.id),
    type: 'case_document',
    ...doc,
  };
}

/** Inserts the case_documents row and its audit row together (spec 7.3). */
export async function insertDocumentWithAudit(
  doc: DocumentRecord,
  audit: AuditEntry,
): Promise<void> {
  await documents.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: TABLE_NAME,
            Item: rowOf(doc),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        { Put: { TableName: TABLE_NAME, Item: auditRow(audit) } },
      ],
    }),
  );
}

/** Spec 7.2: a shipment's documents, newest first; every document of the user without one. */
export async function listDocuments(
  userId: string,
  shipmentId?: string,
): Promise<DocumentRecord[]> {
  const out: DocumentRecord[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': caseKeys.case(userId, '').PK,
      ':prefix': caseKeys.documentPrefix(shipmentId),
    },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  for await (const page of pages) out.push(...page.map(toRecord));
  return out;
}

/** One document of the user by id (few per user: read from the user's partition). */
export async function findDocument(
  userId: string,
  id: string,
): Promise<DocumentRecord | undefined> {
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: 'id = :id',
    ExpressionAttributeValues: {
      ':pk': caseKeys.case(userId, '').PK,
      ':prefix': caseKeys.documentPrefix(),
      ':id': id,
    },
    ConsistentRead: true,
  });
  for await (const page of pages) if (page[0]) return toRecord(page[0]);
  return undefined;
}

/** The user's document stored at a path, if any. */
export async function findDocumentByPath(
  userId: string,
  path: string,
): Promise<DocumentRecord | undefined> {
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: '#path = :path',
    ExpressionAttributeNames: { '#path': 'path' },
    ExpressionAttributeValues: {
      ':pk': caseKeys.case(userId, '').PK,
      ':prefix': caseKeys.documentPrefix(),
      ':path': path,
    },
    ConsistentRead: true,
  });
  for await (const page of pages) if (page[0]) return toRecord(page[0]);
  return undefined;
}

export async function deleteDocumentRow(doc: DocumentRecord): Promise<void> {
  await documents.send(
    new DeleteCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.document(doc.user_id, doc.shipment_id, doc.created_at, doc.id),
    }),
  );
}
