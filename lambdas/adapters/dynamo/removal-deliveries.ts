import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  isCounted,
  type RemovalSummary,
  type StoredRemoval,
} from '../../domain/claims/removal-count';
import type { RemovalDeliveries } from '../../domain/claims/removals';
import { epochSeconds, queryPages, table, TABLE_NAME } from './client';
import { readIndexPage } from './cursor';
import { claimKeys, TTL_ATTRIBUTE } from './keys';

/**
 * The removal orders Amazon shipped back and what the seller counted on arrival of each
 * (domain/claims/removal-count.ts, removals.ts): one item per removal order in the seller's
 * partition, the summary the audit last read and the seller's units received per SKU. While
 * not counted, a removal is listed on GSI1 (oldest shipment first) for the seller to count.
 * Only the seller says what arrived; without a count no removal claim is proposed.
 */

/** Kept well past the audit's 120 days of removal reports, then left to expire. */
const KEEP_DAYS = 180;
const DAY_MS = 86_400_000;

function fromItem(item: Record<string, unknown>): StoredRemoval {
  return {
    ...(item.removal as RemovalSummary),
    received: (item.received as Record<string, number> | undefined) ?? null,
    countedAt: (item.counted_at as string | undefined) ?? null,
  };
}

/**
 * The summary as one string, its fields in a fixed order (a map read back from the table may
 * list its keys in another): what tells a changed removal from the one held.
 */
function digestOf(s: RemovalSummary): string {
  return JSON.stringify([
    s.orderId,
    s.requestDate,
    s.shippedOn,
    s.parcels.map((p) => [p.shippedOn, p.carrier, p.tracking]),
    s.skus.map((p) => [p.sku, p.fnsku, p.shipped]),
  ]);
}

/** The listing keys while the removal is to count; none once counted. */
function listing(userId: string, summary: RemovalSummary, received: StoredRemoval['received']) {
  return isCounted(summary, received)
    ? null
    : claimKeys.removalToCount(userId, summary.shippedOn, summary.orderId);
}

/**
 * Writes the summary, and its listing as the count held (`counted_at` as read) says, only while
 * no count came in meanwhile; false when one did.
 */
async function writeSummary(
  userId: string,
  summary: RemovalSummary,
  held: { received: StoredRemoval['received']; countedAt: string | null },
): Promise<boolean> {
  const list = listing(userId, summary, held.received);
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: claimKeys.removalDelivery(userId, summary.orderId),
        UpdateExpression: `SET #type = :type, user_id = :user, removal_order_id = :order, removal = :removal, #d = :digest, #ttl = :ttl${
          list ? ', GSI1PK = :gpk, GSI1SK = :gsk' : ' REMOVE GSI1PK, GSI1SK'
        }`,
        ConditionExpression: held.countedAt ? '#c = :seen' : 'attribute_not_exists(#c)',
        ExpressionAttributeNames: {
          '#type': 'type',
          '#ttl': TTL_ATTRIBUTE,
          '#c': 'counted_at',
          '#d': 'digest',
        },
        ExpressionAttributeValues: {
          ':type': 'removal_delivery',
          ':user': userId,
          ':order': summary.orderId,
          ':removal': summary,
          ':digest': digestOf(summary),
          ':ttl': epochSeconds(Date.parse(summary.shippedOn) + KEEP_DAYS * DAY_MS),
          ...(held.countedAt ? { ':seen': held.countedAt } : {}),
          ...(list ? { ':gpk': list.GSI1PK, ':gsk': list.GSI1SK } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Stores the removals the audit read (new or changed ones only), listing each the seller has
 * not fully counted; a count given while the audit ran is kept and re-read.
 */
export async function saveRemovalSummaries(
  userId: string,
  summaries: readonly RemovalSummary[],
): Promise<void> {
  const stored = new Map<
    string,
    { digest: string; received: StoredRemoval['received']; countedAt: string | null }
  >();
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': claimKeys.removalDelivery(userId, '').PK,
      ':prefix': claimKeys.removalDeliveryPrefix,
    },
    ProjectionExpression: '#o, #d, #r, #c',
    ExpressionAttributeNames: {
      '#o': 'removal_order_id',
      '#d': 'digest',
      '#r': 'received',
      '#c': 'counted_at',
    },
  });
  for await (const page of pages) {
    for (const item of page) {
      stored.set(item.removal_order_id as string, {
        digest: (item.digest as string | undefined) ?? '',
        received: (item.received as Record<string, number> | undefined) ?? null,
        countedAt: (item.counted_at as string | undefined) ?? null,
      });
    }
  }
  for (const summary of summaries) {
    let held = stored.get(summary.orderId);
    if (held?.digest === digestOf(summary)) continue;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await writeSummary(userId, summary, held ?? { received: null, countedAt: null })) break;
      const now = await getRemoval(userId, summary.orderId);
      held = { digest: '', received: now?.received ?? null, countedAt: now?.countedAt ?? null };
    }
  }
}

