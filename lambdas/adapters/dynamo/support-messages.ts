import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  HOURLY_REQUESTS,
  hourWindow,
  type SupportRequestKind,
} from '../../domain/account/rate-limit';
import { table, TABLE_NAME } from './client';
import { keys, TTL_ATTRIBUTE } from './keys';
import type { StoredSupportRequest } from '../../domain/admin/support-request';

/** A stored request; `kind` says which form sent it (help center or data deletion). */
export type SupportMessage = StoredSupportRequest;

/**
 * How long a support or data-deletion request is kept (privacy policy, "Per quanto tempo"):
 * long enough to answer it and to show that a deletion request was honoured within 30 days,
 * then DynamoDB's TTL removes it. Requests are not part of an account (anyone may write one,
 * and a deletion request must outlive the deletion it asks for), so this is their only end.
 */
export const SUPPORT_MESSAGE_RETENTION_DAYS = 180;

/** Epoch seconds at which a request created at `createdAt` is removed. */
export function supportMessageExpiry(createdAt: string): number {
  return Math.floor(Date.parse(createdAt) / 1000) + SUPPORT_MESSAGE_RETENTION_DAYS * 24 * 3600;
}

/** Stored before the email goes out, so a mail outage never loses a request. */
export async function putSupportMessage(message: SupportMessage): Promise<void> {
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.supportMessage(message.id),
        ...keys.supportListing(message.createdAt, message.id),
        id: message.id,
        created_at: message.createdAt,
        name: message.name,
        email: message.email,
        subject: message.subject,
        message: message.message,
        language: message.language,
        kind: message.kind,
        resolved: false,
        [TTL_ATTRIBUTE]: supportMessageExpiry(message.createdAt),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/**
 * Counts one request of a kind against this hour's allowance of that kind, in one conditional
 * update so concurrent requests cannot overshoot it; false once the hour's allowance is spent.
 */
export async function claimSupportAllowance(
  now: number,
  kind: SupportRequestKind = 'support',
): Promise<boolean> {
  const { hour, forgetAt } = hourWindow(now);
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.supportHour(hour, kind),
        UpdateExpression: 'ADD #count :one SET #ttl = :forgetAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': HOURLY_REQUESTS[kind],
          ':forgetAt': forgetAt,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
