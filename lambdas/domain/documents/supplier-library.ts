/**
 * The supplier library (issue 17): the suppliers found on the seller's invoices, their invoices,
 * and the shipments each invoice covers. Pure: the adapters store what `indexedInvoices` gives
 * when a document is confirmed, and the library matches a page of it against the shipments.
 */
import type { StoredReading } from '../cases/records';
import { LineVerdicts, matchLines, type LineToMatch, type SkuToMatch } from './invoice-match';

/** Invoices of one document that enter the library (a confirm writes them in one transaction). */
export const MAX_INDEXED_INVOICES = 20;

/** The group of invoices whose supplier the reader could not name. */
export const UNKNOWN_SUPPLIER = 'unknown';

/**
 * A supplier id, safe in a URL path as it is: `vat-<country+number>`, `name-<letters and
 * digits>` or `unknown`.
 */
export const SUPPLIER_ID_PATTERN = /^(vat-[A-Z0-9]{5,30}|name-[a-z0-9]{1,120}|unknown)$/;

function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Who issued an invoice, as one key: the VAT id when the invoice has one (letters and digits,
 * upper case: `IT 012 345 678 90` and `IT01234567890` are one supplier), else the name without
 * accents, case, spaces or punctuation (`Ceramiche Rossi S.r.l.` and `CERAMICHE ROSSI SRL`).
 */
export function supplierId(supplier: { name: string | null; vat: string | null }): string {
  const vat = (supplier.vat ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (vat.length >= 5 && vat.length <= 30) return `vat-${vat}`;
  const name = folded(supplier.name ?? '')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 120);
  return name ? `name-${name}` : UNKNOWN_SUPPLIER;
}

export interface IndexedInvoice {
  supplierId: string;
  supplierName: string | null;
  supplierVat: string | null;
  /** The invoice's place in its document (a file may hold several invoices). */
  index: number;
  number: string | null;
  /** yyyy-mm-dd */
  date: string | null;
  /** The currency of the invoice's amounts, when the reader found it (FatturaPA `Divisa`). */
  currency?: string;
  /** Set on a credit note: its lines give no unit cost. */
  creditNote?: true;
  /** `amount`: the line's total as read, when the reader found one (a unit cost's source). */
  lines: { description: string; quantity: number | null; codes: string[]; amount?: number }[];
}

/**
 * The invoices of a read document as the library keeps them (the first `MAX_INDEXED_INVOICES`).
 * A packing list read from a file uploaded as an invoice is no invoice: none.
 */
export function indexedInvoices(reading: StoredReading | null): IndexedInvoice[] {
  if (!reading || reading.quality === 'illegible' || reading.kind === 'ddt') return [];
  return reading.invoices.slice(0, MAX_INDEXED_INVOICES).map((invoice, index) => ({
    supplierId: supplierId({ name: invoice.supplier, vat: invoice.supplier_vat ?? null }),
    supplierName: invoice.supplier,
    supplierVat: invoice.supplier_vat ?? null,
    index,
    number: invoice.number,
    date: invoice.date,
    ...(invoice.currency ? { currency: invoice.currency } : {}),
    ...(invoice.credit_note ? { creditNote: true as const } : {}),
    lines: invoice.lines.map((line, l) => ({
      description: line.description,
      quantity: line.quantity,
      codes: line.codes ?? [],
      // A line read by OCR under the trusted confidence keeps no amount (no cost from it).
      ...(typeof line.amount === 'number' && !invoice.unsure_lines?.includes(l)
        ? { amount: line.amount }
        : {}),
    })),
  }));
}

export interface SupplierGroup {
  supplierId: string;
  /** The name and VAT id as the latest invoice gives them (the first one found when empty). */
  name: string | null;
  vat: string | null;
  invoices: number;
}

