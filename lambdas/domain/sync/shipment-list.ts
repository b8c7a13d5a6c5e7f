import type { NormalizedStatus } from '../cases/contract';
import { normalizeStatus } from '../cases/status';
import { claimDeadline, windowState } from '../cases/claim-windows';
import { compareCodeUnits, type ListedItem } from './discrepancy';
import { eurValues, type SkuValue } from './sku-values';
import type { ShipmentEntry, ShipmentItem } from './contract';

/**
 * The shipments-with-discrepancies list (spec 2.7, 7.2) and the figures of the dashboard
 * (spec 2.6, built from the user's own data rather than the prototype's samples). Pure: the
 * handlers read the rows and pass them in.
 */

/** A stored item of a shipment: as the sync listed it. */
export type StoredItem = ListedItem;

/** A shipment row of the user's partition: synced from Amazon, or a demo sample. */
export interface StoredShipment {
  shipmentId: string;
  shipmentName: string;
  referenceId: string | null;
  fcCode: string | null;
  status: string;
  closedAt: string | null;
  /** The latest moment the shipment may have last changed (synced rows). */
  lastUpdatedTo: string | null;
  /** The latest moment it can have closed, from the first sync that saw it closed. */
  closedBy?: string | null;
  /** The last receipt Amazon's inventory ledger records for it. */
  ledgerReceivedAt?: string | null;
  /** When a sync first wrote it. */
  firstSyncedAt?: string | null;
  marketplaceId: string;
  unitsExpected: number;
  unitsFound: number;
  discrepancy: number;
  demo: boolean;
  items: StoredItem[];
}

/** What the list and the dashboard need of a case (the cases feature owns the entity). */
export interface CaseSummary {
  shipmentId: string;
  /** As stored: Italian or English variants (spec 4.1). */
  status: string | null;
  demoMode: boolean;
  createdAt: string;
  openedByUserAt?: string | null;
  updatedAt?: string | null;
  lastCustomerServiceStatus?: string | null;
  /** Money Amazon paid back for the case (issue 16), with its currency. */
  reimbursedAmount?: number | null;
  reimbursedCurrency?: string | null;
  unitsRecovered?: number | null;
}

export type CaseStatus = NormalizedStatus;

/** Spec 4.1: the stored variants normalised (the cases module's rule); unknown counts as ready. */
export function normaliseCaseStatus(status: string | null | undefined): CaseStatus {
  return normalizeStatus(status);
}

/** A case is over when Amazon paid or the dispute was closed as rejected. */
export function isResolved(status: CaseStatus): boolean {
  return status === 'reimbursed' || status === 'closed_rejected' || status === 'found';
}

export type ShipmentItemView = ShipmentItem;

export type ShipmentListEntry = ShipmentEntry;

/** Spec 1: "live" and "real" name the same real-data mode; anything else is the demo. */
export function isRealMode(mode: string | null | undefined): boolean {
  return mode === 'live' || mode === 'real';
}

/** Which rows a profile sees: real mode hides the demo samples; the demo shows everything. */
export function visibleShipments(
  shipments: readonly StoredShipment[],
  realMode: boolean,
): StoredShipment[] {
  return shipments.filter((s) => s.discrepancy > 0 && (!realMode || !s.demo));
}

/** A stored shipment's dates as the claim windows read them. */
export function shipmentDates(shipment: StoredShipment) {
  return {
    closedAt: shipment.closedAt,
    lastUpdatedTo: shipment.lastUpdatedTo,
    closedBy: shipment.closedBy ?? null,
    ledgerReceivedAt: shipment.ledgerReceivedAt ?? null,
  };
}

/** The date the window counts from, as the list index sorts (newest first). */
function sortKey(shipment: StoredShipment): string {
  return claimDeadline(shipmentDates(shipment), shipment.marketplaceId, 0).countedFrom ?? '';
}

/**
 * Spec 7.2: every shipment with a discrepancy above 0, newest closing first (a shipment
 * without a closing date sorts by its last update; equal dates by id), each with its items
 * short on their own, its case status and its claim deadline. Expired shipments stay listed.
 */
export function shipmentList(input: {
  shipments: readonly StoredShipment[];
  cases: readonly CaseSummary[];
  skuValues: readonly SkuValue[];
  realMode: boolean;
  now: number;
}): ShipmentListEntry[] {
  const cases = new Map(input.cases.map((c) => [c.shipmentId, c]));
  const values = eurValues(input.skuValues);
  return visibleShipments(input.shipments, input.realMode)
    .sort((a, b) => {
      const byDate = compareCodeUnits(sortKey(b), sortKey(a));
      return byDate !== 0 ? byDate : compareCodeUnits(a.shipmentId, b.shipmentId);
    })
    .map((s) => {
      const found = cases.get(s.shipmentId);
      const claim = claimDeadline(shipmentDates(s), s.marketplaceId, input.now);
      return {
        shipment_id: s.shipmentId,
        shipment_name: s.shipmentName,
        reference_id: s.referenceId,
        fc_code: s.fcCode,
        status: s.status,
        closed_at: s.closedAt,
        dates: {
          closed_by: s.closedAt ? null : (s.closedBy ?? s.lastUpdatedTo),
          ledger_received_at: s.ledgerReceivedAt ?? null,
        },
        marketplace_id: s.marketplaceId,
        units_expected: s.unitsExpected,
        units_found: s.unitsFound,
        discrepancy: s.discrepancy,
        demo: s.demo,
        case: found
          ? { status: normaliseCaseStatus(found.status), created_at: found.createdAt }
          : null,
        claim: {
          deadline: claim.deadline,
          days_left: claim.daysLeft,
          expired: claim.expired,
          estimated: claim.estimated,
          counted_from: claim.countedFrom,
          basis: claim.basis,
          state: windowState(claim, input.now),
          last_chance: claim.lastChance,
        },
        items: s.items
          .filter((i) => i.discrepancy > 0)
          .sort((a, b) => compareCodeUnits(a.sku, b.sku))
          .map((i) => ({
            sku: i.sku,
            asin: i.asin,
            title: i.title,
            units_expected: i.unitsExpected,
            units_found: i.unitsFound,
            discrepancy: i.discrepancy,
            unit_value: values.get(i.sku) ?? null,
          })),
      };
    });
}
