/**
 * `GET /api/claims`: the seller's claims by deadline, paged, filtered by kind and state; units
 * missing from inbound shipments among them, linked to their case sheet.
 */
import * as z from 'zod';
import {
  CLAIM_KINDS,
  CLAIM_STATES,
  EVIDENCE,
  INBOUND_KIND,
  WINDOW_SOURCES,
  claimDifference,
  isDemoClaim,
  type StoredClaim,
} from './model';
import { caseSheetPath } from './inbound';
import { claimText } from './texts';

export const CLAIM_PAGE_MAX = 100;

/** The deadline filter: claims whose window closes within this many days from today. */
export const CLAIM_DUE_WITHIN = ['7', '30'] as const;

export const claimListQuery = z.object({
  kind: z.enum(CLAIM_KINDS).optional(),
  state: z.enum(CLAIM_STATES).optional(),
  due_within: z.enum(CLAIM_DUE_WITHIN).optional(),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(CLAIM_PAGE_MAX).default(50),
});
export type ClaimListQuery = z.infer<typeof claimListQuery>;

const money = z.number();

export const claimView = z.object({
  id: z.string(),
  kind: z.enum(CLAIM_KINDS),
  state: z.enum(CLAIM_STATES),
  /** The reimbursement id, ledger reference, order ids (comma-separated) or removal order id. */
  reference: z.string(),
  /** The customer order ids, or the removal order id ([] for the other kinds). */
  orders: z.array(z.string()),
  /** The marketplace id of an order claim; null when we hold none (and for the other kinds). */
  marketplace: z.string().nullable(),
  sku: z.string().nullable(),
  fnsku: z.string().nullable(),
  units: z.number(),
  /** What Amazon paid when the claim was found. */
  amount_paid: money,
  /** What the seller's unit cost (or, after an order, Amazon's refund) proves; null without. */
  amount_expected: money.nullable(),
  /** expected − paid; null without a cost. */
  difference: money.nullable(),
  currency: z.string().nullable(),
  cost_source: z.enum(['sku_value', 'invoice', 'refund']).nullable(),
  /** The supplier invoice that proves the cost, downloadable through its document id. */
  cost_invoice: z
    .object({
      document_id: z.string(),
      name: z.string(),
      number: z.string().nullable(),
      date: z.string().nullable(),
    })
    .nullable(),
  /** When the seller marked the claim as opened with Amazon; null when not filed. */
  filed_at: z.string().nullable(),
  window_opens: z.string(),
  window_closes: z.string(),
  window_source: z.enum(WINDOW_SOURCES),
  /** Inbound: the later deadline of the EU help page; null for the other kinds. */
  window_last_chance: z.string().nullable(),
  /** Inbound: counted from the latest possible closing (da confermare). */
  window_estimated: z.boolean(),
  /** Inbound: the case's own status as stored (spec 4.1); null without a case or another kind. */
  case_status: z.string().nullable(),
  /** Inbound: the case sheet that sends and follows the claim; null for the other kinds. */
  case_path: z.string().nullable(),
  /** One of the demo's samples (its case's sending is simulated). */
  demo: z.boolean(),
  /** A grouped order claim: the orders Amazon already paid, and what (still open for the rest). */
  paid_orders: z.array(z.string()),
  paid_so_far: z.object({ amount: money, currency: z.string() }).nullable(),
  evidence: z.array(z.enum(EVIDENCE)),
  note: z.string().nullable(),
  outcome: z
    .object({
      amount: money,
      currency: z.string(),
      reimbursement_ids: z.array(z.string()),
      at: z.string(),
    })
    .nullable(),
  /** The request to Amazon, in both languages; null when we hold nothing to state. */
  text: z.object({ it: z.string(), en: z.string() }).nullable(),
  found_at: z.string(),
});
export type ClaimView = z.infer<typeof claimView>;

export const claimListResponse = z.object({
  claims: z.array(claimView),
  cursor: z.string().nullable(),
  /** Claims open with Amazon (filed, not settled): on the first page; null on later pages. */
  open_with_amazon: z.number().nullable(),
  /**
   * Pre-order-loss reimbursements the last audit could not check for lack of a unit cost (their
   * SKUs still without one): on the first page; null on later pages.
   */
  unchecked_for_cost: z.number().nullable().default(null),
});

/**
 * From this many claims open with Amazon at once the list warns before another is opened: Amazon
 * forbids high volumes of claims and has deactivated sellers after a few premature ones
 * (claim-types.md), so a seller is better served by waiting for some outcomes first. No Amazon
 * page gives a number; 5 is a cautious figure of ours.
 */
export const OPEN_CLAIMS_CAUTION = 5;

