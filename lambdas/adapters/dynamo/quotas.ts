import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documents, TABLE_NAME } from './client';
import { caseKeys, TTL_ATTRIBUTE } from './keys';

/** A day's counter is kept two days, then the table's TTL removes it. */
const KEEP_SECONDS = 2 * 86_400;

/**
 * Counts one dispute mailed by the seller today, in one conditional write: false (and nothing
 * counted) when `limit` were already mailed. Two racing sends cannot both take the last one.
 */
export async function takeDailySend(userId: string, day: string, limit: number): Promise<boolean> {
  try {
    await documents.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: caseKeys.dailySends(userId, day),
        UpdateExpression:
          'SET #type = :type, user_id = :user, sends = if_not_exists(sends, :zero) + :one, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(sends) OR sends < :limit',
        ExpressionAttributeNames: { '#type': 'type', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':type': 'daily_sends',
          ':user': userId,
          ':zero': 0,
          ':one': 1,
          ':limit': limit,
          ':ttl': Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + KEEP_SECONDS,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
