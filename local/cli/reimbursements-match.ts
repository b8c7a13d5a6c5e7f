/**
 * Matches an FBA reimbursements report to cases with the poller's own code:
 *   npm run -s reimbursements:match -- <cases.json> <report.tsv | report.tsv.gz>
 *
 * `cases.json` is a list of the cases sent to Amazon (README, "reimbursements:match"):
 *   [ { "shipment_id": "FBA15ABC", "submitted_at": "2026-11-01T10:00:00Z",
 *       "amazon_case_id": "1234567890" | null,
 *       "items": [ { "sku": "CACAO-250", "asin": "B0...", "missing": 2 } ] } ]
 * The report is Amazon's GET_FBA_REIMBURSEMENTS_DATA flat file, plain or gzip (as the Reports
 * API's document comes). Stdout: one JSON object per case, in the file's order:
 *   { "shipment_id", "skus", "status", "amount", "currency", "units_recovered",
 *     "units_missing", "reimbursement_ids" }
 * Unreadable report lines go to stderr with their line number. Usage errors exit with 2, an
 * unreadable file with 1.
 */
import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';
import {
  matchReimbursements,
  parseReimbursementsReport,
} from '../../lambdas/domain/cases/reimbursements';

const USAGE = 'usage: npm run -s reimbursements:match -- <cases.json> <report.tsv>';

const casesFile = z.array(
  z.object({
    shipment_id: z.string().min(1),
    submitted_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'an ISO date-time'),
    amazon_case_id: z.string().min(1).nullish(),
    items: z
      .array(
        z.object({
          sku: z.string().min(1),
          asin: z.string().min(1).nullish(),
          missing: z.number().int().nonnegative(),
        }),
      )
      .min(1),
  }),
);

/** The report's text, un-gzipped when its bytes say gzip (1f 8b), whatever the file is called. */
export function reportText(bytes: Buffer): string {
  const plain = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  return plain.toString('utf8');
}

export function run(casesJson: string, report: Buffer) {
  const cases = casesFile.parse(JSON.parse(casesJson));
  const { rows, problems } = parseReimbursementsReport(reportText(report));
  const outcomes = matchReimbursements(
    cases.map((c) => ({
      shipmentId: c.shipment_id,
      submittedAt: new Date(c.submitted_at).toISOString(),
      amazonCaseId: c.amazon_case_id ?? null,
      items: c.items.map((i) => ({ sku: i.sku, asin: i.asin ?? null, missing: i.missing })),
    })),
    rows,
  );
  return {
    problems,
    lines: outcomes.map((o) => ({
      shipment_id: o.shipmentId,
      skus: o.skus,
      status: o.status,
      amount: o.amount,
      currency: o.currency,
      units_recovered: o.unitsRecovered,
      units_missing: o.unitsMissing,
      reimbursement_ids: o.reimbursementIds,
    })),
  };
}

function main(argv: string[]): number {
  const args = argv.filter((a) => a !== '--');
  if (args.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  let casesJson: string;
  let report: Buffer;
  try {
    casesJson = fs.readFileSync(args[0] as string, 'utf8');
    report = fs.readFileSync(args[1] as string);
  } catch (error) {
    console.error(`reimbursements:match: ${(error as Error).message}`);
    return 1;
  }
  let result: ReturnType<typeof run>;
  try {
    result = run(casesJson, report);
  } catch (error) {
    const why =
      error instanceof z.ZodError
        ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
        : (error as Error).message;
    console.error(`reimbursements:match: ${args[0]} is not a list of cases: ${why}`);
    return 1;
  }
  for (const problem of result.problems) {
    console.error(`${args[1]}:${problem.line}: ${problem.message}`);
  }
  for (const line of result.lines) process.stdout.write(`${JSON.stringify(line)}\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
