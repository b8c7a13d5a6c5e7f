/**
 * The HTTP contract of the plan and its payment (spec 4.7, 7.5; issue 15): request and response
 * bodies as zod schemas and TypeScript types. Pure (zod only), so the web app sends and reads
 * with the same schemas the functions check and answer with.
 *
 * Routes (all need the Cognito bearer token; every read and write is the caller's own):
 *
 *   GET  /api/subscription         —                         → SubscriptionResponse
 *   POST /api/payment-order        PaymentOrderRequest       → PaymentOrderResponse (201)
 *   GET  /api/payment-order        —                         → PendingOrdersResponse
 *   GET  /api/receipts             ?before&limit             → ReceiptsResponse
 *   GET  /api/receipts/{number}/pdf —                        → ReceiptPdfResponse
 *   POST /api/verify-payment       VerifyPaymentRequest      → PlanActivatedResponse
 *   POST /api/activate-free-plan   ActivateFreePlanRequest   → PlanActivatedResponse
 */
import * as z from 'zod';

/** The seller's plan: whether it is active, until when, and for which marketplace country. */
export const subscriptionResponseSchema = z.object({
  active: z.boolean(),
  expires_at: z.string().nullable(),
  days_left: z.number(),
  country: z.string().nullable(),
  /** Why a paid plan ended early (`refunded`, `reversed`, `disputed`); null otherwise. */
  ended_reason: z.string().nullish(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/**
 * Who the payment's receipt is made out to (issue 29): company name (or the private person's
 * name), address, VAT id (optional for a private person). The shape is checked here; the
 * content (required fields, VAT id form) by `normalizeBilling`, with messages in the caller's
 * language.
 */
export const billingSchema = z.object({
  name: z.string().max(500),
  address: z.string().max(1000),
  vatId: z.string().max(40).nullish(),
});
export type BillingInput = z.infer<typeof billingSchema>;

/**
 * The checkout's `createOrder`: the plan's marketplace country (two letters) and the billing
 * details for the receipt, remembered for the next purchase.
 */
export const paymentOrderRequestSchema = z.object({
  country: z.string().length(2),
  billing: billingSchema.optional(),
});
export type PaymentOrderRequest = z.infer<typeof paymentOrderRequestSchema>;

/** The order our server created for the caller. */
export const paymentOrderResponseSchema = z.object({ id: z.string() });
export type PaymentOrderResponse = z.infer<typeof paymentOrderResponseSchema>;

/** How many of the caller's orders were never turned into a plan (the wizard offers recovery). */
export const pendingOrdersResponseSchema = z.object({
  unclaimed: z.number(),
  /** The billing details of the caller's last purchase, to prefill the next; null before. */
  billing: billingSchema.nullish(),
});
export type PendingOrdersResponse = z.infer<typeof pendingOrdersResponseSchema>;

/**
 * The country is the one recorded when the server created the order; a `country` the browser
 * still sends is ignored. Without `orderID` the server looks for a paid order of the caller's
 * that never became a plan (recovery).
 */
export const verifyPaymentRequestSchema = z.object({
  orderID: z.string().min(1).max(64).optional(),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>;

/** The launch offer's plan: the marketplace country (two letters). */
export const activateFreePlanRequestSchema = z.object({ country: z.string().min(2).max(2) });
export type ActivateFreePlanRequest = z.infer<typeof activateFreePlanRequestSchema>;

/** A plan made or renewed, with its message in the caller's language. */
export const planActivatedResponseSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  subscription: subscriptionResponseSchema,
});
export type PlanActivatedResponse = z.infer<typeof planActivatedResponseSchema>;

/**
 * The plan's receipts (issue 29): `GET /api/receipts?before=&limit=` lists the caller's,
 * newest first; `GET /api/receipts/{number}/pdf` answers one as a PDF, base64 in JSON, for the
 * browser to save.
 */
export const receiptsQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{4}-\d{6,}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const receiptPathSchema = z.object({ number: z.string().regex(/^\d{4}-\d{6,}$/) });

export const receiptViewSchema = z.object({
  number: z.string(),
  issued_at: z.string(),
  country: z.string(),
  amount: z.string(),
  currency: z.string(),
  days: z.number(),
  payment_id: z.string(),
  billing: billingSchema.nullable(),
  /** `refunded`: the payment was given back; the receipt stays, numbered as it was. */
  status: z.enum(['paid', 'refunded']),
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;

export const receiptsResponseSchema = z.object({
  receipts: z.array(receiptViewSchema),
  /** Pass as `before` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type ReceiptsResponse = z.infer<typeof receiptsResponseSchema>;

export const receiptPdfResponseSchema = z.object({
  filename: z.string(),
  content_type: z.literal('application/pdf'),
  pdf_base64: z.string(),
});
export type ReceiptPdfResponse = z.infer<typeof receiptPdfResponseSchema>;
