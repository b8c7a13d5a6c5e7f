import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { chunk, mapLimit } from '../../domain/concurrency';
import { claimDeadline } from '../../domain/cases/claim-windows';
import { compareCodeUnits, type ListedShipment } from '../../domain/sync/discrepancy';
import type { DemoShipment } from '../../domain/demo-data';
import type { ShipmentChange } from '../../domain/sync/listing';
import type { StoredShipment } from '../../domain/sync/shipment-list';
import { AccountDeleted } from '../../domain/account/deletion';
import { accountGuard, refusedByAccountGuard } from './account-guard';
import { partitionPrefix, queryPages, table, TABLE_NAME, transact } from './client';
import { readIndexPage } from './cursor';
import { toInboundClaim, type InboundCase } from '../../domain/claims/inbound';
import { claimItem, marketplaceKeys } from './keys';
import {
  DEMO_SOURCE,
  shipmentItemRow,
  SYNC_SOURCE,
  toListedItem,
  type ShipmentItemRow,
} from './shipment-items';

/** TransactWriteItems' limit. */
const MAX_TRANSACTION_ITEMS = 100;
/** Writes per transaction, leaving room for the account guard. */
const MAX_GUARDED_WRITES = MAX_TRANSACTION_ITEMS - 1;
const TRANSACTION_CONCURRENCY = 4;

/** A shipment row: the spec's shipments fields plus what the sync needs to maintain it. */
export interface ShipmentRow {
  PK: string;
  SK: string;
  type: 'shipment';
  source: string;
  user_id: string;
  shipment_id: string;
  shipment_name: string;
  /** Not in the Inbound v0 responses; kept for the spec's field list. */
  reference_id: string | null;
  fc_code: string | null;
  status: string;
  /**
   * Amazon's v0 API gives no closing date; null unless known. The update range below bounds
   * when the shipment last changed (it closed at or before that).
   */
  closed_at_ts: string | null;
  /**
   * The latest moment it can have closed, as the first sync that saw it closed bounds it (ISO);
   * absent on rows written before it was kept (their update range stands in).
   */
  closed_by?: string;
  /** When a sync first wrote the shipment (ISO). */
  first_synced_at?: string;
  /** The last receipt Amazon's inventory ledger records for it (ISO), when the ledger gave one. */
  ledger_received_at?: string;
  last_updated_from: string;
  last_updated_to: string;
  marketplace_id: string;
  units_expected: number;
  units_found: number;
  discrepancy: number;
  item_count: number;
  synced_at: string;
  /** The shipments-list index (GSI1), on shipments with missing units only. */
  GSI1PK?: string;
  GSI1SK?: string;
  /** The end of the claim window (ISO), for the "deadline soon" filter. */
  claim_deadline?: string;
}

/**
 * A shipment header with the list index and its claim deadline when it has missing units
 * (a header written again without missing units leaves the list).
 */
function withListing<T extends ShipmentRow>(userId: string, row: T): T {
  if (row.discrepancy <= 0) return row;
  return { ...row, ...listingFields(userId, row) };
}

/** The shipment's dates as the claim windows read them. */
function datesOf(row: Partial<ShipmentRow>) {
  return {
    closedAt: row.closed_at_ts ?? null,
    lastUpdatedTo: row.last_updated_to ?? null,
    closedBy: row.closed_by ?? null,
    ledgerReceivedAt: row.ledger_received_at ?? null,
  };
}

/**
 * The list index keys and the claim deadline: the list sorts by the date the window counts
 * from (newest first), so its order is the deadlines' order.
 */
function listingFields(userId: string, row: ShipmentRow) {
  const claim = claimDeadline(datesOf(row), row.marketplace_id, 0);
  return {
    ...marketplaceKeys.shipmentListing(userId, claim.countedFrom ?? '', row.shipment_id),
    ...(claim.deadline ? { claim_deadline: claim.deadline } : {}),
  };
}

