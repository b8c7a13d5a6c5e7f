/**
 * The demo seller's claims (spec 3, demo mode): one of each kind the audit stores, found by the
 * real audit (audit-reports.ts) from sample reports of the demo's products, dated from the
 * demo's "now". Two passes, as the hourly audit would have made them: twelve days ago, and now;
 * in between the seller marked one claim as opened with Amazon (`markFiled`), and Amazon paid
 * another by itself. So the figures, windows, states, evidence and texts are the audit's own and
 * cannot drift from it. Every reference starts with `DEMO-`: nothing here is ever sent to Amazon,
 * and the demo reset finds these claims by it. Pure: no storage.
 */
import { REIMBURSEMENT_COLUMNS } from '../cases/reimbursements';
import { MARKETPLACE_IDS } from '../marketplaces';
import { addDays, LEDGER_COLUMNS, type UnitCosts } from './audit';
import { auditReports } from './audit-reports';
import { DEMO_REFERENCE_PREFIX, markFiled, type StoredClaim } from './model';
import type { RemovalDeliveries } from './removals';
import {
  CUSTOMER_RETURN_COLUMNS,
  REMOVAL_ORDER_COLUMNS,
  REMOVAL_SHIPMENT_COLUMNS,
  REPLACEMENT_COLUMNS,
} from './reports';
import { transactionsReader } from './transactions';
import { toInboundClaim } from './inbound';
import { DEMO_REIMBURSEMENT_PER_UNIT, type DemoShipment } from '../demo-data';

const DAY_MS = 86_400_000;
/** The first pass: twelve days before the demo's now. */
const EARLIER_PASS_DAYS = 12;

/** What the demo seller typed as each product's cost (EUR; the demo holds no invoice). */
export const DEMO_UNIT_COSTS: UnitCosts = {
  'TAZ-CER-350': { amount: 9.4, currency: 'EUR' },
  'SOTT-SUGH-6': { amount: 10.2, currency: 'EUR' },
  'BORR-INOX-750': { amount: 15.2, currency: 'EUR' },
  'LUNCH-BOX-2': { amount: 12.8, currency: 'EUR' },
  'TAGL-BAMB-L': { amount: 21.5, currency: 'EUR' },
};

const FNSKU: Readonly<Record<string, string>> = {
  'TAZ-CER-350': 'X00DEMO001',
  'SOTT-SUGH-6': 'X00DEMO002',
  'BORR-INOX-750': 'X00DEMO003',
  'LUNCH-BOX-2': 'X00DEMO004',
  'TAGL-BAMB-L': 'X00DEMO005',
};

const MARKETPLACE = MARKETPLACE_IDS.IT;

/** A report line dated `day` (ISO), its cells by column name. */
interface Line {
  day: string;
  cells: Record<string, string>;
}

interface DemoReports {
  reimbursements: Line[];
  ledger: Line[];
  returns: Line[];
  replacements: Line[];
  removalOrders: Line[];
  removalShipments: Line[];
  transactions: { day: string; transaction: unknown }[];
  /** What the seller counted on arrival, and the day they counted it. */
  deliveries: { day: string; order: string; counted: Record<string, number> }[];
}

function finance(
  type: 'Shipment' | 'Refund',
  order: string,
  at: string,
  sku: string,
  amount: number,
) {
  return {
    transactionType: type,
    transactionId: `${DEMO_REFERENCE_PREFIX}${type}-${order}`,
    postedDate: `${at}T10:00:00Z`,
    relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: order }],
    totalAmount: { currencyCode: 'EUR', currencyAmount: amount },
    marketplaceDetails: { marketplaceId: MARKETPLACE },
    items: [
      {
        totalAmount: { currencyCode: 'EUR', currencyAmount: amount },
        contexts: [
          { contextType: 'ProductContext', sku, quantityShipped: 1, fulfillmentNetwork: 'AFN' },
        ],
      },
    ],
  };
}

