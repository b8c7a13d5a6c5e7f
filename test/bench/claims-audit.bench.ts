/**
 * Claims audit benchmark: a seller with 18 months of inventory ledger (200,000 rows by default:
 * receipts, customer shipments, and about one adjustment in forty, lost, found or damaged) and
 * 5,000 reimbursement rows, audited the way `claims:audit` does it: the ledger read line by line
 * (only the adjustments the rules need are kept), the reimbursements parsed whole.
 *
 *   npx tsx test/bench/claims-audit.bench.ts [--rows 200000] [--reimbursements 5000]
 *     [--orders 50000] [--refunds 3000]
 *
 * `runClaimsAuditBench()` returns the time (wall and CPU, generation of the files excluded), the
 * growth of the heap while auditing and the claims found, for `npm run bench`.
 * `runReturnsAuditBench()` does the same for customer returns and removals through the hourly
 * audit's own code (audit-orders.ts): 18 months of a seller with 50,000 orders and 3,000 refunds
 * (Finances transactions paged 100 at a time, returns, replacements, removals).
 */
import {
  auditLedger,
  auditReimbursements,
  LEDGER_COLUMNS,
  ledgerReader,
  textLines,
  type LedgerRow,
  type UnitCosts,
} from '../../lambdas/domain/claims/audit';
import {
  parseReimbursementsReport,
  REIMBURSEMENT_COLUMNS,
} from '../../lambdas/domain/cases/reimbursements';
import {
  auditOrders,
  readRefunds,
  type TransactionsPort,
} from '../../lambdas/domain/claims/audit-orders';
import {
  CUSTOMER_RETURN_COLUMNS,
  orderReimbursementsReader,
  readAll,
  REMOVAL_ORDER_COLUMNS,
  REMOVAL_SHIPMENT_COLUMNS,
  REPLACEMENT_COLUMNS,
  type OrderReimbursementRow,
} from '../../lambdas/domain/claims/reports';
import { jsonArrayElements } from '../../lambdas/domain/claims/transactions';

export interface ClaimsAuditBenchResult {
  ledgerRows: number;
  reimbursementRows: number;
  ms: number;
  cpuMs: number;
  /** Heap growth from before the audit to its highest point sampled after each 10,000 lines. */
  heapGrowthMb: number;
  ledgerMb: number;
  claims: number;
}

const LEDGER_HEADER = LEDGER_COLUMNS;
const SKUS = 400;
const DAY = 86_400_000;

