/**
 * Units missing from an inbound shipment as a claim of the one model (issue 32): the shipment the
 * sync lists with a discrepancy is kept as a claim row beside its shipment, so the claims list
 * shows it among the other kinds. The case of the shipment (/cases/{shipmentId}) stays the
 * source of truth for its texts, documents and sending; the row only mirrors its figures, its
 * window and a state read from the case's own status (kept on the row). Pure: no storage here.
 */
import { missingBySku } from '../cases/case-figures';
import { claimDeadline, type ShipmentDates } from '../cases/claim-windows';
import { normalizeStatus } from '../cases/status';
import type { NormalizedStatus } from '../cases/contract';
import { SKU_VALUE_CURRENCY } from '../sync/sku-values';
import type { StoredClaim, StoredClaimState } from './model';
import { INBOUND_KIND } from './stored';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** What the row needs of a listed shipment with missing units. */
export interface InboundShipment extends ShipmentDates {
  shipmentId: string;
  marketplaceId: string;
  discrepancy: number;
  items: readonly { sku: string; discrepancy: number }[];
  /** When a sync first wrote the shipment (ISO): the row is found then. */
  firstSyncedAt?: string | null;
}

/** What the row needs of the shipment's case, when there is one. */
export interface InboundCase {
  status: string;
  unitsRecovered: number | null;
  reimbursedAmount: number | null;
  reimbursedCurrency: string | null;
  updatedAt: string;
}

/** The claim id of a shipment's missing units: the same shipment is the same claim. */
export const inboundClaimId = (shipmentId: string) => `${INBOUND_KIND}:${shipmentId}:`;

/** The case sheet a row links to. */
export const caseSheetPath = (shipmentId: string) => `/cases/${encodeURIComponent(shipmentId)}`;

/**
 * The spec's case statuses (4.1) as claim states: a dispute sent and not answered for good is
 * open with Amazon (filed); paid in full or in part, reimbursed; units found or closed after a
 * second refusal, closed. Without a sent case (no case, ready, or a send whose outcome the seller
 * still has to confirm) the window decides: claim now until the later deadline, expired past it.
 */
const CASE_STATES: Readonly<Record<NormalizedStatus, StoredClaimState | null>> = {
  ready: null,
  to_check: null,
  submitted: 'filed',
  in_progress: 'filed',
  response_received: 'filed',
  follow_up_needed: 'filed',
  rejected: 'filed',
  rejected_second: 'filed',
  reimbursed: 'reimbursed',
  partly_reimbursed: 'reimbursed',
  closed_rejected: 'closed',
  found: 'closed',
};

export function inboundState(
  caseStatus: string | null,
  window: Pick<StoredClaim['window'], 'opens' | 'closes' | 'lastChance'>,
  asOf: string,
): StoredClaimState {
  const byCase = caseStatus === null ? null : CASE_STATES[normalizeStatus(caseStatus)];
  if (byCase) return byCase;
  if (asOf < window.opens) return 'wait';
  return asOf <= (window.lastChance ?? window.closes) ? 'claim_now' : 'expired';
}

/**
 * What the missing units are worth at the seller's unit values (EUR): only when every missing
 * SKU has one, so a part is never shown as the whole; null otherwise.
 */
function expectedValue(
  shipment: InboundShipment,
  unitsRecovered: number | null,
  unitValues: ReadonlyMap<string, number>,
): number | null {
  const missing = missingBySku(shipment.items, unitsRecovered);
  if (missing.length === 0) return null;
  let total = 0;
  for (const { sku, units } of missing) {
    const value = sku === null ? undefined : unitValues.get(sku);
    if (value === undefined) return null;
    total += value * units;
  }
  return round2(total);
}

/**
 * The claim row of a shipment with missing units, at `now`; undefined when the shipment carries
 * no date its window could count from (nothing to show as a deadline). Deterministic: the same
 * shipment, case and values give the same row on the same day (found when the shipment was
 * first synced; only the state follows the calendar).
 */
export function toInboundClaim(
  shipment: InboundShipment,
  found: InboundCase | undefined,
  unitValues: ReadonlyMap<string, number>,
  now: string,
): StoredClaim | undefined {
  const deadline = claimDeadline(shipment, shipment.marketplaceId, Date.parse(now));
  if (!deadline.deadline || !deadline.countedFrom) return undefined;
  const window = {
    opens: deadline.countedFrom.slice(0, 10),
    closes: deadline.deadline.slice(0, 10),
    source: 'amazon_inbound_2024' as const,
    lastChance: deadline.lastChance?.slice(0, 10) ?? null,
    estimated: deadline.estimated,
  };
  const caseStatus = found?.status ?? null;
  const expected = expectedValue(shipment, found?.unitsRecovered ?? null, unitValues);
  const paid = found?.reimbursedAmount ?? null;
  return {
    id: inboundClaimId(shipment.shipmentId),
    kind: INBOUND_KIND,
    subject: {
      reference: shipment.shipmentId,
      sku: null,
      fnsku: null,
      marketplace: shipment.marketplaceId,
    },
    units: shipment.discrepancy,
    amountPaid: 0,
    amountExpected: expected,
    currency: expected === null ? null : SKU_VALUE_CURRENCY,
    costSource: expected === null ? null : 'sku_value',
    window,
    state: inboundState(caseStatus, window, now.slice(0, 10)),
    caseStatus,
    evidence: [],
    note: null,
    outcome:
      paid !== null && paid > 0 && found?.reimbursedCurrency
        ? {
            amount: paid,
            currency: found.reimbursedCurrency,
            reimbursementIds: [],
            at: found.updatedAt,
          }
        : null,
    foundAt: shipment.firstSyncedAt ?? deadline.countedFrom,
    updatedAt: shipment.firstSyncedAt ?? deadline.countedFrom,
  };
}

/**
 * A stored inbound row with its case as it stands at `now` (the case changes between syncs: a
 * dispute sent, an answer, a payment): state and case status follow it. The same row when
 * nothing changed.
 */
export function withCase(
  claim: StoredClaim,
  found: InboundCase | undefined,
  now: string,
): StoredClaim {
  if (claim.kind !== INBOUND_KIND) return claim;
  const caseStatus = found?.status ?? null;
  const state = inboundState(caseStatus, claim.window, now.slice(0, 10));
  if (state === claim.state && caseStatus === (claim.caseStatus ?? null)) return claim;
  return { ...claim, state, caseStatus, updatedAt: now };
}

/** A row the units-found rule settles: nothing left to claim. */
export function unitsFound(claim: StoredClaim, now: string): StoredClaim {
  return claim.state === 'closed' ? claim : { ...claim, state: 'closed', updatedAt: now };
}