/** The demo seller's report lines up to `today`, each dated by its event. */
function demoReports(today: string): DemoReports {
  const ago = (days: number) => addDays(today, -days);
  const order = (n: number) => `${DEMO_REFERENCE_PREFIX}402-${String(n).padStart(7, '0')}`;
  const removal = (n: number) => `${DEMO_REFERENCE_PREFIX}RMV-${n}`;
  const product = (sku: string) => ({ sku, fnsku: FNSKU[sku] ?? '' });
  const ledger = (
    days: number,
    sku: string,
    event: string,
    ref: string,
    qty: number,
    reason = '',
  ) => ({
    day: ago(days),
    cells: {
      Date: ago(days),
      FNSKU: FNSKU[sku] ?? '',
      MSKU: sku,
      'Event Type': event,
      'Reference ID': ref,
      Quantity: String(qty),
      'Fulfillment Center': 'MXP5',
      Disposition: reason === 'E' ? 'WAREHOUSE_DAMAGED' : 'SELLABLE',
      Reason: reason,
      Country: 'IT',
      'Reconciled Quantity': reason ? '0' : '',
      'Unreconciled Quantity': reason ? String(-qty) : '',
    },
  });
  const reimbursement = (
    days: number,
    id: string,
    reason: string,
    sku: string,
    units: number,
    perUnit: number,
  ) => ({
    day: ago(days),
    cells: {
      'approval-date': `${ago(days)}T09:00:00+00:00`,
      'reimbursement-id': id,
      reason,
      ...product(sku),
      condition: 'Sellable',
      'currency-unit': 'EUR',
      'amount-per-unit': perUnit.toFixed(2),
      'amount-total': (perUnit * units).toFixed(2),
      'quantity-reimbursed-cash': String(units),
      'quantity-reimbursed-inventory': '0',
      'quantity-reimbursed-total': String(units),
    },
  });
  return {
    reimbursements: [
      // Two mugs lost in the warehouse, paid 6.90 each where they cost 9.40: underpaid.
      reimbursement(9, `${DEMO_REFERENCE_PREFIX}RB-1001`, 'Lost_Warehouse', 'TAZ-CER-350', 2, 6.9),
      // The damaged bottle of 40 days ago, paid by Amazon by itself three days ago.
      reimbursement(
        3,
        `${DEMO_REFERENCE_PREFIX}RB-1002`,
        'Damaged_Warehouse',
        'BORR-INOX-750',
        1,
        14.9,
      ),
    ],
    ledger: [
      ledger(75, 'BORR-INOX-750', 'Receipts', 'FBA-DEMO002', 117),
      ledger(45, 'TAGL-BAMB-L', 'Receipts', 'FBA-DEMO003', 26),
      ledger(40, 'BORR-INOX-750', 'Adjustments', `${DEMO_REFERENCE_PREFIX}ADJ-2001`, -1, 'E'),
      ledger(20, 'TAGL-BAMB-L', 'Adjustments', `${DEMO_REFERENCE_PREFIX}ADJ-2002`, -2, 'M'),
      ledger(6, 'TAGL-BAMB-L', 'Customer Shipments', order(9), -1),
    ],
    returns: [
      {
        day: ago(66),
        cells: {
          'return-date': `${ago(66)}T08:00:00+00:00`,
          'order-id': order(2),
          ...product('SOTT-SUGH-6'),
          quantity: '1',
          'fulfillment-center-id': 'MXP5',
          'detailed-disposition': 'CARRIER_DAMAGED',
          reason: 'DAMAGED_BY_CARRIER',
          status: 'Unit returned to inventory',
        },
      },
    ],
    replacements: [
      {
        day: ago(20),
        cells: {
          'shipment-date': `${ago(20)}T12:00:00+00:00`,
          sku: 'TAZ-CER-350',
          'fulfillment-center-id': 'MXP5',
          'original-fulfillment-center-id': 'MXP5',
          quantity: '1',
          'replacement-reason-code': '6',
          'replacement-amazon-order-id': order(4),
          'original-amazon-order-id': order(3),
        },
      },
    ],
    removalOrders: [
      { day: ago(30), cells: removalOrder(removal(4001), ago(30), ago(27), 'TAGL-BAMB-L', 3) },
      { day: ago(18), cells: removalOrder(removal(4002), ago(18), ago(14), 'SOTT-SUGH-6', 10) },
    ],
    removalShipments: [
      {
        day: ago(27),
        cells: removalShipment(
          removal(4001),
          ago(30),
          ago(27),
          'TAGL-BAMB-L',
          3,
          'BRT 05120000401',
        ),
      },
      {
        day: ago(14),
        cells: removalShipment(
          removal(4002),
          ago(18),
          ago(14),
          'SOTT-SUGH-6',
          10,
          'BRT 05120000402',
        ),
      },
    ],
    transactions: [
      { day: ago(64), transaction: finance('Shipment', order(1), ago(64), 'LUNCH-BOX-2', 24.9) },
      { day: ago(60), transaction: finance('Refund', order(1), ago(60), 'LUNCH-BOX-2', -24.9) },
      { day: ago(78), transaction: finance('Shipment', order(2), ago(78), 'SOTT-SUGH-6', 12.9) },
      { day: ago(70), transaction: finance('Refund', order(2), ago(70), 'SOTT-SUGH-6', -12.9) },
      { day: ago(24), transaction: finance('Shipment', order(3), ago(24), 'TAZ-CER-350', 16.9) },
    ],
    deliveries: [
      // Nothing of the first removal arrived; two sets of the second are missing.
      { day: ago(13), order: removal(4002), counted: { 'SOTT-SUGH-6': 8 } },
      { day: ago(2), order: removal(4001), counted: { 'TAGL-BAMB-L': 0 } },
    ],
  };
}

