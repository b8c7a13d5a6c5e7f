import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  type NativeAttributeValue,
} from '@aws-sdk/lib-dynamodb';
import type {
  HeldCaptureEvent,
  IssuedReceipt,
  Money,
  PaymentEventStore,
  PlanStore,
  RecordedOrder,
} from '../../domain/plan/payment';
import type { Subscription } from '../../domain/plan/plan';
import type { BillingDetails, Receipt } from '../../domain/plan/receipts';
import { table, epochSeconds, queryPages, TABLE_NAME } from './client';
import { marketplaceKeys, TTL_ATTRIBUTE } from './keys';

/**
 * How long an applied webhook event id is remembered: PayPal redelivers for up to 3 days, so
 * a month leaves a wide margin and keeps the table from growing with old ids.
 */
const EVENT_MEMORY_MS = 30 * 86_400_000;
/**
 * How long an event of a capture not yet verified is kept: PayPal's window for a buyer's
 * dispute (180 days), so any claim of the capture still finds it.
 */
const HELD_EVENT_MEMORY_MS = 180 * 86_400_000;

/** Records a plan purchase (spec 3, subscriptions, plus the country it covers). */
export async function putSubscription(subscription: Subscription): Promise<void> {
  await table.send(new PutCommand({ TableName: TABLE_NAME, Item: subscriptionItem(subscription) }));
}

function subscriptionItem(
  subscription: Subscription,
  paidWith?: { orderId: string; captureId: string },
) {
  return {
    ...marketplaceKeys.subscription(subscription.userId, subscription.createdAt, subscription.id),
    type: 'subscription',
    id: subscription.id,
    user_id: subscription.userId,
    status: subscription.status,
    expires_at: subscription.expiresAt,
    created_at: subscription.createdAt,
    country_code: subscription.countryCode,
    ...(subscription.startsAt ? { starts_at: subscription.startsAt } : {}),
    ...(paidWith ? { order_id: paidWith.orderId, capture_id: paidWith.captureId } : {}),
  };
}

function subscriptionOf(item: Record<string, NativeAttributeValue>): Subscription {
  return {
    id: item.id,
    userId: item.user_id,
    status: item.status,
    expiresAt: item.expires_at,
    createdAt: item.created_at,
    countryCode: item.country_code ?? null,
    endedAt: item.ended_at ?? null,
    endReason: item.end_reason ?? null,
    ...(item.capture_id ? { paid: true, startsAt: item.starts_at ?? null } : {}),
  };
}

function orderOf(item: Record<string, NativeAttributeValue>): RecordedOrder {
  return {
    orderId: item.order_id,
    userId: item.user_id,
    invoiceId: item.invoice_id,
    countryCode: item.country_code,
    createdAt: item.created_at,
    status: item.status === 'claimed' ? 'claimed' : 'created',
    ...(item.billing ? { billing: item.billing as BillingDetails } : {}),
  };
}

function receiptItem(
  userId: string,
  receipt: IssuedReceipt,
  subscriptionSk: string,
): Record<string, NativeAttributeValue> {
  return {
    ...marketplaceKeys.receipt(userId, receipt.number),
    type: 'receipt',
    number: receipt.number,
    year: receipt.year,
    sequence: receipt.sequence,
    issued_at: receipt.issuedAt,
    order_id: receipt.orderId,
    capture_id: receipt.captureId,
    country_code: receipt.countryCode,
    amount: receipt.amount,
    currency: receipt.currency,
    days: receipt.days,
    billing: receipt.billing,
    subscription_id: receipt.subscriptionId,
    subscription_sk: subscriptionSk,
  };
}

export function receiptOf(item: Record<string, NativeAttributeValue>): Receipt {
  return {
    number: item.number,
    issuedAt: item.issued_at,
    orderId: item.order_id,
    captureId: item.capture_id,
    countryCode: item.country_code,
    amount: item.amount,
    currency: item.currency,
    days: item.days,
    billing: (item.billing as BillingDetails | null) ?? null,
    subscriptionId: item.subscription_id,
  };
}

const cancelledBy = (error: TransactionCanceledException, index: number) =>
  error.CancellationReasons?.[index]?.Code === 'ConditionalCheckFailed';

const conflicted = (error: TransactionCanceledException) =>
  error.CancellationReasons?.some((r) => r.Code === 'TransactionConflict') ?? false;

/**
 * The plan store of payment verification: the order claim, the capture map, the seller's order
 * record and the subscription are one transaction, so a refused or failed claim leaves nothing
 * behind.
 */
