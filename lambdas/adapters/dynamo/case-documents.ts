import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord } from '../../domain/cases/records';
import { epochSeconds, queryPages, table, TABLE_NAME, transact } from './client';
import { caseKeys, TTL_ATTRIBUTE } from './keys';
import { auditRow, type AuditEntry } from './audits';
import {
  attachWrites,
  detachWrites,
  forgetAttached,
  invoiceFileOwner,
  supplierLibraryRemovals,
  supplierLibraryWrites,
} from './supplier-library';

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
    source_document_id: (item.source_document_id as string | undefined) ?? null,
    sha256: (item.sha256 as string | undefined) ?? null,
    ...(item.reading_pending === true ? { reading_pending: true } : {}),
  };
}

function rowOf(doc: DocumentRecord) {
  return {
    ...caseKeys.document(doc.user_id, doc.shipment_id, doc.created_at, doc.id),
    type: 'case_document',
    ...doc,
  };
}

function putNew(doc: DocumentRecord) {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: rowOf(doc),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/**
 * Spends a staged upload's key, once: false when it was spent before. Remembered until
 * `until` (ms), past the presigned PUT's expiry.
 */
export async function spendUpload(
  userId: string,
  uploadPath: string,
  until: number,
): Promise<boolean> {
  try {
    await table.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...caseKeys.spentUpload(userId, uploadPath),
          type: 'spent_upload',
          [TTL_ATTRIBUTE]: epochSeconds(until),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Gives a staged upload's key back when storing its document failed. */
export async function releaseUpload(userId: string, uploadPath: string): Promise<void> {
  await table.send(
    new DeleteCommand({ TableName: TABLE_NAME, Key: caseKeys.spentUpload(userId, uploadPath) }),
  );
}

/**
 * Inserts the case_documents row and its audit row together (spec 7.3); an invoice enters the
 * supplier library in the same transaction.
 */
export async function insertDocumentWithAudit(
  doc: DocumentRecord,
  audit: AuditEntry,
): Promise<void> {
  // Uploads of one supplier's invoices at once touch its row together: a conflict is retried.
  await transact([
    putNew(doc),
    { Put: { TableName: TABLE_NAME, Item: auditRow(audit) } },
    ...supplierLibraryWrites(doc),
  ]);
}

/**
 * Stores the background reading of a document still being read, with what the supplier library
 * takes from it, in one transaction: false when the document is gone or was read already (a
 * message delivered twice), and nothing is written.
 */
export async function completeReading(
  doc: DocumentRecord,
  reading: NonNullable<DocumentRecord['reading']>,
): Promise<boolean> {
  const { reading_pending: _pending, ...read } = { ...doc, reading };
  try {
    await transact([
      {
        Update: {
          TableName: TABLE_NAME,
          Key: caseKeys.document(doc.user_id, doc.shipment_id, doc.created_at, doc.id),
          UpdateExpression: 'SET reading = :reading REMOVE reading_pending',
          ConditionExpression: 'reading_pending = :pending',
          ExpressionAttributeValues: { ':reading': reading, ':pending': true },
        },
      },
      ...supplierLibraryWrites(read),
    ]);
    return true;
  } catch (error) {
    const reasons = error instanceof TransactionCanceledException ? error.CancellationReasons : [];
    if (reasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/** Why an attach was not recorded: done before for that shipment, or the source is gone. */
export type AttachRefusal = 'already_attached' | 'source_gone';

/**
 * Records the copy of an invoice attached to another case: its row, its audit row, the link
 * (once per source and shipment) and the source's invoice rows naming it, in one transaction.
 */
export async function insertAttachedDocument(
  source: DocumentRecord,
  copy: DocumentRecord,
  audit: AuditEntry,
): Promise<AttachRefusal | undefined> {
  const { link, invoices } = attachWrites(source, copy);
  try {
    await transact([
      link,
      putNew(copy),
      { Put: { TableName: TABLE_NAME, Item: auditRow(audit) } },
      ...invoices,
    ]);
    return undefined;
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    const reasons = error.CancellationReasons ?? [];
    if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'already_attached';
    if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) return 'source_gone';
    throw error;
  }
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

/**
 * The invoice document of the user's library read from the very same file (by the SHA-256 of
 * its bytes), if it is still stored.
 */
export async function findLibraryInvoiceFile(
  userId: string,
  sha256: string,
): Promise<DocumentRecord | undefined> {
  const owner = await invoiceFileOwner(userId, sha256);
  if (!owner) return undefined;
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.document(userId, owner.shipmentId, owner.createdAt, owner.documentId),
      ConsistentRead: true,
    }),
  );
  return Item ? toRecord(Item) : undefined;
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

/**
 * Deletes a document's row with what the supplier library holds of it: an uploaded invoice's
 * rows and counts, or an attached copy's link (so it can be attached again).
 */
export async function deleteDocumentRow(doc: DocumentRecord): Promise<void> {
  await transact([
    {
      Delete: {
        TableName: TABLE_NAME,
        Key: caseKeys.document(doc.user_id, doc.shipment_id, doc.created_at, doc.id),
      },
    },
    ...(await supplierLibraryRemovals(doc)),
    ...detachWrites(doc),
  ]);
  await forgetAttached(doc);
}