function removalOrder(id: string, created: string, updated: string, sku: string, units: number) {
  return {
    'request-date': `${created}T08:00:00+00:00`,
    'order-id': id,
    'order-type': 'Return',
    'order-status': 'Completed',
    'last-updated-date': `${updated}T08:00:00+00:00`,
    ...{ sku, fnsku: FNSKU[sku] ?? '' },
    disposition: 'Sellable',
    'requested-quantity': String(units),
    'cancelled-quantity': '0',
    'disposed-quantity': '0',
    'shipped-quantity': String(units),
    'in-process-quantity': '0',
  };
}

function removalShipment(
  id: string,
  created: string,
  shipped: string,
  sku: string,
  units: number,
  tracking: string,
) {
  const [carrier, number] = tracking.split(' ');
  return {
    'request-date': `${created}T08:00:00+00:00`,
    'order-id': id,
    'shipment-date': `${shipped}T15:00:00+00:00`,
    ...{ sku, fnsku: FNSKU[sku] ?? '' },
    disposition: 'Sellable',
    'shipped-quantity': String(units),
    carrier: carrier ?? '',
    'tracking-number': number ?? '',
    'removal-order-type': 'Return',
  };
}

function tsv(columns: readonly string[], lines: readonly Line[], upTo: string): string {
  return [
    columns.join('\t'),
    ...lines
      .filter((l) => l.day <= upTo)
      .map((l) => columns.map((c) => l.cells[c] ?? '').join('\t')),
  ].join('\n');
}

/** One audit pass on `asOf` over what the reports held that day. */
function auditOn(reports: DemoReports, asOf: string, now: string, stored: StoredClaim[]) {
  const { read, result } = transactionsReader(() => true);
  reports.transactions.filter((t) => t.day <= asOf).forEach((t, i) => read(t.transaction, i + 1));
  const deliveries: Record<string, Record<string, number>> = {};
  for (const d of reports.deliveries) if (d.day <= asOf) deliveries[d.order] = d.counted;
  return auditReports(
    {
      reimbursements: tsv(REIMBURSEMENT_COLUMNS, reports.reimbursements, asOf),
      ledger: tsv(LEDGER_COLUMNS, reports.ledger, asOf),
      orders: {
        returns: tsv(CUSTOMER_RETURN_COLUMNS, reports.returns, asOf),
        replacements: tsv(REPLACEMENT_COLUMNS, reports.replacements, asOf),
        removalOrders: tsv(REMOVAL_ORDER_COLUMNS, reports.removalOrders, asOf),
        removalShipments: tsv(REMOVAL_SHIPMENT_COLUMNS, reports.removalShipments, asOf),
      },
      refunds: result,
      deliveries: deliveries as RemovalDeliveries,
      costs: DEMO_UNIT_COSTS,
    },
    stored,
    { asOf, now },
  ).changed;
}

function merge(stored: StoredClaim[], changed: StoredClaim[]): StoredClaim[] {
  const byId = new Map(stored.map((claim) => [claim.id, claim]));
  for (const claim of changed) byId.set(claim.id, claim);
  return [...byId.values()];
}

/**
 * The demo seller's claims on `nowMs`: one of each kind, in the states the audit gives them
 * (claim_now, wait), one marked opened with Amazon (filed) and one Amazon paid (reimbursed).
 */
export function demoClaims(nowMs: number): StoredClaim[] {
  const now = new Date(nowMs).toISOString();
  const today = now.slice(0, 10);
  const reports = demoReports(today);
  const earlierNow = new Date(nowMs - EARLIER_PASS_DAYS * DAY_MS).toISOString();
  let stored = auditOn(reports, earlierNow.slice(0, 10), earlierNow, []);
  // The next day the seller opened the damaged return's claim in Seller Central.
  const filedAt = new Date(nowMs - (EARLIER_PASS_DAYS - 1) * DAY_MS).toISOString();
  stored = stored.map((claim) => {
    if (claim.kind !== 'customer_return_damaged') return claim;
    const filed = markFiled(claim, true, { asOf: filedAt.slice(0, 10), now: filedAt });
    return 'refused' in filed ? claim : filed;
  });
  return merge(stored, auditOn(reports, today, now, stored));
}

/**
 * The claim rows of the demo's sample shipments with missing units (the first kind), as the sync
 * writes a real shipment's: valued at the demo's sample prices, marked demo (real mode hides
 * them, the demo reset deletes them). Their cases move their state when the list is read.
 */
export function demoInboundClaims(
  samples: readonly DemoShipment[],
  marketplaceId: string,
  nowMs: number,
): StoredClaim[] {
  const now = new Date(nowMs).toISOString();
  const values = new Map(Object.entries(DEMO_REIMBURSEMENT_PER_UNIT));
  return samples.flatMap((sample) => {
    if (sample.discrepancy <= 0) return [];
    const claim = toInboundClaim(
      {
        shipmentId: sample.shipment_id,
        marketplaceId,
        discrepancy: sample.discrepancy,
        items: sample.items,
        closedAt: sample.created_at,
        lastUpdatedTo: sample.created_at,
      },
      undefined,
      values,
      now,
    );
    return claim ? [{ ...claim, demo: true as const }] : [];
  });
}
