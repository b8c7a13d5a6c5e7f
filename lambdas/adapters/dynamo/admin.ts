import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminUserRow, SupportMessage } from '../../domain/admin/contract';
import { fullName } from '../../domain/admin/users';
import { table, queryPages, TABLE_NAME } from './client';
import { readIndexPage } from './cursor';
import { keys } from './keys';

/**
 * Admin reads (issue 9). The user list is the GSI1 `PROFILES` listing, newest first. Without a
 * query a page is one query of `pageSize` items. With a query the listing is filtered on the
 * profile's `search_text` (normalised email and full name, written with the profile), reading
 * at most `MAX_EVALUATED` listing items per request: a request never reads the whole table, and
 * the cursor resumes where it stopped, so paging stays fast with tens of thousands of users.
 */
const MAX_EVALUATED = 4000;
const EVALUATE_PER_QUERY = 1000;

function toRow(item: Record<string, unknown>): AdminUserRow {
  return {
    id: String(item.id ?? ''),
    name: fullName(item as { first_name?: string; last_name?: string }),
    email: String(item.email ?? ''),
    phone: String(item.phone ?? ''),
    created_at: String(item.created_at ?? ''),
  };
}

export interface UserPage {
  items: AdminUserRow[];
  cursor: string | null;
}

/** @param query already normalised (`searchQuery` in domain/admin-users). */
export async function listUsers(options: {
  query?: string;
  cursor?: string;
  pageSize: number;
}): Promise<UserPage> {
  const page = await readIndexPage({
    partition: keys.profileListing('', '').GSI1PK,
    pageSize: options.pageSize,
    cursor: options.cursor,
    ...(options.query
      ? {
          filter: {
            expression: 'contains(search_text, :q)',
            values: { ':q': options.query },
          },
        }
      : {}),
    evaluatePerQuery: EVALUATE_PER_QUERY,
    maxEvaluated: MAX_EVALUATED,
  });
  return { items: page.items.map(toRow), cursor: page.cursor };
}

/**
 * The number of users, from the counter the profile writes keep (profiles.ts). A table that
 * predates the counter gets it once, by counting the listing.
 */
export async function countUsers(): Promise<number> {
  const { Item } = await table.send(new GetCommand({ TableName: TABLE_NAME, Key: keys.userCount }));
  if (typeof Item?.count === 'number') return Item.count;
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.profileListing('', '').GSI1PK },
        Select: 'COUNT',
        ExclusiveStartKey: startKey,
      }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  try {
    await table.send(
      new PutCommand({
        TableName: TABLE_NAME,
        Item: { ...keys.userCount, type: 'counter', count },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  return count;
}

/** The stored status of each of a user's cases (items `CASE#<shipmentId>` of the partition). */
export async function caseStatuses(userId: string): Promise<string[]> {
  const statuses: string[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': keys.userPartition(userId),
      ':prefix': keys.userCasesPrefix,
    },
    ProjectionExpression: 'SK, #status',
    ExpressionAttributeNames: { '#status': 'status' },
  })) {
    for (const item of page) {
      // Only the case rows themselves (`CASE#<id>`), not items nested under a case.
      const rest = String(item.SK).slice(keys.userCasesPrefix.length);
      if (typeof item.status === 'string' && !rest.includes('#')) statuses.push(item.status);
    }
  }
  return statuses;
}

// ---------------------------------------------------------------- support messages

/** Support requests, newest first, a page at a time. */
export async function listSupportMessages(options: {
  cursor?: string;
  pageSize: number;
}): Promise<{ items: SupportMessage[]; cursor: string | null }> {
  const page = await readIndexPage({
    partition: keys.supportListing('', '').GSI1PK,
    pageSize: options.pageSize,
    cursor: options.cursor,
    evaluatePerQuery: options.pageSize,
    maxEvaluated: options.pageSize,
  });
  return {
    items: page.items.map((item) => ({
      id: String(item.id),
      created_at: String(item.created_at),
      name: String(item.name ?? ''),
      email: String(item.email ?? ''),
      subject: String(item.subject ?? ''),
      message: String(item.message ?? ''),
      language: String(item.language ?? 'it'),
      resolved: item.resolved === true,
      resolved_at: typeof item.resolved_at === 'string' ? item.resolved_at : null,
    })),
    cursor: page.cursor,
  };
}

/**
 * Marks a support request resolved (kept: a repeat keeps the first resolution).
 * @returns false when there is no such request.
 */
export async function resolveSupportMessage(
  id: string,
  adminId: string,
  now: Date,
): Promise<{ resolved_at: string } | undefined> {
  try {
    const { Attributes } = await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: keys.supportMessage(id),
        UpdateExpression:
          'SET resolved = :true, resolved_at = if_not_exists(resolved_at, :now), resolved_by = if_not_exists(resolved_by, :admin)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':true': true, ':now': now.toISOString(), ':admin': adminId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { resolved_at: String(Attributes?.resolved_at) };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
