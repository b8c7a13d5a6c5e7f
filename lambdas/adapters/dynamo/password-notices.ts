import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { epochSeconds, table, TABLE_NAME } from './client';
import { keys, TTL_ATTRIBUTE } from './keys';

const KEEP_MS = 30 * 24 * 3600_000;

/**
 * Records in one conditional write that the password change at `changedAt` was notified, so
 * two reports of the same change (the page and a retry, a retried trigger) send one email.
 * @returns false when it already was.
 */
export async function claimPasswordNotice(userId: string, changedAt: string): Promise<boolean> {
  try {
    await table.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...keys.passwordNotice(userId, changedAt),
          [TTL_ATTRIBUTE]: epochSeconds(Date.parse(changedAt) + KEEP_MS),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