/** `POST` / `DELETE /api/claims/{id}/filed`: the claim's id, as the list gives it. */
/**
 * A claim id as the path gives it: at most 600 bytes of UTF-8 (a stored claim's is far shorter:
 * kind, at most five order ids, a SKU), so its key stays within DynamoDB's 1 KB sort-key limit.
 */
export const claimIdPath = z.object({
  id: z
    .string()
    .min(1)
    .refine((id) => new TextEncoder().encode(id).length <= 600),
});

export const claimFiledResponse = z.object({ claim: claimView });
export type ClaimFiledResponse = z.infer<typeof claimFiledResponse>;
export type ClaimListResponse = z.infer<typeof claimListResponse>;

export function toClaimView(claim: StoredClaim): ClaimView {
  return {
    id: claim.id,
    kind: claim.kind,
    state: claim.state,
    reference: claim.subject.reference,
    orders: claim.subject.orders ?? [],
    marketplace: claim.subject.marketplace ?? null,
    sku: claim.subject.sku,
    fnsku: claim.subject.fnsku,
    units: claim.units,
    amount_paid: claim.amountPaid,
    amount_expected: claim.amountExpected,
    difference: claimDifference(claim),
    currency: claim.currency,
    cost_source: claim.costSource,
    cost_invoice:
      claim.costSource === 'invoice' && claim.costInvoice
        ? {
            document_id: claim.costInvoice.documentId,
            name: claim.costInvoice.name,
            number: claim.costInvoice.number,
            date: claim.costInvoice.date,
          }
        : null,
    filed_at: claim.state === 'filed' ? (claim.filedAt ?? null) : null,
    window_opens: claim.window.opens,
    window_closes: claim.window.closes,
    window_source: claim.window.source,
    window_last_chance: claim.window.lastChance ?? null,
    window_estimated: claim.window.estimated ?? false,
    case_status: claim.caseStatus ?? null,
    case_path: claim.kind === INBOUND_KIND ? caseSheetPath(claim.subject.reference) : null,
    demo: isDemoClaim(claim),
    paid_orders: claim.partial?.orders ?? [],
    paid_so_far: claim.partial
      ? { amount: claim.partial.amount, currency: claim.partial.currency }
      : null,
    evidence: claim.evidence,
    note: claim.note,
    outcome: claim.outcome
      ? {
          amount: claim.outcome.amount,
          currency: claim.outcome.currency,
          reimbursement_ids: claim.outcome.reimbursementIds,
          at: claim.outcome.at,
        }
      : null,
    text: claimText(claim),
    found_at: claim.foundAt,
  };
}

/** `GET /api/removals`: the removals the seller has not counted yet, oldest shipment first. */
export const REMOVAL_PAGE_MAX = 100;
export const removalListQuery = z.object({
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(REMOVAL_PAGE_MAX).default(20),
});
export type RemovalListQuery = z.infer<typeof removalListQuery>;

/** More units than this of one SKU in one removal is no count anyone made. */
export const REMOVAL_UNITS_MAX = 100_000;

/** `PUT /api/removals/{id}/received`: the units that arrived, per SKU of the removal. */
export const removalCountBody = z.strictObject({
  received: z
    .array(
      z.strictObject({
        sku: z.string().min(1).max(200),
        units: z.number().int().min(0).max(REMOVAL_UNITS_MAX),
      }),
    )
    .min(1)
    .max(100)
    .refine((rows) => new Set(rows.map((r) => r.sku)).size === rows.length, {
      message: 'each SKU once',
    }),
});
export type RemovalCountBody = z.infer<typeof removalCountBody>;

/** A removal order id as the path gives it (Amazon's are short; 200 bytes keeps the key small). */
export const removalIdPath = z.object({
  id: z
    .string()
    .min(1)
    .refine((id) => new TextEncoder().encode(id).length <= 200),
});

export const removalView = z.object({
  removal_order_id: z.string(),
  /** The day the removal was requested. */
  request_date: z.string(),
  /** Its last shipment day (Amazon's reports give no delivery day). */
  shipped_on: z.string(),
  parcels: z.array(
    z.object({
      shipped_on: z.string(),
      carrier: z.string().nullable(),
      tracking: z.string().nullable(),
    }),
  ),
  skus: z.array(z.object({ sku: z.string(), fnsku: z.string().nullable(), shipped: z.number() })),
  /** Units received per SKU as the seller counted them; null until then. */
  received: z.record(z.string(), z.number()).nullable(),
  counted_at: z.string().nullable(),
});
export type RemovalView = z.infer<typeof removalView>;

export const removalListResponse = z.object({
  removals: z.array(removalView),
  cursor: z.string().nullable(),
});
export type RemovalListResponse = z.infer<typeof removalListResponse>;
export const removalCountResponse = z.object({ removal: removalView });
