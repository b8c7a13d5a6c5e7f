import type { CaseGuards } from '../cases/guards';
import type { CaseAudit, CaseStore } from '../cases/ports';
import type { DocumentRecord } from '../cases/records';
import type { StoredShipment } from '../sync/shipment-list';
import type { LineVerdictRecord } from './invoice-match';
import type { OcrEngine } from './ocr';
import type { Page, SupplierInvoiceRow, SupplierRow } from './supplier-library';

/** A verdict as stored: the record, the line's text as read, and when it was given. */
export interface StoredLineVerdict extends LineVerdictRecord {
  text: string;
  updatedAt: string;
}

/** The documents bucket: objects by key, and presigned links the browser uses directly. */
export interface DocumentStorage {
  presignUpload(key: string, contentType: string, size: number, expiresIn: number): Promise<string>;
  presignDownload(key: string, fileName: string, expiresIn: number): Promise<string>;
  /** Undefined when there is no such object. */
  readObject(key: string): Promise<Uint8Array | undefined>;
  writeObject(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  copyObject(from: string, to: string): Promise<void>;
  deleteObject(key: string): Promise<void>;
  /** The objects directly under the user's folder. */
  listTopLevel(
    userId: string,
  ): Promise<{ key: string; size: number; lastModified: string | null }[]>;
}

/** The case documents' rows (with their audit and supplier library rows, in one transaction). */
export interface DocumentRows {
  findDocument(userId: string, id: string): Promise<DocumentRecord | undefined>;
  insertDocumentWithAudit(doc: DocumentRecord, audit: CaseAudit): Promise<void>;
  /**
   * Spends a staged upload's key (one upload, one document): false when it was spent before.
   * Remembered until `until` (ms since the epoch).
   */
  spendUpload(userId: string, uploadPath: string, until: number): Promise<boolean>;
  /** Gives the key back when its document could not be stored. */
  releaseUpload(userId: string, uploadPath: string): Promise<void>;
  /** The library's invoice document read from the very same file (by its bytes' SHA-256). */
  findLibraryInvoiceFile(userId: string, sha256: string): Promise<DocumentRecord | undefined>;
  /** Undefined once stored; else why not (already attached, or the source is gone). */
  insertAttachedDocument(
    source: DocumentRecord,
    copy: DocumentRecord,
    audit: CaseAudit,
  ): Promise<'already_attached' | 'source_gone' | undefined>;
  deleteDocumentRow(doc: DocumentRecord): Promise<void>;
}

/** The supplier library (issue 17), and the shipments its invoices may cover. */
export interface SupplierLibrary {
  listSuppliers(userId: string, limit: number, cursor?: string): Promise<Page<SupplierRow>>;
  getSupplier(userId: string, supplierId: string): Promise<SupplierRow | undefined>;
  listSupplierInvoices(
    userId: string,
    supplierId: string,
    limit: number,
    cursor?: string,
  ): Promise<Page<SupplierInvoiceRow>>;
  listStoredShipments(userId: string): Promise<StoredShipment[]>;
  /** The profile's data mode (`live`/`real` shows real shipments, else the demo ones). */
  profileMode(userId: string): Promise<string | null | undefined>;
  /** Every verdict the seller gave on an invoice line (one per SKU and description). */
  listLineVerdicts(userId: string): Promise<LineVerdictRecord[]>;
  /** Remembers a verdict; a new one for the same SKU and description replaces it. */
  putLineVerdict(userId: string, verdict: StoredLineVerdict): Promise<void>;
}

/** Scans and photos read by OCR in the background (issue 33, `background-reading.ts`). */
export interface BackgroundReadings {
  /** Puts the document on the reading queue. */
  enqueue(userId: string, documentId: string): Promise<void>;
  /** Stores a pending document's reading; false when it is gone or read already. */
  complete(doc: DocumentRecord, reading: NonNullable<DocumentRecord['reading']>): Promise<boolean>;
}

export interface DocumentDeps {
  cases: CaseStore;
  storage: DocumentStorage;
  rows: DocumentRows;
  library: SupplierLibrary;
  guards: CaseGuards;
  /** Reads scans and photos; without it they are kept with no text read. */
  ocr?: OcrEngine;
  /**
   * Where scans and photos go to be read in the background; without it they are read by `ocr`
   * in the request, as before.
   */
  readings?: BackgroundReadings;
  newId(): string;
  now(): number;
  log: {
    info(message: string, fields: Record<string, unknown>): void;
    warn(message: string, fields: Record<string, unknown>): void;
  };
}