function shipmentRow(userId: string, shipment: ListedShipment, syncedAt: string): ShipmentRow {
  return withListing(userId, {
    ...marketplaceKeys.shipment(userId, shipment.shipmentId),
    type: 'shipment',
    source: SYNC_SOURCE,
    user_id: userId,
    shipment_id: shipment.shipmentId,
    shipment_name: shipment.shipmentName,
    reference_id: null,
    fc_code: shipment.fcCode,
    status: shipment.status,
    closed_at_ts: null,
    closed_by: new Date(shipment.closedBy ?? shipment.lastUpdated.to).toISOString(),
    first_synced_at: shipment.firstSyncedAt ?? syncedAt,
    ...(shipment.ledgerReceivedAt ? { ledger_received_at: shipment.ledgerReceivedAt } : {}),
    last_updated_from: new Date(shipment.lastUpdated.from).toISOString(),
    last_updated_to: new Date(shipment.lastUpdated.to).toISOString(),
    marketplace_id: shipment.marketplaceId,
    units_expected: shipment.unitsExpected,
    units_found: shipment.unitsFound,
    discrepancy: shipment.discrepancy,
    item_count: shipment.items.length,
    synced_at: syncedAt,
  });
}

/**
 * What the claim row of a shipment with missing units needs beyond the shipment (issue 32): the
 * seller's cases by shipment, their unit values (EUR) by SKU, and the moment of the write.
 */
export interface InboundFacts {
  cases: ReadonlyMap<string, InboundCase>;
  unitValues: ReadonlyMap<string, number>;
  now: string;
}

/** The claim row (claims/inbound.ts) of a shipment row with missing units, if it has a window. */
export function inboundClaimItem(
  userId: string,
  row: ShipmentRow,
  items: readonly { sku: string; discrepancy: number }[],
  facts: InboundFacts,
): Record<string, unknown> | undefined {
  if (row.discrepancy <= 0) return undefined;
  const claim = toInboundClaim(
    {
      ...datesOf(row),
      shipmentId: row.shipment_id,
      marketplaceId: row.marketplace_id,
      discrepancy: row.discrepancy,
      items,
      firstSyncedAt: row.first_synced_at ?? null,
    },
    facts.cases.get(row.shipment_id),
    facts.unitValues,
    facts.now,
  );
  return claim ? claimItem(userId, claim) : undefined;
}

type Operation = NonNullable<
  ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']
>[number];

/**
 * The writes of one shipment change, header last so a split change ends consistent; with the
 * facts, a header with missing units writes its claim row with it.
 */
function operationsOf(
  userId: string,
  change: ShipmentChange,
  syncedAt: string,
  facts?: InboundFacts,
): Operation[] {
  const ops: Operation[] = [];
  for (const sku of change.deleteSkus) {
    ops.push({
      Delete: {
        TableName: TABLE_NAME,
        Key: marketplaceKeys.shipmentItem(userId, change.shipmentId, sku),
      },
    });
  }
  for (const item of change.putItems) {
    ops.push({
      Put: {
        TableName: TABLE_NAME,
        Item: shipmentItemRow(userId, change.shipmentId, change.header?.marketplaceId ?? '', item),
      },
    });
  }
  if (!change.header) {
    ops.push({
      Delete: { TableName: TABLE_NAME, Key: marketplaceKeys.shipment(userId, change.shipmentId) },
    });
    return ops;
  }
  const row = shipmentRow(userId, change.header, syncedAt);
  ops.push({ Put: { TableName: TABLE_NAME, Item: row } });
  const claim = facts && inboundClaimItem(userId, row, change.header.items, facts);
  if (claim) ops.push({ Put: { TableName: TABLE_NAME, Item: claim } });
  return ops;
}

/**
 * Groups the changes into transactions of at most 99 writes (the account guard makes 100)
 * without splitting a shipment, so every shipment is written with its items at once. Only a
 * shipment with more than 98 changed SKUs needs several transactions; its header goes in the
 * last.
 */
export function transactionsOf(
  userId: string,
  changes: readonly ShipmentChange[],
  syncedAt: string,
  facts?: InboundFacts,
): Operation[][] {
  const transactions: Operation[][] = [];
  let current: Operation[] = [];
  for (const change of changes) {
    const ops = operationsOf(userId, change, syncedAt, facts);
    if (ops.length > MAX_GUARDED_WRITES) {
      if (current.length > 0) transactions.push(current);
      current = [];
      transactions.push(...chunk(ops, MAX_GUARDED_WRITES));
      continue;
    }
    if (current.length + ops.length > MAX_GUARDED_WRITES) {
      transactions.push(current);
      current = [];
    }
    current.push(...ops);
  }
  if (current.length > 0) transactions.push(current);
  return transactions;
}

/**
 * Writes into the user's partition only while the account exists: each transaction carries
 * the account guard, and a deleted account's writes are refused with `AccountDeleted`.
 */
