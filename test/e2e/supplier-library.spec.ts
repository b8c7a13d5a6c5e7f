import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { freshUser, prepareUsers } from './support/accounts';
import { logIn } from './support/pages';
import { api } from './support/real-seller';

/**
 * Issue 17 in the browser: an invoice uploaded for one demo shipment shows on the "Fornitori"
 * tab under its supplier, with the shipments it covers; attaching it to another of them puts
 * it in that shipment's case without a new upload.
 */

test.beforeAll(() => prepareUsers());

/**
 * Ceramiche Rossi's invoice as a table: mugs and coasters (DEMO001) and water bottles (DEMO002),
 * nothing of DEMO003's chopping boards.
 */
async function invoicePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const text = (value: string, x: number, y: number) =>
    page.drawText(value, { x, y, size: 10, font });
  text('Ceramiche Rossi S.r.l. - P.IVA IT01234567890 - Via Roma 1, 20121 Milano', 40, 800);
  text('Fattura n. 2026/118 del 20/08/2026', 40, 770);
  text('Cliente: Casa Moka di Giulia Bianchi - P.IVA IT09876543210', 40, 750);
  const columns = [40, 130, 360, 430, 500];
  const rows = [
    ['Codice', 'Descrizione', 'Quantità', 'Prezzo', 'Importo'],
    ['TAZ-CER-350', 'Tazza in ceramica 350 ml', '48', '4,00', '192,00'],
    ['SOTT-SUGH-6', 'Set 6 sottobicchieri in sughero', '60', '3,00', '180,00'],
    ['BORR-INOX-750', 'Borraccia termica inox 750 ml', '120', '6,00', '720,00'],
  ];
  rows.forEach((row, y) => row.forEach((cell, x) => text(cell, columns[x]!, 710 - y * 20)));
  text('Totale imponibile', 40, 610);
  text('1.092,00', 500, 610);
  return Buffer.from(await pdf.save());
}

/**
 * Falegnameria Verdi's invoice: DEMO003's chopping boards under the supplier's own code, which
 * is none of the seller's (no SKU, ASIN or EAN on the line): the line only resembles the item.
 */
async function lookAlikeInvoicePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const text = (value: string, x: number, y: number) =>
    page.drawText(value, { x, y, size: 10, font });
  text('Falegnameria Verdi S.r.l. - P.IVA IT05550001112 - Via Po 3, 10121 Torino', 40, 800);
  text('Fattura n. 77/2026 del 02/09/2026', 40, 770);
  text('Cliente: Casa Moka di Giulia Bianchi - P.IVA IT09876543210', 40, 750);
  const columns = [40, 130, 360, 430, 500];
  const rows = [
    ['Codice', 'Descrizione', 'Quantità', 'Prezzo', 'Importo'],
    ['TB-L40', 'Tagliere in bambù grande', '4', '9,00', '36,00'],
  ];
  rows.forEach((row, y) => row.forEach((cell, x) => text(cell, columns[x]!, 710 - y * 20)));
  text('Totale imponibile', 40, 650);
  text('36,00', 500, 650);
  return Buffer.from(await pdf.save());
}

async function openSheet(page: Page, shipmentId: string) {
  await page
    .getByTestId('upload-panel')
    .filter({ hasText: `ID ${shipmentId}` })
    .getByRole('button', { name: /Prepara contestazione|Carica documenti/ })
    .click();
  const sheet = page.getByRole('dialog', { name: `Prepara il caso · ${shipmentId}` });
  await expect(sheet).toBeVisible();
  return sheet;
}

