import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table, TABLE_NAME } from './client';
import { caseKeys } from './keys';

export interface BackfillResult {
  scanned: number;
  updated: number;
  /** Cases a running app wrote meanwhile: their write already set the key. */
  skipped: number;
}

/**
 * One-off migration for data stored before the paged case list (issue 18): gives every case
 * without a listing key (GSI1, `caseKeys.caseListing`) the key of its last change, so it shows
 * in `GET /api/cases`. Safe to run while the app serves: each update is conditional on the key
 * still missing, so a write by the app in between wins, and a second run changes nothing.
 */
export async function backfillCaseListing(
  options: { segments?: number; userIds?: readonly string[] } = {},
): Promise<BackfillResult> {
  const segments = options.segments ?? 4;
  const results = await Promise.all(
    options.userIds
      ? options.userIds.map((userId) => backfillSeller(userId))
      : Array.from({ length: segments }, (_, segment) => backfillSegment(segment, segments)),
  );
  return results.reduce(
    (sum, r) => ({
      scanned: sum.scanned + r.scanned,
      updated: sum.updated + r.updated,
      skipped: sum.skipped + r.skipped,
    }),
    { scanned: 0, updated: 0, skipped: 0 },
  );
}

const PROJECTION = 'PK, SK, user_id, shipment_id, updated_at, created_at';
const MISSING_KEY = 'attribute_not_exists(GSI1PK) AND attribute_exists(user_id)';

type Page = {
  Items?: Record<string, unknown>[];
  ScannedCount?: number;
  LastEvaluatedKey?: Record<string, unknown>;
};

/** Reads page after page and gives each case found its listing key. */
async function migratePages(
  read: (startKey: Record<string, unknown> | undefined) => Promise<Page>,
): Promise<BackfillResult> {
  const result = { scanned: 0, updated: 0, skipped: 0 };
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await read(startKey);
    result.scanned += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      if (await addListingKey(item)) result.updated++;
      else result.skipped++;
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return result;
}

/** One segment of a parallel scan of the whole table. */
function backfillSegment(segment: number, totalSegments: number): Promise<BackfillResult> {
  return migratePages((startKey) =>
    table.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        Segment: segment,
        TotalSegments: totalSegments,
        FilterExpression: `begins_with(SK, :case) AND ${MISSING_KEY}`,
        ExpressionAttributeValues: { ':case': caseKeys.casePrefix },
        ProjectionExpression: PROJECTION,
        ExclusiveStartKey: startKey,
      }),
    ),
  );
}

/** The same for one seller only: a query of their cases, no table scan. */
function backfillSeller(userId: string): Promise<BackfillResult> {
  return migratePages((startKey) =>
    table.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :case)',
        FilterExpression: MISSING_KEY,
        ExpressionAttributeValues: {
          ':pk': caseKeys.casePartition(userId),
          ':case': caseKeys.casePrefix,
        },
        ProjectionExpression: PROJECTION,
        ExclusiveStartKey: startKey,
      }),
    ),
  );
}

async function addListingKey(item: Record<string, unknown>): Promise<boolean> {
  const changedAt = (item.updated_at ?? item.created_at) as string | undefined;
  if (typeof changedAt !== 'string' || typeof item.shipment_id !== 'string') return false;
  const listing = caseKeys.caseListing(item.user_id as string, changedAt, item.shipment_id);
  try {
    await table.send(
      new UpdateCommand({
        TableName: TABLE_NAME,
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI1PK)',
        ExpressionAttributeValues: { ':pk': listing.GSI1PK, ':sk': listing.GSI1SK },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
