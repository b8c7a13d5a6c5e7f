import { BatchWriteCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { chunk, mapLimit } from '../../domain/concurrency';
import { DomainError } from '../../domain/errors';
import type { SellerFeedback } from '../../domain/feedback/seller-feedback';
import { table, TABLE_NAME } from './client';
import { feedbackKeys } from './keys';
import { sweepIfAccountDeleted } from './account-guard';

/** BatchWriteItem's limit per request. */
const BATCH = 25;
const BATCH_CONCURRENCY = 8;
const MAX_ATTEMPTS = 8;

const FIELDS = [
  'id',
  'user_id',
  'comment_date',
  'order_id',
  'asin',
  'rating',
  'comment',
  'response',
  'is_fba',
  'keywords',
  'suggested_action',
  'reason_code',
  'reason_topics',
  'suggested_reason',
  'suggested_reply',
  'removable',
  'marketplace',
  'imported_at',
] as const;

function toFeedback(item: Record<string, unknown>): SellerFeedback {
  const row = Object.fromEntries(FIELDS.map((f) => [f, item[f] ?? null])) as Record<
    string,
    unknown
  >;
  return {
    ...(row as unknown as SellerFeedback),
    keywords: (item.keywords as string[] | undefined) ?? [],
    removable: item.removable === true,
    rating: Number(item.rating ?? 0),
    comment: (item.comment as string | undefined) ?? '',
  };
}

function itemOf(row: SellerFeedback): Record<string, unknown> {
  return {
    ...feedbackKeys.feedback(row.user_id, row.order_id),
    ...feedbackKeys.feedbackByDate(row.user_id, row.comment_date, row.order_id),
    type: 'seller_feedback',
    ...row,
  };
}

async function writeBatch(items: Record<string, unknown>[]): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  // DynamoDB may hand back part of a batch under load; those are retried with backoff.
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    if (attempt > MAX_ATTEMPTS) throw new Error('Some feedback rows could not be written');
    const result = await table.send(
      new BatchWriteCommand({ RequestItems: { [TABLE_NAME]: pending } }),
    );
    pending = (result.UnprocessedItems?.[TABLE_NAME] ?? []) as typeof pending;
    if (pending.length > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
  }
}

/**
 * Upserts feedback rows, one item per user and order: a put on that key replaces the row, so
 * repeated or simultaneous imports of the same file leave one row per order. The rows must
 * hold distinct orders (BatchWriteItem refuses a repeated key in one request).
 */
export async function saveFeedbackRows(rows: readonly SellerFeedback[]): Promise<void> {
  await mapLimit(chunk(rows.map(itemOf), BATCH), BATCH_CONCURRENCY, writeBatch);
  // Batch writes take no condition: an import that ran into an account deletion is undone.
  for (const userId of new Set(rows.map((row) => row.user_id))) await sweepIfAccountDeleted(userId);
}

/** Write units of one item: a unit per started KB, for the table and again for GSI1. */
function writeUnits(item: Record<string, unknown>): number {
  return 2 * Math.ceil(Buffer.byteLength(JSON.stringify(item), 'utf8') / 1024);
}

/**
 * A seller's write pace: every feedback row of a seller lives in one partition (PK
 * `USER#<id>`, GSI1PK `FEEDBACK#<id>`), and DynamoDB serves at most 1,000 write units a second
 * per partition. The background import writes at `unitsPerSecond` (under that ceiling, with
 * room for the seller's other writes) instead of bursting into throttling. 0: no pacing.
 */
export function feedbackWritePacer(unitsPerSecond: number, now = () => Date.now()) {
  const started = now();
  let spent = 0;
  return async (units: number): Promise<void> => {
    spent += units;
    if (unitsPerSecond <= 0) return;
    const due = started + (spent / unitsPerSecond) * 1000;
    const wait = due - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  };
}

/**
 * Upserts rows like {@link saveFeedbackRows}, each batch of 25 waiting for its turn from
 * `pace` (see {@link feedbackWritePacer}).
 */
export async function saveFeedbackRowsPaced(
  rows: readonly SellerFeedback[],
  pace: (units: number) => Promise<void>,
): Promise<void> {
  await mapLimit(chunk(rows.map(itemOf), BATCH), BATCH_CONCURRENCY, async (batch) => {
    await pace(batch.reduce((sum, item) => sum + writeUnits(item), 0));
    await writeBatch(batch);
  });
}

/** One row by its id (the order id), or undefined. */
export async function getFeedback(
  userId: string,
  feedbackId: string,
): Promise<SellerFeedback | undefined> {
  const { Item } = await table.send(
    new GetCommand({ TableName: TABLE_NAME, Key: feedbackKeys.feedback(userId, feedbackId) }),
  );
  return Item ? toFeedback(Item) : undefined;
}

export interface FeedbackFilter {
  marketplace?: string | undefined;
  removableOnly?: boolean | undefined;
  /**
   * With `removableOnly`: the oldest feedback date still inside the removal window
   * (removal-window.ts), so a removal ground past its 60 days is not listed as removable.
   */
  removableSince?: string | undefined;
}