test('an invoice uploaded once is attached from the supplier library to another shipment', async ({
  page,
}) => {
  await logIn(page, await freshUser());
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await api(page, '/api/demo/sync', { method: 'POST' })).status).toBe(200);

  // Uploaded for DEMO001, as the seller does on the FBA tab.
  await page.goto('/documents');
  const first = await openSheet(page, 'DEMO001');
  await first.getByRole('radio', { name: /Rivenditore/ }).check();
  await first.getByLabel("Carica Fattura d'acquisto").setInputFiles({
    name: 'Fattura Rossi 118.pdf',
    mimeType: 'application/pdf',
    buffer: await invoicePdf(),
  });
  await expect(first.getByTestId('case-document')).toHaveCount(1, { timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(first).toBeHidden();

  await page.getByRole('tab', { name: 'Fornitori' }).click();
  const supplier = page.getByTestId('supplier').filter({ hasText: 'Ceramiche Rossi S.r.l.' });
  await expect(supplier).toContainText('P.IVA IT01234567890 · 1 fattura');
  await supplier.getByRole('button', { name: 'Mostra fatture' }).click();

  const invoice = supplier.getByTestId('supplier-invoice');
  await expect(invoice.getByRole('heading', { name: /Fattura n\. 2026\/118 del/ })).toBeVisible();
  await expect(invoice).toContainText('Caricata per la spedizione DEMO001 · fattura_rossi_118.pdf');
  const covered = invoice.getByTestId('covered-shipment');
  // DEMO003's chopping boards are not on the invoice.
  await expect(covered).toHaveCount(2);
  const sept = covered.filter({ hasText: 'DEMO001' });
  await expect(sept).toContainText('Allegata al caso');
  await expect(sept).toContainText('TAZ-CER-350: in fattura 48, mancanti 1');
  await expect(sept).toContainText('Copre tutte le unità mancanti');
  const oct = covered.filter({ hasText: 'DEMO002' });
  await expect(oct).toContainText('BORR-INOX-750: in fattura 120, mancanti 3');
  await expect(oct).toContainText('LUNCH-BOX-2: in fattura 0, mancanti 2');
  await expect(oct).toContainText('Copre in parte');

  const accessibility = await new AxeBuilder({ page })
    .include('[data-testid="supplier"]')
    .analyze();
  expect(accessibility.violations).toEqual([]);

  await oct
    .getByRole('button', {
      name: 'Allega al caso: fattura 2026/118, spedizione FBA Piacenza MXP3 – ottobre',
    })
    .click();
  await expect(page.getByText('Fattura allegata al caso')).toBeVisible({ timeout: 20_000 });
  await expect(oct).toContainText('Allegata al caso');
  await expect(oct.getByRole('button', { name: /Allega/ })).toHaveCount(0);

  // DEMO002's case now holds the invoice, with no new upload.
  await page.getByRole('tab', { name: 'Spedizioni FBA' }).click();
  const second = await openSheet(page, 'DEMO002');
  await expect(second.getByTestId('case-document')).toHaveCount(1);
  await expect(second.getByTestId('case-document')).toContainText('fattura_rossi_118.pdf');
});

test('a line that only resembles an item is to be confirmed, and counts once the seller confirms it', async ({
  page,
}) => {
  await logIn(page, await freshUser());
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await api(page, '/api/demo/sync', { method: 'POST' })).status).toBe(200);

  await page.goto('/documents');
  const sheet = await openSheet(page, 'DEMO003');
  await sheet.getByRole('radio', { name: /Rivenditore/ }).check();
  await sheet.getByLabel("Carica Fattura d'acquisto").setInputFiles({
    name: 'Fattura Verdi 77.pdf',
    mimeType: 'application/pdf',
    buffer: await lookAlikeInvoicePdf(),
  });
  const document = sheet.getByTestId('case-document');
  await expect(document).toHaveCount(1, { timeout: 20_000 });
  // The case check counts the look-alike for nothing and says it is to be confirmed.
  await expect(document).toContainText('«Tagliere in bambù grande»');
  await expect(document).toContainText('Da confermare nella scheda Fornitori');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.getByRole('tab', { name: 'Fornitori' }).click();
  const supplier = page.getByTestId('supplier').filter({ hasText: 'Falegnameria Verdi S.r.l.' });
  await supplier.getByRole('button', { name: 'Mostra fatture' }).click();
  const covered = supplier.getByTestId('covered-shipment').filter({ hasText: 'DEMO003' });
  await expect(covered).toContainText('TAGL-BAMB-L: in fattura 0, mancanti 4');
  const line = covered.getByTestId('line-to-confirm');
  await expect(line).toContainText('Da confermare');
  await expect(line).toContainText(
    'La riga «Tagliere in bambù grande» (4 unità) somiglia a TAGL-BAMB-L (Tagliere in bambù grande)',
  );
  await expect(covered).not.toContainText('Copre tutte le unità mancanti');

  const accessibility = await new AxeBuilder({ page })
    .include('[data-testid="supplier"]')
    .analyze();
  expect(accessibility.violations).toEqual([]);

  await line
    .getByRole('button', {
      name: 'È questo articolo: TAGL-BAMB-L, riga «Tagliere in bambù grande»',
      exact: true,
    })
    .click();
  await expect(
    page.getByText('Riga confermata: da ora conta per TAGL-BAMB-L, anche nelle prossime fatture'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(covered).toContainText('TAGL-BAMB-L: in fattura 4, mancanti 4');
  await expect(covered).toContainText('Copre tutte le unità mancanti');
  await expect(covered.getByTestId('line-to-confirm')).toHaveCount(0);

  // The case sheet's check now counts the confirmed line too.
  await page.getByRole('tab', { name: 'Spedizioni FBA' }).click();
  const again = await openSheet(page, 'DEMO003');
  await expect(again.getByTestId('case-document')).toHaveCount(1);
  await expect(again.getByTestId('case-document')).not.toContainText('Da confermare');
});
