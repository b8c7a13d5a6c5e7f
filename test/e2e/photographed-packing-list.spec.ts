import { expect, test, type Browser, type Page } from '@playwright/test';
import { freshUser, prepareUsers } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';

/**
 * Issue 33 in the browser: a producer's packing list, printed and photographed with a phone
 * (turned a few degrees, on a grey desk, JPEG), is uploaded on the case sheet. The upload
 * confirms at once and the sheet says it is being read; the reading worker reads it by OCR in
 * the background and the sheet shows, without a reload, its number, date and lines, and warns
 * that it is dated after the shipment.
 */

test.beforeAll(() => prepareUsers());

type Shipment = {
  shipment_id: string;
  items: { sku: string; title: string | null; units_expected: number }[];
};

async function api<T>(page: Page, route: string, method = 'GET'): Promise<T> {
  const response = await fetch(`${stack().apiUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${await accessToken(page)}`, 'accept-language': 'it' },
  });
  if (!response.ok) throw new Error(`${method} ${route} → ${response.status}`);
  return (await response.json()) as T;
}

/** The printed packing list photographed: rendered by the browser, turned 3°, as a JPEG. */
async function photographedPackingList(browser: Browser, shipment: Shipment): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1400 } });
  const rows = shipment.items
    .map(
      (item) =>
        `<tr><td>${item.sku}</td><td>${item.title ?? ''}</td><td>${item.units_expected}</td></tr>`,
    )
    .join('');
  await page.setContent(`
    <body style="margin:0;background:#8a8a86">
      <div style="margin:60px;padding:50px;background:#fbfaf5;transform:rotate(3deg);
                  font:24px Arial,sans-serif;color:#111;box-shadow:0 6px 18px #0006">
        <p style="font-size:30px;font-weight:bold">DISTINTA D'IMBALLAGGIO - DOCUMENTO DI TRASPORTO</p>
        <p>Mittente: Ceramiche Rossi S.r.l. - Via Roma 1, 20121 Milano</p>
        <p>Destinatario: Casa Moka di Giulia Bianchi - Via Verdi 2, 10121 Torino</p>
        <p>Numero: PL-778 &nbsp;&nbsp;&nbsp; Data: 15/11/2026</p>
        <table style="font-size:24px;border-spacing:40px 10px">
          <tr><th align="left">Codice</th><th align="left">Descrizione</th><th align="left">Quantita</th></tr>
          ${rows}
        </table>
        <p>Colli: 2 &nbsp;&nbsp; Vettore: BRT</p>
        <p style="font-family:cursive">Firma: G. Rossi</p>
      </div>
    </body>`);
  const photo = await page.screenshot({ type: 'jpeg', quality: 72, fullPage: true });
  await page.close();
  return photo;
}

test('a photographed packing list is read in the background and checked against the shipment', async ({
  page,
  browser,
}) => {
  // OCR on a shared two-core machine: a few seconds a page alone, much more under load.
  test.setTimeout(300_000);
  await logIn(page, await freshUser());
  await expect(page).toHaveURL(/\/dashboard$/);
  await api(page, '/api/demo/sync', 'POST');
  const { shipments } = await api<{ shipments: Shipment[] }>(page, '/api/shipments');
  const shipment = shipments.find((entry) => entry.shipment_id === 'DEMO002')!;
  const photo = await photographedPackingList(browser, shipment);

  await page.goto('/documents');
  await page
    .getByTestId('upload-panel')
    .filter({ hasText: `ID ${shipment.shipment_id}` })
    .getByRole('button', { name: 'Prepara contestazione' })
    .click();
  const sheet = page.getByRole('dialog', { name: `Prepara il caso · ${shipment.shipment_id}` });
  await sheet.getByRole('radio', { name: /Produttore/ }).check();
  await sheet
    .getByLabel("Carica Distinta d'imballaggio (DDT)")
    .setInputFiles({ name: 'distinta-foto.jpg', mimeType: 'image/jpeg', buffer: photo });

  const row = sheet.getByTestId('case-document').filter({ hasText: 'distinta-foto.jpg' });
  // The upload confirms at once: the photo is listed as being read.
  await expect(row.getByTestId('document-reading')).toHaveText(/^Lettura in corso/, {
    timeout: 30_000,
  });
  // Then the reading arrives by itself: number, date, lines, and the date after the shipment.
  await expect(row.getByTestId('document-reading')).toHaveCount(0, { timeout: 240_000 });
  await expect(row).toContainText('Distinta PL-778 del 15 nov 2026');
  await expect(row).toContainText(`${shipment.items.length} rig`);
  await expect(row.getByTestId('document-warnings')).toContainText(
    'La distinta PL-778 è datata 15/11/2026, dopo la spedizione',
  );
});
