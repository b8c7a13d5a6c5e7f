import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { DocumentRecord } from '../../domain/cases/records';
import type { LineVerdictRecord } from '../../domain/documents/invoice-match';
import type { StoredLineVerdict } from '../../domain/documents/ports';
import {
  groupBySupplier,
  indexedInvoices,
  type IndexedInvoice,
  type Page,
  type SupplierInvoiceRow,
  type SupplierRow,
} from '../../domain/documents/supplier-library';
import { queryPages, table, TABLE_NAME, type TransactItem } from './client';
import { caseKeys, type Key } from './keys';

/**
 * The supplier library's rows (issue 17), in the seller's partition: one per supplier
 * (`SUPPLIER#<id>`, with its invoice count) and one per invoice (`SUPINV#<id>#<date>#<doc>#<n>`,
 * with its lines and the shipments it is attached to). Written in the transaction that records
 * the invoice document, so the library reads a page of them and never the documents' history.
 * Beside them, the seller's verdicts on invoice lines (`LINEVERDICT#<sku>#<description hash>`).
 */

export type Operation = TransactItem;
export type { Page, SupplierInvoiceRow, SupplierRow };

/** Whether a document's invoices belong in the library: an invoice uploaded, not a copy. */
function indexable(doc: DocumentRecord): boolean {
  return doc.doc_type === 'fattura' && !doc.source_document_id;
}

function invoiceKey(userId: string, documentId: string, invoice: IndexedInvoice): Key {
  return caseKeys.supplierInvoice(
    userId,
    invoice.supplierId,
    invoice.date,
    documentId,
    invoice.index,
  );
}

/**
 * The writes that put a confirmed invoice document into the library: each supplier's count goes
 * up by its invoices in the document (its name and VAT id refreshed when the invoice has them),
 * and each invoice gets its row. Part of the document's own transaction.
 */
export function supplierLibraryWrites(doc: DocumentRecord): Operation[] {
  if (!indexable(doc)) return [];
  const invoices = indexedInvoices(doc.reading);
  const ops: Operation[] = groupBySupplier(invoices).map((group) => {
    const set = ['#type = :type', 'supplier_id = :id', 'updated_at = :now'];
    const values: Record<string, unknown> = {
      ':type': 'supplier',
      ':id': group.supplierId,
      ':now': doc.created_at,
      ':n': group.invoices,
    };
    if (group.name) {
      set.push('#name = :name');
      values[':name'] = group.name;
    }
    if (group.vat) {
      set.push('vat = :vat');
      values[':vat'] = group.vat;
    }
    return {
      Update: {
        TableName: TABLE_NAME,
        Key: caseKeys.supplier(doc.user_id, group.supplierId),
        UpdateExpression: `SET ${set.join(', ')} ADD invoice_count :n`,
        ExpressionAttributeNames: { '#type': 'type', ...(group.name ? { '#name': 'name' } : {}) },
        ExpressionAttributeValues: values,
      },
    };
  });
  if (doc.sha256 && invoices.length > 0) {
    // Last writer wins: two uploads of one file racing both enter the library, as before.
    ops.push({
      Put: {
        TableName: TABLE_NAME,
        Item: {
          ...caseKeys.invoiceFile(doc.user_id, doc.sha256),
          type: 'invoice_file',
          document_id: doc.id,
          shipment_id: doc.shipment_id,
          created_at: doc.created_at,
        },
      },
    });
  }
  for (const invoice of invoices) {
    const row: SupplierInvoiceRow & { type: string; user_id: string } = {
      type: 'supplier_invoice',
      user_id: doc.user_id,
      supplier_id: invoice.supplierId,
      document_id: doc.id,
      shipment_id: doc.shipment_id,
      filename: doc.filename,
      size: doc.size,
      created_at: doc.created_at,
      invoice_index: invoice.index,
      number: invoice.number,
      date: invoice.date,
      currency: invoice.currency ?? null,
      ...(invoice.creditNote ? { credit_note: true } : {}),
      lines: invoice.lines,
      attached: { [doc.shipment_id]: doc.id },
    };
    ops.push({
      Put: {
        TableName: TABLE_NAME,
        Item: { ...invoiceKey(doc.user_id, doc.id, invoice), ...row },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
  }
  return ops;
}

/** The document an uploaded invoice file was stored as, by the SHA-256 of its bytes. */
export async function invoiceFileOwner(
  userId: string,
  sha256: string,
): Promise<{ documentId: string; shipmentId: string; createdAt: string } | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: caseKeys.invoiceFile(userId, sha256),
      ConsistentRead: true,
    }),
  );
  return Item
    ? {
        documentId: Item.document_id as string,
        shipmentId: Item.shipment_id as string,
        createdAt: Item.created_at as string,
      }
    : undefined;
}