function guardedTransact(userId: string) {
  return async (items: Operation[]): Promise<void> => {
    try {
      await transact([...items, accountGuard(userId)]);
    } catch (error) {
      if (refusedByAccountGuard(error, items.length)) throw new AccountDeleted(userId);
      throw error;
    }
  };
}

/**
 * Writes a listing change set; each shipment with its items (and, given the facts, its claim
 * row) in one transaction.
 */
export async function applyShipmentChanges(
  userId: string,
  changes: readonly ShipmentChange[],
  syncedAt: string = new Date().toISOString(),
  facts?: InboundFacts,
): Promise<void> {
  const transactions = transactionsOf(userId, changes, syncedAt, facts);
  await mapLimit(transactions, TRANSACTION_CONCURRENCY, guardedTransact(userId));
}

/**
 * Records the last ledger receipt of synced shipments, with the list keys and claim deadline
 * that follow from it. A shipment gone meanwhile (or a deleted account) is left alone.
 */
export async function setLedgerReceipts(
  userId: string,
  receipts: readonly { shipmentId: string; ledgerReceivedAt: string }[],
): Promise<void> {
  await mapLimit(receipts, TRANSACTION_CONCURRENCY, async ({ shipmentId, ledgerReceivedAt }) => {
    const key = marketplaceKeys.shipment(userId, shipmentId);
    const row = (
      await table.send(new GetCommand({ TableName: TABLE_NAME, Key: key, ConsistentRead: true }))
    ).Item as ShipmentRow | undefined;
    if (!row || row.source !== SYNC_SOURCE) return;
    const updated = { ...row, ledger_received_at: ledgerReceivedAt };
    const listing = updated.discrepancy > 0 ? listingFields(userId, updated) : {};
    const sets = Object.entries({ ledger_received_at: ledgerReceivedAt, ...listing });
    try {
      await table.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: key,
          UpdateExpression: `SET ${sets.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(PK) AND synced_at = :synced',
          ExpressionAttributeNames: Object.fromEntries(sets.map(([name], i) => [`#f${i}`, name])),
          ExpressionAttributeValues: {
            ...Object.fromEntries(sets.map(([, value], i) => [`:v${i}`, value])),
            ':synced': row.synced_at,
          },
        }),
      );
    } catch (error) {
      // Rewritten or deleted since it was read: the next sync records it again.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  });
}

/**
 * The synced shipments of one marketplace with their items, as the sync compares them with
 * what Amazon says now. Demo rows and other marketplaces are not part of it.
 */
export async function loadSyncedShipments(
  userId: string,
  marketplaceId: string,
): Promise<ListedShipment[]> {
  const shipments = new Map<string, ListedShipment>();
  const items: ShipmentItemRow[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': marketplaceKeys.connection(userId).PK,
      ':prefix': marketplaceKeys.shipmentPrefix,
    },
    ConsistentRead: true,
  });
  for await (const page of pages) {
    for (const row of page) {
      if (row.source !== SYNC_SOURCE || row.marketplace_id !== marketplaceId) continue;
      if (row.type === 'shipment') {
        const s = row as ShipmentRow;
        shipments.set(s.shipment_id, {
          shipmentId: s.shipment_id,
          shipmentName: s.shipment_name,
          fcCode: s.fc_code,
          status: 'CLOSED',
          marketplaceId: s.marketplace_id,
          lastUpdated: {
            from: Date.parse(s.last_updated_from),
            to: Date.parse(s.last_updated_to),
          },
          ...(s.closed_by ? { closedBy: Date.parse(s.closed_by) } : {}),
          ...(s.first_synced_at ? { firstSyncedAt: s.first_synced_at } : {}),
          ...(s.ledger_received_at ? { ledgerReceivedAt: s.ledger_received_at } : {}),
          unitsExpected: s.units_expected,
          unitsFound: s.units_found,
          discrepancy: s.discrepancy,
          items: [],
        });
      } else if (row.type === 'shipment_item') {
        items.push(row as ShipmentItemRow);
      }
    }
  }

  for (const row of items) shipments.get(row.shipment_id)?.items.push(toListedItem(row));
  const listed = [...shipments.values()];
  for (const s of listed) s.items.sort((a, b) => compareCodeUnits(a.sku, b.sku));
  return listed.sort((a, b) => compareCodeUnits(a.shipmentId, b.shipmentId));
}

