import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { DEMO_REFERENCE_PREFIX, isDemoClaim, type StoredClaim } from '../../domain/claims/model';
import type { ClaimPageRequest } from '../../domain/claims/claims-list';
import { INBOUND_KIND } from '../../domain/claims/stored';
import { queryPages, table, TABLE_NAME } from './client';
import { readIndexPage } from './cursor';
import { claimItem, claimKeys } from './keys';

/**
 * The seller's claims (domain/claims/model.ts): one item per claim in the seller's partition,
 * listed on GSI1 by deadline (the window's last day), soonest first.
 */

const fromItem = (item: Record<string, unknown>) => item.claim as StoredClaim;

/** Every claim item of the seller's partition, a page at a time, optionally filtered. */
function sellerClaimPages(
  userId: string,
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> },
) {
  return queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ...(filter
      ? { FilterExpression: filter.expression, ExpressionAttributeNames: filter.names }
      : {}),
    ExpressionAttributeValues: {
      ':pk': claimKeys.claim(userId, '').PK,
      ':prefix': claimKeys.claimPrefix,
      ...filter?.values,
    },
  });
}

/**
 * Every claim the audit found for the seller (the audit reconciles against them, the dashboard
 * and the digest count them). Inbound shipments are not among them: their cases count and alert
 * for them already, and the audit never changes their rows.
 */
export async function listAllClaims(userId: string): Promise<StoredClaim[]> {
  const out: StoredClaim[] = [];
  const pages = sellerClaimPages(userId, {
    expression: '#kind <> :inbound',
    names: { '#kind': 'kind' },
    values: { ':inbound': INBOUND_KIND },
  });
  for await (const page of pages) out.push(...page.map(fromItem));
  return out;
}

/** One claim of the seller by id; another seller's id finds nothing (their partition). */
export async function getClaim(userId: string, claimId: string): Promise<StoredClaim | undefined> {
  const { Item } = await table.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: claimKeys.claim(userId, claimId),
      ConsistentRead: true,
    }),
  );
  return Item && Item.user_id === userId ? fromItem(Item) : undefined;
}

/** Leaves the demo's claims out (real mode), on an item's stored claim. */
const NOT_DEMO =
  'NOT begins_with(#claim.#subject.#reference, :demo) AND attribute_not_exists(#claim.#demo)';
const NOT_DEMO_NAMES = {
  '#claim': 'claim',
  '#subject': 'subject',
  '#reference': 'reference',
  '#demo': 'demo',
};

/**
 * How many of the seller's audit claims are open with Amazon (filed, not yet settled); in real
 * mode without the demo's. Inbound shipments' cases say their own. Reads the sparse index of
 * filed claims: the cost follows the claims open, not the seller's history.
 */
export async function countFiledClaims(userId: string, realMode = false): Promise<number> {
  let count = 0;
  const pages = queryPages({
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :pk',
    ...(realMode ? { FilterExpression: NOT_DEMO, ExpressionAttributeNames: NOT_DEMO_NAMES } : {}),
    ExpressionAttributeValues: {
      ':pk': claimKeys.filedClaimPartition(userId),
      ...(realMode ? { ':demo': DEMO_REFERENCE_PREFIX } : {}),
    },
    ProjectionExpression: 'PK',
  });
  for await (const page of pages) count += page.length;
  return count;
}

/**
 * Audit claims open with Amazon written before the sparse index of filed claims existed: written
 * again (with their index key) unless `dryRun`; how many. A claim written since has its key.
 */
export async function reindexFiledClaims(userId: string, dryRun: boolean): Promise<number> {
  const pages = sellerClaimPages(userId, {
    expression: '#state = :filed AND #kind <> :inbound AND attribute_not_exists(GSI2PK)',
    names: { '#state': 'state', '#kind': 'kind' },
    values: { ':filed': 'filed', ':inbound': INBOUND_KIND },
  });
  let count = 0;
  for await (const page of pages) {
    count += page.length;
    if (!dryRun) await putClaims(userId, page.map(fromItem));
  }
  return count;
}

/** Writes claims as given (each replaces the stored one with its id). */
export async function putClaims(userId: string, claims: readonly StoredClaim[]): Promise<void> {
  for (const claim of claims) {
    await table.send(new PutCommand({ TableName: TABLE_NAME, Item: claimItem(userId, claim) }));
  }
}

/** Deletes the seller's demo claims (claims/demo.ts), and only those: how many. */
export async function deleteDemoClaims(userId: string): Promise<number> {
  const demo: StoredClaim[] = [];
  // Every kind, the demo's inbound shipments' rows too.
  const pages = sellerClaimPages(userId);
  for await (const page of pages) demo.push(...page.map(fromItem).filter(isDemoClaim));
  for (const claim of demo) {
    await table.send(
      new DeleteCommand({ TableName: TABLE_NAME, Key: claimKeys.claim(userId, claim.id) }),
    );
  }
  return demo.length;
}

/**
 * One page of the seller's claims by deadline, soonest first, optionally of a kind and state;
 * real mode leaves the demo's claims out.
 */
export async function pageClaims(
  userId: string,
  request: ClaimPageRequest,
): Promise<{ claims: StoredClaim[]; cursor: string | null }> {
  const conditions: string[] = [];
  const values: Record<string, unknown> = {};
  if (request.realMode) {
    conditions.push(NOT_DEMO);
    values[':demo'] = DEMO_REFERENCE_PREFIX;
  }
  if (request.kind) {
    conditions.push('#kind = :kind');
    values[':kind'] = request.kind;
  }
  if (request.state) {
    conditions.push('#state = :state');
    values[':state'] = request.state;
  }
  const page = await readIndexPage({
    partition: claimKeys.claimListingPartition(userId),
    ...(request.closesBetween
      ? { sortKeyRange: claimKeys.claimListingRange(request.closesBetween) }
      : {}),
    pageSize: request.pageSize,
    cursor: request.cursor,
    badCursor: 'badListQuery',
    ascending: true,
    evaluatePerQuery: 100,
    maxEvaluated: 500,
    ...(conditions.length > 0
      ? {
          filter: {
            expression: conditions.join(' AND '),
            names: {
              ...(request.kind ? { '#kind': 'kind' } : {}),
              ...(request.state ? { '#state': 'state' } : {}),
              ...(request.realMode ? NOT_DEMO_NAMES : {}),
            },
            values,
          },
        }
      : {}),
  });
  return { claims: page.items.map(fromItem), cursor: page.cursor };
}
