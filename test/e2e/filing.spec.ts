import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { freshUser, prepareUsers } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';

/**
 * Filing a case the way the product promises ("we prepare, the seller files"): copy the text,
 * download the attachments, open the marketplace's Seller Central page, then "I opened the
 * case" with Amazon's case id. Sending by email is a second way, offered only where Amazon's
 * reply address for the marketplace is saved, and confirmed naming the recipient. The sheet
 * keeps the seller's work: a document deletion leaves it open, a typed note survives a failed
 * send and a reopen. A closed demo case cannot be asked for another simulated reply.
 */

test.beforeAll(() => prepareUsers());
// Uploads are read by the server (PDF text) and the machine may be busy.
test.describe.configure({ timeout: 240_000 });

async function api<T>(page: Page, route: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${stack().apiUrl}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${await accessToken(page)}`,
      'content-type': 'application/json',
      'accept-language': 'it',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** A signed-in seller with the three demo shipments (all on amazon.it). */
async function sellerWithDemoShipments(page: Page) {
  const user = await freshUser();
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const sync = await api(page, '/api/demo/sync', { method: 'POST' });
  expect(sync.status).toBe(200);
}

async function saveReplyAddress(page: Page, marketplace = 'amazon.it') {
  const replyTo = `seller-${randomUUID().slice(0, 8)}@marketplace.${marketplace}`;
  const saved = await api(page, '/api/case-endpoints', {
    method: 'PUT',
    body: { marketplace, reply_email: replyTo },
  });
  expect(saved.status).toBe(200);
  return replyTo;
}

async function pdfOf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  [
    title,
    'Fornitore: Ceramiche Rossi S.r.l. - P.IVA IT01234567890',
    'Numero: 2026/118   Data: 2026-08-20',
    'MOKA-3TZ Moka 3 tazze   40   pz',
  ].forEach((line, index) => page.drawText(line, { x: 40, y: 800 - index * 22, size: 10, font }));
  return Buffer.from(await pdf.save());
}

/** Uploads a document through the API, as another tab would. */
async function upload(
  page: Page,
  shipmentId: string,
  role: 'rivenditore' | 'produttore',
  docType: 'fattura' | 'distinta_imballaggio' | 'pod',
  fileName: string,
) {
  const pdf = await pdfOf(docType === 'fattura' ? 'FATTURA' : 'DDT');
  const signed = await api<{ uploadUrl: string; headers: Record<string, string>; path: string }>(
    page,
    '/api/documents/upload-url',
    {
      method: 'POST',
      body: {
        shipmentId,
        role,
        docType,
        fileName,
        size: pdf.length,
        contentType: 'application/pdf',
      },
    },
  );
  expect(signed.status).toBe(200);
  const put = await fetch(signed.body.uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': signed.body.headers['Content-Type']! },
    body: new Uint8Array(pdf),
  });
  expect(put.ok).toBe(true);
  const confirmed = await api(page, '/api/documents/confirm', {
    method: 'POST',
    body: { shipmentId, role, docType, path: signed.body.path },
  });
  expect(confirmed.status).toBe(200);
}

async function openSheet(page: Page, shipmentId: string) {
  await page.goto('/documents');
  await page
    .getByTestId('upload-panel')
    .filter({ hasText: `ID ${shipmentId}` })
    .getByRole('button', { name: 'Prepara contestazione' })
    .click();
  const sheet = page.getByRole('dialog', { name: `Prepara il caso · ${shipmentId}` });
  await expect(sheet).toBeVisible();
  return sheet;
}

test('file on Seller Central: copy the text, download the attachments, open the amazon.it page, then "I opened the case" with its id', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await sellerWithDemoShipments(page);
  await upload(page, 'DEMO001', 'rivenditore', 'fattura', 'fattura.pdf');
  await upload(page, 'DEMO001', 'rivenditore', 'pod', 'consegna.pdf');
  const sheet = await openSheet(page, 'DEMO001');

  const filing = sheet.getByRole('region', { name: 'Chiedi il rimborso su Seller Central' });
  await expect(filing).toBeVisible();
  // Without a reply address the email way is not offered; the sheet says where to add one.
  await expect(filing.getByRole('button', { name: 'Invia per email' })).toHaveCount(0);
  const replyLink = filing.getByRole('link', { name: 'Indirizzi di risposta Amazon' });
  await expect(replyLink).toHaveAttribute('href', '/feedback/settings');

  await filing.getByRole('button', { name: 'Copia il testo' }).click();
  await expect(page.getByText('Testo copiato negli appunti')).toBeVisible({ timeout: 20_000 });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('DEMO001');

  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  await filing.getByRole('button', { name: 'Scarica gli allegati (2)' }).click();
  await expect
    .poll(() => downloads.sort(), { timeout: 20_000 })
    .toEqual(['consegna.pdf', 'fattura.pdf']);

  const open = filing.getByRole('link', { name: /Apri Seller Central \(amazon\.it\)/ });
  await expect(open).toHaveAttribute('href', 'https://sellercentral.amazon.it/help/hub/support');
  await expect(open).toHaveAttribute('target', '_blank');

  await filing.getByRole('button', { name: 'Ho aperto il caso' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hai aperto il caso su Seller Central?' });
  const caseId = confirm.getByLabel('ID del caso Amazon');
  await caseId.fill('ABC');
  await confirm.getByRole('button', { name: 'Sì, ho aperto il caso' }).click();
  await expect(
    page.getByText("L'ID del caso Amazon è il numero che Seller Central mostra"),
  ).toBeVisible();
  await caseId.fill('12345678901');
  await confirm.getByRole('button', { name: 'Sì, ho aperto il caso' }).click();
  await expect(page.getByText('Spedizione segnata come In lavorazione')).toBeVisible({
    timeout: 20_000,
  });
  await expect(confirm).toBeHidden();
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('case-status-badge').first()).toHaveText('In lavorazione');
  await expect(sheet.getByText('Caso Amazon 12345678901')).toBeVisible();
  await expect(filing).toBeHidden();

  const detail = await api<{ case: { amazon_case_id: string; normalized_status: string } }>(
    page,
    '/api/cases/DEMO001',
  );
  expect(detail.body.case).toMatchObject({
    amazon_case_id: '12345678901',
    normalized_status: 'in_progress',
  });
});

test('the email way appears only with a reply address, and its confirmation names the recipient', async ({
  page,
}) => {
  await sellerWithDemoShipments(page);
  await upload(page, 'DEMO001', 'rivenditore', 'fattura', 'fattura.pdf');
  let sheet = await openSheet(page, 'DEMO001');
  const filing = () => sheet.getByRole('region', { name: 'Chiedi il rimborso su Seller Central' });
  await expect(filing()).toBeVisible({ timeout: 20_000 });
  await expect(filing().getByRole('button', { name: 'Invia per email' })).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Chiudi' }).click();

  // The account menu leads to the reply addresses, with a card for every marketplace the
  // connection wizard offers.
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('link', { name: 'Impostazioni' }).click();
  await expect(page).toHaveURL(/\/feedback\/settings$/);
  for (const domain of [
    'amazon.it',
    'amazon.de',
    'amazon.fr',
    'amazon.es',
    'amazon.co.uk',
    'amazon.nl',
    'amazon.com.be',
    'amazon.pl',
    'amazon.se',
  ]) {
    await expect(page.getByTestId(`endpoint-${domain}`)).toBeVisible({ timeout: 20_000 });
  }
  const replyTo = await saveReplyAddress(page);

  sheet = await openSheet(page, 'DEMO001');
  await expect(filing()).toContainText(replyTo, { timeout: 20_000 });
  await filing().getByRole('button', { name: 'Invia per email' }).click();
  const confirm = page.getByRole('dialog', { name: 'Inviare la richiesta per email?' });
  await expect(confirm).toContainText(replyTo);
  await confirm.getByRole('button', { name: 'Annulla' }).click();
  await expect(confirm).toBeHidden();
  await expect(sheet).toBeVisible();

  await filing().getByRole('button', { name: 'Invia per email' }).click();
  await confirm.getByRole('button', { name: `Invia a ${replyTo}` }).click();
  await expect(page.getByText('Demo: richiesta simulata')).toBeVisible({ timeout: 20_000 });
  await expect(sheet.getByTestId('case-status-badge').first()).toHaveText('In lavorazione');
});

test("confirming a document's deletion keeps the sheet open", async ({ page }) => {
  await sellerWithDemoShipments(page);
  await upload(page, 'DEMO002', 'produttore', 'distinta_imballaggio', 'distinta.pdf');
  await upload(page, 'DEMO002', 'produttore', 'fattura', 'fattura.pdf');
  const sheet = await openSheet(page, 'DEMO002');
  await expect(sheet.getByTestId('case-document')).toHaveCount(2);

  await sheet.getByRole('button', { name: /^Elimina fattura/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminare il documento?' });
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('Documento eliminato')).toBeVisible({ timeout: 20_000 });
  await expect(confirm).toBeHidden();
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('case-document')).toHaveCount(1);
  await expect(sheet.getByTestId('case-document')).toContainText('distinta.pdf');
});

test('a note typed in the sheet survives a reopen and a failed send', async ({ page }) => {
  await sellerWithDemoShipments(page);
  await saveReplyAddress(page);
  await upload(page, 'DEMO001', 'rivenditore', 'fattura', 'fattura.pdf');
  let sheet = await openSheet(page, 'DEMO001');
  const tracking = () => sheet.getByLabel(/Note aggiuntive – Tracking/);
  await tracking().fill('1Z999AA10123456784');
  await expect(sheet.getByText('Bozza salvata')).toBeVisible({ timeout: 20_000 });
  await sheet.getByRole('button', { name: 'Chiudi' }).click();
  await expect(sheet).toBeHidden();

  sheet = await openSheet(page, 'DEMO001');
  await expect(tracking()).toHaveValue('1Z999AA10123456784');

  // The send fails (the connection drops): the note is still there after closing and reopening,
  // here and on another device (the draft is kept with the case).
  await sheet.getByLabel(/Note aggiuntive – Fattura/).fill('Fattura n. 2026/118 del 20/08/2026');
  await expect(sheet.getByText('Bozza salvata')).toBeVisible({ timeout: 20_000 });
  await page.route('**/api/submit-reimbursement', (route) => route.abort('connectionfailed'));
  await sheet.getByRole('button', { name: 'Invia per email' }).click();
  await page
    .getByRole('dialog', { name: 'Inviare la richiesta per email?' })
    .getByRole('button', { name: /^Invia a / })
    .click();
  await expect(page.getByText('Connessione al server fallita')).toBeVisible({ timeout: 20_000 });
  await sheet.getByRole('button', { name: 'Chiudi' }).click();
  await page.reload();
  sheet = await openSheet(page, 'DEMO001');
  await expect(tracking()).toHaveValue('1Z999AA10123456784');
  await expect(sheet.getByLabel(/Note aggiuntive – Fattura/)).toHaveValue(
    'Fattura n. 2026/118 del 20/08/2026',
  );
});

test('"Simula risposta Amazon" is disabled with its reason once the demo case is closed', async ({
  page,
}) => {
  await sellerWithDemoShipments(page);
  await upload(page, 'DEMO001', 'rivenditore', 'fattura', 'fattura.pdf');
  const sent = await api<{ case: { id: string } }>(page, '/api/submit-reimbursement', {
    method: 'POST',
    body: { shipmentId: 'DEMO001' },
  });
  expect(sent.status).toBe(200);
  // Sent, then Amazon's reply, then the reimbursement: the demo case is closed.
  for (let step = 0; step < 3; step += 1) {
    const simulated = await api(page, '/api/demo-cs-poller', {
      method: 'POST',
      body: { case_id: sent.body.case.id },
    });
    expect(simulated.status).toBe(200);
  }

  const sheet = await openSheet(page, 'DEMO001');
  await sheet.getByRole('button', { name: 'Risposta Amazon' }).click();
  const response = page.getByRole('dialog', { name: 'Risposta Amazon' });
  await expect(response.getByTestId('response-status')).toHaveText('Rimborsato');
  await expect(response.getByRole('button', { name: 'Simula risposta Amazon' })).toBeDisabled();
  await expect(response).toContainText('Il caso è chiuso: non ci sono altre risposte da simulare.');

  // Called anyway, the server answers in the caller's language, without a code.
  const again = await api<{ message: string }>(page, '/api/demo-cs-poller', {
    method: 'POST',
    body: { case_id: sent.body.case.id },
  });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('Il caso è chiuso: non ci sono altre risposte da simulare.');
});
