import { afterDashboardDataChanged } from '../adapters/dashboard-summary';
import { putSkuValue } from '../adapters/dynamo/sku-values';
import { skuValueRequestSchema, type SkuValueResponse } from '../domain/sync/contract';
import type { SkuValue } from '../domain/sync/sku-values';
import { httpHandler } from '../shared/http';

/**
 * `PUT /api/sku-values` `{ sku, amount, currency: 'EUR' }`: remembers the unit value the
 * seller enters for a SKU; the dashboard multiplies the SKU's missing units by it.
 * `{ sku_value: { sku, amount, currency, updated_at } }`.
 */
export const handler = httpHandler(
  { body: skuValueRequestSchema },
  async ({ userId, body: input }): Promise<SkuValueResponse> => {
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
        currency: input.currency,
        updated_at: value.updatedAt,
      },
    };
  },
);
