import { claimDifference, isDemoClaim, type StoredClaim } from './claims/model';
import {
  isResolved,
  normaliseCaseStatus,
  visibleShipments,
  type CaseStatus,
  type CaseSummary,
  type StoredShipment,
  shipmentDates,
} from './sync/shipment-list';
import { claimDeadline, windowState } from './cases/claim-windows';
import { missingBySku, unitsStillMissing } from './cases/case-figures';
import { eurValues, shipmentEstimate, SKU_VALUE_CURRENCY, type SkuValue } from './sync/sku-values';
import type { SyncRunView } from './sync/view';
import type { ActivityEntry, DashboardFigures } from './sync/contract';

export type {
  ActivityEntry,
  ActivityKind,
  ActivityType,
  DashboardFigures,
  EstimatedValue,
  RecoveredMoney,
} from './sync/contract';

/**
 * The four stat cards and the recent activity of the dashboard (spec 2.6), from the user's own
 * shipments, cases, unit values, sync runs and audit entries.
 */

/** An audit entry (spec 3, audits): only uploads exist so far. */
export interface AuditSummary {
  action: string;
  at: string;
  shipmentId: string | null;
  docType: string | null;
  filename: string | null;
}

/**
 * Whether a shipment is still open: its case (if any) is not over, and it has a case or it can
 * still be claimed. Past the 60-day target but within the 6 months of Amazon's EU help page it
 * is the seller's last chance, still open; only past both is it out of the claimable units.
 */
function isOpen(shipment: StoredShipment, status: CaseStatus | undefined, now: number): boolean {
  if (status !== undefined) return !isResolved(status);
  const claim = claimDeadline(shipmentDates(shipment), shipment.marketplaceId, now);
  return windowState(claim, now) !== 'expired';
}

/** Sums money in cents, so 3 × 0.1 is 0.3 and not 0.30000000000000004. */
function cents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * The stat cards: potential reimbursements (missing units on open shipments), open and
 * resolved cases, the estimated value of the missing units from the unit values the seller
 * entered, and the money recovered (cases and claims Amazon paid). In real mode the demo
 * samples and demo cases do not count.
 */
export function dashboardFigures(input: {
  shipments: readonly StoredShipment[];
  cases: readonly CaseSummary[];
  skuValues: readonly SkuValue[];
  realMode: boolean;
  now: number;
  claims?: readonly StoredClaim[];
}): DashboardFigures {
  const cases = input.cases.filter((c) => !input.realMode || !c.demoMode);
  const statusOf = new Map(cases.map((c) => [c.shipmentId, normaliseCaseStatus(c.status)]));
  const recoveredOf = new Map(cases.map((c) => [c.shipmentId, c.unitsRecovered ?? null]));
  const values = eurValues(input.skuValues);

  let potential = 0;
  let openShipments = 0;
  let valueCents = 0;
  let valued = 0;
  let unvalued = 0;
  for (const shipment of visibleShipments(input.shipments, input.realMode)) {
    if (!isOpen(shipment, statusOf.get(shipment.shipmentId), input.now)) continue;
    openShipments += 1;
    // Units Amazon already reimbursed (a case paid in part) are no longer missing.
    const recovered = recoveredOf.get(shipment.shipmentId);
    potential += unitsStillMissing(shipment.discrepancy, recovered);
    const estimate = shipmentEstimate(
      missingBySku(shipment.items, recovered).map((item) => ({
        discrepancy: item.units,
        unit_value: item.sku === null ? null : (values.get(item.sku) ?? null),
      })),
    );
    valued += estimate.unitsValued;
    unvalued += estimate.unitsUnvalued;
    valueCents += cents(estimate.amount ?? 0);
  }

  const statuses = [...statusOf.values()];
  const recoveredCents = new Map<string, number>();
  let recoveredUnits = 0;
  for (const c of cases) {
    recoveredUnits += c.unitsRecovered ?? 0;
    if (!c.reimbursedAmount || !c.reimbursedCurrency) continue;
    recoveredCents.set(
      c.reimbursedCurrency,
      (recoveredCents.get(c.reimbursedCurrency) ?? 0) + cents(c.reimbursedAmount),
    );
  }
  // Real mode leaves the demo's claims out, as it does the demo's cases.
  const claims = (input.claims ?? []).filter((c) => !input.realMode || !isDemoClaim(c));
  for (const paid of claimPayments(claims)) {
    recoveredCents.set(paid.currency, (recoveredCents.get(paid.currency) ?? 0) + paid.cents);
  }
  const recoverable = recoverableByKind(claims);
  return {
    // Only when the audit found something: figures without claims keep their shape.
    ...(recoverable.length > 0 ? { recoverable } : {}),
    recovered: {
      amounts: [...recoveredCents]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([currency, total]) => ({ currency, amount: total / 100 })),
      units: recoveredUnits,
    },
    potential_units: potential,
    open_shipments: openShipments,
    open_cases: statuses.filter((s) => !isResolved(s)).length,
    resolved_cases: statuses.filter(isResolved).length,
    estimated_value: {
      amount: valued > 0 ? valueCents / 100 : null,
      currency: SKU_VALUE_CURRENCY,
      units_valued: valued,
      units_unvalued: unvalued,
    },
  };
}

