import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { deleteKeys, deletePartition, markAccountDeleted } from './account-guard';
import { table, queryPages, TABLE_NAME } from './client';
import { ITEMS_OUTSIDE_USER_PARTITION, type Key, keys, marketplaceKeys } from './keys';
import { deleteProfileCounted } from './profiles';

/**
 * Deletes every item of a user: the whole user partition (profile, connection, cases,
 * documents, feedback, magic link...), page by page, and the items kept elsewhere that can be
 * found from the user's email. A tombstone goes first, so writers still running for the user
 * stop (see account-guard.ts) instead of putting items back. Safe to run again after a partial
 * failure.
 */
export async function deleteUserItems(userId: string, normalizedEmail: string): Promise<void> {
  await markAccountDeleted(userId);
  await detachPaymentRecords(userId);
  await deleteKeys(ITEMS_OUTSIDE_USER_PARTITION.authorizationStates(await pendingStates(userId)));
  // The profile first, with the admin's user count, so the count never includes a half-deleted user.
  await deleteProfileCounted(userId);
  await deletePartition(userId);
  await deleteKeys([
    ...ITEMS_OUTSIDE_USER_PARTITION.lastSends(normalizedEmail),
    ...ITEMS_OUTSIDE_USER_PARTITION.emailOptOut(normalizedEmail),
  ]);
}

/** The user's items whose sort key starts with `prefix`, with the attributes named. */
async function* partitionItems(userId: string, prefix: string, projection: string) {
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId), ':prefix': prefix },
    ProjectionExpression: projection,
    ConsistentRead: true,
  });
  for await (const page of pages) yield* page;
}

/** The consent states the user started, from their references in the partition. */
async function pendingStates(userId: string): Promise<string[]> {
  const prefix = marketplaceKeys.authorizationStateRefPrefix;
  const states: string[] = [];
  for await (const ref of partitionItems(userId, prefix, 'SK')) {
    states.push(String(ref.SK).slice(prefix.length));
  }
  return states;
}

/**
 * The records that an order bought a plan (kept for the accounts, and so one order never buys
 * two plans) lose the user id and the plan they point at: what stays is order, capture and date.
 */
async function detachPaymentRecords(userId: string): Promise<void> {
  const paidPlans = partitionItems(
    userId,
    marketplaceKeys.subscriptionPrefix,
    'order_id, capture_id',
  );
  for await (const paid of paidPlans) {
    if (typeof paid.order_id === 'string') {
      await detach(marketplaceKeys.paymentOrder(paid.order_id));
    }
    if (typeof paid.capture_id === 'string') {
      await detach(marketplaceKeys.paymentCapture(paid.capture_id));
    }
  }
}

async function detach(key: Key): Promise<void> {
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: key,
        UpdateExpression: 'REMOVE user_id, subscription_sk',
        ConditionExpression: 'attribute_exists(PK)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
