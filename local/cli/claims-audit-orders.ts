/**
 * The customer-return and removal part of `claims:audit`: reads from `<dir>` whichever exists of
 * `GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA.tsv`, `GET_FBA_FULFILLMENT_CUSTOMER_SHIPMENT_REPLACEMENT_DATA.tsv`,
 * `GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA.tsv`, `GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA.tsv`
 * (plain or `.gz`), `transactions.json` (the `transactions` arrays of Finances v2024-06-19
 * `listTransactions` pages, as one JSON array) and `removal-deliveries.json` (what the seller
 * counted on arrival: `{"<removal order id>": {"<sku>": received}}`), with the reimbursements
 * report for what Amazon already paid. Each report is read line by line; only the rows the rules
 * need are kept.
 */
import * as z from 'zod';
import type { UnitCosts } from '../../lambdas/domain/claims/audit';
import { textLines } from '../../lambdas/domain/claims/audit';
import { auditRemovals, type RemovalDeliveries } from '../../lambdas/domain/claims/removals';
import {
  customerReturnsReader,
  orderReimbursementsReader,
  readAll,
  removalOrdersReader,
  removalShipmentsReader,
  replacementsReader,
  type LineReader,
  type OrderReimbursementRow,
} from '../../lambdas/domain/claims/reports';
import { auditCustomerReturns, type OrderClaim } from '../../lambdas/domain/claims/returns';
import { readTransactions } from '../../lambdas/domain/claims/transactions';
import { claimLine, existing } from './report-files';

export const ORDER_FILES = {
  returns: 'GET_FBA_FULFILLMENT_CUSTOMER_RETURNS_DATA.tsv',
  replacements: 'GET_FBA_FULFILLMENT_CUSTOMER_SHIPMENT_REPLACEMENT_DATA.tsv',
  removalOrders: 'GET_FBA_FULFILLMENT_REMOVAL_ORDER_DETAIL_DATA.tsv',
  removalShipments: 'GET_FBA_FULFILLMENT_REMOVAL_SHIPMENT_DETAIL_DATA.tsv',
  transactions: 'transactions.json',
  deliveries: 'removal-deliveries.json',
  reimbursements: 'GET_FBA_REIMBURSEMENTS_DATA.tsv',
} as const;

const deliveriesFile = z.record(
  z.string().min(1),
  z.record(z.string().min(1), z.number().int().nonnegative()),
);

export class UnusableFile extends Error {}

/** One printed line: the fields every claim has, then the marketplace. */
export function orderClaimLine(claim: OrderClaim) {
  return { ...claimLine(claim), marketplace: claim.marketplace };
}

/**
 * The claims of the new kinds from the files in `dir`. `readText` gives a file's text as
 * Amazon delivered it (gzip and charset handled); `problem` receives each unreadable line as
 * `<file>:<line>: <reason>`. Throws `UnusableFile` for a `removal-deliveries.json` or
 * `transactions.json` it cannot use.
 */
export function auditOrderFiles(
  dir: string,
  options: { asOf: string; costs: UnitCosts },
  readText: (file: string) => string,
  problem: (text: string) => void,
): { claims: OrderClaim[]; summary: Record<string, number> } {
  function rowsOf<T>(name: string, reader: LineReader<T | null>, say = true): T[] {
    const file = existing(dir, name);
    if (!file) return [];
    const out = readAll(reader, textLines(readText(file)));
    if (say) for (const p of out.problems) problem(`${file}:${p.line}: ${p.message}`);
    return out.rows;
  }
  const returns = rowsOf(ORDER_FILES.returns, customerReturnsReader());
  const replacements = rowsOf(ORDER_FILES.replacements, replacementsReader());
  const removalOrders = rowsOf(ORDER_FILES.removalOrders, removalOrdersReader());
  const removalShipments = rowsOf(ORDER_FILES.removalShipments, removalShipmentsReader());
  // Read again here only for the lines that name an order; its unreadable lines are reported
  // once, by the rest of the audit.
  const reimbursements = rowsOf<OrderReimbursementRow>(
    ORDER_FILES.reimbursements,
    orderReimbursementsReader(),
    false,
  );

  let deliveries: RemovalDeliveries | undefined;
  const deliveriesPath = existing(dir, ORDER_FILES.deliveries);
  if (deliveriesPath) {
    let json: unknown;
    try {
      json = JSON.parse(readText(deliveriesPath));
    } catch {
      throw new UnusableFile(`${deliveriesPath} is not JSON`);
    }
    const parsed = deliveriesFile.safeParse(json);
    if (!parsed.success) {
      const why = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new UnusableFile(
        `${deliveriesPath} is not a map of removal orders to units received per SKU: ${why}`,
      );
    }
    deliveries = parsed.data;
  }

  const transactionsPath = existing(dir, ORDER_FILES.transactions);
  let refunds: ReturnType<typeof readTransactions> | undefined;
  if (transactionsPath) {
    const replaced = new Set(
      replacements.flatMap((r) => [r.originalOrderId, r.replacementOrderId]),
    );
    try {
      refunds = readTransactions(readText(transactionsPath), (order) => replaced.has(order));
    } catch (error) {
      throw new UnusableFile(`${transactionsPath}: ${(error as Error).message}`);
    }
    for (const p of refunds.problems) problem(`${transactionsPath}: ${p.message}`);
  }

  const customer = auditCustomerReturns(
    {
      refunds: refunds?.refunds ?? [],
      marketplaceByOrder: refunds?.marketplaceByOrder,
      returns,
      replacements,
      reimbursements,
    },
    options,
  );
  const removals =
    removalOrders.length > 0 || removalShipments.length > 0
      ? auditRemovals(
          {
            orders: removalOrders,
            shipments: removalShipments,
            deliveries,
            reimbursements,
            costs: options.costs,
          },
          options,
        )
      : { claims: [], summary: {} };
  return {
    claims: [...customer.claims, ...removals.claims],
    summary: { ...customer.summary, ...removals.summary },
  };
}
