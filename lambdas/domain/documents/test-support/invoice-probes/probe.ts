/** Invoice-text probes: what a probe expects, and the check that reads its text. */
import type { Invoice } from '../../fattura-pa';
import { invoicesFromLines, linesFromText, type DocumentLabels } from '../../invoice-text';

export interface Want {
  number?: string | null;
  date?: string | null;
  supplier?: string | null;
  supplierVat?: string | null;
  buyer?: string | null;
  buyerVat?: string | null;
  documentType?: string | null;
  /** Description and quantity of each line. */
  lines?: [string, number | null][];
  /** How many invoices the text holds. */
  count?: number;
}

export function observed(invoices: Invoice[], want: Want): Want {
  const invoice = invoices[0];
  const got: Want = {};
  if ('number' in want) got.number = invoice?.number ?? null;
  if ('date' in want) got.date = invoice?.date ?? null;
  if ('supplier' in want) got.supplier = invoice?.supplier.name ?? null;
  if ('supplierVat' in want) got.supplierVat = invoice?.supplier.vat ?? null;
  if ('buyer' in want) got.buyer = invoice?.buyer.name ?? null;
  if ('buyerVat' in want) got.buyerVat = invoice?.buyer.vat ?? null;
  if ('documentType' in want) got.documentType = invoice?.documentType ?? null;
  if ('lines' in want)
    got.lines = (invoice?.lines ?? []).map((l): [string, number | null] => [
      l.description,
      l.quantity,
    ]);
  if ('count' in want) got.count = invoices.length;
  return got;
}

export type Probe = [name: string, text: string[], want: Want];

/** Reads `text` as an invoice, or as another kind of document by that kind's `labels`. */
export function probe(text: string[], want: Want, labels?: DocumentLabels): void {
  const invoices = invoicesFromLines(linesFromText(text.join('\n')), labels);
  expect(observed(invoices, want)).toEqual(want);
}
