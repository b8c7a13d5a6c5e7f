import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { reindexFiledClaims } from './claims';
import { table, TABLE_NAME } from './client';
import { EMPTY_MIGRATION, writeSellerInboundClaims, type InboundMigration } from './inbound-claims';

/**
 * One-off migration (issue 32): the claim row of every stored shipment with missing units, for
 * data synced before inbound shipments were claims, and the index key of audit claims filed
 * before the open count read one (`reindexed`). Reads the table a page at a time (only those
 * rows, their seller's id) and migrates each seller once. Safe to run twice and while the app
 * serves; `dryRun` counts without writing.
 */
export async function migrateInboundClaims(options: {
  now: string;
  dryRun: boolean;
  userIds?: readonly string[];
  pageSize?: number;
}): Promise<InboundMigration & { scanned: number; reindexed: number }> {
  const total = { ...EMPTY_MIGRATION, scanned: 0, reindexed: 0 };
  const add = (r: InboundMigration) => {
    total.sellers += r.sellers;
    total.cases += r.cases;
    total.written += r.written;
    total.unchanged += r.unchanged;
    total.skipped += r.skipped;
  };
  const migrateSeller = async (userId: string) => {
    add(await writeSellerInboundClaims(userId, options));
    total.reindexed += await reindexFiledClaims(userId, options.dryRun);
  };
  if (options.userIds) {
    for (const userId of options.userIds) await migrateSeller(userId);
    return total;
  }
  const done = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression:
          '(#type = :shipment AND discrepancy > :zero) OR ' +
          '(#type = :claim AND #state = :filed AND attribute_not_exists(GSI2PK))',
        ExpressionAttributeNames: { '#type': 'type', '#state': 'state' },
        ExpressionAttributeValues: {
          ':shipment': 'shipment',
          ':zero': 0,
          ':claim': 'claim',
          ':filed': 'filed',
        },
        ProjectionExpression: 'user_id',
        ExclusiveStartKey: startKey,
        ...(options.pageSize ? { Limit: options.pageSize } : {}),
      }),
    );
    total.scanned += page.ScannedCount ?? 0;
    for (const item of page.Items ?? []) {
      const userId = item.user_id as string | undefined;
      if (!userId || done.has(userId)) continue;
      done.add(userId);
      await migrateSeller(userId);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return total;
}
