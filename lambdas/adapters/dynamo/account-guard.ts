import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documents, TABLE_NAME } from './client';
import { keys, TTL_ATTRIBUTE } from './keys';

/**
 * How long a deleted account's tombstone stays: longer than any writer that may still be
 * running for it (a sync segment takes two minutes, an access token lives an hour).
 */
export const TOMBSTONE_HOURS = 24;

/** Written by account deletion before it deletes the user's items. */
export async function markAccountDeleted(userId: string, now = Date.now()): Promise<void> {
  await documents.send(
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

/** Whether the account was deleted (strongly consistent, so a deletion just made is seen). */
export async function isAccountDeleted(userId: string): Promise<boolean> {
  const { Item } = await documents.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.deletedAccount(userId),
      ConsistentRead: true,
      ProjectionExpression: 'PK',
    }),
  );
  return Item !== undefined;
}
