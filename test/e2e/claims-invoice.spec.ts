import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { prepareUsers } from './support/accounts';
import {
  amazonPaysReevaluation,
  amazonUnderpaysLoss,
  claimRowOf,
  euros,
} from './support/amazon-outcomes';
import { REAL_SHIPMENT, sellerWithSyncedShipments } from './support/real-seller';

/**
 * Issue 31's audit with a cost an invoice proves: the seller uploads the supplier's electronic
 * invoice in the gaskets' shipment case, confirms the unit cost it proposes on the Costi screen;
 * Amazon (the stack's SP-API simulator) reimburses lost gaskets below that cost; the hourly
 * claims audit runs; the claims screen names the invoice as the cost's source, downloads it,
 * and the copied text names it as attached; a later report row, Amazon paying the
 * re-evaluation, resolves the claim.
 */

test.describe.configure({ timeout: 240_000 });
test.beforeAll(() => prepareUsers());
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** The gaskets of the scenario's shipment short of two (local/scenarios/default.json). */
const SKU = 'GUARNIZIONE #3';
const FNSKU = 'X00VWBLR2V';
const NUMBER = 'FT-2026/412';
const invoiceDay = new Date(Date.now() - 20 * 86_400_000);
const invoiceDate = invoiceDay.toISOString().slice(0, 10);
/** The date as the Italian screens write it ("09 nov 2026"). */
const invoiceDateIt = invoiceDay.toLocaleDateString('it-IT', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Ricambi Moka's FatturaPA: the shipment's 12 gaskets under the seller's SKU, 4,20 EUR each. */
function fatturaXml(): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <CedentePrestatore><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>03214560987</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>Ricambi Moka S.r.l.</Denominazione></Anagrafica>
    </DatiAnagrafici></CedentePrestatore>
    <CessionarioCommittente><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>09876543210</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>Casa Moka S.r.l.</Denominazione></Anagrafica>
    </DatiAnagrafici></CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali><DatiGeneraliDocumento>
      <TipoDocumento>TD01</TipoDocumento><Divisa>EUR</Divisa>
      <Data>${invoiceDate}</Data><Numero>${NUMBER}</Numero>
    </DatiGeneraliDocumento></DatiGenerali>
    <DatiBeniServizi>
      <DettaglioLinee>
        <NumeroLinea>1</NumeroLinea>
        <CodiceArticolo><CodiceTipo>SKU</CodiceTipo><CodiceValore>${SKU}</CodiceValore></CodiceArticolo>
        <Descrizione>Guarnizione moka 3 tazze</Descrizione>
        <Quantita>12.00</Quantita><PrezzoUnitario>4.20</PrezzoUnitario>
        <PrezzoTotale>50.40</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>
    </DatiBeniServizi>
  </FatturaElettronicaBody>
</p:FatturaElettronica>`);
}

test('an underpaid reimbursement shows up with the cost the uploaded invoice proves, the invoice downloads, the text names it, a later report row resolves it', async ({
  page,
}) => {
  const { userId } = await sellerWithSyncedShipments(page);
  const invoice = fatturaXml();

  // The supplier's invoice, uploaded in the gaskets' shipment case as the seller does.
  await page.goto('/documents');
  const panel = page.getByTestId('upload-panel').filter({ hasText: `ID ${REAL_SHIPMENT}` });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Prepara contestazione' }).click();
  const sheet = page.getByRole('dialog', { name: `Prepara il caso · ${REAL_SHIPMENT}` });
  await sheet.getByRole('radio', { name: /Rivenditore/ }).check();
  await sheet.getByLabel("Carica Fattura d'acquisto").setInputFiles({
    name: 'IT03214560987_FT412.xml',
    mimeType: 'text/xml',
    buffer: invoice,
  });
  await expect(sheet.getByTestId('case-document')).toHaveCount(1, { timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // The Costi screen proposes the invoice's unit cost; the seller confirms it.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Costi unitari' }).click();
  await expect(page).toHaveURL(/\/costs$/);
  const gaskets = page.locator(`tr[data-sku="${SKU}"]`);
  await expect(gaskets).toContainText('Proposto da fattura', { timeout: 20_000 });
  await expect(gaskets).toContainText(/4,20\s€/);
  await expect(gaskets).toContainText(`Fattura ${NUMBER} del ${invoiceDateIt}, riga 1`);
  await gaskets.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText(`Costo di ${SKU} confermato`)).toBeVisible({ timeout: 20_000 });
  await expect(gaskets).toContainText('Confermato');

  // Amazon pays two gaskets lost in its warehouse 1,50 € each; the hourly audit reads the report.
  const reimbursementId = await amazonUnderpaysLoss(userId, {
    sku: SKU,
    fnsku: FNSKU,
    units: 2,
    perUnit: 1.5,
  });
  const row = await claimRowOf(page, reimbursementId);
  await expect(row).toContainText('Rimborso sottopagato');
  await expect(row.getByTestId('claim-state')).toHaveText('Da reclamare ora');
  await expect(row).toContainText('5,40');

  await row.getByRole('button', { name: 'Dettagli' }).click();
  const detail = row.getByTestId('claim-detail');
  await expect(detail.getByTestId('claim-paid')).toHaveText(euros('3,00'));
  await expect(detail.getByTestId('claim-proven')).toHaveText(euros('8,40'));
  await expect(detail.getByTestId('claim-difference')).toHaveText(euros('5,40'));
  const source = detail.getByTestId('claim-cost-source');
  await expect(source).toContainText(
    `fattura del fornitore it03214560987_ft412.xml (n. ${NUMBER} del ${invoiceDateIt})`,
  );
  await expect(detail).not.toContainText('non abbiamo una fattura del fornitore');

  // "Scarica la fattura" gives the very file the seller uploaded: the link the page asks for
  // answers 200 with the invoice's bytes, and the browser saves them under the file's name.
  const link = page.waitForResponse(
    (r) => r.request().method() === 'GET' && r.url().includes('/download-url'),
  );
  const download = new Promise<Download>((resolve) => {
    const watch = (opened: Page) => opened.once('download', resolve);
    page.context().pages().forEach(watch);
    page.context().on('page', watch);
  });
  await source.getByRole('button', { name: 'Scarica la fattura' }).click();
  const answer = await link;
  expect(answer.status()).toBe(200);
  const { url, filename } = (await answer.json()) as { url: string; filename: string };
  expect(filename).toBe('it03214560987_ft412.xml');
  const stored = await fetch(url);
  expect(stored.status).toBe(200);
  expect(stored.headers.get('content-disposition')).toContain('it03214560987_ft412.xml');
  expect(Buffer.from(await stored.arrayBuffer())).toEqual(invoice);
  const file = await download;
  expect(file.suggestedFilename()).toBe('it03214560987_ft412.xml');
  expect(await readFile((await file.path())!)).toEqual(invoice);

  // The text names the attached invoice; the copy holds the facts Amazon needs.
  await expect(detail).toContainText(
    `come risulta dalla fattura del fornitore allegata (fattura n. ${NUMBER} del ${invoiceDate}`,
  );
  await detail.getByRole('button', { name: 'Copia testo', exact: true }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain(`chiedo la rivalutazione del rimborso ${reimbursementId} per SKU ${SKU}`);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Per 2 unità avete rimborsato 3,00 EUR');
  expect(copied).toContain('4,20 EUR per unità, 8,40 EUR in totale');
  expect(copied).toContain(`fattura del fornitore allegata (fattura n. ${NUMBER}`);
  expect(copied).toContain('la differenza di 5,40 EUR');
  await detail.getByRole('button', { name: 'Copia testo inglese' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain(`as the attached supplier invoice shows (invoice no. ${NUMBER}`);

  // Amazon pays the difference on the re-evaluation: a later row of the same report.
  const paidId = await amazonPaysReevaluation(page, row, userId, {
    reimbursementId,
    sku: SKU,
    fnsku: FNSKU,
    amount: 5.4,
  });
  await row.getByRole('button', { name: 'Dettagli' }).click();
  await expect(row.getByTestId('claim-outcome')).toContainText('Amazon ha pagato 5,40 € il');
  await expect(row.getByTestId('claim-outcome')).toContainText(`rimborso ${paidId}`);
  // The proof stays on the settled claim.
  await expect(row.getByTestId('claim-cost-source')).toContainText(`n. ${NUMBER}`);
});
