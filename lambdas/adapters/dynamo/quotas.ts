import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dayWindow, type QuotaKind } from '../../domain/quotas';
import { table, TABLE_NAME } from './client';
import { caseKeys, TTL_ATTRIBUTE } from './keys';

/**
 * Counts one use of a seller's daily allowance of a kind, in one conditional write: false (and
 * nothing counted) when `limit` were already used that UTC day. Two racing requests cannot both
 * take the last one. `now` decides the day, so a test can move to the next one.
 */
export async function takeDailyQuota(
  userId: string,
  kind: QuotaKind,
  now: number,
  limit: number,
): Promise<boolean> {
  const { day, forgetAt } = dayWindow(now);
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: caseKeys.dailyQuota(userId, kind, day),
        UpdateExpression:
          'SET #type = :type, user_id = :user, sends = if_not_exists(sends, :zero) + :one, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(sends) OR sends < :limit',
        ExpressionAttributeNames: { '#type': 'type', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':type': 'daily_quota',
          ':user': userId,
          ':zero': 0,
          ':one': 1,
          ':limit': limit,
          ':ttl': forgetAt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The dispute allowance as the submission's domain asks for it (by UTC day). */
export function takeDailySend(userId: string, day: string, limit: number): Promise<boolean> {
  return takeDailyQuota(userId, 'submit', Date.parse(`${day}T12:00:00Z`), limit);
}
