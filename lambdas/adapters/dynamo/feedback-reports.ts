import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, epochSeconds, TABLE_NAME } from './client';
import { feedbackKeys, TTL_ATTRIBUTE, type Key } from './keys';

/** Amazon keeps a report for days; after one, a new request is the better choice. */
const PENDING_TTL_MS = 24 * 3_600_000;

/** A claim whose holder died before it stored a report id frees itself after this. */
const CLAIM_TTL_MS = 2 * 60_000;

/** A report Amazon is still preparing for a user, kept at `keyOf(userId)` for the next run. */
export function pendingReports(keyOf: (userId: string) => Key, type: string) {
  return {
    async get(userId: string): Promise<string | undefined> {
      const { Item } = await table.send(
        new GetCommand({
          TableName: TABLE_NAME,
          Key: keyOf(userId),
          ConsistentRead: true,
        }),
      );
      const expires = Item?.[TTL_ATTRIBUTE] as number | undefined;
      if (!Item || (expires !== undefined && expires < epochSeconds(Date.now()))) return undefined;
      return Item.report_id as string;
    },
    async claim(userId: string): Promise<boolean> {
      const now = Date.now();
      try {
        await table.send(
          new PutCommand({
            TableName: TABLE_NAME,
            Item: {
              ...keyOf(userId),
              type,
              claimed_at: new Date(now).toISOString(),
              [TTL_ATTRIBUTE]: epochSeconds(now + CLAIM_TTL_MS),
            },
            // Free, or only an expired item left (TTL deletes lazily).
            ConditionExpression: 'attribute_not_exists(PK) OR #ttl < :now',
            ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
            ExpressionAttributeValues: { ':now': epochSeconds(now) },
          }),
        );
        return true;
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException) return false;
        throw error;
      }
    },
    async set(userId: string, reportId: string): Promise<void> {
      const now = Date.now();
      await table.send(
        new PutCommand({
          TableName: TABLE_NAME,
          Item: {
            ...keyOf(userId),
            type,
            report_id: reportId,
            requested_at: new Date(now).toISOString(),
            [TTL_ATTRIBUTE]: epochSeconds(now + PENDING_TTL_MS),
          },
        }),
      );
    },
    async clear(userId: string): Promise<void> {
      await table.send(new DeleteCommand({ TableName: TABLE_NAME, Key: keyOf(userId) }));
    },
  };
}

/** The seller-feedback report Amazon is still preparing for a user, resumed by the next run. */
export const pendingFeedbackReports = pendingReports(
  feedbackKeys.feedbackReport,
  'feedback_report',
);
