import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SendSlot } from '../../domain/account-requests';
import {
  cooldownWindow,
  type MailKind,
  RESEND_COOLDOWN_MS,
  secondsUntilAllowed,
} from '../../domain/rate-limit';
import { documents, TABLE_NAME } from './client';
import { keys, TTL_ATTRIBUTE } from './keys';

/**
 * Claims the right to send one account email of a kind to an address: records the send time
 * unless the previous one is less than the cooldown old, in a single conditional write, so
 * concurrent requests cannot both pass.
 */
export async function claimSendSlot(
  kind: MailKind,
  normalizedEmail: string,
  now: number,
): Promise<SendSlot> {
  const window = cooldownWindow(now);
  try {
    await documents.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...keys.lastSend(kind, normalizedEmail),
          lastSentAt: now,
          [TTL_ATTRIBUTE]: window.forgetAt,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR lastSentAt <= :notAfter',
        ExpressionAttributeValues: { ':notAfter': window.notAfter },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { allowed: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // The exception carries the stored item in the low-level format.
    const previous = Number((error.Item?.lastSentAt as { N?: string } | undefined)?.N);
    const retryAfterSeconds = Number.isFinite(previous)
      ? secondsUntilAllowed(previous, now)
      : RESEND_COOLDOWN_MS / 1000;
    return { allowed: false, retryAfterSeconds: Math.max(1, retryAfterSeconds) };
  }
}
