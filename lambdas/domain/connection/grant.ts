/**
 * The roles the app asks for on Amazon's consent screen, what each claim kind needs, and what a
 * connection's grant covers. Amazon's role names; the reports each kind reads are in
 * ../shared/design/claim-types.md: the FBA reports (inbound, reimbursements, inventory ledger,
 * customer returns, replacements, removals) need "Amazon Fulfillment" and "Inventory and Order
 * Tracking"; refunds (Finances v2024-06-19 listTransactions, the spec's "financial data") need
 * "Finance and Accounting".
 *
 * The roles a seller granted are recorded on the connection when it is linked. A connection
 * linked before roles were recorded holds none: we cannot say it covers the kinds added since,
 * so the server asks the seller to authorize again, saying what it adds.
 */
import type { WindowKind } from '../claims/windows';

export const APP_ROLES = [
  'Amazon Fulfillment',
  'Inventory and Order Tracking',
  'Finance and Accounting',
  'Selling Partner Insights',
  'Buyer Solicitation',
] as const;
export type AppRole = (typeof APP_ROLES)[number];

const FBA: readonly AppRole[] = ['Amazon Fulfillment', 'Inventory and Order Tracking'];
const REFUNDS: readonly AppRole[] = [...FBA, 'Finance and Accounting'];

/** The roles each claim kind needs. */
export const KIND_ROLES: Readonly<Record<WindowKind, readonly AppRole[]>> = {
  inbound_shipment: FBA,
  underpaid_reimbursement: FBA,
  warehouse_lost: FBA,
  warehouse_damaged: FBA,
  customer_return_not_returned: REFUNDS,
  customer_return_damaged: REFUNDS,
  replacement_not_returned: FBA,
  removal_lost_in_transit: FBA,
  removal_short: FBA,
};

/**
 * The kinds a connection linked before roles were recorded covers: the ones it was read for
 * then (inbound shipments, the reimbursements and ledger audit).
 */
const BEFORE_ROLES: readonly WindowKind[] = [
  'inbound_shipment',
  'underpaid_reimbursement',
  'warehouse_lost',
  'warehouse_damaged',
];

/** What authorizing again adds, as the seller reads it. */
export type GrantAddition = 'customer_returns' | 'removals' | 'refunds';

const ADDITION_OF: Partial<Record<WindowKind, GrantAddition>> = {
  customer_return_not_returned: 'customer_returns',
  customer_return_damaged: 'customer_returns',
  replacement_not_returned: 'customer_returns',
  removal_lost_in_transit: 'removals',
  removal_short: 'removals',
};

export interface GrantView {
  /** The roles recorded at link time; null when the connection predates the record. */
  roles: string[] | null;
  /** The claim kinds the grant covers. */
  covers: WindowKind[];
  /** Authorizing again is needed for the kinds below. */
  reauthorize: boolean;
  /** What authorizing again adds (empty when nothing). */
  adds: GrantAddition[];
}

export function grantView(grantedRoles: readonly string[] | null): GrantView {
  const kinds = Object.keys(KIND_ROLES) as WindowKind[];
  const covers =
    grantedRoles === null
      ? [...BEFORE_ROLES]
      : kinds.filter((kind) => KIND_ROLES[kind].every((role) => grantedRoles.includes(role)));
  const missing = kinds.filter((kind) => !covers.includes(kind));
  const adds = new Set<GrantAddition>();
  for (const kind of missing) {
    const addition = ADDITION_OF[kind];
    if (addition) adds.add(addition);
    if (KIND_ROLES[kind].includes('Finance and Accounting')) adds.add('refunds');
  }
  return {
    roles: grantedRoles === null ? null : [...grantedRoles],
    covers,
    reauthorize: missing.length > 0,
    adds: (['customer_returns', 'removals', 'refunds'] as const).filter((a) => adds.has(a)),
  };
}
