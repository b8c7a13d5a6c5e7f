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
import {
  caseKeys,
  claimItem,
  claimKeys,
  marketplaceKeys,
} from '../../lambdas/adapters/dynamo/keys';
import { shipmentItemRow } from '../../lambdas/adapters/dynamo/shipment-items';
import { toStoredClaim, type StoredClaim } from '../../lambdas/domain/claims/model';
import { runMigration } from './support/migration-cli';
import { stackInfo } from './stack';

/**
 * `npm run -s migrate:inbound-claims` (issue 32): the whole-table run an operator does once so
 * that inbound shipments synced before they were claims show in the claims list. On a small
 * table of its own (the app's design), read two items a page: a dry run counts and writes
 * nothing; the run writes one claim row per synced shipment with missing units, in the state
 * its case gives; a second run writes nothing.
 */
const stack = stackInfo();
const TABLE = `inbound-migration-${randomUUID().slice(0, 8)}`;
const client = new DynamoDBClient({
  endpoint: stack.dynamodb.endpoint,
  region: LOCAL_REGION,
  credentials: LOCAL_CREDENTIALS,
});
const db = DynamoDBDocumentClient.from(client);
const IT = 'APJ6JRA9NG5V4';

function migrate(...args: string[]) {
  return runMigration('migrate-inbound-claims.ts', TABLE, stack.dynamodb.endpoint, [
    '--page-size',
    '2',
    ...args,
  ]);
}

/** A synced shipment row as the sync stores it, with its items. */
function shipment(userId: string, shipmentId: string, items: [string, number, number][]) {
  const discrepancy = items.reduce((n, [, expected, found]) => n + expected - found, 0);
  return [
    {
      ...marketplaceKeys.shipment(userId, shipmentId),
      type: 'shipment',
      source: 'sync',
      user_id: userId,
      shipment_id: shipmentId,
      shipment_name: shipmentId,
      reference_id: null,
      fc_code: 'MXP5',
      status: 'CLOSED',
      closed_at_ts: null,
      closed_by: '2026-01-20T00:00:00.000Z',
      first_synced_at: '2026-01-21T08:00:00.000Z',
      ledger_received_at: '2026-01-10T00:00:00.000Z',
      last_updated_from: '2026-01-01T00:00:00.000Z',
      last_updated_to: '2026-01-20T00:00:00.000Z',
      marketplace_id: IT,
      units_expected: items.reduce((n, [, e]) => n + e, 0),
      units_found: items.reduce((n, [, , f]) => n + f, 0),
      discrepancy,
      item_count: items.length,
      synced_at: '2026-01-21T08:00:00.000Z',
    },
    ...items.map(([sku, unitsExpected, unitsFound]) =>
      shipmentItemRow(userId, shipmentId, IT, {
        sku,
        asin: null,
        title: null,
        unitsExpected,
        unitsFound,
        discrepancy: unitsExpected - unitsFound,
      }),
    ),
  ];
}

async function claimsOf(userId: string): Promise<StoredClaim[]> {
  const answer = await db.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: {
        ':pk': claimKeys.claim(userId, '').PK,
        ':prefix': claimKeys.claimPrefix,
      },
    }),
  );
  return (answer.Items ?? []).map((item) => item.claim as StoredClaim);
}

const sellerA = `user-${randomUUID()}`;
const sellerB = `user-${randomUUID()}`;
/** A seller whose audit claim was marked opened with Amazon before the open count's index. */
const sellerC = `user-${randomUUID()}`;
const filedBefore: StoredClaim = {
  ...toStoredClaim(
    {
      kind: 'warehouse_lost',
      sku: 'MOKA-3',
      fnsku: 'X00OLD0001',
      reference: '77009990001',
      units: 1,
      amountPaid: 0,
      amountExpected: 18,
      currency: 'EUR',
      windowOpens: '2026-01-10',
      windowCloses: '2026-03-11',
      state: 'claim_now',
      note: null,
    },
    '2026-01-25T08:00:00.000Z',
  ),
  state: 'filed',
};
const filedIndexKey = async () =>
  (
    await db.send(
      new GetCommand({ TableName: TABLE, Key: claimKeys.claim(sellerC, filedBefore.id) }),
    )
  ).Item?.GSI2PK;

beforeAll(async () => {
  await ensureTable(stack.dynamodb.endpoint, TABLE);
  const items = [
    ...shipment(sellerA, 'FBAMISSING', [
      ['MUG', 10, 8],
      ['CUP', 5, 5],
    ]),
    ...shipment(sellerA, 'FBACOMPLETE', [['MUG', 4, 4]]),
    ...shipment(sellerB, 'FBASENT', [['PLATE', 6, 5]]),
    {
      ...marketplaceKeys.skuValue(sellerA, 'MUG'),
      type: 'sku_value',
      user_id: sellerA,
      sku: 'MUG',
      amount: 12.5,
      currency: 'EUR',
      updated_at: '2026-01-22T00:00:00.000Z',
      state: 'entered',
    },
    {
      ...caseKeys.case(sellerB, 'FBASENT'),
      type: 'case',
      id: 'case-1',
      user_id: sellerB,
      shipment_id: 'FBASENT',
      status: 'Inviato',
      created_at: '2026-01-25T08:00:00.000Z',
      updated_at: '2026-01-26T08:00:00.000Z',
    },
  ];
  const { GSI2PK: _pk, GSI2SK: _sk, ...oldShape } = claimItem(sellerC, filedBefore);
  for (const item of [...items, oldShape]) {
    await db.send(new PutCommand({ TableName: TABLE, Item: item }));
  }
}, 60_000);

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: TABLE })).catch(() => undefined);
  client.destroy();
});

test('a dry run counts, the run writes one claim per shipment with missing units, a second run nothing', async () => {
  const dry = await migrate('--dry-run');
  expect(dry.stderr).toBe('');
  expect(dry.code).toBe(0);
  expect(JSON.parse(dry.stdout)).toMatchObject({
    dryRun: true,
    sellers: 3,
    cases: 2,
    written: 2,
    unchanged: 0,
    skipped: 0,
    reindexed: 1,
  });
  expect(await claimsOf(sellerA)).toEqual([]);
  expect(await filedIndexKey()).toBeUndefined();

  const run = await migrate();
  expect(run.code).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({
    dryRun: false,
    written: 2,
    unchanged: 0,
    reindexed: 1,
  });
  // The claim opened before is counted again among those open with Amazon.
  expect(await filedIndexKey()).toBe(claimKeys.filedClaimPartition(sellerC));
  const a = await claimsOf(sellerA);
  expect(a).toHaveLength(1);
  expect(a[0]).toMatchObject({
    id: 'inbound_shipment:FBAMISSING:',
    kind: 'inbound_shipment',
    subject: { reference: 'FBAMISSING' },
    units: 2,
    amountExpected: 25,
    currency: 'EUR',
    window: { opens: '2026-01-10', closes: '2026-03-11', lastChance: '2026-07-12' },
    caseStatus: null,
  });
  const b = await claimsOf(sellerB);
  // Seller B's dispute was sent: open with Amazon, with the case's own status; no unit value.
  expect(b).toEqual([
    expect.objectContaining({
      subject: expect.objectContaining({ reference: 'FBASENT' }),
      state: 'filed',
      caseStatus: 'Inviato',
      amountExpected: null,
    }),
  ]);

  const again = await migrate();
  expect(again.code).toBe(0);
  expect(JSON.parse(again.stdout)).toMatchObject({ written: 0, unchanged: 2, reindexed: 0 });
}, 120_000);
