import { useEffect, useState } from 'react';
import { z } from 'zod';
import { NORMALIZED_STATUSES } from '../../../../../lambdas/domain/cases/contract';
import { SKU_VALUE_CURRENCY } from '../../../../../lambdas/domain/sku-values';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/use-session';

const itemSchema = z.object({
  sku: z.string(),
  asin: z.string().nullable(),
  title: z.string().nullable(),
  units_expected: z.number(),
  units_found: z.number(),
  discrepancy: z.number(),
  unit_value: z.number().nullable(),
});

const shipmentSchema = z.object({
  shipment_id: z.string(),
  shipment_name: z.string(),
  reference_id: z.string().nullable(),
  fc_code: z.string().nullable(),
  status: z.string(),
  closed_at: z.string().nullable(),
  marketplace_id: z.string(),
  units_expected: z.number(),
  units_found: z.number(),
  discrepancy: z.number(),
  demo: z.boolean(),
  case: z.object({ status: z.enum(NORMALIZED_STATUSES), created_at: z.string() }).nullable(),
  claim: z.object({
    deadline: z.string().nullable(),
    days_left: z.number().nullable(),
    expired: z.boolean(),
    estimated: z.boolean(),
  }),
  items: z.array(itemSchema),
});

const listSchema = z.object({
  mode: z.enum(['real', 'demo']),
  shipments: z.array(shipmentSchema),
});

export type ShipmentEntry = z.infer<typeof shipmentSchema>;
export type ShipmentItem = z.infer<typeof itemSchema>;
export type ShipmentsResponse = z.infer<typeof listSchema>;

/** `GET /api/shipments`: every shipment with a discrepancy, newest closing first. */
export function fetchShipments(signal?: AbortSignal): Promise<ShipmentsResponse> {
  return apiRequest('/shipments', { schema: listSchema, signal });
}

/** `PUT /api/sku-values`: remembers the unit value of a SKU (EUR). */
export async function saveSkuValue(sku: string, amount: number): Promise<void> {
  await apiRequest('/sku-values', {
    method: 'PUT',
    body: { sku, amount, currency: SKU_VALUE_CURRENCY },
  });
}

export type ShipmentsState = {
  data: ShipmentsResponse | undefined;
  error: unknown;
  loading: boolean;
};

/** The signed-in user's shipments; a new `refreshKey` reads them again. */
export function useShipments(refreshKey: number): ShipmentsState {
  const { session } = useSession();
  const userId = session?.userId;
  const [state, setState] = useState<ShipmentsState & { key?: string }>({
    data: undefined,
    error: undefined,
    loading: true,
  });
  const key = `${userId ?? ''}|${refreshKey}`;

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    fetchShipments(controller.signal).then(
      (data) => setState({ data, error: undefined, loading: false, key }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ data: undefined, error, loading: false, key });
      },
    );
    return () => controller.abort();
  }, [userId, key]);

  // Keep the previous list on screen while a refresh loads, so the page does not jump.
  if (state.key?.split('|')[0] !== (userId ?? '')) {
    return { data: undefined, error: undefined, loading: true };
  }
  return { data: state.data, error: state.error, loading: state.key !== key };
}
