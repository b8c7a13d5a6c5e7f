import { apiRequest } from './api-client';
import { revalidate, useUserRead } from './swr';

import {
  type ActivateFreePlanRequest,
  paymentOrderResponseSchema,
  pendingOrdersResponseSchema,
  planActivatedResponseSchema,
  type PaymentOrderRequest,
  subscriptionResponseSchema,
  type SubscriptionResponse,
  type VerifyPaymentRequest,
} from '@domain/plan/contract';
import {
  connectionResponseSchema,
  disconnectResponseSchema,
  spapiAuthorizeResponseSchema,
  spapiCallbackResponseSchema,
  type ConnectionSummary,
  type SpapiAuthorizeRequest,
  type SpapiAuthorizeResponse,
  type SpapiCallbackRequest,
} from '@domain/connection/contract';

export type Connection = ConnectionSummary;
export type Plan = SubscriptionResponse;

/** `GET /api/connection`: the seller's Amazon connection, or null. */
export function useConnection() {
  const read = useUserRead('/connection', connectionResponseSchema);
  return { ...read, data: read.data?.connection };
}

/** `GET /api/subscription`: the seller's plan. */
export function usePlan() {
  return useUserRead('/subscription', subscriptionResponseSchema);
}

/**
 * The seller never held a plan (the server's free-scan rule): the plan has been read and names
 * no period at all, in force or ended. Unknown while it loads.
 */
export function neverHeldPlan(plan: Plan | undefined): boolean {
  return plan !== undefined && plan.expires_at === null;
}

/** How many of the seller's plan orders were never turned into a plan (recovery, issue 15). */
export function usePendingOrders() {
  return useUserRead('/payment-order', pendingOrdersResponseSchema);
}

/** After a connect, disconnect or payment every badge, banner and alert reads again. */
export function invalidateConnectionState(): Promise<unknown> {
  return revalidate('/connection', '/subscription', '/payment-order', '/profile');
}

/** Spec 4.6 badge: the status of the connection, or none. */
export type ConnectionBadgeState = 'connected' | 'error' | 'revoked' | 'disconnected' | 'none';

export function badgeState(connection: Connection | null | undefined): ConnectionBadgeState {
  if (!connection) return 'none';
  if (connection.status === 'connected') return 'connected';
  if (connection.status === 'error') return 'error';
  if (connection.status === 'revoked') return 'revoked';
  return 'disconnected';
}

export async function disconnectMarketplace(): Promise<void> {
  await apiRequest('/connection/disconnect', { method: 'POST', schema: disconnectResponseSchema });
  invalidateConnectionState();
}

export async function startAuthorization(marketplaceId: string): Promise<SpapiAuthorizeResponse> {
  const body: SpapiAuthorizeRequest = { marketplace_id: marketplaceId };
  return apiRequest('/spapi-authorize', {
    method: 'POST',
    body,
    schema: spapiAuthorizeResponseSchema,
  });
}

export async function completeAuthorization(input: SpapiCallbackRequest): Promise<Connection> {
  const body = await apiRequest('/spapi-callback', {
    method: 'POST',
    body: input,
    schema: spapiCallbackResponseSchema,
  });
  invalidateConnectionState();
  return body.connection;
}

/**
 * The checkout's `createOrder`: our server creates the plan's order for this seller (9.90 EUR,
 * our payee, the seller's id) and answers its id; the browser never makes an order itself. The
 * receipt's details go with it, when the seller gave any.
 */
export async function createPaymentOrder(
  country: string,
  billing?: PaymentOrderRequest['billing'],
): Promise<string> {
  const request: PaymentOrderRequest = { country, ...(billing ? { billing } : {}) };
  const body = await apiRequest('/payment-order', {
    method: 'POST',
    body: request,
    schema: paymentOrderResponseSchema,
  });
  return body.id;
}

/**
 * After the buyer's capture: the server checks the order and makes or renews the plan. Without
 * an order id it looks for a paid order of the seller's that never became a plan (recovery).
 * Either way every plan view reads again, also after a refusal (the retry offer may change).
 */
export async function verifyPayment(orderID?: string): Promise<void> {
  const request: VerifyPaymentRequest = orderID ? { orderID } : {};
  try {
    await apiRequest('/verify-payment', {
      method: 'POST',
      body: request,
      schema: planActivatedResponseSchema,
    });
  } finally {
    invalidateConnectionState();
  }
}

/** The launch offer (spec 4.7): a 30-day plan at 0 EUR, refused by the server when it is off. */
export async function activateFreePlan(country: string): Promise<void> {
  const request: ActivateFreePlanRequest = { country };
  await apiRequest('/activate-free-plan', {
    method: 'POST',
    body: request,
    schema: planActivatedResponseSchema,
  });
  invalidateConnectionState();
}
