import { randomUUID } from 'node:crypto';
import * as storage from '../adapters/documents';
import {
  completeReading,
  deleteDocumentRow,
  findDocument,
  findLibraryInvoiceFile,
  insertAttachedDocument,
  insertDocumentWithAudit,
  releaseUpload,
  spendUpload,
} from '../adapters/dynamo/case-documents';
import { getProfile } from '../adapters/dynamo/profiles';
import { listStoredShipments } from '../adapters/dynamo/shipments';
import {
  getSupplier,
  listLineVerdicts,
  listSupplierInvoices,
  listSuppliers,
  putLineVerdict,
} from '../adapters/dynamo/supplier-library';
import { enqueueDocumentReading } from '../adapters/sqs/reading-queue';
import type { DocumentDeps } from '../domain/documents/ports';
import { logger } from '../shared/logger';
import { caseGuards } from './case-guards';
import { caseStore } from './case-store';

/** The case documents' use cases against the documents bucket and the table. */
export const documentDependencies: DocumentDeps = {
  cases: caseStore,
  storage,
  rows: {
    findDocument,
    findLibraryInvoiceFile,
    insertDocumentWithAudit,
    insertAttachedDocument,
    deleteDocumentRow,
    spendUpload,
    releaseUpload,
  },
  library: {
    listSuppliers,
    getSupplier,
    listSupplierInvoices,
    listStoredShipments,
    profileMode: async (userId) => (await getProfile(userId))?.mode,
    listLineVerdicts,
    putLineVerdict,
  },
  guards: caseGuards,
  // Scans and photos are read by OCR in the reading worker, never in the request.
  readings: { enqueue: enqueueDocumentReading, complete: completeReading },
  newId: () => randomUUID(),
  now: () => Date.now(),
  log: {
    info: (message, fields) => logger.info(message, fields),
    warn: (message, fields) => logger.warn(message, fields),
  },
};

export { withReadingQueue } from './reading-consumer';
