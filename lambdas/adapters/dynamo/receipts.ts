import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type BillingDetails,
  type Receipt,
  receiptStatus,
  type ReceiptStatus,
} from '../../domain/plan/receipts';
import { table, TABLE_NAME } from './client';
import { marketplaceKeys } from './keys';
import { getSubscription, receiptOf } from './subscriptions';

export type ReceiptWithStatus = Receipt & { status: ReceiptStatus };

async function withStatus(
  userId: string,
  item: Record<string, unknown>,
): Promise<ReceiptWithStatus> {
  const subscription = await getSubscription(userId, String(item.subscription_sk));
  return {
    ...receiptOf(item),
    // A plan ended by a refund or reversal carries it as its status.
    status: receiptStatus(subscription?.status),
  };
}

/**
 * The caller's receipts, newest first, `limit` at a time; `before` is the number the previous
 * page ended with. Only the caller's partition is read, whatever the cursor says.
 */
export async function listReceipts(
  userId: string,
  page: { before?: string | undefined; limit: number },
): Promise<{ receipts: ReceiptWithStatus[]; next: string | null }> {
  const { PK } = marketplaceKeys.receipt(userId, '');
  const result = await table.send(
    new QueryCommand({
      TableName: TABLE_NAME,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': PK, ':prefix': marketplaceKeys.receiptPrefix },
      // The page goes on after the receipt the previous one ended with, in the caller's partition.
      ...(page.before ? { ExclusiveStartKey: marketplaceKeys.receipt(userId, page.before) } : {}),
      ScanIndexForward: false,
      Limit: page.limit + 1,
      ConsistentRead: true,
    }),
  );
  const items = result.Items ?? [];
  const shown = items.slice(0, page.limit);
  const receipts = await Promise.all(shown.map((item) => withStatus(userId, item)));
  return {
    receipts,
    next: items.length > page.limit ? (receipts[receipts.length - 1]?.number ?? null) : null,
  };
}

/** One of the caller's receipts by its number; undefined when the caller has none of that number. */
export async function getReceipt(
  userId: string,
  number: string,
): Promise<ReceiptWithStatus | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: marketplaceKeys.receipt(userId, number),
      ConsistentRead: true,
    }),
  );
  return Item ? withStatus(userId, Item) : undefined;
}

/** Remembers the billing details of a checkout, so the next one is prefilled. */
export async function rememberBilling(userId: string, billing: BillingDetails): Promise<void> {
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: { ...marketplaceKeys.billingDetails(userId), type: 'billing_details', billing },
    }),
  );
}

/** The billing details of the caller's last checkout; null before the first. */
export async function rememberedBilling(userId: string): Promise<BillingDetails | null> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: marketplaceKeys.billingDetails(userId),
      ConsistentRead: true,
    }),
  );
  return (Item?.billing as BillingDetails | undefined) ?? null;
}
