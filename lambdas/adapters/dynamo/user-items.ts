import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { AccountDeleted } from '../../domain/account-deletion';
import { isAccountDeleted, markAccountDeleted } from './account-guard';
import { documents, queryPages, TABLE_NAME } from './client';
import { ITEMS_OUTSIDE_USER_PARTITION, type Key, keys, marketplaceKeys } from './keys';
import { deleteProfileCounted } from './profiles';

/** BatchWriteItem's limit per request. */
const BATCH = 25;
const MAX_ATTEMPTS = 6;

async function deleteKeys(all: Key[]): Promise<void> {
  for (let start = 0; start < all.length; start += BATCH) {
    let pending = all.slice(start, start + BATCH).map((Key) => ({ DeleteRequest: { Key } }));
    // DynamoDB may hand back part of a batch under load; those are retried with backoff.
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      if (attempt > MAX_ATTEMPTS) throw new Error('Some items could not be deleted; retry later');
      const result = await documents.send(
        new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: pending } }),
      );
      pending = (result.UnprocessedItems?.[TABLE_NAME] ?? []) as typeof pending;
      if (pending.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

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
    await documents.send(
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

async function deletePartition(userId: string): Promise<void> {
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
  for await (const page of pages) await deleteKeys(page as Key[]);
}

/**
 * For writers that cannot put the account guard on every write (batch writes, a job of many
 * steps): call after writing into the user's partition. If the account was deleted meanwhile,
 * whatever was put back is deleted again and `AccountDeleted` is thrown, so the writer stops.
 * A write that lands after deletion listed the partition is always followed by this check,
 * which then sees the tombstone deletion wrote before listing.
 */
export async function sweepIfAccountDeleted(userId: string): Promise<void> {
  if (!(await isAccountDeleted(userId))) return;
  await deletePartition(userId);
  throw new AccountDeleted(userId);
}