/** A stored row as the list and the dashboard read it, synced or demo. */
function toStoredShipment(row: ShipmentRow): StoredShipment {
  return {
    shipmentId: row.shipment_id,
    shipmentName: row.shipment_name,
    referenceId: row.reference_id ?? null,
    fcCode: row.fc_code ?? null,
    status: row.status,
    closedAt: row.closed_at_ts ?? null,
    lastUpdatedTo: row.last_updated_to ?? null,
    closedBy: row.closed_by ?? null,
    ledgerReceivedAt: row.ledger_received_at ?? null,
    firstSyncedAt: row.first_synced_at ?? null,
    marketplaceId: row.marketplace_id,
    unitsExpected: row.units_expected,
    unitsFound: row.units_found,
    discrepancy: row.discrepancy,
    demo: row.source === DEMO_SOURCE,
    items: [],
  };
}

/**
 * Every shipment of the user with its items (spec 7.2: shipments and shipment_items by user),
 * synced and demo alike; the list decides what a profile sees.
 */
export async function listStoredShipments(userId: string): Promise<StoredShipment[]> {
  const shipments = new Map<string, StoredShipment>();
  const items: ShipmentItemRow[] = [];
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: {
      ':pk': marketplaceKeys.connection(userId).PK,
      ':prefix': marketplaceKeys.shipmentPrefix,
    },
  });
  for await (const page of pages) {
    for (const row of page) {
      if (row.type === 'shipment') {
        const stored = toStoredShipment(row as ShipmentRow);
        shipments.set(stored.shipmentId, stored);
      } else if (row.type === 'shipment_item') {
        items.push(row as ShipmentItemRow);
      }
    }
  }
  for (const row of items) shipments.get(row.shipment_id)?.items.push(toListedItem(row));
  return [...shipments.values()];
}

/** Index rows read at most per page request when filters leave most of them out. */
const MAX_EVALUATED = 2000;
/** Rows read per query by a narrow filter (deadline soon, a marketplace). */
const EVALUATE_PER_QUERY = 500;
/**
 * Rows read beyond the page when only the demo samples are left out (at most a few rows), so a
 * page reads about its own size rather than `EVALUATE_PER_QUERY` rows.
 */
const DEMO_SLACK = 5;
const ITEM_READ_CONCURRENCY = 8;

export interface ShipmentPageQuery {
  limit: number;
  cursor?: string | undefined;
  /** Real mode leaves the demo samples out. */
  realMode: boolean;
  marketplace?: string | undefined;
  /** Only shipments whose claim window is still open and ends before this instant (ISO). */
  deadlineBefore?: string | undefined;
  /** Only shipments whose claim deadline lies in this range (ISO, inclusive; null: open end). */
  deadlineRange?: { from: string | null; to: string | null } | undefined;
  /** Oldest window start first (the nearest deadline first) instead of newest first. */
  ascending?: boolean;
  now: number;
}

export interface ShipmentPage {
  shipments: StoredShipment[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
}

/**
 * One page of the shipments list (issue 18): shipments with missing units, newest closing
 * first, from the list index, each with its items. A page costs the same whatever the seller's
 * history; filters read at most `MAX_EVALUATED` index rows per request, and the cursor resumes
 * where the request stopped. A cursor of another seller's list is refused (`BadCursorError`).
 */
export async function listShipmentPage(
  userId: string,
  query: ShipmentPageQuery,
): Promise<ShipmentPage> {
  const filters: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.realMode) {
    filters.push('#source <> :demo');
    names['#source'] = 'source';
    values[':demo'] = DEMO_SOURCE;
  }
  if (query.marketplace) {
    filters.push('marketplace_id = :marketplace');
    values[':marketplace'] = query.marketplace;
  }
  if (query.deadlineBefore) {
    filters.push('claim_deadline BETWEEN :now AND :before');
    values[':now'] = new Date(query.now).toISOString();
    values[':before'] = query.deadlineBefore;
  }
  const range = query.deadlineRange;
  if (range?.from && range.to) {
    filters.push('claim_deadline BETWEEN :rangeFrom AND :rangeTo');
    values[':rangeFrom'] = range.from;
    values[':rangeTo'] = range.to;
  } else if (range?.from) {
    filters.push('claim_deadline >= :rangeFrom');
    values[':rangeFrom'] = range.from;
  } else if (range?.to) {
    filters.push('claim_deadline <= :rangeTo');
    values[':rangeTo'] = range.to;
  }
  const narrow = query.marketplace || query.deadlineBefore || range;
  const { items: rows, cursor } = await readIndexPage({
    partition: marketplaceKeys.shipmentListingPartition(userId),
    pageSize: query.limit,
    cursor: query.cursor,
    badCursor: 'badListQuery',
    ...(filters.length > 0
      ? {
          filter: {
            expression: filters.join(' AND '),
            ...(Object.keys(names).length > 0 ? { names } : {}),
            values,
          },
        }
      : {}),
    evaluatePerQuery: narrow ? EVALUATE_PER_QUERY : query.limit + DEMO_SLACK,
    maxEvaluated: MAX_EVALUATED,
    ascending: query.ascending === true,
  });

