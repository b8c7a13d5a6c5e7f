import { randomUUID } from 'node:crypto';
import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { ensureTable } from '../../local/stack/dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/stack/aws';
import { caseKeys } from '../../lambdas/adapters/dynamo/keys';
import { runMigration } from './support/migration-cli';
import { stackInfo } from './stack';

/**
 * `npm run -s migrate:case-listing` without `--user` (issue 18): the whole-table run an operator
 * does once after deploying the paged case list. It scans every item, so it runs here on a small
 * table of its own (same design as the app's), not on the shared test table: cases written
 * before the list had an index get their listing key, everything else is left as it was, and a
 * second run changes nothing.
 */
const stack = stackInfo();
const TABLE = `migration-${randomUUID().slice(0, 8)}`;
const client = new DynamoDBClient({
  endpoint: stack.dynamodb.endpoint,
  region: LOCAL_REGION,
  credentials: LOCAL_CREDENTIALS,
});
const db = DynamoDBDocumentClient.from(client);

function migrate() {
  return runMigration('migrate-case-listing.ts', TABLE, stack.dynamodb.endpoint, []);
}

/** A case as the app stored it before the listing key existed (no GSI1 attributes). */
function oldCase(userId: string, shipmentId: string, updatedAt: string) {
  return {
    ...caseKeys.case(userId, shipmentId),
    user_id: userId,
    shipment_id: shipmentId,
    status: 'ready',
    created_at: '2025-06-01T08:00:00.000Z',
    updated_at: updatedAt,
  };
}

async function listing(userId: string): Promise<string[]> {
  const answer = await db.send(
    new QueryCommand({
      TableName: TABLE,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': caseKeys.caseListingPartition(userId) },
      ScanIndexForward: false,
    }),
  );
  return (answer.Items ?? []).map((item) => item.shipment_id as string);
}

const sellerA = `user-${randomUUID()}`;
const sellerB = `user-${randomUUID()}`;
const shipmentItem = {
  PK: `USER#${sellerA}`,
  SK: 'SHIPMENT#FBAKEEP',
  user_id: sellerA,
  shipment_id: 'FBAKEEP',
  updated_at: '2025-06-02T08:00:00.000Z',
};

beforeAll(async () => {
  await ensureTable(stack.dynamodb.endpoint, TABLE);
  const listed = {
    ...oldCase(sellerB, 'FBANEWCASE', '2025-07-01T08:00:00.000Z'),
    ...caseKeys.caseListing(sellerB, '2025-07-01T08:00:00.000Z', 'FBANEWCASE'),
  };
  for (const item of [
    oldCase(sellerA, 'FBAOLD1', '2025-06-03T08:00:00.000Z'),
    oldCase(sellerA, 'FBAOLD2', '2025-06-05T08:00:00.000Z'),
    oldCase(sellerB, 'FBAOLD3', '2025-06-04T08:00:00.000Z'),
    listed,
    shipmentItem,
  ]) {
    await db.send(new PutCommand({ TableName: TABLE, Item: item }));
  }
}, 60_000);

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: TABLE })).catch(() => undefined);
  client.destroy();
});

test('a whole-table run lists every old case under its seller, newest change first, once', async () => {
  expect(await listing(sellerA)).toEqual([]);

  const first = await migrate();
  expect(first.code).toBe(0);
  const result = JSON.parse(first.stdout) as { scanned: number; updated: number };
  expect(result.updated).toBe(3);
  expect(result.scanned).toBe(5);

  expect(await listing(sellerA)).toEqual(['FBAOLD2', 'FBAOLD1']);
  expect(await listing(sellerB)).toEqual(['FBANEWCASE', 'FBAOLD3']);
  // Only cases are touched: a shipment keeps no listing key.
  const shipment = await db.send(
    new GetCommand({ TableName: TABLE, Key: { PK: shipmentItem.PK, SK: shipmentItem.SK } }),
  );
  expect(shipment.Item).toEqual(shipmentItem);

  const second = await migrate();
  expect(second.code).toBe(0);
  expect(JSON.parse(second.stdout)).toMatchObject({ updated: 0 });
  expect(await listing(sellerA)).toEqual(['FBAOLD2', 'FBAOLD1']);
}, 90_000);
