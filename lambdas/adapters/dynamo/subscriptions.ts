import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Subscription } from '../../domain/plan';
import { documents, TABLE_NAME } from './client';
import { marketplaceKeys } from './keys';

/** Records a plan purchase (spec 3, subscriptions, plus the country it covers). */
export async function putSubscription(subscription: Subscription): Promise<void> {
  await documents.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...marketplaceKeys.subscription(
          subscription.userId,
          subscription.createdAt,
          subscription.id,
        ),
        type: 'subscription',
        id: subscription.id,
        user_id: subscription.userId,
        status: subscription.status,
        expires_at: subscription.expiresAt,
        created_at: subscription.createdAt,
        country_code: subscription.countryCode,
      },
    }),
  );
}

/** The user's subscriptions, newest first; `activePlan` (domain/plan) picks the one in force. */
export async function listSubscriptions(userId: string): Promise<Subscription[]> {
  const out: Subscription[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: {
          ':pk': marketplaceKeys.connection(userId).PK,
          ':prefix': marketplaceKeys.subscriptionPrefix,
        },
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      out.push({
        id: item.id,
        userId: item.user_id,
        status: item.status,
        expiresAt: item.expires_at,
        createdAt: item.created_at,
        countryCode: item.country_code ?? null,
      });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return out;
}
