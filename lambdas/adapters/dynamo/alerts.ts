import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import type { Alert } from '../../domain/alerts';
import { table, epochSeconds, queryPages, TABLE_NAME } from './client';
import { caseKeys, TTL_ATTRIBUTE } from './keys';

/** An alert no digest picked up within two weeks is no longer news. */
const ALERT_TTL_MS = 14 * 86_400_000;

/** Records an event for the seller's next digest. */
export async function addAlert(userId: string, alert: Alert, now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...caseKeys.alert(userId, at, randomUUID()),
        type: 'alert',
        user_id: userId,
        alert,
        [TTL_ATTRIBUTE]: epochSeconds(now + ALERT_TTL_MS),
      },
    }),
  );
}

export async function pendingAlerts(userId: string) {
  const out: { key: { PK: string; SK: string }; alert: Alert }[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': caseKeys.case(userId, '').PK,
      ':prefix': caseKeys.alertPrefix,
    },
    ConsistentRead: true,
  });
  for await (const page of pages) {
    for (const item of page) {
      out.push({
        key: { PK: item.PK as string, SK: item.SK as string },
        alert: item.alert as Alert,
      });
    }
  }
  return out;
}

export async function clearAlerts(keys: { PK: string; SK: string }[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 25) {
    await table.send(
      new BatchWriteCommand({
        RequestItems: {
          [TABLE_NAME]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })),
        },
      }),
    );
  }
}
