/**
 * The HTTP contract of the Costi screen (issue 31): unit costs per SKU from the seller's
 * invoices, confirmed or corrected by the seller. Pure (zod only), shared with the web app.
 *
 *   GET /api/unit-costs?limit=&cursor=          UnitCostQuery → UnitCostPage
 *   PUT /api/unit-costs                 UnitCostDecision → UnitCostDecided
 *
 * Every read and write is the caller's own (the SKU's value under the caller's partition).
 */
import * as z from 'zod';
import { MAX_SKU_LENGTH } from '../sync/sku-values';

export const UNIT_COST_PAGE_SIZE = 50;
export const MAX_UNIT_COST_PAGE = 200;

export const unitCostQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_UNIT_COST_PAGE).optional(),
  cursor: z.string().max(600).optional(),
});
export type UnitCostQuery = z.infer<typeof unitCostQuerySchema>;

const invoiceSourceSchema = z.object({
  document_id: z.string(),
  invoice_index: z.number(),
  number: z.string().nullable(),
  date: z.string(),
  line: z.number(),
});
export type InvoiceSourceView = z.infer<typeof invoiceSourceSchema>;

export const UNIT_COST_STATES = [
  'proposed',
  'confirmed',
  'corrected',
  'entered',
  'missing',
] as const;

export const unitCostViewSchema = z.object({
  sku: z.string(),
  title: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  state: z.enum(UNIT_COST_STATES),
  invoice: invoiceSourceSchema.nullable(),
  /** Whether the audit uses the cost (a value the seller holds). */
  counts: z.boolean(),
  /** A later invoice's cost, different from the one held, for the seller to accept. */
  proposal: z
    .object({
      amount: z.number(),
      currency: z.string(),
      invoice: invoiceSourceSchema.extend({ description: z.string() }),
    })
    .nullable(),
  /**
   * Amazon reimbursed the SKU for a loss before an order and the last audit could not check what
   * it paid, for lack of a cost ("rimborsato da Amazon, costo mancante"); null otherwise.
   */
  reimbursed: z
    .object({ reimbursements: z.number(), units: z.number(), latest_approval: z.string() })
    .nullable()
    .default(null),
});
export type UnitCostView = z.infer<typeof unitCostViewSchema>;

export const unitCostPageSchema = z.object({
  costs: z.array(unitCostViewSchema),
  next_cursor: z.string().nullable(),
  total: z.number(),
});
export type UnitCostPage = z.infer<typeof unitCostPageSchema>;

const sku = z.string().trim().min(1).max(MAX_SKU_LENGTH);

/**
 * `confirm`: the seller accepts the invoice cost shown (named by its line, so a cost that changed
 * meanwhile is not confirmed blind); `correct`: the seller's own amount and currency. The amount
 * and currency are checked by the domain, which words the refusal in the caller's language.
 */
export const unitCostDecisionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('confirm'),
    sku,
    document_id: z.string().min(1).max(100),
    invoice_index: z.number().int().min(0).max(1000),
    line: z.number().int().min(1).max(100_000),
  }),
  z.object({
    action: z.literal('correct'),
    sku,
    amount: z.number(),
    currency: z.string().max(10),
  }),
]);
export type UnitCostDecision = z.infer<typeof unitCostDecisionSchema>;

export const unitCostDecidedSchema = z.object({ cost: unitCostViewSchema });
export type UnitCostDecided = z.infer<typeof unitCostDecidedSchema>;
