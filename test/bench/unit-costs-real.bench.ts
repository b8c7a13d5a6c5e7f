/**
 * How many invoice lines of the real development set (`shared/fixtures/documents-real`, next to
 * the repository) give a unit cost (issue 31):
 *
 *   npx tsx test/bench/unit-costs-real.bench.ts [--dir <folder>]
 *
 * Every document the set lists is read as an upload is (`readDocument`); for each invoice line:
 * whether it states an amount the cost can be read from (`lineUnitCost`) in an invoice whose
 * currency is known, whether it carries an article code, and whether it gives a cost by evidence
 * when the seller's SKUs are those codes (`invoiceCosts`, the dates' one-year window left out:
 * the set's invoices are older than a year).
 */
import fs from 'node:fs';
import path from 'node:path';
import { LineVerdicts } from '../../lambdas/domain/documents/invoice-match';
import { readDocument } from '../../lambdas/domain/documents/read-document';
import { invoiceCosts, lineUnitCost } from '../../lambdas/domain/costs/unit-costs';

async function main(): Promise<void> {
  const at = process.argv.indexOf('--dir');
  const dir =
    at >= 0
      ? path.resolve(process.argv[at + 1] ?? '.')
      : path.resolve(__dirname, '../../../shared/fixtures/documents-real');
  const names = Object.keys(
    JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Record<string, unknown>,
  ).sort();
  const tally = { files: 0, invoices: 0, lines: 0, priced: 0, coded: 0, costed: 0 };
  const perSource = new Map<string, { lines: number; costed: number }>();
  for (const name of names) {
    let reading;
    try {
      reading = await readDocument(new Uint8Array(fs.readFileSync(path.join(dir, name))), name);
    } catch {
      continue;
    }
    tally.files += 1;
    reading.invoices.forEach((invoice, index) => {
      tally.invoices += 1;
      const source = perSource.get(invoice.source) ?? { lines: 0, costed: 0 };
      perSource.set(invoice.source, source);
      const codes = [...new Set(invoice.lines.flatMap((l) => l.codes))];
      const skus = codes.map((code) => ({ sku: code, missing: 0 }));
      // Dated "today" on the invoice's own day, so the window admits it.
      const day = invoice.date ?? '2000-01-01';
      const costs = invoiceCosts(
        [
          {
            documentId: name,
            invoiceIndex: index,
            number: invoice.number,
            date: invoice.date,
            currency: invoice.currency ?? null,
            lines: invoice.lines,
          },
        ],
        skus,
        new LineVerdicts(),
        day,
      );
      const costedLines = new Set([...costs.values()].map((c) => c.invoice.line));
      invoice.lines.forEach((line, i) => {
        tally.lines += 1;
        source.lines += 1;
        if (lineUnitCost(line) !== null && invoice.currency) tally.priced += 1;
        if (line.codes.length > 0) tally.coded += 1;
        if (costedLines.has(i + 1)) {
          tally.costed += 1;
          source.costed += 1;
        }
      });
    });
  }
  console.log(`documents read: ${tally.files}; invoices: ${tally.invoices}; lines: ${tally.lines}`);
  console.log(`lines with an amount and a known currency (a unit cost): ${tally.priced}`);
  console.log(`lines with an article code: ${tally.coded}`);
  console.log(
    `lines giving a SKU its unit cost by evidence (SKUs = the codes on the lines): ${tally.costed}`,
  );
  for (const [source, s] of perSource) {
    console.log(`  ${source}: ${s.costed} of ${s.lines} lines`);
  }
}

void main();
