import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { freshUser, prepareUsers } from './support/accounts';
import { logIn } from './support/pages';
import { api } from './support/real-seller';

/**
 * Issue 31 in the browser: an electronic invoice whose line names a demo SKU by its code gives
 * that SKU a unit cost on the "Costi unitari" screen, proposed with the invoice as its source;
 * the seller confirms it, then corrects it with their own figure.
 */

test.beforeAll(() => prepareUsers());

const invoiceDate = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);

/** Ceramiche Rossi's FatturaPA: 48 mugs under the seller's SKU (192,00 EUR), 6 coasters by name. */
function fatturaXml(): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2">
  <FatturaElettronicaHeader>
    <CedentePrestatore><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>01234567890</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>Ceramiche Rossi S.r.l.</Denominazione></Anagrafica>
    </DatiAnagrafici></CedentePrestatore>
    <CessionarioCommittente><DatiAnagrafici>
      <IdFiscaleIVA><IdPaese>IT</IdPaese><IdCodice>09876543210</IdCodice></IdFiscaleIVA>
      <Anagrafica><Denominazione>Casa Moka di Giulia Bianchi</Denominazione></Anagrafica>
    </DatiAnagrafici></CessionarioCommittente>
  </FatturaElettronicaHeader>
  <FatturaElettronicaBody>
    <DatiGenerali><DatiGeneraliDocumento>
      <TipoDocumento>TD01</TipoDocumento><Divisa>EUR</Divisa>
      <Data>${invoiceDate}</Data><Numero>FT-2026/301</Numero>
    </DatiGeneraliDocumento></DatiGenerali>
    <DatiBeniServizi>
      <DettaglioLinee>
        <NumeroLinea>1</NumeroLinea>
        <CodiceArticolo><CodiceTipo>SKU</CodiceTipo><CodiceValore>TAZ-CER-350</CodiceValore></CodiceArticolo>
        <Descrizione>Tazza in ceramica 350 ml</Descrizione>
        <Quantita>48.00</Quantita><PrezzoUnitario>4.00</PrezzoUnitario>
        <PrezzoTotale>192.00</PrezzoTotale><AliquotaIVA>22.00</AliquotaIVA>
      </DettaglioLinee>
    </DatiBeniServizi>
  </FatturaElettronicaBody>
</p:FatturaElettronica>`);
}

test('an invoice line naming a SKU proposes its unit cost; the seller confirms, then corrects it', async ({
  page,
}) => {
  // An upload, a read of every invoice and two writes, on a machine other runs share.
  test.setTimeout(120_000);
  await logIn(page, await freshUser());
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await api(page, '/api/demo/sync', { method: 'POST' })).status).toBe(200);

  await page.goto('/documents');
  await page
    .getByTestId('upload-panel')
    .filter({ hasText: 'ID DEMO001' })
    .getByRole('button', { name: /Prepara contestazione|Carica documenti/ })
    .click();
  const sheet = page.getByRole('dialog', { name: 'Prepara il caso · DEMO001' });
  await sheet.getByRole('radio', { name: /Rivenditore/ }).check();
  await sheet.getByLabel("Carica Fattura d'acquisto").setInputFiles({
    name: 'IT01234567890_FT301.xml',
    mimeType: 'text/xml',
    buffer: fatturaXml(),
  });
  await expect(sheet.getByTestId('case-document')).toHaveCount(1, { timeout: 20_000 });
  await page.keyboard.press('Escape');

  // From the account menu, as the seller finds it.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Costi unitari' }).click();
  await expect(page).toHaveURL(/\/costs$/);
  await expect(page.getByRole('heading', { name: 'Costi unitari per SKU' })).toBeVisible();

  const mug = page.locator('tr[data-sku="TAZ-CER-350"]');
  await expect(mug).toContainText('Proposto da fattura', { timeout: 20_000 });
  await expect(mug).toContainText(/4,00\s€/);
  await expect(mug).toContainText(/Fattura FT-2026\/301 del .+, riga 1/);
  await expect(mug).toContainText('Da confermare: finché non confermi, non conta.');

  const accessibility = await new AxeBuilder({ page }).include('main').analyze();
  expect(accessibility.violations).toEqual([]);

  await mug.getByRole('button', { name: 'Conferma' }).click();
  await expect(page.getByText('Costo di TAZ-CER-350 confermato')).toBeVisible({ timeout: 20_000 });
  await expect(mug).toContainText('Confermato');
  await expect(mug.getByRole('button', { name: 'Conferma' })).toHaveCount(0);

  await mug.getByRole('button', { name: 'Correggi' }).click();
  await mug.getByLabel('Costo unitario di TAZ-CER-350 in EUR').fill('0');
  await mug.getByRole('button', { name: 'Correggi' }).click();
  await expect(mug).toContainText('Inserisci un costo positivo con al massimo due decimali.');
  await mug.getByLabel('Costo unitario di TAZ-CER-350 in EUR').fill('4,35');
  await mug.getByRole('button', { name: 'Correggi' }).click();
  await expect(mug).toContainText('Corretto da te');
  await expect(mug).toContainText(/4,35\s€/);
  await expect(mug).toContainText('Inserito da te');

  // A SKU no invoice names by a code has no cost, and says so.
  await expect(page.locator('tr[data-sku="BORR-INOX-750"]')).toContainText('Nessun costo');
});
