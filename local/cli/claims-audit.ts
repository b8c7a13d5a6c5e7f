/**
 * The audit of what Amazon paid and of the warehouse losses it has not paid, on report files:
 *   npm run -s claims:audit -- <dir> --as-of <YYYY-MM-DD> [--threshold 0.95]
 *
 * Reads from <dir> whichever exists of `GET_FBA_REIMBURSEMENTS_DATA.tsv`,
 * `GET_LEDGER_DETAIL_VIEW_DATA.tsv` (each as Amazon delivers it: plain or `.gz`, UTF-8 or
 * Cp1252) and `unit-costs.json` (`{"<sku>": {"amount": 12.5, "currency": "EUR"}}`). Stdout: one
 * JSON object per claim: { "kind", "sku", "fnsku", "reference", "units", "amount_paid",
 * "amount_expected", "currency", "window_opens", "window_closes", "state", "note" }. Lines it
 * cannot read go to stderr as `<file>:<line>: <reason>`, then a summary of what the audit could
 * not state. Usage errors exit with 2, an unreadable file with 1.
 *
 * Customer returns and removals (the returns, replacement and removal reports,
 * `transactions.json`, `removal-deliveries.json`): see claims-audit-orders.ts; their lines add
 * `"marketplace"`.
 */
import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';
import { claimLine, existing } from './report-files';
import {
  parseReimbursementsReport,
  type ReimbursementRow,
} from '../../lambdas/domain/cases/reimbursements';
import {
  auditLedger,
  auditReimbursements,
  ledgerReader,
  textLines,
  type Claim,
  type LedgerRow,
  type UnitCosts,
} from '../../lambdas/domain/claims/audit';
import { decodeDeclaredText } from '../../lambdas/domain/documents/charsets';
import type { OrderClaim } from '../../lambdas/domain/claims/returns';
import { auditOrderFiles, orderClaimLine } from './claims-audit-orders';

const USAGE = 'usage: npm run -s claims:audit -- <dir> --as-of <YYYY-MM-DD> [--threshold 0.95]';

const REIMBURSEMENTS = 'GET_FBA_REIMBURSEMENTS_DATA.tsv';
const LEDGER = 'GET_LEDGER_DETAIL_VIEW_DATA.tsv';
const COSTS = 'unit-costs.json';

const unitCostsFile = z.record(
  z.string().min(1),
  z.object({ amount: z.number().nonnegative(), currency: z.string().regex(/^[A-Za-z]{3}$/) }),
);

const isoDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  !Number.isNaN(Date.parse(value)) &&
  new Date(value).toISOString().slice(0, 10) === value;

/** A report's text: un-gzipped when its bytes say gzip, decoded as UTF-8 or else Cp1252. */
export function reportText(bytes: Buffer): string {
  const plain = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  return decodeDeclaredText(plain);
}

export interface Args {
  dir: string;
  asOf: string;
  threshold: number | undefined;
}

export function parseArgs(argv: string[]): Args | undefined {
  const args = argv.filter((a) => a !== '--');
  let dir: string | undefined;
  let asOf: string | undefined;
  let threshold: number | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--as-of' || arg === '--threshold') {
      const value = args[i + 1];
      if (value === undefined) return undefined;
      i += 1;
      if (arg === '--as-of') {
        if (!isoDay(value)) return undefined;
        asOf = value;
      } else {
        if (!/^\d+(\.\d+)?$/.test(value)) return undefined;
        threshold = Number(value);
        if (threshold <= 0 || threshold > 1) return undefined;
      }
    } else if (arg.startsWith('-') || dir !== undefined) {
      return undefined;
    } else {
      dir = arg;
    }
  }
  if (!dir || !asOf) return undefined;
  return { dir, asOf, threshold };
}

function main(argv: string[]): number {
  const args = parseArgs(argv);
  if (!args || !fs.existsSync(args.dir) || !fs.statSync(args.dir).isDirectory()) {
    console.error(USAGE);
    return 2;
  }
  const options = { asOf: args.asOf, threshold: args.threshold };
  let costs: UnitCosts = {};
  let rows: ReimbursementRow[] = [];
  const claims: Claim[] = [];
  const orderClaims: OrderClaim[] = [];
  const summary: Record<string, number> = {};
  try {
    const costsFile = existing(args.dir, COSTS);
    if (costsFile) {
      const parsed = unitCostsFile.safeParse(JSON.parse(fs.readFileSync(costsFile, 'utf8')));
      if (!parsed.success) {
        const why = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        console.error(`claims:audit: ${costsFile} is not a map of unit costs: ${why}`);
        return 1;
      }
      costs = Object.fromEntries(
        Object.entries(parsed.data).map(([sku, c]) => [
          sku,
          { amount: c.amount, currency: c.currency.toUpperCase() },
        ]),
      );
    }
    const reimbursementsFile = existing(args.dir, REIMBURSEMENTS);
    if (reimbursementsFile) {
      const parsed = parseReimbursementsReport(reportText(fs.readFileSync(reimbursementsFile)));
      for (const problem of parsed.problems) {
        console.error(`${reimbursementsFile}:${problem.line}: ${problem.message}`);
      }
      rows = parsed.rows;
      const audit = auditReimbursements(rows, costs, options);
      claims.push(...audit.claims);
      Object.assign(summary, audit.summary);
    }
    const ledgerFile = existing(args.dir, LEDGER);
    if (ledgerFile) {
      const text = reportText(fs.readFileSync(ledgerFile));
      // Line by line: only the adjustments the audit needs are kept.
      function* ledgerRows(): Generator<LedgerRow> {
        const read = ledgerReader();
        let lineNo = 0;
        for (const line of textLines(text)) {
          lineNo += 1;
          const out = read(line, lineNo);
          if (out === null) continue;
          if ('problem' in out)
            console.error(`${ledgerFile}:${out.problem.line}: ${out.problem.message}`);
          else yield out;
        }
      }
      const audit = auditLedger(ledgerRows(), rows, costs, options);
      claims.push(...audit.claims);
      summary.sku_without_cost = (summary.sku_without_cost ?? 0) + audit.summary.sku_without_cost;
    }
    // Customer returns and removals (claims-audit-orders.ts).
    const orders = auditOrderFiles(
      args.dir,
      { asOf: args.asOf, costs },
      (file) => reportText(fs.readFileSync(file)),
      (text) => console.error(text),
    );
    orderClaims.push(...orders.claims);
    Object.assign(summary, orders.summary);
  } catch (error) {
    console.error(`claims:audit: ${(error as Error).message}`);
    return 1;
  }
  for (const claim of claims) process.stdout.write(`${JSON.stringify(claimLine(claim))}\n`);
  for (const claim of orderClaims) {
    process.stdout.write(`${JSON.stringify(orderClaimLine(claim))}\n`);
  }
  const counted = Object.entries(summary).filter(([, n]) => n > 0);
  if (counted.length > 0) {
    console.error(`claims:audit: not stated: ${counted.map(([k, n]) => `${k} ${n}`).join(', ')}`);
  }
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
