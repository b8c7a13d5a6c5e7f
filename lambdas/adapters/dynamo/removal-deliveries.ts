import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RemovalDeliveries } from '../../domain/claims/removals';
import { queryPages, table, TABLE_NAME } from './client';
import { claimKeys } from './keys';

/**
 * What the seller counted on arrival of each removal order (domain/claims/removals.ts): one item
 * per removal order, units received per SKU. Only the seller says what arrived; without a count
 * no removal claim is proposed.
 */

/** Records (or replaces) the seller's count for a removal order. */
export async function putRemovalDelivery(
  userId: string,
  removalOrderId: string,
  received: Readonly<Record<string, number>>,
  at: string,
): Promise<void> {
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...claimKeys.removalDelivery(userId, removalOrderId),
        type: 'removal_delivery',
        user_id: userId,
        removal_order_id: removalOrderId,
        received,
        updated_at: at,
      },
    }),
  );
}

/** Every count the seller recorded; undefined when none. */
export async function listRemovalDeliveries(
  userId: string,
): Promise<RemovalDeliveries | undefined> {
  const out: Record<string, Record<string, number>> = {};
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': claimKeys.removalDelivery(userId, '').PK,
      ':prefix': claimKeys.removalDeliveryPrefix,
    },
  });
  for await (const page of pages) {
    for (const item of page) {
      out[item.removal_order_id as string] = item.received as Record<string, number>;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
