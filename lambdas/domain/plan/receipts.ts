import { ReasonedRefusal, type Refusal } from '../errors';

/**
 * Receipts of plan payments (issue 29): one per verified payment, numbered per calendar year
 * without gaps (`2026-000001`, `2026-000002`...). The number is taken from the year's counter in
 * the same transaction that turns the payment into a plan, so a number is never skipped, never
 * given twice, and a payment never gets two receipts. Receipts are never deleted or renumbered:
 * a refunded payment keeps its receipt, shown as refunded.
 */

/** Who the receipt is made out to, as the seller gave it at checkout. */
export interface BillingDetails {
  /** Company name, or the seller's own name for a private person. */
  name: string;
  address: string;
  /** VAT id (e.g. IT01234567890); absent for a private person. */
  vatId?: string;
}

export type BillingRefusal = 'billing_name' | 'billing_address' | 'billing_vat_id';

const BILLING_REFUSALS: Record<BillingRefusal, Refusal> = {
  billing_name: { kind: 'invalid_input', messageKey: 'billingNameRequired' },
  billing_address: { kind: 'invalid_input', messageKey: 'billingAddressRequired' },
  billing_vat_id: { kind: 'invalid_input', messageKey: 'billingVatIdInvalid' },
};

export class BillingRefused extends ReasonedRefusal<BillingRefusal> {
  constructor(reason: BillingRefusal) {
    const field = { billing_name: 'name', billing_address: 'address', billing_vat_id: 'vatId' }[
      reason
    ];
    super(reason, BILLING_REFUSALS, { details: { field: `billing.${field}` } });
  }
}

export const BILLING_LIMITS = { name: 120, address: 300 } as const;

/** An EU VAT id: two-letter country prefix, then 2 to 13 letters or digits. */
const VAT_ID = /^[A-Z]{2}[A-Z0-9]{2,13}$/;

/**
 * The billing details as they go on a receipt: spaces tidied, the VAT id upper-case without
 * spaces or dots, an empty VAT id left out (a private person).
 *
 * @throws BillingRefused naming the first field that is missing or malformed.
 */
export function normalizeBilling(input: {
  name?: string;
  address?: string;
  vatId?: string | null;
}): BillingDetails {
  const name = (input.name ?? '').replace(/\s+/g, ' ').trim();
  const address = (input.address ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  const vatId = (input.vatId ?? '').replace(/[\s.-]/g, '').toUpperCase();
  if (!name || name.length > BILLING_LIMITS.name) throw new BillingRefused('billing_name');
  if (!address || address.length > BILLING_LIMITS.address) {
    throw new BillingRefused('billing_address');
  }
  if (vatId && !VAT_ID.test(vatId)) throw new BillingRefused('billing_vat_id');
  return { name, address, ...(vatId ? { vatId } : {}) };
}

/** `2026-000001`: the year, then the sequence within it on six digits. */
export function receiptNumber(year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new Error('A sequence starts at 1');
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

export const RECEIPT_NUMBER = /^(\d{4})-(\d{6,})$/;

/** The calendar year a receipt issued at `now` belongs to, as the seller's invoices count it (Italy). */
export function receiptYear(now: number): number {
  return Number(
    new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Rome' }).format(now),
  );
}

/**
 * The next number of the year: one after the last one issued (`last`, 0 before the first).
 * The write that issues it must still find `last` in the counter, or start again.
 */
export function nextReceipt(
  now: number,
  last: number,
): { year: number; sequence: number; number: string } {
  const year = receiptYear(now);
  const sequence = last + 1;
  return { year, sequence, number: receiptNumber(year, sequence) };
}

/** A receipt as the seller's plan page lists it. */
export interface Receipt {
  number: string;
  /** ISO date-time the payment was verified and the receipt issued. */
  issuedAt: string;
  orderId: string;
  captureId: string;
  countryCode: string;
  amount: string;
  currency: string;
  days: number;
  billing: BillingDetails | null;
  /** The subscription the payment bought (its end tells a refund). */
  subscriptionId: string;
}

/** A receipt stays; its payment is shown as refunded when the plan it bought was refunded. */
export type ReceiptStatus = 'paid' | 'refunded';

/** From the status of the plan the payment bought (`refunded`, `reversed`, `active`...). */
export function receiptStatus(planStatus: string | undefined): ReceiptStatus {
  return planStatus === 'refunded' || planStatus === 'reversed' ? 'refunded' : 'paid';
}
