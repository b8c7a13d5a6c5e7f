/**
 * The unit value a seller enters per SKU, so the dashboard can estimate what the missing units
 * are worth. Shared by the server's validation and the web form, so both apply one rule.
 */

export const SKU_VALUE_CURRENCY = 'EUR';
/** Above any plausible unit value; stops a typo of a few extra digits. */
export const MAX_UNIT_VALUE = 100_000;
export const MAX_SKU_LENGTH = 200;

/**
 * Where a held unit value comes from: typed by the seller (`entered`, also every value stored
 * before unit costs), an invoice's cost the seller confirmed (`confirmed`), or the seller's own
 * figure in place of an invoice's (`corrected`).
 */
export type SkuValueState = 'entered' | 'confirmed' | 'corrected';

/** The invoice line a unit cost was read from (line: 1-based, as the seller counts). */
export interface InvoiceSource {
  documentId: string;
  invoiceIndex: number;
  number: string | null;
  /** yyyy-mm-dd */
  date: string;
  line: number;
}

export interface SkuValue {
  sku: string;
  amount: number;
  /** ISO 4217; EUR for every value typed on the shipments list, an invoice's own otherwise. */
  currency: string;
  updatedAt: string;
  /** Absent on values stored before unit costs: `entered`. */
  state?: SkuValueState;
  /** The invoice line the value was confirmed (or corrected) from. */
  invoice?: InvoiceSource | null;
}

/**
 * The unit values in euros, by SKU: what the dashboard and the shipments list multiply missing
 * units by. A cost in another currency is left out (no exchange rate is held), never converted.
 */
export function eurValues(values: readonly SkuValue[]): Map<string, number> {
  return new Map(
    values.filter((v) => v.currency === SKU_VALUE_CURRENCY).map((v) => [v.sku, v.amount]),
  );
}

/** Whether an amount is a positive price with at most two decimals (cents). */
export function isValidUnitAmount(amount: number): boolean {
  if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_UNIT_VALUE) return false;
  // Cents as an integer, tolerant of binary fractions (0.1 + 0.2 style).
  const cents = amount * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/**
 * Reads what a seller typed ("12,50", "12.5", "12") as an amount, or undefined when it is not
 * a positive value with at most two decimals. Thousands separators are not accepted: "1.250"
 * would be ambiguous between Italian and English.
 */
export function parseUnitAmount(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s*€$/, '');
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return undefined;
  const amount = Number(trimmed.replace(',', '.'));
  return isValidUnitAmount(amount) ? amount : undefined;
}

/** What one shipment's missing units are worth at the seller's unit values (EUR). */
export interface ShipmentEstimate {
  /** Missing units × unit value over the SKUs that have one; null when none has. */
  amount: number | null;
  /** Missing units whose SKU has a value, and those without one (their worth is unknown). */
  unitsValued: number;
  unitsUnvalued: number;
}

/**
 * The estimated value of one shipment's missing units (a shipment row, and each open shipment
 * of the dashboard's figure): only the seller's own unit values count, and units without one
 * are counted apart, never guessed.
 */
export function shipmentEstimate(
  items: readonly { discrepancy: number; unit_value: number | null }[],
): ShipmentEstimate {
  let cents = 0;
  let unitsValued = 0;
  let unitsUnvalued = 0;
  for (const item of items) {
    if (item.discrepancy <= 0) continue;
    if (item.unit_value === null) {
      unitsUnvalued += item.discrepancy;
      continue;
    }
    unitsValued += item.discrepancy;
    cents += Math.round(item.unit_value * 100) * item.discrepancy;
  }
  return { amount: unitsValued > 0 ? cents / 100 : null, unitsValued, unitsUnvalued };
}
