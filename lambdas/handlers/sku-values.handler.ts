import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import * as z from 'zod';
import { putSkuValue } from '../adapters/dynamo/sku-values';
import {
  isValidUnitAmount,
  MAX_SKU_LENGTH,
  SKU_VALUE_CURRENCY,
  type SkuValue,
} from '../domain/sync/sku-values';
import { httpHandler } from '../shared/http';

const body = z.object({
  sku: z.string().trim().min(1).max(MAX_SKU_LENGTH),
  amount: z.number().refine(isValidUnitAmount, {
    message: 'A positive amount with at most two decimals',
  }),
  currency: z.literal(SKU_VALUE_CURRENCY),
});

/**
 * `PUT /api/sku-values` `{ sku, amount, currency: 'EUR' }`: remembers the unit value the
 * seller enters for a SKU; the dashboard multiplies the SKU's missing units by it.
 * `{ sku_value: { sku, amount, currency, updated_at } }`.
 */
export const handler = httpHandler({ body }, async ({ userId, body: input }) => {
  const value: SkuValue = {
    sku: input.sku,
    amount: input.amount,
    currency: input.currency,
    updatedAt: new Date().toISOString(),
  };
  await putSkuValue(userId, value);
  await afterDashboardDataChanged(userId);
  return {
    sku_value: {
      sku: value.sku,
      amount: value.amount,
      currency: value.currency,
      updated_at: value.updatedAt,
    },
  };
});
