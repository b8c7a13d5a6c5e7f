/**
 * The one table of claim windows: for each claim kind and each marketplace of the product, the
 * days from which event a claim may be filed (opens) and until when (closes), the source that
 * states it and the date the row was last checked against that source. Facts:
 * ../shared/design/claim-types.md. Every rule of the app reads its numbers here (the inbound
 * deadlines, the audit, customer returns, removals) and the help center shows the same rows, so
 * a change Amazon makes is one edit in this file.
 *
 * Day numbers follow the rules that use them: `opens` and `closes` are days added to the event's
 * day (`addDays`), both included; the inbound deadline is `closes` days after the delivery
 * instant. Where sources disagree (inbound: Amazon's EU help page says 6 months after delivery,
 * the September 2024 announcement 60 days), `closes` is the earlier deadline, the target, and
 * `lastChance` the later one: past the target a claim is still possible, never called expired.
 *
 * Pure data and lookups (no imports beyond the marketplaces), so the web bundles it as is.
 */
import { MARKETPLACE_IDS, type MarketplaceCountry } from '../marketplaces';

/** Every kind of claim the product finds, in the order the help center lists them. */
export const WINDOW_KINDS = [
  'inbound_shipment',
  'underpaid_reimbursement',
  'warehouse_lost',
  'warehouse_damaged',
  'customer_return_not_returned',
  'customer_return_damaged',
  'replacement_not_returned',
  'removal_lost_in_transit',
  'removal_short',
] as const;
export type WindowKind = (typeof WINDOW_KINDS)[number];

/** The event a window counts from. */
export type WindowEvent =
  /** Delivery to the fulfilment centre (Amazon's last ledger receipt, or the closing, as proxy). */
  | 'inbound_delivered'
  /** The reimbursement's approval date in the reimbursements report. */
  | 'reimbursement_approved'
  /** The ledger adjustment that reported the units lost. */
  | 'reported_lost'
  /** The ledger adjustment that reported the units damaged. */
  | 'reported_damaged'
  /** The refund to the buyer (Finances). */
  | 'refund'
  /** The replacement's shipment day. */
  | 'replacement_shipped'
  /** The removal order's creation (request date). */
  | 'removal_created'
  /** The removal's delivery back to the seller. */
  | 'removal_delivered';

/** Where a window comes from, as the help center names it. */
export interface WindowSource {
  /** A stable key (the help center's words for it are in the web's i18n resources). */
  id:
    | 'amazon_eu_help_inbound'
    | 'amazon_announcement_2024'
    | 'amazon_europe_2025'
    | 'reimbursement_policy'
    | 'sellers_reports';
  /** The page or announcement, as a seller can find it. */
  name: string;
  /** What it says about this window. */
  says: string;
  /** Whether Amazon itself states it (false: only sellers or vendors say it). */
  amazon: boolean;
}

export interface WindowRule {
  kind: WindowKind;
  /** Days after the event the window opens (0: the event's own day). */
  opens: number;
  /** Days after the event of the last day to file: the target when sources disagree. */
  closes: number;
  /** Days after the event of the later deadline another source gives; null when none. */
  lastChance: number | null;
  from: WindowEvent;
  /** The event in words, as the deadlines' explanations quote it. */
  countedFrom: string;
  sources: readonly WindowSource[];
  /** The day the rule took effect at Amazon, when a source dates it (YYYY-MM-DD). */
  effective: string | null;
  /** The day this row was last checked against its sources (YYYY-MM-DD). */
  checkedOn: string;
}

const POLICY: WindowSource = {
  id: 'reimbursement_policy',
  name: 'FBA inventory reimbursement policy (Seller Central help)',
  says: 'manual claims within the windows of the October 2024 policy change',
  amazon: true,
};
const EUROPE_2025: WindowSource = {
  id: 'amazon_europe_2025',
  name: 'Amazon Europe, January 2025 (FBA reimbursement changes)',
  says: 'the EU windows for warehouse losses and customer returns',
  amazon: true,
};

/** When the rows were last compared with the facts in claim-types.md. */
const CHECKED = '2026-11-29';
/** Amazon's announcement of July 2024 gave this date for the shorter windows. */
const OCT_2024 = '2024-10-23';
const JAN_2025 = '2025-01-15';

