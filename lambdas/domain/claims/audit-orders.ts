/**
 * The customer-return and removal part of the audit run (audit-run.ts): the four FBA reports
 * and the seller's refunds (Finances v2024-06-19 `listTransactions`, paged by nextToken) read
 * line by line and transaction by transaction, audited by returns.ts and removals.ts. Which
 * kinds were read is said, so the stored claims of a kind whose source is missing (a report
 * Amazon could not make, a token without the finance role) are kept as they are rather than
 * closed. Pure: the SP-API and the seller's records are ports.
 */
import { UpstreamFailure } from '../sync/spapi-port';
import { textLines, type UnitCosts } from './audit';
import { summarizeRemovals, type RemovalSummary } from './removal-count';
import { auditRemovals, type RemovalDeliveries } from './removals';
import {
  customerReturnsReader,
  readAll,
  removalOrdersReader,
  removalShipmentsReader,
  replacementsReader,
  type LineReader,
  type OrderReimbursementRow,
} from './reports';
import { auditCustomerReturns, orderKey, type OrderClaim, type OrderClaimKind } from './returns';
import { transactionsReader, type TransactionsRead } from './transactions';

export const ORDER_REPORT_TYPES = {
  returns: 'GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA',
  replacements: 'GET_FBA_FULFILLMENT_CUSTOMER_SHIPMENT_REPLACEMENT_DATA',
  removalOrders: 'GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA',
  removalShipments: 'GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA',
} as const;
export type OrderReport = keyof typeof ORDER_REPORT_TYPES;

/**
 * Days read back: refunds and returns 150 (a refund is claimable until day 105, its return may
 * come before or after), replacements and removals 120 (day 105; removals: 75 days from creation,
 * 60 from delivery).
 */
export const ORDER_LOOKBACK_DAYS: Readonly<Record<OrderReport | 'transactions', number>> = {
  returns: 150,
  replacements: 120,
  removalOrders: 120,
  removalShipments: 120,
  transactions: 150,
};

/** The range; a next page repeats it with the token (the model: "the same arguments"). */
export interface TransactionsQuery {
  marketplaceId: string;
  postedAfter: number;
  postedBefore: number;
  nextToken?: string;
}

export interface TransactionPage {
  transactions: unknown[];
  nextToken?: string;
}

export interface TransactionsPort {
  listTransactions(query: TransactionsQuery): Promise<TransactionPage>;
}

/** A report's text as read this pass: null when Amazon had nothing (CANCELLED), undefined when not read. */
export type ReportTexts = Readonly<Record<OrderReport, string | null | undefined>>;

/**
 * Every transaction of the range, page after page, into a reader. Undefined when Amazon refuses
 * the seller's token the finance role (403): the refunds are then not read, and `skipped` says
 * why. Other failures are thrown (the pass retries the seller later).
 */
export async function readRefunds(
  port: TransactionsPort,
  range: { marketplaceId: string; postedAfter: number; postedBefore: number },
  keepMarketplaceOf: (orderId: string) => boolean,
  skipped: (reason: string) => void,
): Promise<TransactionsRead | undefined> {
  const { read, result } = transactionsReader(keepMarketplaceOf);
  let index = 0;
  let query: TransactionsQuery = range;
  try {
    for (;;) {
      const page = await port.listTransactions(query);
      for (const transaction of page.transactions) read(transaction, (index += 1));
      if (!page.nextToken) return result;
      query = { ...range, nextToken: page.nextToken };
    }
  } catch (error) {
    if (error instanceof UpstreamFailure && error.kind === 'forbidden') {
      skipped(`listTransactions: ${error.code} (${error.status ?? 'no status'})`);
      return undefined;
    }
    throw error;
  }
}

export interface OrderAudit {
  claims: OrderClaim[];
  /** The order kinds whose sources were read this pass. */
  kindsRead: Set<OrderClaimKind>;
  /** Every order still owed for, by kind (`orderKey`), in the kinds read. */
  owed: Set<string>;
  /** Unreadable lines per report type (transactions under `listTransactions`). */
  problems: Map<string, number[]>;
  /** The removal orders shipped back, for the seller to count; undefined when not read. */
  removals: RemovalSummary[] | undefined;
}

/**
 * The order kinds from what was read: `held` are the orders already in a stored claim
 * (`orderKey`), never claimed again in a new group.
 */
export function auditOrders(
  input: {
    texts: ReportTexts;
    refunds: TransactionsRead | undefined;
    orderRows: readonly OrderReimbursementRow[];
    deliveries: RemovalDeliveries | undefined;
    costs: UnitCosts;
  },
  options: { asOf: string; held: ReadonlySet<string> },
): OrderAudit {
  const problems = new Map<string, number[]>();
  function rowsOf<T>(report: OrderReport, reader: LineReader<T | null>): T[] {
    const text = input.texts[report];
    if (!text) return [];
    const out = readAll(reader, textLines(text));
    if (out.problems.length > 0)
      problems.set(
        ORDER_REPORT_TYPES[report],
        out.problems.map((p) => p.line),
      );
    return out.rows;
  }
  if (input.refunds && input.refunds.problems.length > 0)
    problems.set(
      'listTransactions',
      input.refunds.problems.map((p) => p.line),
    );
  const read = (report: OrderReport) => input.texts[report] !== undefined;
  const kindsRead = new Set<OrderClaimKind>();
  if (read('returns')) {
    kindsRead.add('customer_return_damaged');
    if (input.refunds) kindsRead.add('customer_return_not_returned');
  }
  if (read('replacements')) kindsRead.add('replacement_not_returned');
  if (read('removalOrders') && read('removalShipments')) {
    kindsRead.add('removal_lost_in_transit');
    kindsRead.add('removal_short');
  }

  const customer = auditCustomerReturns(
    {
      refunds: input.refunds?.refunds ?? [],
      marketplaceByOrder: input.refunds?.marketplaceByOrder,
      returns: rowsOf('returns', customerReturnsReader()),
      replacements: rowsOf('replacements', replacementsReader()),
      reimbursements: input.orderRows,
    },
    options,
  );
  // One removal order per claim: its id is stable, so a held one is simply found again.
  const shipments = rowsOf('removalShipments', removalShipmentsReader());
  const removals = auditRemovals(
    {
      orders: rowsOf('removalOrders', removalOrdersReader()),
      shipments,
      deliveries: input.deliveries,
      reimbursements: input.orderRows,
      costs: input.costs,
    },
    options,
  );
  const owed = new Set(
    [...customer.owed].filter((key) => kindsRead.has(key.split('\t')[0] as OrderClaimKind)),
  );
  for (const claim of removals.claims)
    for (const order of claim.orders) owed.add(orderKey(claim.kind, order));
  const claims = [...customer.claims, ...removals.claims].filter((c) => kindsRead.has(c.kind));
  const summaries = read('removalShipments') ? summarizeRemovals(shipments) : undefined;
  return { claims, kindsRead, owed, problems, removals: summaries };
}
