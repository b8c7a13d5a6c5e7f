import { stack } from './support/sync-env';
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table, TABLE_NAME } from '../../lambdas/adapters/dynamo/client';
import { getConnection } from '../../lambdas/adapters/dynamo/connections';
import { marketplaceKeys } from '../../lambdas/adapters/dynamo/keys';
import { syncRunStore } from '../../lambdas/adapters/dynamo/sync-runs';
import { startSync, SyncRefused } from '../../lambdas/domain/sync/sync';
import { runSyncJob } from '../../lambdas/domain/sync/jobs';
import type { SyncRun } from '../../lambdas/domain/sync/run';
import {
  IT,
  iso,
  daysAgo,
  shipment,
  scenario,
  expected,
  rawRows,
  harness,
  expectExactListing,
  closeHarnesses,
  syncWindow,
} from './support/sync-harness';

/** Re-syncs, concurrent syncs, a crashed worker and the stored refresh token. */

describe('shipment sync on DynamoDB with the SP-API simulator: re-syncs and recovery', () => {
  afterEach(closeHarnesses);

  it('resolves a sent case as found when a later sync shows every unit received (issue 16)', async () => {
    const first = scenario({
      inbound: {
        shipments: [
          shipment('FOUNDLATER', [
            { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 7 },
            { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 5 },
          ]),
          shipment('STILLSHORT', [{ SellerSKU: 'C', QuantityShipped: 3, QuantityReceived: 1 }]),
        ],
      },
    });
    const h = await harness(first);
    await h.sync();
    // Both disputes went to Amazon.
    for (const shipmentId of ['FOUNDLATER', 'STILLSHORT']) {
      await table.send(
        new PutCommand({
          TableName: TABLE_NAME,
          Item: {
            PK: `USER#${h.userId}`,
            SK: `CASE#${shipmentId}`,
            type: 'case',
            id: randomUUID(),
            user_id: h.userId,
            shipment_id: shipmentId,
            status: 'Inviato',
            demo_mode: false,
            created_at: iso(Date.now() - 86_400_000),
            updated_at: iso(Date.now() - 86_400_000),
            submitted_at: iso(Date.now() - 86_400_000),
            sent_provider: 'ses',
            sent_message_id: `<${randomUUID()}@eu-west-1.amazonses.com>`,
            sent_target: 'amazon',
          },
        }),
      );
    }

    // Amazon counted the three missing units of FOUNDLATER.
    h.sim.loadScenario(
      scenario({
        inbound: {
          shipments: [
            shipment(
              'FOUNDLATER',
              [
                { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 10 },
                { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 5 },
              ],
              { LastUpdatedDate: daysAgo(0.01) },
            ),
            shipment('STILLSHORT', [{ SellerSKU: 'C', QuantityShipped: 3, QuantityReceived: 1 }]),
          ],
        },
      }),
    );
    await h.sync();
    const { getCase } = await import('../../lambdas/adapters/dynamo/cases');
    expect(await getCase(h.userId, 'FOUNDLATER')).toMatchObject({
      status: 'unita_ritrovate',
      units_recovered: 3,
      outcome_source: 'sync',
    });
    expect(await getCase(h.userId, 'STILLSHORT')).toMatchObject({ status: 'Inviato' });
    // A repeat sync changes nothing more.
    await h.sync();
    expect((await getCase(h.userId, 'FOUNDLATER'))?.units_recovered).toBe(3);
  });

  it('follows the source on a re-sync, and a repeat changes nothing', async () => {
    // Prepare: first sync
    const first = scenario({
      inbound: {
        shipments: [
          shipment('FIXED', [
            { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 8 },
            { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 4 },
          ]),
          shipment('PARTLY', [
            { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 8 },
            { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 4 },
          ]),
          shipment('SAME', [{ SellerSKU: 'C', QuantityShipped: 3, QuantityReceived: 1 }]),
        ],
      },
    });
    const h = await harness(first);
    await h.sync();
    await expectExactListing(h, expected(first, IT, syncWindow().from, syncWindow().to));

    // Act: Amazon found the units of FIXED and one SKU of PARTLY; a new shipment closed
    const changed = scenario({
      inbound: {
        shipments: [
          shipment(
            'FIXED',
            [
              { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 10 },
              { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 5 },
            ],
            { LastUpdatedDate: daysAgo(0.01) },
          ),
          shipment(
            'PARTLY',
            [
              { SellerSKU: 'A', QuantityShipped: 10, QuantityReceived: 10 },
              { SellerSKU: 'B', QuantityShipped: 5, QuantityReceived: 4 },
            ],
            { LastUpdatedDate: daysAgo(0.01) },
          ),
          shipment('SAME', [{ SellerSKU: 'C', QuantityShipped: 3, QuantityReceived: 1 }]),
          shipment('NEW', [{ SellerSKU: 'D', QuantityShipped: 6 }], {
            LastUpdatedDate: daysAgo(0.01),
          }),
        ],
      },
    });
    h.sim.loadScenario(changed);
    const resync = await h.sync();

    // Assess
    expect(resync.mode).toBe('incremental');
    await expectExactListing(h, expected(changed, IT, syncWindow().from, syncWindow().to));
    expect((await h.listing()).map((x) => [x.shipment_id, x.items.map((i) => i.sku)])).toEqual([
      ['NEW', ['D']],
      ['PARTLY', ['B']],
      ['SAME', ['C']],
    ]);
    expect(resync.counts).toMatchObject({
      shipmentsAdded: 1,
      shipmentsUpdated: 1,
      shipmentsRemoved: 1,
      itemsRemoved: 3,
    });

    const before = await rawRows(h.userId);
    const repeat = await h.sync();
    expect(repeat.counts).toMatchObject({
      shipmentsAdded: 0,
      shipmentsUpdated: 0,
      shipmentsRemoved: 0,
      itemsWritten: 0,
      itemsRemoved: 0,
    });
    expect(await rawRows(h.userId)).toEqual(before);
  });

  it('lets one of two concurrent syncs run and tells the other', async () => {
    const h = await harness(scenario({ inbound: { shipments: [] } }));
    const results = await Promise.allSettled([
      startSync(h.userId, 'manual', h.deps),
      startSync(h.userId, 'manual', h.deps),
      startSync(h.userId, 'scheduled', h.deps),
    ]);
    const started = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(started).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(SyncRefused);
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        reason: 'already_running',
        runningRunId: (started[0] as PromiseFulfilledResult<SyncRun>).value.runId,
      });
    }
  });

  it('completes after a worker crash midway, with no duplicate rows', async () => {
    const s = scenario({
      inbound: {
        shipments: Array.from({ length: 30 }, (_, i) =>
          shipment(
            `C${String(i).padStart(2, '0')}`,
            [
              { SellerSKU: `K${i}`, QuantityShipped: 5, QuantityReceived: 1 },
              { SellerSKU: `L${i}`, QuantityShipped: 5, QuantityReceived: 2 },
            ],
            { LastUpdatedDate: daysAgo(3 + i * 17) },
          ),
        ),
      },
    });
    const h = await harness(s);
    const apply = h.deps.listing.apply;
    let applies = 0;
    h.deps.listing.apply = async (userId, changes) => {
      applies += 1;
      if (applies === 3) {
        // Half the slice reaches the table, then the worker dies.
        await apply(userId, changes.slice(0, Math.ceil(changes.length / 2)));
        throw new Error('worker crashed');
      }
      return apply(userId, changes);
    };
    const run = await startSync(h.userId, 'manual', h.deps);
    const job = { type: 'sync.user' as const, userId: h.userId, runId: run.runId };
    const jobDeps = {
      ...h.deps,
      queue: { enqueue: async () => [] },
      connectedUserIds: async function* () {},
    };
    const delivery = { remainingMs: 60_000, maxReceiveCount: 5, safetyMarginMs: 0 };

    await expect(runSyncJob(job, jobDeps, { ...delivery, receiveCount: 1 })).rejects.toThrow(
      'worker crashed',
    );
    expect(await syncRunStore.get(h.userId, run.runId)).toMatchObject({
      status: 'running',
      failedAttempts: 1,
    });

    // The queue delivers the message again.
    await runSyncJob(job, jobDeps, { ...delivery, receiveCount: 2 });
    expect(await syncRunStore.get(h.userId, run.runId)).toMatchObject({ status: 'succeeded' });
    await expectExactListing(h, expected(s, IT, syncWindow().from, syncWindow().to));
  });

  it('stores the refresh token encrypted and never reads it into the connection', async () => {
    const h = await harness(scenario({ inbound: { shipments: [] } }));
    const { Items } = await table.send(
      new QueryCommand({
        TableName: TABLE_NAME,
        KeyConditionExpression: 'PK = :pk AND SK = :sk',
        ExpressionAttributeValues: {
          ':pk': marketplaceKeys.connection(h.userId).PK,
          ':sk': marketplaceKeys.connection(h.userId).SK,
        },
      }),
    );
    const stored = Items?.[0] ?? {};
    expect(String(stored.lwa_refresh_token)).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain('Atzr|');
    const connection = await getConnection(h.userId);
    expect(connection).toMatchObject({
      status: 'connected',
      storeName: 'Bottega Prova',
      countryCode: 'IT',
      activeMarketplaces: ['IT'],
    });
    expect(JSON.stringify(connection)).not.toContain('lwa_refresh_token');
    expect(stack.dynamodb.table).toBe(TABLE_NAME);
  });
});
