/**
 * Claims audit benchmark: a seller with 18 months of inventory ledger (200,000 rows by default:
 * receipts, customer shipments, and about one adjustment in forty, lost, found or damaged) and
 * 5,000 reimbursement rows, audited the way `claims:audit` does it: the ledger read line by line
 * (only the adjustments the rules need are kept), the reimbursements parsed whole.
 *
 *   npx tsx test/bench/claims-audit.bench.ts [--rows 200000] [--reimbursements 5000]
 *
 * `runClaimsAuditBench()` returns the time (wall and CPU, generation of the files excluded), the
 * growth of the heap while auditing and the claims found, for `npm run bench`.
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

if (process.argv[1]?.endsWith('claims-audit.bench.ts')) {
  const arg = (name: string, fallback: number) => {
    const i = process.argv.indexOf(name);
    return i < 0 ? fallback : Number(process.argv[i + 1]);
  };
  const result = runClaimsAuditBench(arg('--rows', 200_000), arg('--reimbursements', 5_000));
  console.log(JSON.stringify(result, null, 2));
}
