import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  inboundClaimId,
  toInboundClaim,
  unitsFound,
  type InboundCase,
} from '../../domain/claims/inbound';
import { sameClaim } from '../../domain/claims/model';
import { eurValues } from '../../domain/sync/sku-values';
import { getCase, listCases } from './cases';
import { getClaim, putClaims } from './claims';
import { table, TABLE_NAME } from './client';
import { listStoredShipments, type InboundFacts } from './shipments';
import { listSkuValues } from './sku-values';

/**
 * The claim rows of inbound shipments (domain/claims/inbound.ts) beyond the sync's own writes:
 * the facts the sync writes them with, the units-found rule, and the one-off migration that
 * writes the row of every stored shipment with missing units.
 */

/** The seller's cases and unit values, as the claim rows read them. */
export async function inboundFacts(userId: string, now: string): Promise<InboundFacts> {
  const [cases, values] = await Promise.all([listCases(userId), listSkuValues(userId)]);
  return {
    cases: new Map(cases.map((c) => [c.shipment_id, caseFacts(c)])),
    unitValues: eurValues(values),
    now,
  };
}

function caseFacts(c: Awaited<ReturnType<typeof listCases>>[number]): InboundCase {
  return {
    status: c.status,
    unitsRecovered: c.units_recovered,
    reimbursedAmount: c.reimbursed_amount,
    reimbursedCurrency: c.reimbursed_currency,
    updatedAt: c.updated_at,
  };
}

/** The seller's case of a shipment, as a claim row reads it. */
export async function caseOf(userId: string, shipmentId: string): Promise<InboundCase | undefined> {
  const found = await getCase(userId, shipmentId);
  return found && caseFacts(found);
}

/** Shipments whose missing units Amazon now counts: their rows close (nothing left to claim). */
export async function closeInboundClaims(
  userId: string,
  shipmentIds: readonly string[],
  now: string,
): Promise<void> {
  for (const shipmentId of shipmentIds) {
    const claim = await getClaim(userId, inboundClaimId(shipmentId));
    if (!claim) continue;
    const closed = unitsFound(claim, now);
    if (closed !== claim) await putClaims(userId, [closed]);
  }
}

export interface InboundMigration {
  /** Sellers whose shipments were read. */
  sellers: number;
  /** Synced shipments with missing units found. */
  cases: number;
  /** Rows written (or, in a dry run, that would be). */
  written: number;
  /** Rows already as they should be. */
  unchanged: number;
  /** Shipments without a date their window could count from: no row. */
  skipped: number;
}

const EMPTY: InboundMigration = { sellers: 0, cases: 0, written: 0, unchanged: 0, skipped: 0 };

/**
 * Writes the claim row of every synced shipment with missing units of one seller, as the sync
 * would; a row already equal is left alone, so a second run writes nothing.
 */
export async function writeSellerInboundClaims(
  userId: string,
  options: { now: string; dryRun: boolean },
): Promise<InboundMigration> {
  const shipments = (await listStoredShipments(userId)).filter((s) => !s.demo && s.discrepancy > 0);
  const result = { ...EMPTY, sellers: 1, cases: shipments.length };
  if (shipments.length === 0) return result;
  const facts = await inboundFacts(userId, options.now);
  for (const shipment of shipments) {
    const claim = toInboundClaim(
      shipment,
      facts.cases.get(shipment.shipmentId),
      facts.unitValues,
      options.now,
    );
    if (!claim) {
      result.skipped += 1;
      continue;
    }
    const stored = await getClaim(userId, claim.id);
    if (stored && sameClaim(stored, claim)) {
      result.unchanged += 1;
      continue;
    }
    result.written += 1;
    if (!options.dryRun) await putClaims(userId, [claim]);
  }
  return result;
}

/**
 * One-off migration (issue 32): the claim row of every stored shipment with missing units, for
 * data synced before inbound shipments were claims. Reads the table a page at a time (only the
 * shipment rows with missing units, their seller's id) and migrates each seller once. Safe to run
 * twice and while the app serves; `dryRun` counts without writing.
 */
export async function migrateInboundClaims(options: {
  now: string;
  dryRun: boolean;
  userIds?: readonly string[];
  pageSize?: number;
}): Promise<InboundMigration & { scanned: number }> {
  const total = { ...EMPTY, scanned: 0 };
  const add = (r: InboundMigration) => {
    total.sellers += r.sellers;
    total.cases += r.cases;
    total.written += r.written;
    total.unchanged += r.unchanged;
    total.skipped += r.skipped;
  };
  if (options.userIds) {
    for (const userId of options.userIds) add(await writeSellerInboundClaims(userId, options));
    return total;
  }
  const done = new Set<string>();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await table.send(
      new ScanCommand({
        TableName: TABLE_NAME,
        FilterExpression: '#type = :shipment AND discrepancy > :zero',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':shipment': 'shipment', ':zero': 0 },
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
      add(await writeSellerInboundClaims(userId, options));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return total;
}
