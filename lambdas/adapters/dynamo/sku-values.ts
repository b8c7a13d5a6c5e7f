import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SkuValue } from '../../domain/sku-values';
import { documents, queryPages, TABLE_NAME } from './client';
import { marketplaceKeys } from './keys';

/** Remembers a seller's unit value for a SKU; a new value replaces the previous one. */
export async function putSkuValue(userId: string, value: SkuValue): Promise<void> {
  await documents.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...marketplaceKeys.skuValue(userId, value.sku),
        type: 'sku_value',
        user_id: userId,
        sku: value.sku,
        amount: value.amount,
        currency: value.currency,
        updated_at: value.updatedAt,
      },
    }),
  );
}

/** Every unit value the seller entered. */
export async function listSkuValues(userId: string): Promise<SkuValue[]> {
  const out: SkuValue[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': marketplaceKeys.skuValue(userId, '').PK,
      ':prefix': marketplaceKeys.skuValuePrefix,
    },
  });
  for await (const page of pages) {
    for (const row of page) {
      out.push({
        sku: row.sku as string,
        amount: row.amount as number,
        currency: 'EUR',
        updatedAt: row.updated_at as string,
      });
    }
  }
  return out;
}
