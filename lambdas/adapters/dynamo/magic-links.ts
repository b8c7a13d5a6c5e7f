import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, epochSeconds, TABLE_NAME } from './client';
import { keys, TTL_ATTRIBUTE } from './keys';

/** Stores the hash of the user's newest magic link, replacing any earlier one. */
export async function saveMagicLink(
  userId: string,
  link: { tokenHash: string; expiresAt: number },
): Promise<void> {
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...keys.magicLink(userId),
        tokenHash: link.tokenHash,
        validUntil: link.expiresAt,
        [TTL_ATTRIBUTE]: epochSeconds(link.expiresAt),
      },
    }),
  );
}

/**
 * Spends a magic link: deletes it only if the hash matches and it has not expired, in one
 * conditional delete, so a link signs in at most once even when opened twice at the same time.
 * TTL deletion lags by hours, so expiry is checked here, not left to TTL.
 * @returns whether the token was valid (and is now spent).
 */
export async function consumeMagicLink(
  userId: string,
  tokenHash: string,
  now: number,
): Promise<boolean> {
  try {
    await table.send(
      new DeleteCommand({
        TableName: TABLE_NAME,
        Key: keys.magicLink(userId),
        ConditionExpression: 'tokenHash = :hash AND validUntil > :now',
        ExpressionAttributeValues: { ':hash': tokenHash, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