export const planStore: PlanStore = {
  async recordOrder(order) {
    await table.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: {
          ...marketplaceKeys.planOrder(order.userId, order.orderId),
          type: 'plan_order',
          order_id: order.orderId,
          user_id: order.userId,
          invoice_id: order.invoiceId,
          country_code: order.countryCode,
          created_at: order.createdAt,
          status: order.status,
          ...(order.billing ? { billing: order.billing } : {}),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  async findOrder(userId, orderId) {
    const { Item } = await table.send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: marketplaceKeys.planOrder(userId, orderId),
        ConsistentRead: true,
      }),
    );
    return Item ? orderOf(Item) : undefined;
  },

  async listUnclaimedOrders(userId) {
    const out: RecordedOrder[] = [];
    const pages = queryPages({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      FilterExpression: '#status = :created',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':pk': marketplaceKeys.connection(userId).PK,
        ':prefix': marketplaceKeys.planOrderPrefix,
        ':created': 'created',
      },
    });
    for await (const page of pages) out.push(...page.map(orderOf));
    return out.sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  },

  async planState(userId) {
    // The version first, then the subscriptions: a payment claimed in between changes the
    // version, so the claim built on this read fails its condition and reads again.
    const { Item } = await table.send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: marketplaceKeys.planVersion(userId),
        ConsistentRead: true,
      }),
    );
    const subscriptions = await listSubscriptions(userId, { consistent: true });
    return { subscriptions, version: (Item?.subscription_id as string | undefined) ?? null };
  },

  async createForOrder({ orderId, captureId, heldVersion }, subscription, version, receipt) {
    const claim = marketplaceKeys.paymentOrder(orderId);
    const subscriptionKey = marketplaceKeys.subscription(
      subscription.userId,
      subscription.createdAt,
      subscription.id,
    );
    try {
      await table.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: TABLE_NAME,
                Item: {
                  ...claim,
                  type: 'payment_order',
                  order_id: orderId,
                  capture_id: captureId,
                  user_id: subscription.userId,
                  subscription_sk: subscriptionKey.SK,
                  created_at: subscription.createdAt,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: TABLE_NAME,
                Item: {
                  ...marketplaceKeys.paymentCapture(captureId),
                  type: 'payment_capture',
                  capture_id: captureId,
                  order_id: orderId,
                  user_id: subscription.userId,
                  subscription_sk: subscriptionKey.SK,
                },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Update: {
                TableName: TABLE_NAME,
                Key: marketplaceKeys.planOrder(subscription.userId, orderId),
                UpdateExpression: 'SET #status = :claimed, subscription_sk = :sk',
                ConditionExpression: 'attribute_exists(PK)',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':claimed': 'claimed', ':sk': subscriptionKey.SK },
              },
            },
            {
              Put: {
                TableName: TABLE_NAME,
                Item: subscriptionItem(subscription, { orderId, captureId }),
              },
            },
            {
              Put: {
                TableName: TABLE_NAME,
                Item: {
                  ...marketplaceKeys.planVersion(subscription.userId),
                  type: 'plan_version',
                  subscription_id: subscription.id,
                },
                ConditionExpression:
                  version === null ? 'attribute_not_exists(PK)' : 'subscription_id = :version',
                ...(version === null ? {} : { ExpressionAttributeValues: { ':version': version } }),
              },
            },
            {
              // The capture's held events are the ones the subscription's status was computed
              // from: one held meanwhile makes the claim compute again.
              ConditionCheck: {
                TableName: TABLE_NAME,
                Key: marketplaceKeys.heldCaptureVersion(captureId),
                ConditionExpression:
                  heldVersion === 0 ? 'attribute_not_exists(PK)' : 'version = :held',
                ...(heldVersion === 0
                  ? {}
                  : { ExpressionAttributeValues: { ':held': heldVersion } }),
              },
            },
            {
              // The year's receipt counter moves from the number read to this one, or the claim
              // computes again: a number is never skipped or given twice.
              Put: {
                TableName: TABLE_NAME,
                Item: {
                  ...marketplaceKeys.receiptCounter(receipt.year),
                  type: 'receipt_counter',
                  last: receipt.sequence,
                },
                ConditionExpression:
                  receipt.sequence === 1 ? 'attribute_not_exists(PK)' : '#last = :previous',
                ...(receipt.sequence === 1
                  ? {}
                  : {
                      ExpressionAttributeNames: { '#last': 'last' },
                      ExpressionAttributeValues: { ':previous': receipt.sequence - 1 },
                    }),
              },
            },
            {
              Put: {
                TableName: TABLE_NAME,
                Item: receiptItem(subscription.userId, receipt, subscriptionKey.SK),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
      return { created: true };
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      // Another payment changed the plan (its condition), or is being written at this moment
      // (DynamoDB cancels one of two transactions on the same item): compute again.
      if (
        !cancelledBy(error, 0) &&
        (cancelledBy(error, 4) ||
          cancelledBy(error, 5) ||
          cancelledBy(error, 6) ||
          conflicted(error))
      ) {
        return { conflict: true };
      }
      const { Item } = await table.send(
        new GetCommand({ TableName: TABLE_NAME, Key: claim, ConsistentRead: true }),
      );
      if (!Item) throw error;
      const previous = await getSubscription(
        Item.user_id as string,
        Item.subscription_sk as string,
      );
      if (!previous) throw error;
      return { created: false, userId: Item.user_id as string, subscription: previous };
    }
  },
  create: putSubscription,

  async lastReceiptSequence(year) {
    const { Item } = await table.send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: marketplaceKeys.receiptCounter(year),
        ConsistentRead: true,
      }),
    );
    return (Item?.last as number | undefined) ?? 0;
  },

  async heldEvents(captureId) {
    const { Item } = await table.send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: marketplaceKeys.heldCaptureVersion(captureId),
        ConsistentRead: true,
      }),
    );
    const events: HeldCaptureEvent[] = [];
    const pages = queryPages({
      ConsistentRead: true,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': marketplaceKeys.heldCaptureVersion(captureId).PK,
        ':prefix': marketplaceKeys.heldCaptureEventPrefix,
      },
    });
    for await (const page of pages) {
      for (const item of page) {
        events.push({
          eventId: item.event_id,
          event: item.event,
          reason: item.event_type,
          at: item.received_at,
          ...(item.refunded ? { refunded: item.refunded as Money } : {}),
        });
      }
    }
    return { events, version: (Item?.version as number | undefined) ?? 0 };
  },
};

