import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '../../domain/errors';
import type { MessageKey } from '../../domain/messages';
import { table, TABLE_NAME } from './client';

/**
 * Opaque page cursors for index queries: the last evaluated key, base64url JSON. Only a key of
 * the expected index partition (the caller's own, for a seller's lists) is accepted back, so a
 * cursor can never read another partition.
 */

const INDEX_KEY = ['PK', 'SK', 'GSI1PK', 'GSI1SK'] as const;

export type IndexKey = Record<(typeof INDEX_KEY)[number], string>;

/** A page cursor that is not one of this list's: the caller reloads the list. */
export class BadCursorError extends DomainError {
  readonly kind = 'invalid_input';

  constructor(readonly messageKey: MessageKey = 'adminBadCursor') {
    super('cursor');
  }
}

export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  if (!key) return null;
  const picked = Object.fromEntries(INDEX_KEY.map((k) => [k, key[k]]));
  return Buffer.from(JSON.stringify(picked), 'utf8').toString('base64url');
}

export function decodeCursor(
  cursor: string | undefined,
  partition: string,
  refusal?: MessageKey,
): IndexKey | undefined {
  if (!cursor) return undefined;
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    throw new BadCursorError(refusal);
  }
  const valid =
    parsed !== null &&
    typeof parsed === 'object' &&
    Object.keys(parsed).length === INDEX_KEY.length &&
    INDEX_KEY.every((k) => typeof parsed[k] === 'string') &&
    parsed.GSI1PK === partition;
  if (!valid) throw new BadCursorError(refusal);
  return parsed as IndexKey;
}

export interface IndexPageRequest {
  /** The GSI1 partition listed (newest first). */
  partition: string;
  pageSize: number;
  cursor?: string | undefined;
  /** What the caller reads when the cursor is not one of this list's (default `adminBadCursor`). */
  badCursor?: MessageKey;
  /** A filter on the listed items, its names and values (`:pk` is taken). */
  filter?: {
    expression: string;
    names?: Record<string, string>;
    values: Record<string, unknown>;
  };
  /** With a filter: items read per query, and at most per request. */
  evaluatePerQuery: number;
  maxEvaluated: number;
  /** Oldest first instead of newest first. */
  ascending?: boolean;
  /** Only the listing's sort keys in this range (both included). */
  sortKeyRange?: { from: string; to: string };
}

/**
 * One page of a GSI1 listing, newest first. Without a filter a page is one query of `pageSize`
 * items. With a filter, at most `maxEvaluated` listing items are read per request, so a request
 * never reads the whole listing; the cursor resumes where it stopped (a page may then be short
 * with a cursor). A cursor of another partition is refused (`BadCursorError`).
 */
export async function readIndexPage(
  request: IndexPageRequest,
): Promise<{ items: Record<string, unknown>[]; cursor: string | null }> {
  let startKey: Record<string, unknown> | undefined = decodeCursor(
    request.cursor,
    request.partition,
    request.badCursor,
  );
  const { filter, sortKeyRange: range } = request;
  const items: Record<string, unknown>[] = [];
  let evaluated = 0;
  do {
    const page = await table.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: range
          ? 'GSI1PK = :pk AND GSI1SK BETWEEN :skFrom AND :skTo'
          : 'GSI1PK = :pk',
        ...(filter ? { FilterExpression: filter.expression } : {}),
        ...(filter?.names ? { ExpressionAttributeNames: filter.names } : {}),
        ExpressionAttributeValues: {
          ...filter?.values,
          ':pk': request.partition,
          ...(range ? { ':skFrom': range.from, ':skTo': range.to } : {}),
        },
        ScanIndexForward: request.ascending === true,
        Limit: filter
          ? Math.min(request.evaluatePerQuery, request.maxEvaluated - evaluated)
          : request.pageSize - items.length,
        ExclusiveStartKey: startKey,
      }),
    );
    evaluated += page.ScannedCount ?? 0;
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
    if (items.length >= request.pageSize) {
      // More matches than a page: resume right after the last one shown.
      const kept = items.slice(0, request.pageSize);
      const more = items.length > request.pageSize || startKey !== undefined;
      return { items: kept, cursor: more ? encodeCursor(kept.at(-1)) : null };
    }
  } while (startKey && (!filter || evaluated < request.maxEvaluated));
  return { items, cursor: encodeCursor(startKey) };
}
