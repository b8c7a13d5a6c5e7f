import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { AccountDeleted } from '../../domain/account/deletion';
import { table, isAccountDeleted, queryPages, TABLE_NAME } from './client';
import { type Key, keys, TTL_ATTRIBUTE } from './keys';

/**
 * How long a deleted account's tombstone stays: longer than any writer that may still be
 * running for it (a sync segment takes two minutes, an access token lives an hour).
 */
export const TOMBSTONE_HOURS = 24;

/** Written by account deletion before it deletes the user's items. */
export async function markAccountDeleted(userId: string, now = Date.now()): Promise<void> {
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.deletedAccount(userId),
        type: 'tombstone',
        [TTL_ATTRIBUTE]: Math.floor(now / 1000) + TOMBSTONE_HOURS * 3600,
      },
    }),
  );
}

/**
 * The condition a transaction of writes into a user's partition carries: the account has not
 * been deleted. Deletion writes the tombstone before it lists the partition, so a transaction
 * either commits before (and its items are deleted with the rest) or is refused.
 */
export function accountGuard(userId: string) {
  return {
    ConditionCheck: {
      TableName: TABLE_NAME,
      Key: keys.deletedAccount(userId),
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Whether a cancelled transaction was refused by its account guard at `index`. */
export function refusedByAccountGuard(error: unknown, index: number): boolean {
  return (
    error instanceof TransactionCanceledException &&
    error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed'
  );
}

export { isAccountDeleted };

/** BatchWriteItem's limit per request. */
const BATCH = 25;
const MAX_ATTEMPTS = 6;

/** Deletes the given items, in batches, retrying what DynamoDB hands back. */
export async function deleteKeys(all: Key[]): Promise<void> {
  for (let start = 0; start < all.length; start += BATCH) {
    let pending = all.slice(start, start + BATCH).map((Key) => ({ DeleteRequest: { Key } }));
    // DynamoDB may hand back part of a batch under load; those are retried with backoff.
    for (let attempt = 1; pending.length > 0; attempt += 1) {
      if (attempt > MAX_ATTEMPTS) throw new Error('Some items could not be deleted; retry later');
      const result = await table.send(
        new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: pending } }),
      );
      pending = (result.UnprocessedItems?.[TABLE_NAME] ?? []) as typeof pending;
      if (pending.length > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

/** Every item of the user's partition. */
export async function deletePartition(userId: string): Promise<void> {
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