function usDate(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** A deterministic ledger: 18 months to `end`, oldest first. */
export function ledgerText(rows: number, end: number): string {
  const start = end - 548 * DAY;
  const lines = [LEDGER_HEADER.join('\t')];
  for (let i = 0; i < rows; i += 1) {
    const sku = i % SKUS;
    const at = start + Math.floor((i / rows) * 548 * DAY);
    const base = [usDate(at), `X00FN${String(sku).padStart(5, '0')}`, `B0A${sku}`, `SKU-${sku}`];
    let event: string[];
    if (i % 40 === 7) {
      event = ['Adjustments', `ADJ${i}`, '-1', 'MXP6', 'SELLABLE', 'M', 'IT', '0', '1'];
    } else if (i % 40 === 19) {
      event = ['Adjustments', `ADJ${i}`, '1', 'MXP6', 'SELLABLE', 'F', 'IT', '1', '0'];
    } else if (i % 40 === 31) {
      event = ['Adjustments', `ADJ${i}`, '-1', 'MXP6', 'DEFECTIVE', 'E', 'IT', '0', '1'];
    } else if (i % 3 === 0) {
      event = ['Receipts', `FBA${i}`, '6', 'MXP6', 'SELLABLE', '', 'IT', '', ''];
    } else {
      event = ['Customer Shipments', `404-${i}`, '-1', 'MXP6', 'SELLABLE', '', 'IT', '', ''];
    }
    lines.push([...base.slice(0, 4), `Prodotto ${sku}`, ...event].join('\t'));
  }
  return lines.join('\n');
}

/** Reimbursements of the same SKUs: warehouse losses, some underpaid, and a few reversals. */
export function reimbursementsText(rows: number, end: number): string {
  const lines: string[] = [REIMBURSEMENT_COLUMNS.join('\t')];
  for (let i = 0; i < rows; i += 1) {
    const sku = i % SKUS;
    const at = new Date(end - (i % 540) * DAY).toISOString().replace('.000Z', '+00:00');
    const reason = ['Lost_Warehouse', 'Damaged_Warehouse', 'Lost_Inbound', 'CustomerReturn'][
      i % 4
    ]!;
    const perUnit = i % 5 === 0 ? 6.1 : 12.4;
    const cell: Record<string, string> = {
      'approval-date': at,
      'reimbursement-id': String(9_000_000_000 + i),
      reason,
      sku: `SKU-${sku}`,
      fnsku: `X00FN${String(sku).padStart(5, '0')}`,
      asin: `B0A${sku}`,
      'product-name': `Prodotto ${sku}`,
      condition: 'Sellable',
      'currency-unit': 'EUR',
      'amount-per-unit': perUnit.toFixed(2),
      'amount-total': perUnit.toFixed(2),
      'quantity-reimbursed-cash': '1',
      'quantity-reimbursed-inventory': '0',
      'quantity-reimbursed-total': '1',
    };
    lines.push(REIMBURSEMENT_COLUMNS.map((c) => cell[c] ?? '').join('\t'));
  }
  return lines.join('\n');
}

function costs(): UnitCosts {
  const out: Record<string, { amount: number; currency: string }> = {};
  for (let sku = 0; sku < SKUS; sku += 1) out[`SKU-${sku}`] = { amount: 12.5, currency: 'EUR' };
  return out;
}

export function runClaimsAuditBench(
  ledgerRowCount = 200_000,
  reimbursementRowCount = 5_000,
): ClaimsAuditBenchResult {
  const end = Date.parse('2026-11-01T00:00:00Z');
  const ledger = ledgerText(ledgerRowCount, end);
  const reimbursements = reimbursementsText(reimbursementRowCount, end);
  const unitCosts = costs();
  const asOf = '2026-11-01';

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();

  const parsed = parseReimbursementsReport(reimbursements);
  const paid = auditReimbursements(parsed.rows, unitCosts, { asOf });
  function* rows(): Generator<LedgerRow> {
    const read = ledgerReader();
    let lineNo = 0;
    for (const line of textLines(ledger)) {
      lineNo += 1;
      if (lineNo % 10_000 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      const out = read(line, lineNo);
      if (out !== null && !('problem' in out)) yield out;
    }
  }
  const lost = auditLedger(rows(), parsed.rows, unitCosts, { asOf });

  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  return {
    ledgerRows: ledgerRowCount,
    reimbursementRows: reimbursementRowCount,
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    heapGrowthMb: Math.round((heapPeak - heapBefore) / 1048576),
    ledgerMb: Math.round(Buffer.byteLength(ledger) / 1048576),
    claims: paid.claims.length + lost.claims.length,
  };
}

export interface ReturnsAuditBenchResult {
  orders: number;
  refunds: number;
  ms: number;
  cpuMs: number;
  /** Heap growth from before the audit to its highest point sampled after each 5,000 elements or lines. */
  heapGrowthMb: number;
  /** The size of the files audited (transactions.json and the reports). */
  filesMb: number;
  claims: number;
}

const MARKETPLACES = ['APJ6JRA9NG5V4', 'A1PA6795UKMFR9', 'A13V1IB3VIYZZH'];

function finance(type: string, order: string, at: number, sku: number, amount: number) {
  return {
    sellingPartnerMetadata: { sellingPartnerId: 'A1BENCH', accountType: 'PAYABLE' },
    relatedIdentifiers: [{ relatedIdentifierName: 'ORDER_ID', relatedIdentifierValue: order }],
    transactionType: type,
    transactionId: `${type}-${order}`,
    transactionStatus: 'RELEASED',
    description: type === 'Refund' ? 'Refund Order' : 'Order Payment',
    postedDate: new Date(at).toISOString(),
    totalAmount: { currencyCode: 'EUR', currencyAmount: amount },
    marketplaceDetails: { marketplaceId: MARKETPLACES[sku % MARKETPLACES.length] },
    items: [
      {
        description: `Prodotto ${sku}`,
        totalAmount: { currencyCode: 'EUR', currencyAmount: amount },
        breakdowns: [
          {
            breakdownType: 'Product Charges',
            breakdownAmount: { currencyCode: 'EUR', currencyAmount: amount },
          },
        ],
        contexts: [
          {
            contextType: 'ProductContext',
            sku: `SKU-${sku}`,
            asin: `B0A${sku}`,
            quantityShipped: 1,
            fulfillmentNetwork: 'AFN',
          },
        ],
      },
    ],
  };
}

/**
 * A seller's 18 months to `end`: `orders` order payments and `refunds` refunds in Finances
 * v2024-06-19 form; two refunds in three come back (one in ten of those damaged by the carrier),
 * one in five returns or refunds is reimbursed; a replacement per 200 orders; a removal per 250.
 */
export function returnsFiles(orders: number, refunds: number, end: number) {
  const start = end - 548 * DAY;
  const orderId = (i: number) => `402-${String(i).padStart(7, '0')}-0000001`;
  const at = (i: number) => start + Math.floor((i / orders) * 540 * DAY);
  const transactions: string[] = [];
  const returns = [CUSTOMER_RETURN_COLUMNS.join('\t')];
  const reimbursed = [REIMBURSEMENT_COLUMNS.join('\t')];
  const step = Math.max(1, Math.floor(orders / refunds));
  for (let i = 0; i < orders; i += 1) {
    const sku = i % SKUS;
    transactions.push(JSON.stringify(finance('Shipment', orderId(i), at(i), sku, 19.9)));
    if (i % step !== 0 || i / step >= refunds) continue;
    const refundAt = at(i) + 5 * DAY;
    transactions.push(JSON.stringify(finance('Refund', orderId(i), refundAt, sku, -19.9)));
    const r = i / step;
    if (r % 3 !== 0) {
      const cell: Record<string, string> = {
        'return-date': new Date(refundAt + 10 * DAY).toISOString(),
        'order-id': orderId(i),
        sku: `SKU-${sku}`,
        fnsku: `X00FN${String(sku).padStart(5, '0')}`,
        'product-name': `Prodotto ${sku}`,
        quantity: '1',
        'detailed-disposition': r % 10 === 1 ? 'CARRIER_DAMAGED' : 'SELLABLE',
        reason: 'UNWANTED_ITEM',
        status: 'Unit returned to inventory',
      };
      returns.push(CUSTOMER_RETURN_COLUMNS.map((c) => cell[c] ?? '').join('\t'));
    }
    if (r % 5 === 0) {
      const cell: Record<string, string> = {
        'approval-date': new Date(refundAt + 50 * DAY).toISOString().replace('.000Z', '+00:00'),
        'reimbursement-id': String(8_000_000_000 + i),
        'amazon-order-id': orderId(i),
        reason: 'CustomerReturn',
        sku: `SKU-${sku}`,
        'currency-unit': 'EUR',
        'amount-total': '17.00',
        'quantity-reimbursed-cash': '1',
        'quantity-reimbursed-inventory': '0',
        'quantity-reimbursed-total': '1',
      };
      reimbursed.push(REIMBURSEMENT_COLUMNS.map((c) => cell[c] ?? '').join('\t'));
    }
  }
  const replacements = [REPLACEMENT_COLUMNS.join('\t')];
  for (let i = 1; i < orders; i += 200) {
    const cell: Record<string, string> = {
      'shipment-date': new Date(at(i) + 3 * DAY).toISOString(),
      sku: `SKU-${i % SKUS}`,
      quantity: '1',
      'replacement-reason-code': '6',
      'replacement-amazon-order-id': `R${orderId(i)}`,
      'original-amazon-order-id': orderId(i),
    };
    replacements.push(REPLACEMENT_COLUMNS.map((c) => cell[c] ?? '').join('\t'));
  }
  const removalOrders = [REMOVAL_ORDER_COLUMNS.join('\t')];
  const removalShipments = [REMOVAL_SHIPMENT_COLUMNS.join('\t')];
  const deliveries: Record<string, Record<string, number>> = {};
  for (let i = 0; i < orders; i += 250) {
    const id = `RMV${i}`;
    const sku = `SKU-${i % SKUS}`;
    const created = new Date(at(i)).toISOString();
    const order: Record<string, string> = {
      'request-date': created,
      'order-id': id,
      'order-type': 'Return',
      'order-status': 'Completed',
      'last-updated-date': new Date(at(i) + 6 * DAY).toISOString(),
      sku,
      'requested-quantity': '10',
      'disposed-quantity': i % 1000 === 0 ? '2' : '0',
      'shipped-quantity': i % 1000 === 0 ? '8' : '10',
    };
    removalOrders.push(REMOVAL_ORDER_COLUMNS.map((c) => order[c] ?? '').join('\t'));
    const shipment: Record<string, string> = {
      'request-date': created,
      'order-id': id,
      'shipment-date': new Date(at(i) + 4 * DAY).toISOString(),
      sku,
      'shipped-quantity': order['shipped-quantity'] as string,
      carrier: 'BRT',
      'tracking-number': `BRT${i}`,
    };
    removalShipments.push(REMOVAL_SHIPMENT_COLUMNS.map((c) => shipment[c] ?? '').join('\t'));
    deliveries[id] = {
      [sku]: i % 750 === 0 ? 0 : i % 500 === 0 ? 7 : Number(shipment['shipped-quantity']),
    };
  }
  return {
    transactions: `[${transactions.join(',\n')}]`,
    returns: returns.join('\n'),
    replacements: replacements.join('\n'),
    removalOrders: removalOrders.join('\n'),
    removalShipments: removalShipments.join('\n'),
    reimbursements: reimbursed.join('\n'),
    deliveries,
  };
}

/** Transactions per page of the simulated `listTransactions` (Finances v2024-06-19 pages). */
const TRANSACTIONS_PAGE = 100;

/**
 * The customer-return and removal audit the way the hourly audit runs it (audit-orders.ts): the
 * refunds read page after page through `readRefunds` (only refunds, and the marketplaces of
 * orders, are kept; a page is parsed only when asked for), then `auditOrders` over the four
 * reports read line by line and the reimbursements report's order lines.
 */
export async function runReturnsAuditBench(
  orders = 50_000,
  refunds = 3_000,
): Promise<ReturnsAuditBenchResult> {
  const end = Date.parse('2026-11-01T00:00:00Z');
  const files = returnsFiles(orders, refunds, end);
  const asOf = '2026-11-01';

  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sample = () => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();

  // Amazon's pages: the next token is where the next page starts in the seller's transactions.
  const elements = jsonArrayElements(files.transactions);
  let served = 0;
  const port: TransactionsPort = {
    listTransactions: async (query) => {
      sample();
      const page: unknown[] = [];
      // Not for…of: leaving that loop would close the generator.
      while (page.length < TRANSACTIONS_PAGE) {
        const next = elements.next();
        if (next.done) break;
        page.push(JSON.parse(next.value) as unknown);
      }
      served += page.length;
      const more = page.length === TRANSACTIONS_PAGE;
      return {
        transactions: page,
        ...(more ? { nextToken: `${query.nextToken ?? ''}${served}` } : {}),
      };
    },
  };
  const read = await readRefunds(
    port,
    { marketplaceId: MARKETPLACES[0]!, postedAfter: end - 548 * DAY, postedBefore: end },
    () => true,
    () => undefined,
  );
  sample();
  const orderRows = readAll<OrderReimbursementRow>(
    orderReimbursementsReader(),
    textLines(files.reimbursements),
  ).rows;
  const audit = auditOrders(
    {
      texts: {
        returns: files.returns,
        replacements: files.replacements,
        removalOrders: files.removalOrders,
        removalShipments: files.removalShipments,
      },
      refunds: read,
      orderRows,
      deliveries: files.deliveries,
      costs: costs(),
    },
    { asOf, held: new Set() },
  );
  // Before any collection: what the audit's reading left on the heap counts in the peak.
  sample();

  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const bytes = [
    files.transactions,
    files.returns,
    files.replacements,
    files.removalOrders,
    files.removalShipments,
    files.reimbursements,
  ].reduce((sum, text) => sum + Buffer.byteLength(text), 0);
  return {
    orders,
    refunds: read?.refunds.length ?? 0,
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    heapGrowthMb: Math.round((heapPeak - heapBefore) / 1048576),
    filesMb: Math.round(bytes / 1048576),
    claims: audit.claims.length,
  };
}

if (process.argv[1]?.endsWith('claims-audit.bench.ts')) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name);
    return i < 0 ? fallback : Number(process.argv[i + 1]);
  };
  const result = runClaimsAuditBench(arg('--rows', 200_000), arg('--reimbursements', 5_000));
  console.log(JSON.stringify(result, null, 2));
  void runReturnsAuditBench(arg('--orders', 50_000), arg('--refunds', 3_000)).then((returns) =>
    console.log(JSON.stringify(returns, null, 2)),
  );
}
