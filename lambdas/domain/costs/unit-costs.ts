/**
 * Unit costs per SKU from the seller's own invoices (issue 31): what the value audit compares
 * Amazon's reimbursements with. Pure: the rules only, the wiring reads the library and the
 * held values.
 *
 * - A line gives a unit cost when it states its amount (FatturaPA `PrezzoTotale`, net of the
 *   line's discounts): amount ÷ quantity (a line without quantity names one unit, as the
 *   FatturaPA rules say `PrezzoTotale` = `PrezzoUnitario` then), rounded to the cent. A line
 *   without an amount, a zero or negative amount (discounts, returns) gives none. A PDF (or
 *   OCR'd) row gives its total only when its quantity times its unit price gives it
 *   (`invoice-line-amounts.ts`), so the same rule reads it; a line read by OCR under the
 *   trusted confidence keeps none.
 * - A credit note's lines (TD04, TD08, a PDF titled as one) give no cost.
 * - A line is a SKU only by evidence, through the one matcher of `invoice-match.ts` (a code of
 *   the SKU on the line, or a description or code the seller confirmed). A line that only
 *   resembles a SKU's title is "da confermare" and gives no cost until the seller confirms it
 *   on the Suppliers tab.
 * - The latest invoice dated within a year of today wins (same day: the later line read); an
 *   invoice older than a year, dated after today, or without a date or currency is not used.
 * - The currency is the invoice's own (`Divisa`), kept as written; never converted here.
 * - A value the seller holds (typed, confirmed, corrected) is what counts; a derived cost is a
 *   proposal until the seller confirms it, and a later invoice's cost only replaces a held one
 *   when the seller accepts it.
 */
import {
  LineVerdicts,
  matchLine,
  type LineToMatch,
  type SkuToMatch,
} from '../documents/invoice-match';
import type { InvoiceSource, SkuValue, SkuValueState } from '../sync/sku-values';

/** How far back an invoice proves a unit cost (the audit's "invoice dated within a year"). */
export const COST_WINDOW_YEARS = 1;

/** An invoice of the supplier library, as the costs read it. */
export interface CostInvoice {
  documentId: string;
  invoiceIndex: number;
  number: string | null;
  /** yyyy-mm-dd */
  date: string | null;
  currency?: string | null;
  /** A credit note (TD04, TD08, or a PDF titled so): its lines give no cost. */
  creditNote?: boolean;
  lines: (LineToMatch & { amount?: number | null })[];
}

/** A unit cost read from one invoice line. */
export interface InvoiceCost {
  sku: string;
  amount: number;
  currency: string;
  invoice: InvoiceSource & { description: string };
}

/** A line's unit cost (amount ÷ quantity, to the cent), or null when it states none. */
export function lineUnitCost(line: {
  quantity: number | null;
  amount?: number | null;
}): number | null {
  const amount = line.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return null;
  const quantity = line.quantity ?? 1;
  if (!Number.isFinite(quantity) || quantity <= 0) return null;
  const cents = Math.round((amount / quantity) * 100);
  return cents > 0 ? cents / 100 : null;
}

/** The first day (yyyy-mm-dd) an invoice may be dated to count on `today`. */
export function oldestInvoiceDay(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - COST_WINDOW_YEARS);
  return date.toISOString().slice(0, 10);
}

const ISO_CURRENCY = /^[A-Z]{3}$/;

function later(a: InvoiceCost['invoice'], b: InvoiceCost['invoice']): boolean {
  if (a.date !== b.date) return a.date > b.date;
  const ka = `${a.documentId}#${String(a.invoiceIndex).padStart(4, '0')}#${String(a.line).padStart(6, '0')}`;
  const kb = `${b.documentId}#${String(b.invoiceIndex).padStart(4, '0')}#${String(b.line).padStart(6, '0')}`;
  return ka > kb;
}

