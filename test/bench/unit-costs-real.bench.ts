/**
 * How many invoice lines of the real development set (`shared/fixtures/documents-real`, next to
 * the repository) give a unit cost (issue 31), and how many PDF invoice lines the reader gives
 * their unit price, total and currency right:
 *
 *   npx tsx test/bench/unit-costs-real.bench.ts [--dir <folder>]
 *
 * Every document the set lists is read as an upload is (`readDocument`); for each invoice line:
 * whether it states an amount the cost can be read from (`lineUnitCost`) in an invoice whose
 * currency is known, whether it carries an article code, and whether it gives a cost by evidence
 * when the seller's SKUs are those codes (`invoiceCosts`, the dates' one-year window left out:
 * the set's invoices are older than a year).
 *
 * PDF line figures: each line of `expected.json` is found among the lines read by its
 * description and quantity (as `documents-real.bench.ts` does); its printed unit price, total
 * and currency are the line's `unit_price`, `total`, `currency` in `expected.json` when recorded
 * there, else in `documents-real-line-figures.json` (read by hand from the reference text of the
 * development set; another folder without either is reported as not recorded). A line is read
 * right when its figures are the printed ones and agree with its quantity, or when it is given
 * none because the row prints no unit price or quantity, or figures that do not agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isCreditNote } from '../../lambdas/domain/documents/fattura-pa';
import { lineDescriptionKey, LineVerdicts } from '../../lambdas/domain/documents/invoice-match';
import { agrees } from '../../lambdas/domain/documents/invoice-line-amounts';
import { readDocument, type DocumentReading } from '../../lambdas/domain/documents/read-document';
import { invoiceCosts, lineUnitCost } from '../../lambdas/domain/costs/unit-costs';

interface Figures {
  unit_price?: number;
  total?: number;
  currency?: string | null;
}
type ExpectedLine = { description: string; quantity?: number } & Figures;
type Expected = Record<string, { kind?: string; lines?: ExpectedLine[] }>;

const dashes = (text: string) => text.replace(/[\u2010-\u2015\u2212]/g, '-').replace(/\s+/g, ' ');
const lineKey = (description: string, quantity: number | null | undefined) =>
  `${dashes(description)}|${quantity ?? ''}`;
const figure = (value: number) => ({
  value,
  decimals: (String(value).split('.')[1] ?? '').length,
  x: 0,
  end: 0,
});

/** The PDF line-figure tally of one folder (see the module comment). */
function lineFigures(
  dir: string,
  expected: Expected,
  readings: Map<string, DocumentReading>,
): string[] {
  const handRead = path.join(__dirname, 'documents-real-line-figures.json');
  const reference = (
    fs.existsSync(handRead) ? JSON.parse(fs.readFileSync(handRead, 'utf8')) : {}
  ) as Record<string, Figures[]>;
  const t = {
    present: 0,
    priced: 0,
    pricedRight: 0,
    none: 0,
    noneRight: 0,
    wrong: 0,
    unrecorded: 0,
  };
  const misses: string[] = [];
  for (const [name, want] of Object.entries(expected)) {
    if (!name.endsWith('.pdf') || want.kind !== 'invoice' || !want.lines?.length) continue;
    const reading = readings.get(name);
    const got = (reading?.invoices ?? []).flatMap((invoice) =>
      invoice.lines.map((line) => ({
        key: lineKey(line.description, line.quantity),
        line,
        currency: line.currency ?? invoice.currency ?? null,
      })),
    );
    want.lines.forEach((line, i) => {
      t.present += 1;
      const printed: Figures | undefined =
        line.total !== undefined ? line : (reference[path.basename(name)] ?? [])[i];
      if (!printed) {
        t.unrecorded += 1;
        return;
      }
      const at = got.findIndex((g) => g.key === lineKey(line.description, line.quantity));
      const read = at >= 0 ? got.splice(at, 1)[0]! : null;
      const hasFigures = typeof read?.line.amount === 'number';
      const trusted =
        printed.unit_price !== undefined &&
        printed.total !== undefined &&
        line.quantity !== undefined &&
        line.quantity > 0 &&
        agrees(line.quantity, figure(printed.unit_price), figure(printed.total));
      if (trusted) {
        t.priced += 1;
        const right =
          !!read &&
          read.line.unitPrice === printed.unit_price &&
          read.line.amount === printed.total &&
          read.currency === (printed.currency ?? null);
        if (right) t.pricedRight += 1;
        else if (hasFigures) t.wrong += 1;
        if (!right)
          misses.push(`${name} line ${i + 1}: ${read ? JSON.stringify(read.line) : 'not read'}`);
      } else {
        t.none += 1;
        if (read && !hasFigures) t.noneRight += 1;
        else {
          if (hasFigures) t.wrong += 1;
          misses.push(`${name} line ${i + 1}: ${read ? JSON.stringify(read.line) : 'not read'}`);
        }
      }
    });
  }
  const right = t.pricedRight + t.noneRight;
  return [
    `PDF invoice lines (${dir}):`,
    '| PDF invoice lines | lines |',
    '|---|---|',
    `| present (expected.json) | ${t.present} |`,
    `| read right (unit price, total and currency as printed, or rightly none) | ${right} / ${t.present - t.unrecorded} |`,
    `| whose printed figures agree with the quantity: read right | ${t.pricedRight} / ${t.priced} |`,
    `| whose row prints no unit price or quantity, or figures that do not agree: given none | ${t.noneRight} / ${t.none} |`,
    `| given figures other than the printed ones | ${t.wrong} |`,
    ...(t.unrecorded ? [`| figures not recorded | ${t.unrecorded} |`] : []),
    ...misses.map((m) => `  miss: ${m}`),
  ];
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--dir');
  const dir =
    at >= 0
      ? path.resolve(process.argv[at + 1] ?? '.')
      : path.resolve(__dirname, '../../../shared/fixtures/documents-real');
  const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected;
  const names = Object.keys(expected).sort();
  const readings = new Map<string, DocumentReading>();
  const tally = {
    files: 0,
    invoices: 0,
    lines: 0,
    priced: 0,
    coded: 0,
    costed: 0,
    products: 0,
    confirmedCosts: 0,
  };
  const perSource = new Map<
    string,
    { lines: number; priced: number; costed: number; products: number; confirmed: number }
  >();
  for (const name of names) {
    let reading;
    try {
      reading = await readDocument(new Uint8Array(fs.readFileSync(path.join(dir, name))), name);
    } catch {
      continue;
    }
    readings.set(name, reading);
    tally.files += 1;
    reading.invoices.forEach((invoice, index) => {
      tally.invoices += 1;
      const source = perSource.get(invoice.source) ?? {
        lines: 0,
        priced: 0,
        costed: 0,
        products: 0,
        confirmed: 0,
      };
      perSource.set(invoice.source, source);
      const codes = [...new Set(invoice.lines.flatMap((l) => l.codes))];
      const skus = codes.map((code) => ({ sku: code, missing: 0 }));
      // Dated "today" on the invoice's own day, so the window admits it.
      const day = invoice.date ?? '2000-01-01';
      const asCost = {
        documentId: name,
        invoiceIndex: index,
        number: invoice.number,
        date: invoice.date,
        currency: invoice.currency ?? null,
        creditNote: isCreditNote(invoice.documentType),
        lines: invoice.lines,
      };
      const costs = invoiceCosts([asCost], skus, new LineVerdicts(), day);
      const costedLines = new Set([...costs.values()].map((c) => c.invoice.line));
      // The seller's products named after the lines, each line confirmed once for its product
      // on the Suppliers tab: the SKUs the invoice then gives a cost.
      const described = [...new Set(invoice.lines.map((l) => lineDescriptionKey(l.description)))];
      const products = described.map((d, n) => ({ sku: `LINE-${n}`, missing: 0, title: d }));
      const confirmed = new LineVerdicts(
        products.map((p) => ({
          sku: p.sku,
          description: p.title,
          codes: [],
          verdict: 'confirmed' as const,
        })),
      );
      const byConfirmation = invoiceCosts([asCost], products, confirmed, day).size;
      tally.products += products.length;
      tally.confirmedCosts += byConfirmation;
      source.products += products.length;
      source.confirmed += byConfirmation;
      invoice.lines.forEach((line, i) => {
        tally.lines += 1;
        source.lines += 1;
        if (lineUnitCost(line) !== null && invoice.currency) {
          tally.priced += 1;
          source.priced += 1;
        }
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
    console.log(`  ${source}: ${s.lines} lines, ${s.priced} with a unit cost, ${s.costed} by code`);
  }
  console.log(
    `products named after the lines, each line confirmed once: ${tally.confirmedCosts} of ${tally.products} given a unit cost`,
  );
  for (const [source, s] of perSource) {
    console.log(`  ${source}: ${s.confirmed} of ${s.products}`);
  }
  console.log(['', ...lineFigures(dir, expected, readings)].join('\n'));
}

void main();
