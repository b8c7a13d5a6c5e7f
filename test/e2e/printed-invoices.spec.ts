import { expect, test } from '@playwright/test';
import type { Invoice } from '../../lambdas/domain/documents/fattura-pa';
import { readDocument } from '../../lambdas/domain/documents/read-document';
import { PRINTED_INVOICES, printOptions, type Printed } from './support/printed-invoices';

/**
 * Issue 17, invoices printed from the browser: many small suppliers make their invoices in a
 * web app and print them to PDF from the browser. Each invoice of the battery (seven languages,
 * the layouts web invoicing tools and shop plugins use) is printed to PDF by the real browser
 * and read by the document reader, which must find what the page prints: number, date,
 * supplier name and VAT id, the buyer, and every line's description and quantity. No server
 * is needed; all invoices are printed in one page.
 */

const readings = new Map<string, { kind: string; invoice: Invoice | null }>();

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  for (const invoice of PRINTED_INVOICES) {
    await page.setContent(invoice.html);
    const pdf = await page.pdf(printOptions(invoice.margins));
    const reading = await readDocument(new Uint8Array(pdf), `${invoice.name}.pdf`);
    readings.set(invoice.name, { kind: reading.kind, invoice: reading.invoices[0] ?? null });
  }
  await page.close();
});

/** The fields of a reading that the printed invoice shows. */
function seen(invoice: Invoice | null, want: Printed): Printed {
  return {
    number: invoice?.number ?? '',
    date: invoice?.date ?? '',
    supplier: invoice?.supplier.name ?? '',
    supplierVat: invoice?.supplier.vat ?? null,
    ...('buyer' in want ? { buyer: invoice?.buyer.name ?? '' } : {}),
    lines: (invoice?.lines ?? []).map((line) => [line.description, line.quantity ?? NaN]),
  };
}

/** The fields of `printed` without those left out of the check. */
function checked(printed: Printed, unchecked: (keyof Printed)[] = []): Partial<Printed> {
  return Object.fromEntries(
    Object.entries(printed).filter(([key]) => !unchecked.includes(key as keyof Printed)),
  );
}

for (const { name, want, unchecked } of PRINTED_INVOICES) {
  test(`${name}: the reader finds what the printed page shows`, () => {
    const reading = readings.get(name);
    expect(reading?.kind).toBe('fattura');
    expect(checked(seen(reading?.invoice ?? null, want), unchecked)).toEqual(
      checked(want, unchecked),
    );
  });
}