/**
 * The writes that take a deleted invoice document out of the library: its invoice rows that
 * exist (a document stored before the library has none), their count from each supplier, and
 * its file's entry when it still names this document.
 */
export async function supplierLibraryRemovals(doc: DocumentRecord): Promise<Operation[]> {
  if (!indexable(doc)) return [];
  const invoices = indexedInvoices(doc.reading);
  const [stored, file] = await Promise.all([
    Promise.all(
      invoices.map(async (invoice) => {
        const { Item } = await table.send(
          new GetCommand({
            TableName: TABLE_NAME,
            Key: invoiceKey(doc.user_id, doc.id, invoice),
            ConsistentRead: true,
            ProjectionExpression: 'PK',
          }),
        );
        return Item ? [invoice] : [];
      }),
    ),
    doc.sha256 ? invoiceFileOwner(doc.user_id, doc.sha256) : undefined,
  ]);
  const present = stored.flat();
  const ops: Operation[] = present.map((invoice) => ({
    Delete: { TableName: TABLE_NAME, Key: invoiceKey(doc.user_id, doc.id, invoice) },
  }));
  if (doc.sha256 && file?.documentId === doc.id) {
    ops.push({
      Delete: {
        TableName: TABLE_NAME,
        Key: caseKeys.invoiceFile(doc.user_id, doc.sha256),
      },
    });
  }
  for (const group of groupBySupplier(present)) {
    ops.push({
      Update: {
        TableName: TABLE_NAME,
        Key: caseKeys.supplier(doc.user_id, group.supplierId),
        UpdateExpression: 'ADD invoice_count :n',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':n': -group.invoices },
      },
    });
  }
  return ops;
}

/**
 * The writes that record an attached copy on the source document's invoice rows, with the
 * link that makes the attach happen once per shipment. Each row must still exist (a source
 * deleted meanwhile fails the attach rather than leaving half rows).
 */