export async function getSubscription(
  userId: string,
  sk: string,
): Promise<Subscription | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: { PK: marketplaceKeys.connection(userId).PK, SK: sk },
      ConsistentRead: true,
    }),
  );
  return Item ? subscriptionOf(Item) : undefined;
}

/**
 * The webhook side: a capture's refund, reversal or dispute ends the plan it paid for. The
 * event id is recorded in the same transaction, so a replay is a no-op.
 */
/** The capture's row, when its plan's account still exists (no user on it: deleted). */
async function knownCapture(captureId: string) {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: marketplaceKeys.paymentCapture(captureId),
      ConsistentRead: true,
    }),
  );
  return Item?.user_id ? Item : undefined;
}

/** The row that makes a webhook event take effect once: written only if its id is new. */
function eventPutOf(
  eventId: string,
  captureId: string,
  reason: string,
  at: string,
  extra: Record<string, unknown> = {},
) {
  return {
    Put: {
      TableName: TABLE_NAME,
      Item: {
        ...marketplaceKeys.paymentEvent(eventId),
        type: 'payment_event',
        event_type: reason,
        capture_id: captureId,
        received_at: at,
        ...extra,
        [TTL_ATTRIBUTE]: epochSeconds(Date.parse(at) + EVENT_MEMORY_MS),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Writes an event's row alone: 'duplicate' when that event id was recorded before. */
async function putEventOnce(put: ReturnType<typeof eventPutOf>) {
  try {
    await table.send(new PutCommand(put.Put));
    return 'recorded' as const;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') {
      return 'duplicate' as const;
    }
    throw error;
  }
}

/**
 * The event's row and a conditional change of the capture's plan, in one transaction:
 * 'changed'; 'duplicate' when the event id was recorded before; 'unchanged' when the plan was
 * not in the state the change needs (the event is then recorded alone).
 */
async function changePlanOnce(
  capture: Record<string, unknown>,
  eventPut: ReturnType<typeof eventPutOf>,
  change: { update: string; condition: string; values: Record<string, unknown> },
): Promise<'changed' | 'duplicate' | 'unchanged'> {
  try {
    await table.send(
      new TransactWriteCommand({
        TransactItems: [
          eventPut,
          {
            Update: {
              TableName: TABLE_NAME,
              Key: {
                PK: marketplaceKeys.connection(capture.user_id as string).PK,
                SK: capture.subscription_sk as string,
              },
              UpdateExpression: change.update,
              ConditionExpression: `attribute_exists(PK) AND ${change.condition}`,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: change.values,
            },
          },
        ],
      }),
    );
    return 'changed';
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    if (cancelledBy(error, 0)) return 'duplicate';
    if (!cancelledBy(error, 1)) throw error;
  }
  return (await putEventOnce(eventPut)) === 'recorded' ? 'unchanged' : 'duplicate';
}

export const paymentEventStore: PaymentEventStore = {
  async endPlanForCapture({ eventId, captureId, status, reason, endedAt }) {
    const capture = await knownCapture(captureId);
    if (!capture) return 'unknown_capture';
    // The rules of `statusAfter` (domain/plan): a refund or reversal also ends a disputed plan,
    // recorded on it, so the dispute's resolution cannot bring it back; a dispute ends an active
    // plan only.
    const fromDispute = status !== 'disputed';
    const outcome = await changePlanOnce(capture, eventPutOf(eventId, captureId, reason, endedAt), {
      update:
        'SET #status = :status, ended_at = if_not_exists(ended_at, :ended), end_reason = :reason',
      condition: fromDispute ? '#status IN (:active, :disputed)' : '#status = :active',
      values: {
        ':status': status,
        ':ended': endedAt,
        ':reason': reason,
        ':active': 'active',
        ...(fromDispute ? { ':disputed': 'disputed' } : {}),
      },
    });
    // 'unchanged': the plan had already ended (an earlier refund), the event is recorded.
    return outcome === 'changed' ? 'ended' : outcome === 'unchanged' ? 'already_ended' : outcome;
  },

  async restorePlanForCapture({ eventId, captureId, reason, at }) {
    const capture = await knownCapture(captureId);
    if (!capture) return 'unknown_capture';
    const outcome = await changePlanOnce(capture, eventPutOf(eventId, captureId, reason, at), {
      update: 'SET #status = :active REMOVE ended_at, end_reason',
      condition: '#status = :disputed',
      values: { ':active': 'active', ':disputed': 'disputed' },
    });
    // 'unchanged': refunded or reversed meanwhile, or never disputed; the plan stays as it is.
    return outcome === 'changed' ? 'restored' : outcome;
  },

  async holdCaptureEvent({ eventId, captureId, event, reason, at, refunded }) {
    const eventPut = eventPutOf(eventId, captureId, reason, at, { held: true });
    try {
      await table.send(
        new TransactWriteCommand({
          TransactItems: [
            eventPut,
            {
              // Only while no plan was bought with the capture (nor its account deleted).
              ConditionCheck: {
                TableName: TABLE_NAME,
                Key: marketplaceKeys.paymentCapture(captureId),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
            {
              Put: {
                TableName: TABLE_NAME,
                Item: {
                  ...marketplaceKeys.heldCaptureEvent(captureId, at, eventId),
                  type: 'held_capture_event',
                  capture_id: captureId,
                  event_id: eventId,
                  event,
                  event_type: reason,
                  received_at: at,
                  ...(refunded ? { refunded } : {}),
                  [TTL_ATTRIBUTE]: epochSeconds(Date.parse(at) + HELD_EVENT_MEMORY_MS),
                },
              },
            },
            {
              Update: {
                TableName: TABLE_NAME,
                Key: marketplaceKeys.heldCaptureVersion(captureId),
                UpdateExpression: 'ADD version :one SET #type = :type, #ttl = :ttl',
                ExpressionAttributeNames: { '#type': 'type', '#ttl': TTL_ATTRIBUTE },
                ExpressionAttributeValues: {
                  ':one': 1,
                  ':type': 'held_capture_version',
                  ':ttl': epochSeconds(Date.parse(at) + HELD_EVENT_MEMORY_MS),
                },
              },
            },
          ],
        }),
      );
      return 'held';
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      if (cancelledBy(error, 0)) return 'duplicate';
      if (!cancelledBy(error, 1)) throw error;
    }
    // The capture has a row: claimed meanwhile (apply the event), or its account was deleted.
    return (await knownCapture(captureId)) ? 'known' : 'unknown_capture';
  },

  async recordCaptureEvent({ eventId, captureId, reason, receivedAt, refunded }) {
    if (!(await knownCapture(captureId))) return 'unknown_capture';
    return putEventOnce(
      eventPutOf(eventId, captureId, reason, receivedAt, {
        refunded_total: `${refunded.value} ${refunded.currency}`,
      }),
    );
  },
};

/** The user's subscriptions, newest first; `activePlan` (domain/plan) picks the one in force. */
export async function listSubscriptions(
  userId: string,
  options: { consistent?: boolean } = {},
): Promise<Subscription[]> {
  const out: Subscription[] = [];
  const pages = queryPages({
    ConsistentRead: options.consistent ?? false,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': marketplaceKeys.connection(userId).PK,
      ':prefix': marketplaceKeys.subscriptionPrefix,
    },
    ScanIndexForward: false,
  });
  for await (const page of pages) {
    for (const item of page) out.push(subscriptionOf(item));
  }
  return out;
}
