import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { PlanStore } from '../../domain/payment';
import type { Subscription } from '../../domain/plan';
import { documents, queryPages, TABLE_NAME } from './client';
import { marketplaceKeys } from './keys';

/** Records a plan purchase (spec 3, subscriptions, plus the country it covers). */
export async function putSubscription(subscription: Subscription): Promise<void> {
  await documents.send(
    new PutCommand({ TableName: TABLE_NAME, Item: subscriptionItem(subscription) }),
  );
}

function subscriptionItem(subscription: Subscription) {
  return {
    ...marketplaceKeys.subscription(subscription.userId, subscription.createdAt, subscription.id),
    type: 'subscription',
    id: subscription.id,
    user_id: subscription.userId,
    status: subscription.status,
    expires_at: subscription.expiresAt,
    created_at: subscription.createdAt,
    country_code: subscription.countryCode,
  };
}

/**
 * The plan store of payment verification: the order claim and the subscription are one
 * transaction, so a refused or failed claim leaves no subscription behind.
 */
export const planStore: PlanStore = {
  async createForOrder(orderId, subscription) {
    const claim = marketplaceKeys.paymentOrder(orderId);
    try {
      await documents.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: TABLE_NAME,
                Item: {
                  ...claim,
                  type: 'payment_order',
                  order_id: orderId,
                  user_id: subscription.userId,
                  subscription_sk: marketplaceKeys.subscription(
                    subscription.userId,
                    subscription.createdAt,
                    subscription.id,
                  ).SK,
                  created_at: subscription.createdAt,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            { Put: { TableName: TABLE_NAME, Item: subscriptionItem(subscription) } },
          ],
        }),
      );
      return { created: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const { Item } = await documents.send(
        new GetCommand({ TableName: TABLE_NAME, Key: claim, ConsistentRead: true }),
      );
      if (!Item) throw error;
      const previous = (await listSubscriptions(Item.user_id as string)).find(
        (s) =>
          marketplaceKeys.subscription(s.userId, s.createdAt, s.id).SK === Item.subscription_sk,
      );
      if (!previous) throw error;
      return { created: false, userId: Item.user_id as string, subscription: previous };
    }
  },
  create: putSubscription,
};

/** The user's subscriptions, newest first; `activePlan` (domain/plan) picks the one in force. */
export async function listSubscriptions(userId: string): Promise<Subscription[]> {
  const out: Subscription[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': marketplaceKeys.connection(userId).PK,
      ':prefix': marketplaceKeys.subscriptionPrefix,
    },
    ScanIndexForward: false,
  });
  for await (const page of pages) {
    for (const item of page) {
      out.push({
        id: item.id,
        userId: item.user_id,
        status: item.status,
        expiresAt: item.expires_at,
        createdAt: item.created_at,
        countryCode: item.country_code ?? null,
      });
    }
  }
  return out;
}
