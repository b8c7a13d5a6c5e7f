import { BatchGetCommand, PutCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { chunk } from '../../domain/concurrency';
import {
  SKU_VALUE_CURRENCY,
  type InvoiceSource,
  type SkuValue,
  type SkuValueState,
} from '../../domain/sync/sku-values';
import { table, queryPages, TABLE_NAME } from './client';
import { marketplaceKeys } from './keys';

/**
 * Remembers a seller's unit value for a SKU (typed, or an invoice's cost confirmed or
 * corrected, with that invoice line); a new value replaces the previous one.
 */
export async function putSkuValue(userId: string, value: SkuValue): Promise<void> {
  await table.send(
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
        state: value.state ?? 'entered',
        ...(value.invoice ? { invoice: value.invoice } : {}),
      },
    }),
  );
}

const STATES: readonly SkuValueState[] = ['entered', 'confirmed', 'corrected'];

function toSkuValue(row: Record<string, unknown>): SkuValue {
  const state = STATES.find((s) => s === row.state) ?? 'entered';
  const invoice = row.invoice as InvoiceSource | undefined;
  return {
    sku: row.sku as string,
    amount: row.amount as number,
    // Rows stored before unit costs have no currency: they were typed in euros.
    currency: typeof row.currency === 'string' ? row.currency : SKU_VALUE_CURRENCY,
    updatedAt: row.updated_at as string,
    state,
    invoice: invoice ?? null,
  };
}

/** Every unit value the seller holds: entered, or confirmed or corrected from an invoice. */
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
      out.push(toSkuValue(row));
    }
  }
  return out;
}

/** BatchGetItem's limit. */
const MAX_BATCH_KEYS = 100;

/** The unit values of the given SKUs only (a page of the shipments list). */
export async function getSkuValues(userId: string, skus: readonly string[]): Promise<SkuValue[]> {
  const out: SkuValue[] = [];
  for (const part of chunk([...new Set(skus)], MAX_BATCH_KEYS)) {
    let keys: Record<string, unknown>[] | undefined = part.map((sku) => ({
      ...marketplaceKeys.skuValue(userId, sku),
    }));
    for (let attempt = 0; keys && keys.length > 0 && attempt < 5; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
      const answer: BatchGetCommandOutput = await table.send(
        new BatchGetCommand({ RequestItems: { [TABLE_NAME]: { Keys: keys } } }),
      );
      for (const row of answer.Responses?.[TABLE_NAME] ?? []) {
        out.push(toSkuValue(row));
      }
      // Keys DynamoDB did not get to (throughput) are asked again.
      keys = answer.UnprocessedKeys?.[TABLE_NAME]?.Keys;
    }
  }
  return out;
}