/** The European rules; every marketplace of the product shares them today. */
const EU_RULES: Readonly<Record<WindowKind, WindowRule>> = {
  inbound_shipment: {
    kind: 'inbound_shipment',
    opens: 0,
    closes: 60,
    lastChance: 183,
    from: 'inbound_delivered',
    countedFrom: 'shipment delivered to the fulfilment centre (closing used as proxy)',
    sources: [
      {
        id: 'amazon_announcement_2024',
        name: 'Amazon announcement of September 2024 (AE/US); Reconcile your shipment (Seller Central help)',
        says: '15 to 60 days after delivery',
        amazon: true,
      },
      {
        id: 'amazon_eu_help_inbound',
        name: 'Amazon EU help page (Seller Central help)',
        says: '6 months after verified delivery',
        amazon: true,
      },
    ],
    effective: OCT_2024,
    checkedOn: CHECKED,
  },
  underpaid_reimbursement: {
    kind: 'underpaid_reimbursement',
    opens: 0,
    closes: 60,
    lastChance: null,
    from: 'reimbursement_approved',
    countedFrom: 'reimbursement approved',
    sources: [
      {
        id: 'sellers_reports',
        name: "Sellers' and vendors' reports",
        says: '60 days from the reimbursement; no Amazon page found that states it',
        amazon: false,
      },
    ],
    effective: null,
    checkedOn: CHECKED,
  },
  warehouse_lost: {
    kind: 'warehouse_lost',
    opens: 45,
    closes: 60,
    lastChance: null,
    from: 'reported_lost',
    countedFrom: 'units reported lost in the inventory ledger',
    sources: [
      {
        ...EUROPE_2025,
        says: 'within 60 days of being reported lost; Amazon may take up to 45 days to pay by itself',
      },
    ],
    effective: JAN_2025,
    checkedOn: CHECKED,
  },
  warehouse_damaged: {
    kind: 'warehouse_damaged',
    opens: 10,
    closes: 60,
    lastChance: null,
    from: 'reported_damaged',
    countedFrom: 'units reported damaged in the inventory ledger',
    sources: [
      {
        ...EUROPE_2025,
        says: 'within 60 days; Amazon aims to settle damage by itself within 10 days',
      },
    ],
    effective: JAN_2025,
    checkedOn: CHECKED,
  },
  customer_return_not_returned: {
    kind: 'customer_return_not_returned',
    opens: 46,
    closes: 105,
    lastChance: null,
    from: 'refund',
    countedFrom: 'refund to the buyer',
    sources: [{ ...EUROPE_2025, says: '45 to 105 days after the refund (US: 60 to 120)' }],
    effective: JAN_2025,
    checkedOn: CHECKED,
  },
  customer_return_damaged: {
    kind: 'customer_return_damaged',
    opens: 46,
    closes: 105,
    lastChance: null,
    from: 'refund',
    countedFrom: 'refund to the buyer (the return day when no refund is held)',
    sources: [{ ...EUROPE_2025, says: '45 to 105 days after the refund' }],
    effective: JAN_2025,
    checkedOn: CHECKED,
  },
  replacement_not_returned: {
    kind: 'replacement_not_returned',
    opens: 46,
    closes: 105,
    lastChance: null,
    from: 'replacement_shipped',
    countedFrom: 'replacement shipped',
    sources: [{ ...EUROPE_2025, says: 'as customer returns: 45 to 105 days' }],
    effective: JAN_2025,
    checkedOn: CHECKED,
  },
  removal_lost_in_transit: {
    kind: 'removal_lost_in_transit',
    opens: 15,
    closes: 75,
    lastChance: null,
    from: 'removal_created',
    countedFrom: 'removal order created',
    sources: [{ ...POLICY, says: '15 to 75 days from the removal order’s creation' }],
    effective: OCT_2024,
    checkedOn: CHECKED,
  },
  removal_short: {
    kind: 'removal_short',
    opens: 0,
    closes: 60,
    lastChance: null,
    from: 'removal_delivered',
    countedFrom: 'removal delivered back to the seller',
    sources: [{ ...POLICY, says: 'within 60 days of delivery back to the seller' }],
    effective: OCT_2024,
    checkedOn: CHECKED,
  },
};

const COUNTRIES = Object.keys(MARKETPLACE_IDS) as MarketplaceCountry[];

/** The table: marketplace id → claim kind → rule. */
export const WINDOW_TABLE: Readonly<Record<string, Readonly<Record<WindowKind, WindowRule>>>> =
  Object.fromEntries(COUNTRIES.map((country) => [MARKETPLACE_IDS[country], EU_RULES]));

/**
 * The rule of a kind in a marketplace; for a marketplace missing from the table (or none, as
 * removal reports name none) the European rule, the product's market.
 */
export function windowRule(kind: WindowKind, marketplaceId?: string | null): WindowRule {
  const rules =
    marketplaceId && Object.hasOwn(WINDOW_TABLE, marketplaceId)
      ? WINDOW_TABLE[marketplaceId]
      : undefined;
  return (rules ?? EU_RULES)[kind];
}

/** One row of the table as the help center lists it. */
export interface WindowRow extends WindowRule {
  /** The marketplaces (country codes) the rule applies in. */
  countries: MarketplaceCountry[];
}

/** The table's rows, kinds in order, each with the marketplaces that share its rule. */
export function windowRows(): WindowRow[] {
  return WINDOW_KINDS.map((kind) => {
    const rule = windowRule(kind);
    return {
      ...rule,
      countries: COUNTRIES.filter((c) => WINDOW_TABLE[MARKETPLACE_IDS[c]]?.[kind] === rule),
    };
  });
}