export function attachWrites(
  source: DocumentRecord,
  copy: DocumentRecord,
): { link: Operation; invoices: Operation[] } {
  const link = caseKeys.documentLink(source.user_id, source.id, copy.shipment_id);
  return {
    link: {
      Put: {
        TableName: TABLE_NAME,
        Item: {
          ...link,
          type: 'document_link',
          source_document_id: source.id,
          shipment_id: copy.shipment_id,
          document_id: copy.id,
          created_at: copy.created_at,
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
    invoices: indexedInvoices(source.reading).map((invoice): Operation => ({
      Update: {
        TableName: TABLE_NAME,
        Key: invoiceKey(source.user_id, source.id, invoice),
        UpdateExpression: 'SET attached.#shipment = :doc',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: { '#shipment': copy.shipment_id },
        ExpressionAttributeValues: { ':doc': copy.id },
      },
    })),
  };
}

/**
 * A deleted copy: its link goes with its row (in the caller's transaction), so the invoice can
 * be attached to that shipment again.
 */
export function detachWrites(copy: DocumentRecord): Operation[] {
  if (!copy.source_document_id) return [];
  return [
    {
      Delete: {
        TableName: TABLE_NAME,
        Key: caseKeys.documentLink(copy.user_id, copy.source_document_id, copy.shipment_id),
      },
    },
  ];
}

/**
 * After a copy is deleted, the source's invoice rows stop naming it. Best effort: a source
 * deleted meanwhile has no rows left to update.
 */
export async function forgetAttached(copy: DocumentRecord): Promise<void> {
  const sourceId = copy.source_document_id;
  if (!sourceId) return;
  for (const invoice of indexedInvoices(copy.reading)) {
    try {
      await table.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: invoiceKey(copy.user_id, sourceId, invoice),
          UpdateExpression: 'REMOVE attached.#shipment',
          ConditionExpression: 'attached.#shipment = :doc',
          ExpressionAttributeNames: { '#shipment': copy.shipment_id },
          ExpressionAttributeValues: { ':doc': copy.id },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}

function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key?.SK ? Buffer.from(String(key.SK), 'utf8').toString('base64url') : null;
}

/**
 * The sort key a cursor names, when it is one of this listing's: a cursor is only ever turned
 * into a key of the caller's own partition.
 */
export function decodeCursor(cursor: string | undefined, prefix: string): string | undefined {
  if (!cursor) return undefined;
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  return sk.startsWith(prefix) ? sk : undefined;
}

async function queryPage(
  userId: string,
  prefix: string,
  limit: number,
  startSk: string | undefined,
  options: {
    newestFirst?: boolean;
    filter?: { expression: string; values: Record<string, unknown> };
  },
): Promise<Page<Record<string, unknown>>> {
  const items: Record<string, unknown>[] = [];
  const pk = caseKeys.supplier(userId, '').PK;
  let startKey: Record<string, unknown> | undefined = startSk ? { PK: pk, SK: startSk } : undefined;
  // A filter can leave a page short: read on until the page is full or the rows end.
  do {
    const page = await table.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        FilterExpression: options.filter?.expression,
        ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix, ...options.filter?.values },
        ScanIndexForward: !options.newestFirst,
        Limit: limit - items.length,
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < limit);
  return { items, cursor: encodeCursor(startKey) };
}

function toSupplier(item: Record<string, unknown>): SupplierRow {
  return {
    supplier_id: item.supplier_id as string,
    name: (item.name as string | undefined) ?? null,
    vat: (item.vat as string | undefined) ?? null,
    invoice_count: Number(item.invoice_count ?? 0),
    updated_at: item.updated_at as string,
  };
}

/** A page of the seller's suppliers that have invoices, by id. */
export async function listSuppliers(
  userId: string,
  limit: number,
  cursor: string | undefined,
): Promise<Page<SupplierRow>> {
  const prefix = caseKeys.supplierPrefix;
  const page = await queryPage(userId, prefix, limit, decodeCursor(cursor, prefix), {
    filter: { expression: 'invoice_count > :none', values: { ':none': 0 } },
  });
  return {
    cursor: page.cursor,
    items: page.items.map(toSupplier),
  };
}

/** One supplier of the seller, if they have it. */
export async function getSupplier(
  userId: string,
  supplierId: string,
): Promise<SupplierRow | undefined> {
  const { Item } = await table.send(
    new GetCommand({ TableName: TABLE_NAME, Key: caseKeys.supplier(userId, supplierId) }),
  );
  return Item && Number(Item.invoice_count ?? 0) > 0 ? toSupplier(Item) : undefined;
}

/** A page of one supplier's invoices, newest invoice date first. */
export async function listSupplierInvoices(
  userId: string,
  supplierId: string,
  limit: number,
  cursor: string | undefined,
): Promise<Page<SupplierInvoiceRow>> {
  const prefix = caseKeys.supplierInvoicePrefix(supplierId);
  const page = await queryPage(userId, prefix, limit, decodeCursor(cursor, prefix), {
    newestFirst: true,
  });
  return {
    cursor: page.cursor,
    items: page.items.map(toSupplierInvoice),
  };
}

function toSupplierInvoice(item: Record<string, unknown>): SupplierInvoiceRow {
  return {
    supplier_id: item.supplier_id as string,
    document_id: item.document_id as string,
    shipment_id: item.shipment_id as string,
    filename: item.filename as string,
    size: Number(item.size ?? 0),
    created_at: item.created_at as string,
    invoice_index: Number(item.invoice_index ?? 0),
    number: (item.number as string | null | undefined) ?? null,
    date: (item.date as string | null | undefined) ?? null,
    currency: (item.currency as string | null | undefined) ?? null,
    ...(item.credit_note === true ? { credit_note: true } : {}),
    lines: (item.lines as SupplierInvoiceRow['lines'] | undefined) ?? [],
    attached: (item.attached as Record<string, string> | undefined) ?? {},
  };
}

/**
 * Every invoice of the seller's library, of every supplier (the unit costs read them all: the
 * latest invoice of a SKU may be any supplier's).
 */
export async function listAllSupplierInvoices(userId: string): Promise<SupplierInvoiceRow[]> {
  const out: SupplierInvoiceRow[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': caseKeys.supplier(userId, '').PK,
      ':prefix': caseKeys.allSupplierInvoicesPrefix,
    },
  });
  for await (const page of pages) {
    for (const row of page) out.push(toSupplierInvoice(row));
  }
  return out;
}

/** Remembers a seller's verdict on an invoice line; a new one for its SKU and description replaces it. */
export async function putLineVerdict(userId: string, verdict: StoredLineVerdict): Promise<void> {
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...caseKeys.lineVerdict(userId, verdict.sku, verdict.description),
        type: 'line_verdict',
        user_id: userId,
        sku: verdict.sku,
        description: verdict.description,
        codes: verdict.codes,
        verdict: verdict.verdict,
        text: verdict.text,
        updated_at: verdict.updatedAt,
      },
    }),
  );
}

/** Every verdict the seller gave on invoice lines. */
export async function listLineVerdicts(userId: string): Promise<LineVerdictRecord[]> {
  const out: LineVerdictRecord[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': caseKeys.supplier(userId, '').PK,
      ':prefix': caseKeys.lineVerdictPrefix,
    },
    ProjectionExpression: 'sku, #description, codes, verdict',
    ExpressionAttributeNames: { '#description': 'description' },
    // A verdict just given counts on the next page read.
    ConsistentRead: true,
  });
  for await (const page of pages) {
    for (const row of page) {
      out.push({
        sku: row.sku as string,
        description: row.description as string,
        codes: (row.codes as string[] | undefined) ?? [],
        verdict: row.verdict === 'rejected' ? 'rejected' : 'confirmed',
      });
    }
  }
  return out;
}
