import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documents, queryPages, TABLE_NAME } from './client';
import { ITEMS_OUTSIDE_USER_PARTITION, type Key, keys } from './keys';
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
 * found from the user's email. Safe to run again after a partial failure.
 */
export async function deleteUserItems(userId: string, normalizedEmail: string): Promise<void> {
  // The profile first, with the admin's user count, so the count never includes a half-deleted user.
  await deleteProfileCounted(userId);
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(userId) },
    ProjectionExpression: 'PK, SK',
    ConsistentRead: true,
  });
  for await (const page of pages) await deleteKeys(page as Key[]);
  await deleteKeys(ITEMS_OUTSIDE_USER_PARTITION.lastSends(normalizedEmail));
}
