import { z } from 'zod';
import { NORMALIZED_STATUSES } from '../../../../../lambdas/domain/cases/contract';
import { SKU_VALUE_CURRENCY } from '../../../../../lambdas/domain/sku-values';
import { apiRequest } from '../../../lib/api-client';
import { revalidate, useUserPages } from '../../../lib/swr';

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
  cursor: z.string().nullable(),
});

export type ShipmentEntry = z.infer<typeof shipmentSchema>;
export type ShipmentItem = z.infer<typeof itemSchema>;
export type ShipmentsResponse = z.infer<typeof listSchema>;

export type ShipmentFilters = { deadlineSoon: boolean };

/**
 * `GET /api/shipments` page after page (issue 18): the list grows as the seller scrolls or
 * asks for more; a change of filters starts again from the first page.
 */
export function useShipmentPages(filters: ShipmentFilters) {
  return useUserPages(
    '/shipments',
    filters.deadlineSoon ? { limit: '20', deadline: 'soon' } : { limit: '20' },
    listSchema,
    (page) => page.cursor,
  );
}

/** Reads the list again (after a unit value is saved). */
export function refreshShipments(): Promise<unknown> {
  return revalidate('/shipments');
}

/** `PUT /api/sku-values`: remembers the unit value of a SKU (EUR). */
export async function saveSkuValue(sku: string, amount: number): Promise<void> {
  await apiRequest('/sku-values', {
    method: 'PUT',
    body: { sku, amount, currency: SKU_VALUE_CURRENCY },
  });
}