function filterExpression(filter: FeedbackFilter) {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  if (filter.marketplace) {
    // Spec 7.2: that marketplace, or a row with no marketplace.
    parts.push(
      '(attribute_not_exists(marketplace) OR attribute_type(marketplace, :nullType) OR marketplace = :marketplace)',
    );
    values[':nullType'] = 'NULL';
    values[':marketplace'] = filter.marketplace;
  }
  if (filter.removableOnly) {
    parts.push('removable = :true');
    values[':true'] = true;
    if (filter.removableSince) {
      parts.push('comment_date >= :removableSince');
      values[':removableSince'] = filter.removableSince;
    }
  }
  return parts.length > 0 ? { FilterExpression: parts.join(' AND '), values } : { values };
}

function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;
}

/** A cursor that is not a key of the caller's own feedback index (forged, or another user's). */
export class BadFeedbackCursorError extends DomainError {
  readonly kind = 'invalid_input';
  readonly messageKey = 'adminBadCursor';
}

const CURSOR_KEYS = ['GSI1PK', 'GSI1SK', 'PK', 'SK'];

/** Only a key of the caller's own index page is accepted back as the start of the next page. */
function decodeCursor(
  cursor: string | undefined,
  userId: string,
): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadFeedbackCursorError('cursor');
  }
  const key = value as Record<string, unknown>;
  const valid =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(key).length === CURSOR_KEYS.length &&
    CURSOR_KEYS.every((k) => typeof key[k] === 'string') &&
    key.GSI1PK === feedbackKeys.feedbackByDatePartition(userId) &&
    key.PK === feedbackKeys.feedback(userId, '').PK &&
    String(key.SK).startsWith(feedbackKeys.feedbackPrefix);
  if (!valid) throw new BadFeedbackCursorError('cursor');
  return key;
}

export interface FeedbackPage {
  items: SellerFeedback[];
  /** The matching rows, counted up to FEEDBACK_TOTAL_CAP. */
  total: number;
  /** True when there are more than `total` (the count stopped at the cap). */
  total_capped: boolean;
  next_cursor: string | null;
}

/** Rows counted for the list's title; past it the title says "1000+" (a count reads every row). */
export const FEEDBACK_TOTAL_CAP = 1000;

/** Rows a count reads at most before its filter; past them the title says "N+". */
export const FEEDBACK_COUNT_MAX_EVALUATED = 5000;

/** A page's items stop before their JSON passes this: each response stays under 100 KB. */
export const FEEDBACK_PAGE_MAX_BYTES = 90 * 1024;

/**
 * The user's feedback, newest comment first (spec 7.2), a page at a time: at most `limit` rows
 * and FEEDBACK_PAGE_MAX_BYTES of them, so a response never grows with the seller's history.
 * DynamoDB's Limit counts rows before the filter, so each query asks for no more than the page
 * still lacks; the cursor then points right after the last row returned.
 */
export async function listFeedback(
  userId: string,
  filter: FeedbackFilter,
  page: { limit: number; cursor?: string | undefined },
): Promise<FeedbackPage> {
  const { FilterExpression, values } = filterExpression(filter);
  const base = {
    TableName: TABLE_NAME,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': feedbackKeys.feedbackByDatePartition(userId), ...values },
    ...(FilterExpression ? { FilterExpression } : {}),
    ScanIndexForward: false,
  };
  const items: SellerFeedback[] = [];
  let bytes = 0;
  let full = false;
  let lastKey: Record<string, unknown> | undefined;
  let startKey = decodeCursor(page.cursor, userId);
  do {
    const result = await table.send(
      new QueryCommand({ ...base, Limit: page.limit - items.length, ExclusiveStartKey: startKey }),
    );
    for (const item of result.Items ?? []) {
      const row = toFeedback(item);
      const size = Buffer.byteLength(JSON.stringify(row), 'utf8') + 1;
      if (items.length > 0 && bytes + size > FEEDBACK_PAGE_MAX_BYTES) {
        full = true;
        break;
      }
      items.push(row);
      bytes += size;
      lastKey = Object.fromEntries(CURSOR_KEYS.map((k) => [k, item[k]]));
    }
    // A page cut short by the byte budget goes on right after its last row.
    startKey = full ? lastKey : result.LastEvaluatedKey;
  } while (!full && startKey && items.length < page.limit);

  // The count reads one row past the cap at most, and at most FEEDBACK_COUNT_MAX_EVALUATED rows
  // under a filter (a query without a Limit would read up to 1 MB of rows each time).
  let total = 0;
  let evaluated = 0;
  let countKey: Record<string, unknown> | undefined;
  do {
    const result = await table.send(
      new QueryCommand({
        ...base,
        Select: 'COUNT',
        Limit: Math.min(FEEDBACK_TOTAL_CAP + 1 - total, FEEDBACK_COUNT_MAX_EVALUATED - evaluated),
        ExclusiveStartKey: countKey,
      }),
    );
    total += result.Count ?? 0;
    evaluated += result.ScannedCount ?? 0;
    countKey = result.LastEvaluatedKey;
  } while (countKey && total <= FEEDBACK_TOTAL_CAP && evaluated < FEEDBACK_COUNT_MAX_EVALUATED);

  return {
    items,
    total: Math.min(total, FEEDBACK_TOTAL_CAP),
    // More rows than counted: past the cap, or past the rows a filtered count reads.
    total_capped: total > FEEDBACK_TOTAL_CAP || countKey !== undefined,
    next_cursor: encodeCursor(startKey),
  };
}
