import type { StoredClaim } from './claims/model';
import { claimDeadline } from './cases/claim-windows';
import { unitsStillMissing } from './cases/case-figures';
import type { MonthBucket } from './sync/contract';
import {
  caseActivity,
  claimPayments,
  dashboardFigures,
  newestActivity,
  type ActivityEntry,
  type DashboardFigures,
} from './dashboard';
import {
  isResolved,
  normaliseCaseStatus,
  visibleShipments,
  type CaseSummary,
  type StoredShipment,
  shipmentDates,
} from './sync/shipment-list';
import type { SkuValue } from './sync/sku-values';

/**
 * The seller's dashboard summary (issue 18): the stat card figures, the per-month buckets of
 * the chart and the newest case entries of the recent activity, computed from the seller's whole
 * data when it changes (end of a sync, a case change, a unit value) and stored as one item, so
 * the dashboard reads a fixed number of items whatever the seller's history. Computing it again
 * from the same data gives the same summary, so a retried write never counts anything twice.
 */

/** Months the chart shows, the current one included. */
export const CHART_MONTHS = 12;
/** Case entries kept for the recent activity (the dashboard shows 8 entries in all). */
export const CASE_ACTIVITY_KEPT = 8;

export type { MonthBucket };

export interface DashboardSummary {
  /** Whether demo samples and demo cases were left out (a live profile). */
  real_mode: boolean;
  computed_at: string;
  /**
   * When the figures stop being right without any write: the first claim window of a counted
   * shipment that closes, or the start of next month (the chart's months move). Null: never.
   */
  valid_until: string;
  figures: DashboardFigures;
  months: MonthBucket[];
  case_activity: ActivityEntry[];
}

export interface SummaryInput {
  shipments: readonly StoredShipment[];
  cases: readonly CaseSummary[];
  skuValues: readonly SkuValue[];
  realMode: boolean;
  now: number;
  /** The audit's claims (claims/model.ts), for the money still recoverable. */
  claims?: readonly StoredClaim[];
}

const monthOf = (iso: string | null | undefined): string | null => {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 7);
};

/** The `count` months ending with the month of `now`, oldest first (`YYYY-MM`). */
export function chartMonths(now: number, count = CHART_MONTHS): string[] {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(year, month - (count - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

function startOfNextMonth(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The per-month buckets of the chart: money recovered (cases and claims) and units missing. */
export function monthBuckets(input: SummaryInput): MonthBucket[] {
  const months = chartMonths(input.now);
  const recovered = new Map<string, Map<string, number>>(months.map((m) => [m, new Map()]));
  const missing = new Map<string, number>(months.map((m) => [m, 0]));
  const cases = input.cases.filter((c) => !input.realMode || !c.demoMode);
  const statusOf = new Map(cases.map((c) => [c.shipmentId, normaliseCaseStatus(c.status)]));
  const recoveredOf = new Map(cases.map((c) => [c.shipmentId, c.unitsRecovered ?? null]));

  for (const c of cases) {
    if (!c.reimbursedAmount || !c.reimbursedCurrency) continue;
    const bucket = recovered.get(monthOf(c.updatedAt ?? c.createdAt) ?? '');
    if (!bucket) continue;
    const cents = Math.round(c.reimbursedAmount * 100);
    bucket.set(c.reimbursedCurrency, (bucket.get(c.reimbursedCurrency) ?? 0) + cents);
  }
  for (const paid of claimPayments(input.claims ?? [])) {
    const bucket = recovered.get(monthOf(paid.at) ?? '');
    bucket?.set(paid.currency, (bucket.get(paid.currency) ?? 0) + paid.cents);
  }
  for (const shipment of visibleShipments(input.shipments, input.realMode)) {
    if (shipment.discrepancy <= 0) continue;
    const status = statusOf.get(shipment.shipmentId);
    if (status !== undefined && isResolved(status)) continue;
    const month = monthOf(shipment.closedAt ?? shipment.lastUpdatedTo);
    if (month === null || !missing.has(month)) continue;
    // The same count as the stat cards: less the units Amazon already reimbursed.
    const left = unitsStillMissing(shipment.discrepancy, recoveredOf.get(shipment.shipmentId));
    missing.set(month, (missing.get(month) ?? 0) + left);
  }
  return months.map((month) => ({
    month,
    recovered: [...(recovered.get(month) ?? new Map<string, number>())]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, cents]) => ({ currency, amount: cents / 100 })),
    missing_units: missing.get(month) ?? 0,
  }));
}

/**
 * The first instant the figures of a shipment without a case may change: its 60-day target or,
 * past it, the end of its last chance.
 */
function firstWindowEnd(input: SummaryInput): number {
  const cased = new Set(
    input.cases.filter((c) => !input.realMode || !c.demoMode).map((c) => c.shipmentId),
  );
  let first = Number.POSITIVE_INFINITY;
  for (const shipment of visibleShipments(input.shipments, input.realMode)) {
    if (cased.has(shipment.shipmentId)) continue;
    const claim = claimDeadline(shipmentDates(shipment), shipment.marketplaceId, input.now);
    for (const end of [claim.deadline, claim.lastChance]) {
      if (end !== null && Date.parse(end) > input.now) first = Math.min(first, Date.parse(end));
    }
  }
  return first;
}

export function dashboardSummary(input: SummaryInput): DashboardSummary {
  const validUntil = Math.min(firstWindowEnd(input), startOfNextMonth(input.now));
  return {
    real_mode: input.realMode,
    computed_at: new Date(input.now).toISOString(),
    valid_until: new Date(validUntil).toISOString(),
    figures: dashboardFigures(input),
    months: monthBuckets(input),
    case_activity: newestActivity(caseActivity(input), CASE_ACTIVITY_KEPT),
  };
}

/**
 * Whether a stored summary can be shown as it is: it was computed for the profile's mode, no
 * claim window or month turned since, and no sync finished nor case changed after it was
 * computed.
 */
export function isSummaryCurrent(
  summary: DashboardSummary | undefined,
  input: {
    realMode: boolean;
    now: number;
    lastSyncFinishedAt: string | null;
    /**
     * When a case of the seller last changed (its listing key's date). A summary computed
     * before it is not shown: a screen that reads the dashboard because the live case poll saw
     * a change (a reimbursement) gets figures with that change, even when it asks before the
     * writer's own refresh of the summary has finished.
     */
    lastCaseChangeAt?: string | null;
  },
): summary is DashboardSummary {
  if (!summary || summary.real_mode !== input.realMode) return false;
  if (Date.parse(summary.valid_until) <= input.now) return false;
  if (
    input.lastCaseChangeAt &&
    Date.parse(input.lastCaseChangeAt) > Date.parse(summary.computed_at)
  ) {
    return false;
  }
  if (input.lastSyncFinishedAt !== null) {
    return Date.parse(input.lastSyncFinishedAt) <= Date.parse(summary.computed_at);
  }
  return true;
}