/** The suppliers of a set of invoices, each once with how many of the invoices it issued. */
export function groupBySupplier(invoices: readonly IndexedInvoice[]): SupplierGroup[] {
  const groups = new Map<string, SupplierGroup>();
  for (const invoice of invoices) {
    const group = groups.get(invoice.supplierId);
    if (group) {
      group.invoices += 1;
      group.name ??= invoice.supplierName;
      group.vat ??= invoice.supplierVat;
    } else {
      groups.set(invoice.supplierId, {
        supplierId: invoice.supplierId,
        name: invoice.supplierName,
        vat: invoice.supplierVat,
        invoices: 1,
      });
    }
  }
  return [...groups.values()];
}

export interface ShipmentToCover {
  shipmentId: string;
  shipmentName: string | null;
  items: (SkuToMatch & { title: string | null })[];
}

export interface ShipmentCoverage {
  shipmentId: string;
  shipmentName: string | null;
  /**
   * Every SKU of the shipment with units missing, with the units the invoice's lines have for
   * it by evidence (a code on the line, or a description the seller confirmed).
   */
  skus: { sku: string; missing: number; invoiced: number }[];
  /** Lines that only resemble a missing SKU's title: to be confirmed, counted for nothing. */
  toConfirm: {
    sku: string;
    title: string | null;
    line: number;
    description: string;
    quantity: number | null;
  }[];
  /** Some line is a missing SKU by evidence: the invoice may be attached to the case. */
  evidence: boolean;
  /** Every missing unit of the shipment is on the invoice, by evidence. */
  complete: boolean;
}

/**
 * The shipments an invoice covers or may cover: those with units missing of a SKU that one of
 * its lines is by evidence, or only resembles (to be confirmed), by the one matching of
 * `invoice-match.ts`. `complete` when the lines matched by evidence have at least as many units
 * as are missing of each SKU of the shipment. Shipments the invoice names nothing of are left
 * out.
 */
export function shipmentsCovered(
  lines: readonly LineToMatch[],
  shipments: readonly ShipmentToCover[],
  verdicts: LineVerdicts = new LineVerdicts(),
): ShipmentCoverage[] {
  const covered: ShipmentCoverage[] = [];
  for (const shipment of shipments) {
    const items = shipment.items.filter((item) => item.missing > 0);
    if (items.length === 0) continue;
    const { invoiced, toConfirm } = matchLines(lines, items, verdicts);
    if (invoiced.size === 0 && toConfirm.length === 0) continue;
    const skus = items.map((item) => ({
      sku: item.sku,
      missing: item.missing,
      invoiced: invoiced.get(item.sku)?.units ?? 0,
    }));
    const titles = new Map(items.map((item) => [item.sku, item.title]));
    covered.push({
      shipmentId: shipment.shipmentId,
      shipmentName: shipment.shipmentName,
      skus,
      toConfirm: toConfirm.map((l) => ({ ...l, title: titles.get(l.sku) ?? null })),
      evidence: invoiced.size > 0,
      complete: invoiced.size > 0 && skus.every((s) => s.invoiced >= s.missing),
    });
  }
  return covered;
}

/** A supplier found on the seller's invoices, as the library stores it. */
export interface SupplierRow {
  supplier_id: string;
  name: string | null;
  vat: string | null;
  invoice_count: number;
  updated_at: string;
}

export interface SupplierInvoiceRow {
  supplier_id: string;
  document_id: string;
  shipment_id: string;
  filename: string;
  size: number;
  created_at: string;
  invoice_index: number;
  number: string | null;
  date: string | null;
  /** As `IndexedInvoice.currency` (rows stored before unit costs have none). */
  currency?: string | null;
  /** As `IndexedInvoice.creditNote`. */
  credit_note?: boolean;
  lines: IndexedInvoice['lines'];
  /** Shipment id → the document holding this invoice in that shipment's case. */
  attached: Record<string, string>;
}

/** A page of rows and where the next one starts (an opaque cursor), or null at the end. */
export interface Page<T> {
  items: T[];
  cursor: string | null;
}
