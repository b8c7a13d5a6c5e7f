import { expect, test, type Browser, type Page } from '@playwright/test';
import { freshUser, prepareUsers } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';

/**
 * Issue 33 in the browser: a producer's packing list, printed and photographed with a phone
 * (turned 2 degrees, on a grey desk, JPEG), is uploaded on the case sheet. The upload confirms
 * at once and the sheet says it is being read; the reading worker reads it by OCR in the
 * background and the sheet shows, without a reload, its number, date and lines, and warns that
 * it is dated after the shipment.
 *
 * The photo is one small page (a short packing list, about 760 × 400 pixels) so the OCR stays
 * a few seconds of CPU; on a loaded runner its wall time is left to the stack's reading limit
 * (READING_OCR_MS in playwright.config.ts) and timed by `npm run bench -- --only ocr`.
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

/** Dated 15 November 2026: after every demo shipment (the latest was sent in October). */
const PACKING_LIST = { number: 'PL-778', date: '15/11/2026' };

/** The printed packing list photographed: rendered by the browser, turned 2°, as a JPEG. */
async function photographedPackingList(browser: Browser, shipment: Shipment): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 760, height: 400 } });
  const rows = shipment.items
    .map(
      (item) =>
        `<tr><td>${item.sku}</td><td>${item.title ?? ''}</td>` +
        `<td align="right">${item.units_expected}</td></tr>`,
    )
    .join('');
  await page.setContent(`
    <body style="margin:0;background:#8a8a86;display:inline-block;padding:24px">
      <div style="padding:24px 28px;background:#fbfaf5;transform:rotate(2deg);width:640px;
                  font:20px Arial,sans-serif;color:#111;box-shadow:0 6px 18px #0006">
        <p style="margin:0 0 10px;font-size:22px;font-weight:bold">
          DISTINTA D'IMBALLAGGIO N. ${PACKING_LIST.number}</p>
        <p style="margin:0 0 10px">Data: ${PACKING_LIST.date}</p>
        <p style="margin:0 0 14px">Mittente: Ceramiche Rossi S.r.l.</p>
        <table style="font-size:20px;border-spacing:0 6px;width:100%">
          <tr><th align="left">Codice</th><th align="left">Descrizione</th>
              <th align="right">Quantità</th></tr>
          ${rows}
        </table>
      </div>
    </body>`);
  const photo = await page.screenshot({ type: 'jpeg', quality: 80, fullPage: true });
  await page.close();
  return photo;
}

test('a photographed packing list is read in the background and checked against the shipment', async ({
  page,
  browser,
}) => {
  // One OCR cold start and page; on a loaded two-core runner a minute or more of wall time.
  test.setTimeout(240_000);
  await logIn(page, await freshUser());
  await expect(page).toHaveURL(/\/dashboard$/);
  await api(page, '/api/demo/sync', 'POST');
  const { shipments } = await api<{ shipments: Shipment[] }>(page, '/api/shipments');
  const shipment = shipments.find((entry) => entry.shipment_id === 'DEMO002')!;
  expect(shipment.items).toHaveLength(2);
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
  // The upload confirms at once: the photo is listed as being read, nothing read yet.
  await expect(row.getByTestId('document-reading')).toHaveText(/^Lettura in corso/);
  await expect(row.getByTestId('document-quality')).toHaveCount(0);
  // Then the reading arrives by itself: number, date, lines, and the date after the shipment.
  await expect(row.getByTestId('document-reading')).toHaveCount(0, { timeout: 200_000 });
  await expect(row).toContainText(
    `Distinta ${PACKING_LIST.number} del 15 nov 2026 · 2 righe · Ceramiche Rossi S.r.l.`,
  );
  await expect(row).toContainText('letto da scansione');
  await expect(row.getByTestId('document-unsure')).toHaveCount(0);
  await expect(row.getByTestId('document-warnings')).toContainText(
    `La distinta ${PACKING_LIST.number} è datata ${PACKING_LIST.date}, dopo la spedizione (`,
  );
});