/**
 * What Amazon paid on the audit's claims (a customer return, a removal, a re-evaluation): each
 * reimbursed claim's outcome, in cents and in its own currency, with the day it was paid.
 */
export function claimPayments(
  claims: readonly StoredClaim[],
): { currency: string; cents: number; at: string }[] {
  return claims.flatMap((claim) =>
    claim.state === 'reimbursed' &&
    claim.outcome &&
    claim.outcome.amount > 0 &&
    claim.outcome.currency
      ? [
          {
            currency: claim.outcome.currency,
            cents: cents(claim.outcome.amount),
            at: claim.outcome.at,
          },
        ]
      : [],
  );
}

const SUBMITTED: readonly CaseStatus[] = ['submitted', 'in_progress'];

/** The units still missing of a case's shipment and their estimated worth (EUR). */
function worthOf(
  shipments: readonly StoredShipment[],
  skuValues: readonly SkuValue[],
): (c: CaseSummary) => { units: number | null; amount: number | null; currency: string | null } {
  const values = eurValues(skuValues);
  const byId = new Map(shipments.map((s) => [s.shipmentId, s]));
  return (c) => {
    const shipment = byId.get(c.shipmentId);
    if (!shipment) return { units: null, amount: null, currency: null };
    let total = 0;
    let any = false;
    for (const item of missingBySku(shipment.items, c.unitsRecovered)) {
      const value = item.sku === null ? undefined : values.get(item.sku);
      if (value === undefined) continue;
      any = true;
      total += item.units * cents(value);
    }
    return {
      units: unitsStillMissing(shipment.discrepancy, c.unitsRecovered),
      amount: any ? total / 100 : null,
      currency: any ? SKU_VALUE_CURRENCY : null,
    };
  };
}

/**
 * A case Amazon paid: the money it paid and, in full, the units it reimbursed; in part, the
 * units still missing (the same figures as the case sheet and the stat cards).
 */
function paidEntry(
  c: CaseSummary,
  status: CaseStatus,
  worth: (c: CaseSummary) => { units: number | null },
): { units: number | null; amount: number | null; currency: string | null } {
  const money =
    c.reimbursedAmount && c.reimbursedCurrency
      ? { amount: c.reimbursedAmount, currency: c.reimbursedCurrency }
      : { amount: null, currency: null };
  if (status === 'partly_reimbursed') return { ...money, units: worth(c).units };
  return { ...money, units: c.unitsRecovered ?? worth(c).units };
}

const BLANK = { doc_type: null, filename: null };

/** Sync runs as activity entries. */
export function runActivity(runs: readonly SyncRunView[]): ActivityEntry[] {
  return runs.map((run) => ({
    kind: 'sync',
    type: run.status === 'succeeded' ? 'success' : run.status === 'running' ? 'pending' : 'info',
    at: run.finished_at ?? run.started_at,
    shipment_id: null,
    status: run.status,
    units: run.status === 'succeeded' ? run.counts.shipments_listed : null,
    amount: null,
    ...BLANK,
  }));
}

