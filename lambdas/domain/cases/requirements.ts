/**
 * Required documents by role (spec 5) and the attachment types of the case-preparation sheet
 * (spec 2.8). Pure; the web app imports it.
 */
import type { CaseRole, DocType } from './contract';

export interface RoleRequirements {
  required: readonly DocType[];
  optional: readonly DocType[];
  /** What the required document must show (spec 5), both languages. */
  note: { it: string; en: string };
}

export const REQUIRED_DOCUMENTS: Record<CaseRole, RoleRequirements> = {
  rivenditore: {
    required: ['fattura'],
    optional: ['pod', 'foto_pacco'],
    note: {
      it: "La fattura deve essere quella originale del fornitore, con data d'acquisto, nomi dei prodotti e quantità. Le fatture pro forma non sono accettate: servono tutte le fatture delle unità spedite.",
      en: 'The invoice must be the original supplier invoice, with purchase date, product names and quantity. Pro forma invoices are not accepted: all invoices for the shipped units are needed.',
    },
  },
  produttore: {
    required: ['distinta_imballaggio'],
    optional: ['pod', 'foto_pacco'],
    note: {
      it: "La distinta d'imballaggio deve essere firmata, datata non oltre la spedizione, con numero d'ordine, nomi dei prodotti, quantità spedite e firma o timbro.",
      en: 'The packing list must be signed, dated no later than the shipment, with order number, product names, quantity shipped and a signature or stamp.',
    },
  },
};

export const ROLE_LABELS: Record<CaseRole, { it: string; en: string }> = {
  rivenditore: { it: 'Rivenditore', en: 'Reseller' },
  produttore: { it: 'Produttore', en: 'Manufacturer' },
};

export const DOC_TYPE_LABELS: Record<DocType, { it: string; en: string }> = {
  fattura: { it: "Fattura d'acquisto", en: 'Purchase invoice' },
  distinta_imballaggio: { it: "Distinta d'imballaggio (DDT)", en: 'Packing list (delivery note)' },
  pod: { it: 'Prova di consegna (POD)', en: 'Proof of delivery (POD)' },
  foto_pacco: { it: 'Foto dei prodotti imballati', en: 'Photos of the packed products' },
};

/** Mandatory types of a role that have no file yet. */
export function missingRequired(role: CaseRole, presentTypes: Iterable<DocType>): DocType[] {
  const present = new Set(presentTypes);
  return REQUIRED_DOCUMENTS[role].required.filter((type) => !present.has(type));
}

/**
 * Spec 5: the request button is enabled only with a role, every mandatory type present, the
 * panel unlocked and no submission in progress.
 */
export function canRequest(input: {
  role: CaseRole | null | undefined;
  presentTypes: Iterable<DocType>;
  locked: boolean;
  submitting: boolean;
}): boolean {
  if (!input.role || input.locked || input.submitting) return false;
  return missingRequired(input.role, input.presentTypes).length === 0;
}