  const shipments = await mapLimit(rows, ITEM_READ_CONCURRENCY, async (row) => {
    const stored = toStoredShipment(row as unknown as ShipmentRow);
    const pages = queryPages(
      partitionPrefix(
        marketplaceKeys.connection(userId).PK,
        marketplaceKeys.shipmentItemPrefix(stored.shipmentId),
      ),
    );
    for await (const items of pages) {
      for (const item of items) stored.items.push(toListedItem(item as ShipmentItemRow));
    }
    return stored;
  });
  return { shipments, cursor };
}

/**
 * The signed-in demo sync (spec 7.3): writes the sample shipments and their items into the
 * user's partition, each shipment with its items in one transaction. A repeat overwrites the
 * same rows, so it never duplicates.
 */
export async function putDemoShipments(
  userId: string,
  samples: readonly DemoShipment[],
  marketplaceId: string,
  syncedAt: string = new Date().toISOString(),
): Promise<void> {
  const transactions = samples.map((sample): Operation[] => [
    ...sample.items.map((item): Operation => ({
      Put: {
        TableName: TABLE_NAME,
        Item: {
          ...shipmentItemRow(userId, sample.shipment_id, marketplaceId, {
            sku: item.sku,
            asin: item.asin,
            title: item.title,
            unitsExpected: item.expected,
            unitsFound: item.received,
            discrepancy: item.discrepancy,
          }),
          source: DEMO_SOURCE,
          demo_mode: true,
        },
      },
    })),
    {
      Put: {
        TableName: TABLE_NAME,
        Item: withListing(userId, {
          ...marketplaceKeys.shipment(userId, sample.shipment_id),
          type: 'shipment',
          source: DEMO_SOURCE,
          demo_mode: true,
          user_id: userId,
          shipment_id: sample.shipment_id,
          shipment_name: sample.shipment_name,
          reference_id: sample.reference_id,
          fc_code: sample.fc_code,
          status: sample.status,
          closed_at_ts: sample.created_at,
          last_updated_from: sample.created_at,
          last_updated_to: sample.created_at,
          marketplace_id: marketplaceId,
          units_expected: sample.units_expected,
          units_found: sample.units_found,
          discrepancy: sample.discrepancy,
          item_count: sample.items.length,
          synced_at: syncedAt,
        } satisfies ShipmentRow & { demo_mode: boolean }),
      },
    },
  ]);
  await mapLimit(transactions, TRANSACTION_CONCURRENCY, guardedTransact(userId));
}

/**
 * The demo reset (spec 7.3): deletes the given demo shipments and their items of this user.
 * Only rows the demo sync wrote go; a synced shipment is never touched.
 */
export async function deleteDemoShipments(
  userId: string,
  shipmentIds: readonly string[],
): Promise<number> {
  let deleted = 0;
  for (const shipmentId of shipmentIds) {
    const header = marketplaceKeys.shipment(userId, shipmentId);
    const pages = queryPages({
      // The header's key is a prefix of its items' keys (and of no other shipment's rows once
      // the shipment id is checked below).
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :header)',
      ExpressionAttributeValues: { ':pk': header.PK, ':header': header.SK },
      ConsistentRead: true,
    });
    const ops: Operation[] = [];
    for await (const page of pages) {
      for (const row of page) {
        if (row.source !== DEMO_SOURCE || row.shipment_id !== shipmentId) continue;
        ops.push({
          Delete: { TableName: TABLE_NAME, Key: { PK: row.PK as string, SK: row.SK as string } },
        });
      }
    }
    // Items first, header last, as the sync writes them.
    ops.sort(
      (a, b) => Number(a.Delete?.Key?.SK === header.SK) - Number(b.Delete?.Key?.SK === header.SK),
    );
    for (const part of chunk(ops, MAX_TRANSACTION_ITEMS)) await transact(part);
    deleted += ops.some((op) => op.Delete?.Key?.SK === header.SK) ? 1 : 0;
  }
  return deleted;
}
