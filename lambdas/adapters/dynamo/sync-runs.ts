import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { LeaseLost, type SyncRunStore } from '../../domain/sync/sync';
import type { SyncRun, SyncState } from '../../domain/sync/run';
import { table, epochSeconds, partitionPrefix, TABLE_NAME } from './client';
import { marketplaceKeys, TTL_ATTRIBUTE } from './keys';

/** Runs are history for the dashboard; after this they go (table TTL). */
const RUN_RETENTION_MS = 90 * 86_400_000;

interface LockRow {
  runId: string;
  leaseUntil: number;
}

function runItem(run: SyncRun) {
  return {
    ...marketplaceKeys.syncRun(run.userId, run.runId),
    type: 'sync_run',
    ...run,
    [TTL_ATTRIBUTE]: epochSeconds(run.startedAt + RUN_RETENTION_MS),
  };
}

function toRun(item: Record<string, unknown>): SyncRun {
  const { PK: _pk, SK: _sk, type: _type, [TTL_ATTRIBUTE]: _ttl, ...run } = item;
  return run as unknown as SyncRun;
}

function lockItem(run: SyncRun) {
  return {
    ...marketplaceKeys.syncLock(run.userId),
    type: 'sync_lock',
    runId: run.runId,
    leaseUntil: run.leaseUntil,
    // The lock outlives its lease in the table only as long as it can matter.
    [TTL_ATTRIBUTE]: epochSeconds(run.leaseUntil + 86_400_000),
  };
}

function conditionFailed(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')
  );
}

async function getLock(userId: string): Promise<LockRow | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: marketplaceKeys.syncLock(userId),
      ConsistentRead: true,
    }),
  );
  return Item ? { runId: Item.runId as string, leaseUntil: Item.leaseUntil as number } : undefined;
}

/** A run that was still marked running when its lock was taken over stopped without ending. */
async function markInterrupted(userId: string, runId: string, at: number): Promise<void> {
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: marketplaceKeys.syncRun(userId, runId),
        UpdateExpression: 'SET #status = :failed, finishedAt = :at, #error = :error',
        ConditionExpression: 'attribute_exists(PK) AND #status = :running',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: {
          ':failed': 'failed',
          ':running': 'running',
          ':at': at,
          ':error': { code: 'interrupted', message: 'The sync stopped before finishing', at },
        },
      }),
    );
  } catch {
    // Already ended or gone: nothing to correct.
  }
}

/**
 * Sync runs, the per-user sync lock and the sync state, in the user's partition.
 *
 * The lock is one item per user holding the running run's id and a lease. Starting a run
 * writes the lock (only if absent or its lease ran out) and the run in one transaction, so two
 * concurrent starts cannot both succeed; every progress write renews the lease on the
 * condition that the lock is still this run's; the end of a run records it, releases the lock
 * and saves the state in one transaction.
 */
export const syncRunStore: SyncRunStore & {
  latest(userId: string): Promise<SyncRun | undefined>;
  recent(userId: string, limit: number): Promise<SyncRun[]>;
} = {
  async state(userId) {
    const { Item } = await table.send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: marketplaceKeys.syncState(userId),
        ConsistentRead: true,
      }),
    );
    if (!Item) return undefined;
    return {
      lastSuccessRunId: Item.lastSuccessRunId,
      lastSuccessAt: Item.lastSuccessAt,
      lastWindowTo: Item.lastWindowTo,
      lastFullSyncAt: Item.lastFullSyncAt,
    } as SyncState;
  },

  async start(run) {
    const held = await getLock(run.userId);
    if (held && held.leaseUntil >= run.startedAt) {
      return { started: false, runningRunId: held.runId };
    }
    try {
      await table.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: TABLE_NAME,
                Item: lockItem(run),
                ...(held
                  ? {
                      ConditionExpression: 'runId = :held AND leaseUntil < :now',
                      ExpressionAttributeValues: { ':held': held.runId, ':now': run.startedAt },
                    }
                  : { ConditionExpression: 'attribute_not_exists(PK)' }),
              },
            },
            {
              Put: {
                TableName: TABLE_NAME,
                Item: runItem(run),
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
    } catch (error) {
      if (!conditionFailed(error)) throw error;
      return { started: false, runningRunId: (await getLock(run.userId))?.runId };
    }
    if (held) await markInterrupted(run.userId, held.runId, run.startedAt);
    return { started: true };
  },

  async get(userId, runId) {
    const { Item } = await table.send(
      new GetCommand({
        TableName: TABLE_NAME,
        Key: marketplaceKeys.syncRun(userId, runId),
        ConsistentRead: true,
      }),
    );
    return Item ? toRun(Item) : undefined;
  },

  async save(run) {
    try {
      await table.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: TABLE_NAME,
                Item: lockItem(run),
                ConditionExpression: 'runId = :runId',
                ExpressionAttributeValues: { ':runId': run.runId },
              },
            },
            { Put: { TableName: TABLE_NAME, Item: runItem(run) } },
          ],
        }),
      );
    } catch (error) {
      if (conditionFailed(error)) throw new LeaseLost(run.runId);
      throw error;
    }
  },

  async finish(run, state) {
    try {
      await table.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: TABLE_NAME,
                Key: marketplaceKeys.syncLock(run.userId),
                ConditionExpression: 'runId = :runId',
                ExpressionAttributeValues: { ':runId': run.runId },
              },
            },
            { Put: { TableName: TABLE_NAME, Item: runItem(run) } },
            ...(state
              ? [
                  {
                    Put: {
                      TableName: TABLE_NAME,
                      Item: {
                        ...marketplaceKeys.syncState(run.userId),
                        type: 'sync_state',
                        ...state,
                      },
                    },
                  },
                ]
              : []),
          ],
        }),
      );
    } catch (error) {
      if (conditionFailed(error)) throw new LeaseLost(run.runId);
      throw error;
    }
  },

  async latest(userId) {
    const { Items } = await table.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: {
          ':pk': marketplaceKeys.syncRun(userId, '').PK,
          ':prefix': marketplaceKeys.syncRunPrefix,
        },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const item = Items?.[0];
    return item ? toRun(item) : undefined;
  },

  /** The newest runs first, for the dashboard's recent activity. */
  async recent(userId, limit) {
    const { Items } = await table.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        ...partitionPrefix(marketplaceKeys.syncRun(userId, '').PK, marketplaceKeys.syncRunPrefix),
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (Items ?? []).map(toRun);
  },
};
