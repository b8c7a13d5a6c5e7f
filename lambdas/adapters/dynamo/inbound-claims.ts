import {
  inboundClaimId,
  toInboundClaim,
  unitsFound,
  type InboundCase,
} from '../../domain/claims/inbound';
import { sameClaim } from '../../domain/claims/stored';
import { eurValues } from '../../domain/sync/sku-values';
import { getCase, listCases } from './cases';
import { getClaim, putClaims } from './claims';
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

export const EMPTY_MIGRATION: InboundMigration = {
  sellers: 0,
  cases: 0,
  written: 0,
  unchanged: 0,
  skipped: 0,
};

/**
 * Writes the claim row of every synced shipment with missing units of one seller, as the sync
 * would; a row already equal is left alone, so a second run writes nothing.
 */
export async function writeSellerInboundClaims(
  userId: string,
  options: { now: string; dryRun: boolean },
): Promise<InboundMigration> {
  const shipments = (await listStoredShipments(userId)).filter((s) => !s.demo && s.discrepancy > 0);
  const result = { ...EMPTY_MIGRATION, sellers: 1, cases: shipments.length };
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
