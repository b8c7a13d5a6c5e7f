import { apiRequest } from '../../../lib/api-client';
import { revalidate, useUserPages } from '../../../lib/swr';
import { shipmentsResponseSchema, type SkuValueRequest } from '@domain/sync/contract';
import { SKU_VALUE_CURRENCY } from '@domain/sync/sku-values';

export type { ShipmentEntry, ShipmentItem, ShipmentsResponse } from '@domain/sync/contract';

export type WindowFilter = 'open' | 'closing' | 'last_chance' | 'expired' | 'claimable';

export type ShipmentFilters = {
  deadlineSoon: boolean;
  /** One state of the claim window, server-side. */
  window?: WindowFilter | undefined;
  /** The nearest deadline first (claimable shipments unless a window is chosen). */
  sort?: 'newest' | 'deadline' | undefined;
};

/**
 * `GET /api/shipments` page after page (issue 18): the list grows as the seller scrolls or
 * asks for more; a change of filters starts again from the first page.
 */
export function useShipmentPages(filters: ShipmentFilters) {
  return useUserPages(
    '/shipments',
    {
      limit: '20',
      ...(filters.deadlineSoon ? { deadline: 'soon' } : {}),
      ...(filters.window ? { window: filters.window } : {}),
      ...(filters.sort === 'deadline' ? { sort: 'deadline' } : {}),
    },
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