/** Document uploads as activity entries. */
export function auditActivity(audits: readonly AuditSummary[]): ActivityEntry[] {
  return audits
    .filter((audit) => audit.action === 'upload_document')
    .map((audit) => ({
      kind: 'upload',
      type: 'info',
      at: audit.at,
      shipment_id: audit.shipmentId,
      status: null,
      units: null,
      amount: null,
      doc_type: audit.docType,
      filename: audit.filename,
    }));
}

/** Submissions (a case sent or opened in the portal) and responses, as activity entries. */
export function caseActivity(input: {
  cases: readonly CaseSummary[];
  shipments: readonly StoredShipment[];
  skuValues: readonly SkuValue[];
  realMode: boolean;
}): ActivityEntry[] {
  const worth = worthOf(input.shipments, input.skuValues);
  const entries: ActivityEntry[] = [];
  for (const c of input.cases) {
    if (input.realMode && c.demoMode) continue;
    const status = normaliseCaseStatus(c.status);
    if (status === 'ready') continue;
    const submission = SUBMITTED.includes(status);
    const paid = status === 'reimbursed' || status === 'partly_reimbursed';
    entries.push({
      kind: submission ? 'submission' : 'response',
      // Paid in part: money came in, but the case is still waiting for the rest.
      type:
        status === 'reimbursed'
          ? 'success'
          : submission || status === 'partly_reimbursed'
            ? 'pending'
            : 'info',
      at: (submission ? c.openedByUserAt : null) ?? c.updatedAt ?? c.createdAt,
      shipment_id: c.shipmentId,
      status,
      ...(paid ? paidEntry(c, status, worth) : worth(c)),
      ...BLANK,
    });
  }
  return entries;
}

/** The newest `limit` entries, newest first; entries without a valid date are left out. */
export function newestActivity(entries: readonly ActivityEntry[], limit = 8): ActivityEntry[] {
  return entries
    .filter((e) => !Number.isNaN(Date.parse(e.at)))
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, limit);
}

/**
 * Recent activity from the user's own events, newest first: sync runs, document uploads,
 * submissions (a case sent or opened in the portal) and responses (a reply, a payment, a
 * rejection).
 */
export function recentActivity(
  input: {
    runs: readonly SyncRunView[];
    audits: readonly AuditSummary[];
    cases: readonly CaseSummary[];
    shipments: readonly StoredShipment[];
    skuValues: readonly SkuValue[];
    realMode: boolean;
  },
  limit = 8,
): ActivityEntry[] {
  return newestActivity(
    [...runActivity(input.runs), ...auditActivity(input.audits), ...caseActivity(input)],
    limit,
  );
}

const OPEN_CLAIM_STATES = new Set(['wait', 'claim_now', 'filed']);

/**
 * The audit's open claims by kind and currency: the difference still to ask for, added up in
 * cents; a claim without a cost has no amount (its own line, amount null). Inbound shipments'
 * rows are left out: the cases' figures (potential units, estimated value) count them already.
 */
export function recoverableByKind(
  claims: readonly StoredClaim[],
): NonNullable<DashboardFigures['recoverable']> {
  const lines = new Map<
    string,
    { kind: string; currency: string | null; cents: number | null; claims: number }
  >();
  for (const claim of claims) {
    if (!OPEN_CLAIM_STATES.has(claim.state) || claim.kind === 'inbound_shipment') continue;
    const difference = claimDifference(claim);
    const currency = difference === null ? null : claim.currency;
    const key = `${claim.kind}\t${currency ?? ''}`;
    const line = lines.get(key) ?? {
      kind: claim.kind,
      currency,
      cents: difference === null ? null : 0,
      claims: 0,
    };
    line.claims += 1;
    if (line.cents !== null && difference !== null) line.cents += cents(difference);
    lines.set(key, line);
  }
  return [...lines.values()].map((line) => ({
    kind: line.kind,
    currency: line.currency,
    amount: line.cents === null ? null : line.cents / 100,
    claims: line.claims,
  }));
}
