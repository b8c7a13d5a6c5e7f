/**
 * Does the invoice support the claim? (Beyond the spec.) Amazon accepts an invoice for lost
 * units when it predates the shipment and covers the units claimed, so the seller is warned
 * before sending when:
 * - an invoice is dated after the shipment (the day the shipment was created, or closed when
 *   the creation date is unknown; same day is fine);
 * - a SKU with missing units appears on no invoice line, or its lines add up to fewer units than
 *   are missing.
 *
 * Matching a line to a SKU: the SKU among the line's article codes or as a word of its
 * description; else the title's words (3+ letters, accents and case ignored, common words
 * dropped), when at least 60% of them (and at least 2, or the only one) are in the description.
 * Each line counts for one SKU only (the best match); quantities of all matching lines of all
 * invoices are summed; a line without a quantity counts as 1 (it names the product once).
 * Warnings carry codes and data only: the web app words them in each language.
 */
import type { Invoice } from './fattura-pa';

export interface ShipmentToMatch {
  closedAt?: string | null;
  createdAt?: string | null;
  items: { sku: string; title?: string | null; missing: number }[];
}

export type InvoiceWarning =
  | {
      code: 'invoice_after_shipment';
      invoiceNumber: string | null;
      /** yyyy-mm-dd */
      invoiceDate: string;
      /** yyyy-mm-dd */
      shipmentDate: string;
    }
  | { code: 'sku_not_on_invoice'; sku: string; title: string | null; missing: number }
  | {
      code: 'units_not_covered';
      sku: string;
      title: string | null;
      missing: number;
      invoiced: number;
    }
  /** No invoice has lines (e.g. a PDF read as free text): coverage could not be checked. */
  | { code: 'lines_not_readable' };

export type InvoiceWarningCode = InvoiceWarning['code'];

const STOP_WORDS = new Set([
  'and',
  'the',
  'for',
  'with',
  'per',
  'con',
  'del',
  'della',
  'delle',
  'dei',
  'degli',
  'gli',
  'una',
  'uno',
  'pack',
  'pcs',
  'pezzi',
  'set',
  'und',
  'mit',
  'les',
  'des',
  'pour',
  'avec',
]);

function tokens(text: string | null | undefined): string[] {
  if (!text) return [];
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? []
  ).filter((t) => t.length >= 3 && !STOP_WORDS.has(t));
}

function day(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/** How well a line names a SKU: 2 by code, 1 > s > 0 by title words, 0 not at all. */
function score(item: ShipmentToMatch['items'][number], line: LineToMatch): number {
  const sku = item.sku.trim().toLowerCase();
  if (sku && line.codes.some((c) => c.trim().toLowerCase() === sku)) return 2;
  const description = line.description.toLowerCase();
  const skuWord = new RegExp(
    `(^|[^a-z0-9])${sku.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`,
  );
  if (sku && skuWord.test(description)) return 2;
  const titleWords = [...new Set(tokens(item.title))];
  if (titleWords.length === 0) return 0;
  const lineWords = new Set(tokens(line.description));
  const found = titleWords.filter((w) => lineWords.has(w)).length;
  const ratio = found / titleWords.length;
  const enough = titleWords.length === 1 ? found === 1 : found >= 2 && ratio >= 0.6;
  return enough ? ratio : 0;
}

/** A line as the matching needs it: what it names and how many units. */
export type LineToMatch = Pick<Invoice['lines'][number], 'description' | 'quantity' | 'codes'>;

/**
 * The units the lines invoice per SKU of `items` (by SKU, then by the matching rules above):
 * each line counts for its best-matching SKU only, a line without a quantity counts as 1.
 * SKUs that no line names are absent from the map.
 */
export function unitsInvoicedBySku(
  lines: readonly LineToMatch[],
  items: readonly ShipmentToMatch['items'][number][],
): Map<string, { units: number; lines: number }> {
  const invoiced = new Map<string, { units: number; lines: number }>();
  for (const line of lines) {
    let best: (typeof items)[number] | undefined;
    let bestScore = 0;
    for (const item of items) {
      const s = score(item, line);
      if (s > bestScore) {
        best = item;
        bestScore = s;
      }
    }
    if (!best) continue;
    const entry = invoiced.get(best.sku) ?? { units: 0, lines: 0 };
    entry.units += line.quantity ?? 1;
    entry.lines += 1;
    invoiced.set(best.sku, entry);
  }
  return invoiced;
}

/** The warnings for a set of invoices against one shipment, dates first, then SKUs in order. */
export function matchInvoiceToShipment(
  invoices: Invoice[],
  shipment: ShipmentToMatch,
): InvoiceWarning[] {
  const warnings: InvoiceWarning[] = [];
  const shipmentDate = day(shipment.createdAt) ?? day(shipment.closedAt);
  if (shipmentDate) {
    for (const invoice of invoices) {
      if (invoice.date && invoice.date > shipmentDate) {
        warnings.push({
          code: 'invoice_after_shipment',
          invoiceNumber: invoice.number,
          invoiceDate: invoice.date,
          shipmentDate,
        });
      }
    }
  }
  const items = shipment.items.filter((i) => i.missing > 0);
  if (items.length === 0) return warnings;
  const lines = invoices.flatMap((i) => i.lines);
  if (lines.length === 0) {
    warnings.push({ code: 'lines_not_readable' });
    return warnings;
  }
  const invoiced = unitsInvoicedBySku(lines, items);
  for (const item of items) {
    const entry = invoiced.get(item.sku);
    const title = item.title ?? null;
    if (!entry)
      warnings.push({ code: 'sku_not_on_invoice', sku: item.sku, title, missing: item.missing });
    else if (entry.units < item.missing) {
      warnings.push({
        code: 'units_not_covered',
        sku: item.sku,
        title,
        missing: item.missing,
        invoiced: entry.units,
      });
    }
  }
  return warnings;
}
