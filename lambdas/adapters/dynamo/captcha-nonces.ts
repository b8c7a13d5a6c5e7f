import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, epochSeconds, TABLE_NAME } from './client';
import { keys, TTL_ATTRIBUTE } from './keys';

/**
 * Marks a captcha nonce as used in one conditional write, so of two sign-ups racing with the
 * same token exactly one wins. The item outlives the token's validity, then TTL removes it.
 * @returns false when the nonce was used before.
 */
export async function consumeCaptchaNonce(nonce: string, expiresAtMs: number): Promise<boolean> {
  try {
    await table.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { ...keys.captchaNonce(nonce), [TTL_ATTRIBUTE]: epochSeconds(expiresAtMs) },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