/** One removal of the seller by its order id; another seller's finds nothing (their partition). */
export async function getRemoval(
  userId: string,
  removalOrderId: string,
): Promise<StoredRemoval | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: claimKeys.removalDelivery(userId, removalOrderId),
      ConsistentRead: true,
    }),
  );
  return Item && Item.user_id === userId && Item.removal ? fromItem(Item) : undefined;
}

/**
 * Records (or replaces) the seller's count on the removal as read: refused (undefined) when the
 * audit changed the removal since, so the count is checked against the new one.
 */
export async function saveRemovalCount(
  userId: string,
  removal: StoredRemoval,
  received: Record<string, number>,
  at: string,
): Promise<StoredRemoval | undefined> {
  const list = listing(userId, removal, received);
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: claimKeys.removalDelivery(userId, removal.orderId),
        UpdateExpression: `SET #r = :received, #c = :at${
          list ? ', GSI1PK = :gpk, GSI1SK = :gsk' : ' REMOVE GSI1PK, GSI1SK'
        }`,
        ConditionExpression: 'user_id = :user AND #d = :digest',
        ExpressionAttributeNames: { '#r': 'received', '#c': 'counted_at', '#d': 'digest' },
        ExpressionAttributeValues: {
          ':received': received,
          ':at': at,
          ':user': userId,
          ':digest': digestOf(removal),
          ...(list ? { ':gpk': list.GSI1PK, ':gsk': list.GSI1SK } : {}),
        },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
  return { ...removal, received, countedAt: at };
}

/** One page of the removals the seller has not counted yet, oldest shipment first. */
export async function pageRemovalsToCount(
  userId: string,
  request: { cursor?: string | undefined; pageSize: number },
): Promise<{ removals: StoredRemoval[]; cursor: string | null }> {
  const page = await readIndexPage({
    partition: claimKeys.removalToCountPartition(userId),
    pageSize: request.pageSize,
    cursor: request.cursor,
    badCursor: 'badListQuery',
    ascending: true,
    evaluatePerQuery: request.pageSize,
    maxEvaluated: request.pageSize,
  });
  return { removals: page.items.map(fromItem), cursor: page.cursor };
}

/** Every count the seller recorded; undefined when none. */
export async function listRemovalDeliveries(
  userId: string,
): Promise<RemovalDeliveries | undefined> {
  const out: Record<string, Record<string, number>> = {};
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    FilterExpression: 'attribute_exists(#r)',
    ExpressionAttributeValues: {
      ':pk': claimKeys.removalDelivery(userId, '').PK,
      ':prefix': claimKeys.removalDeliveryPrefix,
    },
    ProjectionExpression: '#o, #r',
    ExpressionAttributeNames: { '#o': 'removal_order_id', '#r': 'received' },
  });
  for await (const page of pages) {
    for (const item of page) {
      out[item.removal_order_id as string] = item.received as Record<string, number>;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
