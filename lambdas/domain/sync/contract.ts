/**
 * The HTTP contract of the dashboard, the shipments list and the sync runs (spec 2.6, 2.7, 7.2;
 * issue 18): request and response bodies as zod schemas and TypeScript types. Pure (zod only),
 * so the web app reads the answers with the same schemas the functions answer with.
 *
 * Routes (all need the Cognito bearer token; every read is the caller's own):
 *
 *   GET  /api/dashboard                                      —      → DashboardResponse
 *   GET  /api/shipments?limit=&cursor=&marketplace=&deadline=soon
 *                                                  ShipmentListQuery → ShipmentsResponse
 *   GET  /api/sync-runs/latest                               —      → LatestRuns
 *   POST /api/sync-fba                                       —      → SyncStarted (202)
 *   PUT  /api/sku-values                          SkuValueRequest → SkuValueResponse
 *   POST /api/demo/sync                                      —      → DemoSyncResponse
 *   POST /api/demo/reset                                     —      → DemoResetResponse
 */
import * as z from 'zod';
import { NORMALIZED_STATUSES } from '../cases/contract';
import { MARKETPLACE_IDS } from '../marketplaces';
import { isValidUnitAmount, MAX_SKU_LENGTH, SKU_VALUE_CURRENCY } from './sku-values';

// ---------------------------------------------------------------- dashboard

/** Money per currency (Amazon pays back in the marketplace's currency). */
const moneySchema = z.object({ currency: z.string(), amount: z.number() });

