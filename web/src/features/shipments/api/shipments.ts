import { apiRequest } from '../../../lib/api-client';
import { revalidate, useUserPages } from '../../../lib/swr';
import { shipmentsResponseSchema, type SkuValueRequest } from '@domain/sync/contract';
import { SKU_VALUE_CURRENCY } from '@domain/sync/sku-values';

export type { ShipmentEntry, ShipmentItem, ShipmentsResponse } from '@domain/sync/contract';

export type ShipmentFilters = { deadlineSoon: boolean };

/**
 * `GET /api/shipments` page after page (issue 18): the list grows as the seller scrolls or
 * asks for more; a change of filters starts again from the first page.
 */
export function useShipmentPages(filters: ShipmentFilters) {
  return useUserPages(
    '/shipments',
    filters.deadlineSoon ? { limit: '20', deadline: 'soon' } : { limit: '20' },
    shipmentsResponseSchema,
    (page) => page.cursor,
  );
}

/** Reads the list again (after a unit value is saved). */
export function refreshShipments(): Promise<unknown> {
  return revalidate('/shipments');
}

/** `PUT /api/sku-values`: remembers the unit value of a SKU (EUR). */
export async function saveSkuValue(sku: string, amount: number): Promise<void> {
  const body: SkuValueRequest = { sku, amount, currency: SKU_VALUE_CURRENCY };
  await apiRequest('/sku-values', { method: 'PUT', body });
}
