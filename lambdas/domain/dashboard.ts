import {
  isResolved,
  normaliseCaseStatus,
  visibleShipments,
  type CaseStatus,
  type CaseSummary,
  type StoredShipment,
  shipmentDates,
} from './sync/shipment-list';
import { claimDeadline } from './cases/claim-windows';
import { SKU_VALUE_CURRENCY, type SkuValue } from './sync/sku-values';
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
 * Whether a shipment is still open: its case (if any) is not over, and it has a case or its
 * claim window is still open (an expired shipment without a case can no longer be claimed).
 */
function isOpen(shipment: StoredShipment, status: CaseStatus | undefined, now: number): boolean {
  if (status !== undefined) return !isResolved(status);
  return !claimDeadline(shipmentDates(shipment), shipment.marketplaceId, now).expired;
}

/** Sums money in cents, so 3 × 0.1 is 0.3 and not 0.30000000000000004. */
function cents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * The stat cards: potential reimbursements (missing units on open shipments), open and
 * resolved cases, and the estimated value of the missing units from the unit values the seller
 * entered. In real mode the demo samples and demo cases do not count.
 */
export function dashboardFigures(input: {
  shipments: readonly StoredShipment[];
  cases: readonly CaseSummary[];
  skuValues: readonly SkuValue[];
  realMode: boolean;
  now: number;
}): DashboardFigures {
  const cases = input.cases.filter((c) => !input.realMode || !c.demoMode);
  const statusOf = new Map(cases.map((c) => [c.shipmentId, normaliseCaseStatus(c.status)]));
  const values = new Map(input.skuValues.map((v) => [v.sku, v.amount]));

  let potential = 0;
  let openShipments = 0;
  let valueCents = 0;
  let valued = 0;
  let unvalued = 0;
  for (const shipment of visibleShipments(input.shipments, input.realMode)) {
    if (!isOpen(shipment, statusOf.get(shipment.shipmentId), input.now)) continue;
    openShipments += 1;
    potential += shipment.discrepancy;
    for (const item of shipment.items) {
      if (item.discrepancy <= 0) continue;
      const value = values.get(item.sku);
      if (value === undefined) {
        unvalued += item.discrepancy;
      } else {
        valued += item.discrepancy;
        valueCents += item.discrepancy * cents(value);
      }
    }
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
  return {
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

const SUBMITTED: readonly CaseStatus[] = ['submitted', 'in_progress'];

/** The estimated worth of a shipment's missing units, for an activity entry. */
function worthOf(
  shipments: readonly StoredShipment[],
  skuValues: readonly SkuValue[],
): (shipmentId: string | null) => { units: number | null; amount: number | null } {
  const values = new Map(skuValues.map((v) => [v.sku, v.amount]));
  const byId = new Map(shipments.map((s) => [s.shipmentId, s]));
  return (shipmentId) => {
    const shipment = shipmentId ? byId.get(shipmentId) : undefined;
    if (!shipment) return { units: null, amount: null };
    let total = 0;
    let any = false;
    for (const item of shipment.items) {
      const value = values.get(item.sku);
      if (value === undefined || item.discrepancy <= 0) continue;
      any = true;
      total += item.discrepancy * cents(value);
    }
    return { units: shipment.discrepancy, amount: any ? total / 100 : null };
  };
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
    entries.push({
      kind: submission ? 'submission' : 'response',
      type: status === 'reimbursed' ? 'success' : submission ? 'pending' : 'info',
      at: (submission ? c.openedByUserAt : null) ?? c.updatedAt ?? c.createdAt,
      shipment_id: c.shipmentId,
      status,
      ...worth(c.shipmentId),
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
