import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { table, TABLE_NAME } from './client';
import { keys } from './keys';

export async function recordEmailOptOut(normalizedEmail: string, at: string): Promise<void> {
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...keys.emailOptOut(normalizedEmail), opted_out_at: at },
    }),
  );
}

/** Product-email senders check this before mailing an address. */
export async function hasOptedOut(normalizedEmail: string): Promise<boolean> {
  const result = await table.send(
    new GetCommand({ TableName: TABLE_NAME, Key: keys.emailOptOut(normalizedEmail) }),
  );
  return Boolean(result.Item);
}
