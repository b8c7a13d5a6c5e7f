import type { CaseShipment } from '../../cases/ports';
import type { CaseRecord, DocumentRecord, StoredReading } from '../../cases/records';
import { caseRecord } from '../../cases/test-support/case-record';
import type { DocumentDeps } from '../ports';
import { indexedInvoices } from '../supplier-library';

/** A case as `upsertReadyCase` leaves it: ready, with the role and main document. */
function readyCase(
  userId: string,
  shipmentId: string,
  fields: Record<string, unknown>,
): CaseRecord {
  return caseRecord(shipmentId, {
    user_id: userId,
    role: fields.role as CaseRecord['role'],
    created_at: fields.now as string,
    updated_at: fields.now as string,
    document_url: (fields.documentUrl as string | undefined) ?? null,
    demo_mode: fields.demo as boolean,
    language: fields.language as CaseRecord['language'],
  });
}

/**
 * The documents' dependencies in memory: the bucket as a map of keys to bytes, the table's case,
 * shipment and document rows as arrays, and what the guards refused. A test sets the state it
 * needs (`objects`, `shipments`, `cases`, `plan`) and reads back what the use case left.
 */
export class InMemoryDocuments {
  objects = new Map<string, Uint8Array>();
  spentUploads = new Set<string>();
  shipments: (CaseShipment & { user_id: string })[] = [];
  cases: CaseRecord[] = [];
  documents: DocumentRecord[] = [];
  audits: unknown[] = [];
  /** Whether the caller has an active plan (a real shipment's paid actions need one). */
  plan = true;
  private ids = 0;

  /** Documents put on the reading queue, as `userId documentId`. */
  queued: string[] = [];

  /** Stores a pending document's reading, as the table's conditional update does. */
  completeReading = async (doc: DocumentRecord, reading: StoredReading): Promise<boolean> => {
    const index = this.documents.findIndex((d) => d.id === doc.id && d.reading_pending);
    if (index < 0) return false;
    const { reading_pending: _pending, ...rest } = this.documents[index] as DocumentRecord;
    this.documents[index] = { ...rest, reading };
    return true;
  };

  /** The reading queue in memory; `refuse` makes it fail as an unreachable queue would. */
  readings(refuse = false): NonNullable<DocumentDeps['readings']> {
    return {
      enqueue: async (userId, documentId) => {
        if (refuse) throw new Error('queue unreachable');
        this.queued.push(`${userId} ${documentId}`);
      },
      complete: this.completeReading,
    };
  }

  deps(): DocumentDeps {
    const find = (userId: string, shipmentId: string) =>
      this.cases.find((c) => c.user_id === userId && c.shipment_id === shipmentId);
    return {
      cases: {
        getCase: async (userId, shipmentId) => find(userId, shipmentId),
        getShipment: async (userId, shipmentId) =>
          this.shipments.find((s) => s.user_id === userId && s.shipment_id === shipmentId),
        listDocuments: async (userId, shipmentId) =>
          this.documents.filter((d) => d.user_id === userId && d.shipment_id === shipmentId),
        upsertReadyCase: async (userId, shipmentId, fields) => {
          const record = readyCase(userId, shipmentId, fields);
          this.cases = [...this.cases.filter((c) => c !== find(userId, shipmentId)), record];
          return record;
        },
        dataChanged: async () => undefined,
      },
      storage: {
        presignUpload: async (key) => `https://bucket.example/${key}?put`,
        presignDownload: async (key) => `https://bucket.example/${key}?get`,
        readObject: async (key) => this.objects.get(key),
        writeObject: async (key, bytes) => void this.objects.set(key, bytes),
        copyObject: async (from, to) => void this.objects.set(to, this.objects.get(from)!),
        deleteObject: async (key) => void this.objects.delete(key),
        listTopLevel: async () => [],
      },
      rows: {
        findDocument: async (userId, id) =>
          this.documents.find((d) => d.user_id === userId && d.id === id),
        findLibraryInvoiceFile: async (userId, sha256) =>
          this.documents.find(
            (d) =>
              d.user_id === userId &&
              d.sha256 === sha256 &&
              d.doc_type === 'fattura' &&
              !d.source_document_id &&
              indexedInvoices(d.reading).length > 0,
          ),
        insertDocumentWithAudit: async (doc, audit) => {
          this.documents.push(doc);
          this.audits.push(audit);
        },
        insertAttachedDocument: async (_source, copy, audit) => {
          this.documents.push(copy);
          this.audits.push(audit);
          return undefined;
        },
        deleteDocumentRow: async (doc) => {
          this.documents = this.documents.filter((d) => d !== doc);
        },
        spendUpload: async (userId, path) => {
          const key = `${userId} ${path}`;
          if (this.spentUploads.has(key)) return false;
          this.spentUploads.add(key);
          return true;
        },
        releaseUpload: async (userId, path) => void this.spentUploads.delete(`${userId} ${path}`),
      },
      library: {
        listSuppliers: async () => ({ items: [], cursor: null }),
        getSupplier: async () => undefined,
        listSupplierInvoices: async () => ({ items: [], cursor: null }),
        listStoredShipments: async () => [],
        profileMode: async () => 'live',
        listLineVerdicts: async () => [],
        putLineVerdict: async () => undefined,
      },
      guards: {
        requirePlan: async (_userId, shipment) => {
          if (!shipment.demo && !this.plan) throw new Error('no plan');
        },
        requireDebugTools: async () => undefined,
        requireDailyQuota: async () => undefined,
      },
      newId: () => `id-${++this.ids}`,
      now: () => Date.parse('2026-03-20T10:00:00Z'),
      log: { info: () => undefined, warn: () => undefined },
    };
  }
}