/** The four stat cards (spec 2.6). */
export const dashboardFiguresSchema = z.object({
  /** Missing units on open shipments: the potential reimbursements. */
  potential_units: z.number(),
  open_shipments: z.number(),
  open_cases: z.number(),
  resolved_cases: z.number(),
  /** Missing units × the seller's unit value (EUR), over the SKUs that have one. */
  estimated_value: z.object({
    /** null when no SKU has a value. */
    amount: z.number().nullable(),
    currency: z.string(),
    /** Missing units whose SKU has a value, and those without one (shown as "—"). */
    units_valued: z.number(),
    units_unvalued: z.number(),
  }),
  /** Money Amazon paid back on the seller's cases, per currency (issue 16), and units. */
  recovered: z.object({ amounts: z.array(moneySchema), units: z.number() }),
  /**
   * What the audit's open claims can still recover (claims/model.ts: to claim now, waiting for
   * Amazon, or filed), by claim kind and currency; claims without a cost are counted apart.
   * Absent on summaries stored before it was added.
   */
  recoverable: z
    .array(
      z.object({
        kind: z.string(),
        currency: z.string().nullable(),
        amount: z.number().nullable(),
        claims: z.number(),
      }),
    )
    .optional(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;
export type EstimatedValue = DashboardFigures['estimated_value'];
export type RecoveredMoney = DashboardFigures['recovered'];

export const ACTIVITY_KINDS = ['sync', 'upload', 'submission', 'response'] as const;
/** Spec 2.6: each entry has a type (success, pending or info). */
export const ACTIVITY_TYPES = ['success', 'pending', 'info'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activityEntrySchema = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  type: z.enum(ACTIVITY_TYPES),
  at: z.string(),
  shipment_id: z.string().nullable(),
  /** sync: the run's outcome; response: the case status. */
  status: z.string().nullable(),
  /**
   * sync: shipments listed after the run; others: the shipment's units still missing (expected
   * − found − reimbursed); a case reimbursed in full: the units reimbursed.
   */
  units: z.number().nullable(),
  /**
   * The estimated value of the shipment's missing units (EUR), when known; on a reimbursed or
   * partly reimbursed case, the money Amazon paid, in `currency`.
   */
  amount: z.number().nullable(),
  /** The currency of `amount` (absent on entries stored before it was added: EUR). */
  currency: z.string().nullable().optional(),
  /** upload: the document type and file name. */
  doc_type: z.string().nullable(),
  filename: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** One month of the chart. */
export const monthBucketSchema = z.object({
  /** `YYYY-MM`, UTC. */
  month: z.string(),
  /** Money Amazon paid back on cases settled that month, per currency. */
  recovered: z.array(moneySchema),
  /** Missing units of open shipments that closed (or last changed) that month. */
  missing_units: z.number(),
});
export type MonthBucket = z.infer<typeof monthBucketSchema>;

export const dashboardResponseSchema = z.object({
  figures: dashboardFiguresSchema,
  months: z.array(monthBucketSchema),
  activity: z.array(activityEntrySchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

// ---------------------------------------------------------------- shipments

/** `deadline=soon`: the claim window ends within this many days. */
export const DEADLINE_SOON_DAYS = 14;
/** A page of 50 shipments with 10 short SKUs each stays well under 100 KB. */
export const MAX_SHIPMENT_PAGE_SIZE = 50;
const DEFAULT_SHIPMENT_PAGE_SIZE = 25;

export const shipmentListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SHIPMENT_PAGE_SIZE)
    .default(DEFAULT_SHIPMENT_PAGE_SIZE),
  cursor: z.string().max(2000).optional(),
  marketplace: z.enum(Object.values(MARKETPLACE_IDS)).optional(),
  deadline: z.enum(['soon']).optional(),
  /** The state of the claim window (claim-windows.ts); `claimable` = every state but expired. */
  window: z.enum(['open', 'closing', 'last_chance', 'expired', 'claimable']).optional(),
  /** `newest` (default): newest first; `deadline`: the nearest deadline first, claimable only. */
  sort: z.enum(['newest', 'deadline']).optional(),
});
export type ShipmentListQuery = z.input<typeof shipmentListQuerySchema>;

export const shipmentItemSchema = z.object({
  sku: z.string(),
  asin: z.string().nullable(),
  title: z.string().nullable(),
  units_expected: z.number(),
  units_found: z.number(),
  discrepancy: z.number(),
  /** The unit value the seller entered for the SKU (EUR), or null. */
  unit_value: z.number().nullable(),
});
export type ShipmentItem = z.infer<typeof shipmentItemSchema>;

export const shipmentEntrySchema = z.object({
  shipment_id: z.string(),
  shipment_name: z.string(),
  reference_id: z.string().nullable(),
  fc_code: z.string().nullable(),
  status: z.string(),
  /** A known closing date (demo samples only: Amazon's shipment listing gives none). */
  closed_at: z.string().nullable(),
  /** The dates we hold, each for what it is (claim-windows.ts). */
  dates: z.object({
    /** The latest moment it can have closed, from the first sync that saw it closed. */
    closed_by: z.string().nullable(),
    /** The last receipt Amazon's inventory ledger records for it. */
    ledger_received_at: z.string().nullable(),
  }),
  marketplace_id: z.string(),
  units_expected: z.number(),
  units_found: z.number(),
  discrepancy: z.number(),
  demo: z.boolean(),
  case: z.object({ status: z.enum(NORMALIZED_STATUSES), created_at: z.string() }).nullable(),
  claim: z.object({
    deadline: z.string().nullable(),
    days_left: z.number().nullable(),
    expired: z.boolean(),
    estimated: z.boolean(),
    /** The date the window counts from, and what that date is. */
    counted_from: z.string().nullable(),
    basis: z.enum(['ledger_receipt', 'closed', 'first_seen_closed']).nullable(),
    /** Open, closing within 14 days, last chance (past 60 days, within 6 months), expired. */
    state: z.enum(['open', 'closing', 'last_chance', 'expired', 'unknown']),
    /** The later deadline where sources disagree (6 months after delivery); null without one. */
    last_chance: z.string().nullable().optional(),
  }),
  items: z.array(shipmentItemSchema),
});
export type ShipmentEntry = z.infer<typeof shipmentEntrySchema>;

/** Real mode hides the demo samples; `cursor` is null on the last page. */
export const shipmentsResponseSchema = z.object({
  mode: z.enum(['real', 'demo']),
  shipments: z.array(shipmentEntrySchema),
  cursor: z.string().nullable(),
});
export type ShipmentsResponse = z.infer<typeof shipmentsResponseSchema>;

// ---------------------------------------------------------------- sync runs

/** A run as the dashboard reads it; the app reads the fields below (the answer has more). */
export const syncRunSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'succeeded', 'failed']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  progress: z.object({ phase: z.string(), percent: z.number() }),
  counts: z.object({ shipments_listed: z.number() }).passthrough(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type SyncRunSummary = z.infer<typeof syncRunSchema>;

/** The run in progress (or the last one) and the last success. */
export const latestRunsSchema = z.object({
  run: syncRunSchema.nullable(),
  last_successful: syncRunSchema.nullable(),
});
export type LatestRuns = z.infer<typeof latestRunsSchema>;

/** "Sync now" queued a run. */
export const syncStartedSchema = z.object({ message: z.string(), run: syncRunSchema });
export type SyncStarted = z.infer<typeof syncStartedSchema>;

// ---------------------------------------------------------------- unit values and demo data

/** The unit value a seller enters for a SKU (EUR, at most two decimals). */
export const skuValueRequestSchema = z.object({
  sku: z.string().trim().min(1).max(MAX_SKU_LENGTH),
  amount: z.number().refine(isValidUnitAmount, {
    message: 'A positive amount with at most two decimals',
  }),
  currency: z.literal(SKU_VALUE_CURRENCY),
});
export type SkuValueRequest = z.infer<typeof skuValueRequestSchema>;

export const skuValueResponseSchema = z.object({
  sku_value: skuValueRequestSchema.extend({ updated_at: z.string() }),
});
export type SkuValueResponse = z.infer<typeof skuValueResponseSchema>;

/** The demo shipments written (spec 4.8), with the message in the caller's language. */
export const demoSyncResponseSchema = z.object({ message: z.string(), shipments: z.number() });
export type DemoSyncResponse = z.infer<typeof demoSyncResponseSchema>;

/** What the demo reset deleted; a demo case whose dispute really went is kept. */
export const demoResetResponseSchema = z.object({
  message: z.string(),
  shipments_deleted: z.number(),
  cases_deleted: z.number(),
  claims_deleted: z.number(),
});
export type DemoResetResponse = z.infer<typeof demoResetResponseSchema>;
