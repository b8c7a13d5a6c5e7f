import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SendSlot } from '../../domain/account/requests';
import { dayWindow } from '../../domain/quotas';
import {
  cooldownWindow,
  DAILY_SENDS_PER_ADDRESS,
  RESEND_COOLDOWN_MS,
  type MailKind,
  type SendHistory,
  sendRefusal,
} from '../../domain/account/rate-limit';
import { table, TABLE_NAME } from './client';
import { type Key, keys, TTL_ATTRIBUTE } from './keys';

/** The stored item as the condition failure returns it (the low-level format). */
function historyOf(item: Record<string, { N?: string; S?: string }> | undefined): SendHistory {
  const number = (value: { N?: string } | undefined) =>
    value?.N === undefined ? undefined : Number(value.N);
  return {
    lastSentAt: number(item?.lastSentAt),
    day: item?.sent_day?.S,
    dayCount: number(item?.day_count),
  };
}

/**
 * Claims the right to send one email of a kind to an address: at most one a minute and
 * `DAILY_SENDS_PER_ADDRESS[kind]` a UTC day. A refusal says which rule refused and for how long.
 */
export function claimSendSlot(
  kind: MailKind,
  normalizedEmail: string,
  now: number,
): Promise<SendSlot> {
  return claimSlot(keys.lastSend(kind, normalizedEmail), kind, now, RESEND_COOLDOWN_MS);
}

/**
 * Counts one email the user pool is about to deliver (a confirmation code sent again, a
 * password-reset code) against the address's daily cap of that kind, whoever asked for it: our
 * API or a direct call to the user pool's public API. No minute rule here: the API has one.
 */
export function claimUserPoolEmail(
  kind: 'confirmation' | 'password-reset',
  normalizedEmail: string,
  now: number,
): Promise<SendSlot> {
  return claimSlot(keys.userPoolEmails(kind, normalizedEmail), kind, now, 0);
}

/**
 * One conditional write per attempt, so concurrent requests cannot both pass: the same day's
 * count goes up by one, or a new day starts at one.
 */
async function claimSlot(
  key: Key,
  kind: MailKind,
  now: number,
  cooldownMs: number,
): Promise<SendSlot> {
  const { notAfter } = cooldownWindow(now, cooldownMs);
  const { day, forgetAt } = dayWindow(now);
  const common = {
    TableName: TABLE_NAME,
    Key: key,
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
  };
  const values = {
    ':now': now,
    ':forgetAt': forgetAt,
    ':one': 1,
    ':notAfter': notAfter,
    ':day': day,
  };
  const rested = '(attribute_not_exists(lastSentAt) OR lastSentAt <= :notAfter)';
  const attempts = [
    // Another send today, under the cap.
    new UpdateCommand({
      ...common,
      UpdateExpression: 'SET lastSentAt = :now, #ttl = :forgetAt ADD day_count :one',
      ConditionExpression: `${rested} AND sent_day = :day AND day_count < :cap`,
      ExpressionAttributeValues: { ...values, ':cap': DAILY_SENDS_PER_ADDRESS[kind] },
    }),
    // The first send of the day (or ever).
    new UpdateCommand({
      ...common,
      UpdateExpression:
        'SET lastSentAt = :now, #ttl = :forgetAt, sent_day = :day, day_count = :one',
      ConditionExpression: `${rested} AND (attribute_not_exists(sent_day) OR sent_day <> :day)`,
      ExpressionAttributeValues: values,
    }),
  ];
  let history: SendHistory | undefined;
  // A request racing ours may move the item between the two writes: one more round decides.
  for (let round = 0; round < 2; round += 1) {
    for (const attempt of attempts) {
      try {
        await table.send(attempt);
        return { allowed: true };
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        history = historyOf(error.Item as Record<string, { N?: string; S?: string }> | undefined);
        const refusal = sendRefusal(kind, history, now, cooldownMs);
        if (refusal) return { allowed: false, ...refusal };
      }
    }
  }
  return { allowed: false, reason: 'cooldown', retryAfterSeconds: 1 };
}
