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

/** The checkout's `createOrder`: the plan's marketplace country (two letters). */
export const paymentOrderRequestSchema = z.object({ country: z.string().length(2) });
export type PaymentOrderRequest = z.infer<typeof paymentOrderRequestSchema>;

/** The order our server created for the caller. */
export const paymentOrderResponseSchema = z.object({ id: z.string() });
export type PaymentOrderResponse = z.infer<typeof paymentOrderResponseSchema>;

/** How many of the caller's orders were never turned into a plan (the wizard offers recovery). */
export const pendingOrdersResponseSchema = z.object({ unclaimed: z.number() });
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
