import type { Language } from '../language';
import type { CaseRole } from './contract';
import type { CaseRecord, DocumentRecord } from './records';
import type { ShipmentForDispute } from './submit';

/** A shipment as a case reads it: header, items, and whether the demo sync wrote it. */
export type CaseShipment = ShipmentForDispute & { demo: boolean };

/** An audit row of a case action (spec 3): who did what, when, on which shipment. */
export interface CaseAudit {
  id: string;
  user_id: string;
  action: 'upload_document' | 'attach_document' | 'case_outcome_recorded';
  at: string;
  meta: {
    shipment_id: string;
    doc_type?: string;
    filename?: string;
    size?: number;
    outcome?: string;
    source_document_id?: string;
  };
}

/** What a case action reads and writes of the caller's cases and shipments. */
export interface CaseStore {
  getCase(userId: string, shipmentId: string): Promise<CaseRecord | undefined>;
  getShipment(userId: string, shipmentId: string): Promise<CaseShipment | undefined>;
  listDocuments(userId: string, shipmentId: string): Promise<DocumentRecord[]>;
  /** Creates the case, or moves it back to ready with this role and main document. */
  upsertReadyCase(
    userId: string,
    shipmentId: string,
    fields: {
      role: CaseRole;
      demo: boolean;
      language: Language;
      now: string;
      documentUrl?: string;
    },
  ): Promise<CaseRecord>;
  /** The caller's dashboard figures are to be computed again. */
  dataChanged(userId: string): Promise<void>;
}