/** Per SKU, the unit cost of its latest invoice line within a year, by evidence only. */
export function invoiceCosts(
  invoices: readonly CostInvoice[],
  skus: readonly SkuToMatch[],
  verdicts: LineVerdicts,
  today: string,
): Map<string, InvoiceCost> {
  const oldest = oldestInvoiceDay(today);
  const costs = new Map<string, InvoiceCost>();
  if (skus.length === 0) return costs;
  for (const invoice of invoices) {
    const currency = invoice.currency?.trim().toUpperCase() ?? '';
    const date = invoice.date;
    if (!date || date < oldest || date > today || !ISO_CURRENCY.test(currency)) continue;
    if (invoice.creditNote) continue;
    invoice.lines.forEach((line, index) => {
      const amount = lineUnitCost(line);
      if (amount === null) return;
      const match = matchLine(line, skus, verdicts);
      if (match.kind !== 'evidence') return;
      const cost: InvoiceCost = {
        sku: match.sku,
        amount,
        currency,
        invoice: {
          documentId: invoice.documentId,
          invoiceIndex: invoice.invoiceIndex,
          number: invoice.number,
          date,
          line: index + 1,
          description: line.description,
        },
      };
      const held = costs.get(match.sku);
      if (!held || later(cost.invoice, held.invoice)) costs.set(match.sku, cost);
    });
  }
  return costs;
}

/** `proposed`: an invoice's cost the seller has not confirmed (counts for nothing yet). */
export type CostState = SkuValueState | 'proposed' | 'missing';

/** One SKU on the Costi screen. */
export interface CostRow {
  sku: string;
  title: string | null;
  /** The cost that counts (or the one proposed); null when the SKU has none. */
  amount: number | null;
  currency: string | null;
  state: CostState;
  /** The invoice line the cost comes from; null for a value the seller typed. */
  invoice: InvoiceSource | null;
  /** Whether the audit uses it: a value the seller holds, never a bare proposal. */
  counts: boolean;
  /** A later invoice's cost that differs from the one held, for the seller to accept. */
  proposal: InvoiceCost | null;
}

function sameLine(a: InvoiceSource | null | undefined, b: InvoiceSource): boolean {
  return (
    !!a && a.documentId === b.documentId && a.invoiceIndex === b.invoiceIndex && a.line === b.line
  );
}

/** What the Costi screen shows for a SKU, from what the seller holds and the invoices say. */
export function costRow(
  sku: string,
  title: string | null,
  held: SkuValue | undefined,
  derived: InvoiceCost | undefined,
): CostRow {
  if (!held) {
    return derived
      ? {
          sku,
          title,
          amount: derived.amount,
          currency: derived.currency,
          state: 'proposed',
          invoice: sourceOf(derived),
          counts: false,
          proposal: derived,
        }
      : {
          sku,
          title,
          amount: null,
          currency: null,
          state: 'missing',
          invoice: null,
          counts: false,
          proposal: null,
        };
  }
  const newer =
    derived &&
    !sameLine(held.invoice, derived.invoice) &&
    (derived.amount !== held.amount || derived.currency !== held.currency)
      ? derived
      : null;
  return {
    sku,
    title,
    amount: held.amount,
    currency: held.currency,
    state: held.state ?? 'entered',
    invoice: held.invoice ?? null,
    counts: true,
    proposal: newer,
  };
}

function sourceOf(cost: InvoiceCost): InvoiceSource {
  const { description: _description, ...source } = cost.invoice;
  return source;
}

/** The value to hold when the seller confirms an invoice's cost. */
export function confirmedValue(cost: InvoiceCost, now: string): SkuValue {
  return {
    sku: cost.sku,
    amount: cost.amount,
    currency: cost.currency,
    updatedAt: now,
    state: 'confirmed',
    invoice: sourceOf(cost),
  };
}

/**
 * The value to hold when the seller types their own cost: `corrected` when it replaces an
 * invoice's (the line it corrects is kept, so that line is not proposed again), else `entered`.
 */
export function correctedValue(
  sku: string,
  amount: number,
  currency: string,
  derived: InvoiceCost | undefined,
  now: string,
): SkuValue {
  return {
    sku,
    amount,
    currency,
    updatedAt: now,
    state: derived ? 'corrected' : 'entered',
    invoice: derived ? sourceOf(derived) : null,
  };
}
