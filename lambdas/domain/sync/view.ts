import type { ListedShipment } from './discrepancy';
import { effectiveRun, type SyncRun } from './run';

/**
 * A sync run as the dashboard reads it (`GET /api/sync-runs/latest`, `POST /api/sync-fba`):
 * status and progress for a run in progress, counts and calls for a finished one. Dates are
 * ISO strings; internal bookkeeping (checkpoint, lease) stays out.
 */
export interface SyncRunView {
  id: string;
  status: SyncRun['status'];
  trigger: SyncRun['trigger'];
  mode: SyncRun['mode'];
  started_at: string;
  finished_at: string | null;
  window: { from: string; to: string };
  progress: { phase: SyncRun['progress']['phase']; percent: number };
  counts: {
    shipments_scanned: number;
    shipments_listed: number;
    items_listed: number;
    shipments_added: number;
    shipments_updated: number;
    shipments_removed: number;
  };
  calls: SyncRun['calls'];
  error: { code: string; message: string } | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The public view of a run, with an interrupted run shown as failed. */
export function syncRunView(stored: SyncRun, now: number): SyncRunView {
  const run = effectiveRun(stored, now);
  return {
    id: run.runId,
    status: run.status,
    trigger: run.trigger,
    mode: run.mode,
    started_at: iso(run.startedAt),
    finished_at: run.finishedAt === null ? null : iso(run.finishedAt),
    window: { from: iso(run.window.from), to: iso(run.window.to) },
    progress: { phase: run.progress.phase, percent: run.progress.percent },
    counts: {
      shipments_scanned: run.counts.shipmentsScanned,
      shipments_listed: run.counts.shipmentsListed,
      items_listed: run.counts.itemsListed,
      shipments_added: run.counts.shipmentsAdded,
      shipments_updated: run.counts.shipmentsUpdated,
      shipments_removed: run.counts.shipmentsRemoved,
    },
    calls: { ...run.calls },
    error:
      run.status === 'failed' && run.error
        ? { code: run.error.code, message: run.error.message }
        : null,
  };
}

/** A listed shipment in the field names of spec section 3 (and of `npm run sync:scenario`). */
export interface ShipmentView {
  shipment_id: string;
  shipment_name: string;
  fc_code: string | null;
  status: string;
  units_expected: number;
  units_found: number;
  discrepancy: number;
  items: {
    sku: string;
    asin: string | null;
    title: string | null;
    units_expected: number;
    units_found: number;
    discrepancy: number;
  }[];
}

export function shipmentView(shipment: ListedShipment): ShipmentView {
  return {
    shipment_id: shipment.shipmentId,
    shipment_name: shipment.shipmentName,
    fc_code: shipment.fcCode,
    status: shipment.status,
    units_expected: shipment.unitsExpected,
    units_found: shipment.unitsFound,
    discrepancy: shipment.discrepancy,
    items: shipment.items.map((item) => ({
      sku: item.sku,
      asin: item.asin,
      title: item.title,
      units_expected: item.unitsExpected,
      units_found: item.unitsFound,
      discrepancy: item.discrepancy,
    })),
  };
}
