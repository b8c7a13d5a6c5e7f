import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  EMPTY_PROGRESS,
  type FeedbackImportJob,
  type FeedbackImportProgress,
} from '../../domain/feedback/import-job';
import { table, epochSeconds, TABLE_NAME } from './client';
import { feedbackKeys, TTL_ATTRIBUTE } from './keys';

/** A finished import's progress stays readable this long, then TTL removes it. */
const JOB_TTL_MS = 30 * 86_400_000;

const FIELDS = [
  'import_id',
  'user_id',
  'status',
  'file_name',
  'size',
  'marketplace',
  'language',
  'created_at',
  'updated_at',
  'failure',
  'rows_read',
  'rows_stored',
  'row_errors',
  'errors',
  'done_through_line',
] as const;

function toJob(item: Record<string, unknown>): FeedbackImportJob {
  return Object.fromEntries(
    FIELDS.map((f) => [f, item[f] ?? null]),
  ) as unknown as FeedbackImportJob;
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException;
}

/** A new import waiting for its upload. */
export async function createFeedbackImport(
  input: Pick<
    FeedbackImportJob,
    'import_id' | 'user_id' | 'file_name' | 'size' | 'marketplace' | 'language'
  >,
  now = Date.now(),
): Promise<FeedbackImportJob> {
  const at = new Date(now).toISOString();
  const job: FeedbackImportJob = {
    ...input,
    ...EMPTY_PROGRESS,
    errors: [],
    status: 'awaiting_upload',
    created_at: at,
    updated_at: at,
    failure: null,
  };
  await table.send(
    new PutCommand({
      TableName: TABLE_NAME,
      Item: {
        ...feedbackKeys.feedbackImport(input.user_id, input.import_id),
        type: 'feedback_import',
        ...job,
        [TTL_ATTRIBUTE]: epochSeconds(now + JOB_TTL_MS),
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return job;
}

/** One of the user's imports, or undefined. */
export async function getFeedbackImport(
  userId: string,
  importId: string,
): Promise<FeedbackImportJob | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: feedbackKeys.feedbackImport(userId, importId),
      ConsistentRead: true,
    }),
  );
  return Item ? toJob(Item) : undefined;
}

/** awaiting_upload → queued, once: false when the import was already started. */
export async function queueFeedbackImport(userId: string, importId: string): Promise<boolean> {
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: feedbackKeys.feedbackImport(userId, importId),
        UpdateExpression: 'SET #status = :queued, updated_at = :now',
        ConditionExpression: '#status = :awaiting',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':queued': 'queued',
          ':awaiting': 'awaiting_upload',
          ':now': new Date().toISOString(),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Takes the job for one run: queued or running, and not held by a live run (a lease that
 * outlasts the worker's time). Undefined when it is finished or another run holds it.
 */
export async function leaseFeedbackImport(
  userId: string,
  importId: string,
  leaseMs: number,
  now = Date.now(),
): Promise<{ job: FeedbackImportJob; leaseUntil: number } | undefined> {
  try {
    const { Attributes } = await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: feedbackKeys.feedbackImport(userId, importId),
        UpdateExpression: 'SET #status = :running, lease_until = :until, updated_at = :at',
        ConditionExpression:
          '#status IN (:queued, :running) AND (attribute_not_exists(lease_until) OR lease_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':queued': 'queued',
          ':until': now + leaseMs,
          ':now': now,
          ':at': new Date(now).toISOString(),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? { job: toJob(Attributes), leaseUntil: now + leaseMs } : undefined;
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/**
 * Saves a run's progress while it still holds the lease it took (`leaseUntil`); `finish` also
 * ends the job (done) or `release` lets the next run take it at once.
 */
export async function saveFeedbackImportProgress(
  userId: string,
  importId: string,
  leaseUntil: number,
  progress: FeedbackImportProgress,
  end: {
    status?: 'done' | 'failed';
    failure?: FeedbackImportJob['failure'];
    release?: boolean;
  } = {},
): Promise<boolean> {
  const sets = [
    'rows_read = :read',
    'rows_stored = :stored',
    'row_errors = :errorCount',
    '#errors = :errors',
    'done_through_line = :line',
    'updated_at = :at',
  ];
  const values: Record<string, unknown> = {
    ':read': progress.rows_read,
    ':stored': progress.rows_stored,
    ':errorCount': progress.row_errors,
    ':errors': progress.errors,
    ':line': progress.done_through_line,
    ':at': new Date().toISOString(),
    ':lease': leaseUntil,
  };
  if (end.status) {
    sets.push('#status = :status', 'failure = :failure');
    values[':status'] = end.status;
    values[':failure'] = end.failure ?? null;
  }
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: feedbackKeys.feedbackImport(userId, importId),
        UpdateExpression: `SET ${sets.join(', ')}${end.status || end.release ? ' REMOVE lease_until' : ''}`,
        ConditionExpression: 'lease_until = :lease',
        ExpressionAttributeNames: {
          '#errors': 'errors',
          ...(end.status ? { '#status': 'status' } : {}),
        },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Ends an import that cannot go on (its file is refused, or every delivery failed). */
export async function failFeedbackImport(
  userId: string,
  importId: string,
  failure: NonNullable<FeedbackImportJob['failure']>,
): Promise<void> {
  await table.send(
    new UpdateCommand({
      TableName: TABLE_NAME,
      Key: feedbackKeys.feedbackImport(userId, importId),
      UpdateExpression:
        'SET #status = :failed, failure = :failure, updated_at = :at REMOVE lease_until',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':failed': 'failed',
        ':failure': failure,
        ':at': new Date().toISOString(),
      },
    }),
  );
}
