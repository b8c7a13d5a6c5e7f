import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { freshUser, prepareUsers } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { inboxCaughtUp } from './support/mailbox';
import { stack } from './support/stack';

/**
 * Issue 6 in the browser: a demo shipment with a discrepancy → the case-preparation sheet →
 * role → invoice PDF → validate → the dispute text with the shipment's figures → send, which
 * for a demo shipment is simulated (issue 15: no email to the reply address) → "In lavorazione",
 * panel locked → simulated replies: sent, then "Risposta ricevuta". The producer role needs
 * the packing list instead; the list follows a change made elsewhere without a reload.
 */

test.beforeAll(() => prepareUsers());

type ShipmentItem = { sku: string; title: string | null; units_expected: number };
type Shipment = {
  shipment_id: string;
  shipment_name: string;
  discrepancy: number;
  closed_at: string | null;
  items: ShipmentItem[];
};

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
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${route} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A signed-in user with the three demo shipments and a reply address for amazon.it. */
async function sellerWithDemoShipments(page: Page) {
  const user = await freshUser();
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await api(page, '/api/demo/sync', { method: 'POST' });
  const replyTo = `seller-${randomUUID().slice(0, 8)}@marketplace.amazon.it`;
  await api(page, '/api/case-endpoints', {
    method: 'PUT',
    body: { marketplace: 'amazon.it', reply_email: replyTo },
  });
  const { shipments } = await api<{ shipments: Shipment[] }>(page, '/api/shipments');
  return { replyTo, shipments };
}

/** A supplier invoice for the shipment's SKUs and quantities, dated before the shipment. */
async function invoicePdf(shipment: Shipment, title: string, date = '2026-08-20'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const lines = [
    title,
    'Fornitore: Ceramiche Rossi S.r.l. - P.IVA IT01234567890 - Via Roma 1, 20121 Milano',
    'Cliente: Casa Moka di Giulia Bianchi - P.IVA IT09876543210 - Via Verdi 2, 10121 Torino',
    `Numero: 2026/118   Data: ${date}`,
    'Descrizione                                   Quantita   UM',
    ...shipment.items.map(
      (item) => `${item.sku} ${item.title ?? ''}   ${item.units_expected}   pz`,
    ),
    'Totale imponibile EUR 1.250,00 - IVA 22% EUR 275,00 - Totale EUR 1.525,00',
    'Pagamento: bonifico bancario a 30 giorni data fattura.',
  ];
  lines.forEach((line, index) => {
    page.drawText(line, { x: 40, y: 800 - index * 22, size: 10, font });
  });
  return Buffer.from(await pdf.save());
}

function panelOf(page: Page, shipmentId: string) {
  return page.getByTestId('upload-panel').filter({ hasText: `ID ${shipmentId}` });
}

async function openSheet(page: Page, shipmentId: string) {
  await panelOf(page, shipmentId).getByRole('button', { name: 'Prepara contestazione' }).click();
  const sheet = page.getByRole('dialog', { name: `Prepara il caso · ${shipmentId}` });
  await expect(sheet).toBeVisible();
  return sheet;
}

type MaildevMail = {
  subject: string;
  text?: string;
  to: { address: string }[];
  envelope?: { to: { address: string }[] };
  attachments?: { fileName?: string; generatedFileName?: string; contentType: string }[];
};

/** Every message the local inbox holds for an address (To, Cc or Bcc), but inboxCaughtUp's. */
async function mailsTo(address: string): Promise<MaildevMail[]> {
  const response = await fetch(`${stack().mail.webUrl}/email`);
  const mails = (await response.json()) as MaildevMail[];
  return mails.filter(
    (mail) =>
      !mail.subject.startsWith('Marker ') &&
      (mail.envelope?.to ?? mail.to).some(
        (to) => to.address.toLowerCase() === address.toLowerCase(),
      ),
  );
}

test('reseller on a demo shipment: invoice → validate → dispute text → simulated send (no email) → processing, sent, response', async ({
  page,
}) => {
  const { replyTo, shipments } = await sellerWithDemoShipments(page);
  const shipment = shipments.find((entry) => entry.shipment_id === 'DEMO001')!;
  expect(shipment.discrepancy).toBeGreaterThan(0);

  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Documenti', level: 1 })).toBeVisible();
  const sheet = await openSheet(page, shipment.shipment_id);
  const validate = sheet.getByRole('button', { name: 'Valida e genera il testo' });

  // Role first: without it the upload is refused with the spec's message.
  await sheet.getByLabel("Carica Fattura d'acquisto").setInputFiles({
    name: 'fattura.pdf',
    mimeType: 'application/pdf',
    buffer: await invoicePdf(shipment, 'FATTURA'),
  });
  await expect(page.getByText('Seleziona il ruolo', { exact: true })).toBeVisible();
  await expect(sheet.getByTestId('case-document')).toHaveCount(0);

  await sheet.getByRole('radio', { name: /Rivenditore/ }).check();
  await expect(sheet.getByTestId('role-requirements')).toContainText('fattura originale');
  await expect(validate).toBeHidden();

  const invoice = {
    name: 'Fattura Fornitore 2026.pdf',
    mimeType: 'application/pdf',
    buffer: await invoicePdf(shipment, 'FATTURA'),
  };
  await sheet.getByLabel("Carica Fattura d'acquisto").setInputFiles(invoice);
  const invoiceRow = sheet.getByTestId('case-document').filter({ hasText: 'fattura' });
  await expect(invoiceRow).toBeVisible({ timeout: 20_000 });
  await expect(invoiceRow.getByTestId('document-quality')).toBeVisible();
  // The same file again, even under another name, is refused and not kept twice.
  await sheet
    .getByLabel("Carica Fattura d'acquisto")
    .setInputFiles({ ...invoice, name: 'copia.pdf' });
  await expect(
    page.getByText(
      'Hai già caricato questo file per questo documento della spedizione (fattura_fornitore_2026.pdf).',
    ),
  ).toBeVisible({ timeout: 20_000 });
  await expect(sheet.getByTestId('case-document')).toHaveCount(1);

  await sheet.getByLabel(/Note aggiuntive – Tracking/).fill('1Z999AA10123456784');
  await validate.click();
  const text = sheet.getByLabel('Testo della contestazione');
  await expect(text).toHaveValue(new RegExp(shipment.shipment_id));
  const dispute = await text.inputValue();
  // The figures of the shipment: total discrepancy and each short SKU.
  expect(dispute).toContain(String(shipment.discrepancy));
  for (const item of shipment.items) expect(dispute).toContain(item.sku);

  const download = page.waitForEvent('download');
  await sheet.getByRole('button', { name: 'Scarica .txt' }).click();
  expect((await download).suggestedFilename()).toBe(`${shipment.shipment_id}-contestazione.txt`);

  await expect(sheet.getByText('Spedizione demo: la richiesta viene simulata')).toBeVisible();
  // The reply address for amazon.it is saved: the email way is offered, after a confirmation.
  await sheet.getByRole('button', { name: 'Invia per email' }).click();
  await page
    .getByRole('dialog', { name: 'Inviare la richiesta per email?' })
    .getByRole('button', { name: `Invia a ${replyTo}` })
    .click();
  await expect(page.getByText('Demo: richiesta simulata')).toBeVisible({ timeout: 20_000 });

  // A demo case never reaches Amazon: nothing arrives at the reply address (the send answers
  // once its mail is handed over, so none is on its way once the inbox has caught up).
  await inboxCaughtUp(replyTo);
  expect(await mailsTo(replyTo)).toHaveLength(0);

  // Processing first (spec 4.8): role, upload and delete locked.
  await expect(sheet.getByTestId('case-status-badge').first()).toHaveText('In lavorazione');
  await expect(sheet.getByLabel("Carica Fattura d'acquisto")).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: /^Elimina/ })).toHaveCount(0);
  await expect(sheet.getByRole('radio', { name: /Rivenditore/ })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: 'Invia per email' })).toHaveCount(0);

  // Then sent, then Amazon's simulated reply.
  await sheet.getByRole('button', { name: 'Risposta Amazon' }).click();
  const response = page.getByRole('dialog', { name: 'Risposta Amazon' });
  await expect(response.getByTestId('response-status')).toHaveText('In attesa');
  await response.getByRole('button', { name: 'Simula risposta Amazon' }).click();
  await expect(response.getByTestId('response-status')).toHaveText('In attesa');
  await expect(response).toContainText('nessuna email è partita');
  await response.getByRole('button', { name: 'Simula risposta Amazon' }).click();
  await expect(response.getByTestId('response-status')).toHaveText('Risposta ricevuta');
  expect(await mailsTo(replyTo)).toHaveLength(0);
});

test('producer: the validate button appears only once a packing list is uploaded', async ({
  page,
}) => {
  const { shipments } = await sellerWithDemoShipments(page);
  const shipment = shipments.find((entry) => entry.shipment_id === 'DEMO002')!;
  await page.goto('/documents');
  const sheet = await openSheet(page, shipment.shipment_id);
  const validate = sheet.getByRole('button', { name: 'Valida e genera il testo' });

  await sheet.getByRole('radio', { name: /Produttore/ }).check();
  await expect(sheet.getByTestId('role-requirements')).toContainText('distinta');
  // An invoice is not what a producer must show. This one is dated after the shipment, and
  // the reader says so beside the file.
  await sheet.getByLabel("Carica Fattura d'acquisto").setInputFiles({
    name: 'fattura.pdf',
    mimeType: 'application/pdf',
    buffer: await invoicePdf(shipment, 'FATTURA', '2026-11-15'),
  });
  const invoiceRow = sheet.getByTestId('case-document').filter({ hasText: 'fattura' });
  await expect(invoiceRow).toBeVisible({ timeout: 20_000 });
  await expect(invoiceRow.getByTestId('document-warnings')).toContainText('dopo la spedizione');
  await expect(validate).toBeHidden();
  const filing = sheet.getByRole('region', { name: 'Chiedi il rimborso su Seller Central' });
  await expect(filing).toHaveCount(0);

  // This packing list is dated after the shipment too: it is read as one and the seller is
  // warned beside it, in the panel's language, as for the invoice.
  await sheet.getByLabel("Carica Distinta d'imballaggio (DDT)").setInputFiles({
    name: 'distinta.pdf',
    mimeType: 'application/pdf',
    buffer: await invoicePdf(
      shipment,
      "DISTINTA D'IMBALLAGGIO - DOCUMENTO DI TRASPORTO",
      '2026-11-15',
    ),
  });
  await expect(validate).toBeVisible({ timeout: 20_000 });
  const packingRow = sheet.getByTestId('case-document').filter({ hasText: 'distinta.pdf' });
  await expect(packingRow).toContainText('Distinta 2026/118 del 15 nov 2026');
  await expect(packingRow.getByTestId('document-warnings')).toContainText(
    'La distinta 2026/118 è datata 15/11/2026, dopo la spedizione (02/10/2026)',
  );
  await expect(filing).toBeVisible();

  // Deleting the packing list (after a confirmation) takes the button away again.
  await sheet
    .getByRole('button', { name: /^Elimina distinta/ })
    .first()
    .click();
  const confirm = page.getByRole('dialog', { name: 'Eliminare il documento?' });
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  await expect(page.getByText('Documento eliminato')).toBeVisible();
  await expect(validate).toBeHidden();
});

test('badges follow a change made elsewhere without a reload', async ({ page }) => {
  const { shipments } = await sellerWithDemoShipments(page);
  await page.goto('/documents');
  const panel = panelOf(page, 'DEMO003');
  await expect(panel.getByTestId('case-status-badge')).toHaveText('Pronto');

  // Another tab uploads a packing list and confirms the case as opened in the seller portal.
  const pdf = await invoicePdf(
    shipments.find((entry) => entry.shipment_id === 'DEMO003')!,
    'DDT',
  );
  const signed = await api<{ uploadUrl: string; headers: Record<string, string>; path: string }>(
    page,
    '/api/documents/upload-url',
    {
      method: 'POST',
      body: {
        shipmentId: 'DEMO003',
        role: 'produttore',
        docType: 'distinta_imballaggio',
        fileName: 'ddt.pdf',
        size: pdf.length,
        contentType: 'application/pdf',
      },
    },
  );
  const put = await fetch(signed.uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': signed.headers['Content-Type']! },
    body: new Uint8Array(pdf),
  });
  expect(put.ok).toBe(true);
  await api(page, '/api/documents/confirm', {
    method: 'POST',
    body: {
      shipmentId: 'DEMO003',
      role: 'produttore',
      docType: 'distinta_imballaggio',
      path: signed.path,
    },
  });
  await expect(panel.getByTestId('case-document')).toHaveCount(1, { timeout: 8_000 });
  await api(page, '/api/cases/DEMO003/opened', {
    method: 'POST',
    body: { amazon_case_id: '12345678901' },
  });
  await expect(panel.getByTestId('case-status-badge')).toHaveText('In lavorazione', {
    timeout: 8_000,
  });
});

async function seriousViolations(builder: AxeBuilder) {
  const results = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

test('a demo user without shipments is pointed to the demo sync, then finds them on /documents', async ({
  page,
}) => {
  const user = await freshUser();
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/documents');
  await expect(
    page.getByText('Stai usando la demo: premi Sincronizza demo nella dashboard'),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Spedizioni FBA' })).toBeDisabled();

  await api(page, '/api/demo/sync', { method: 'POST' });
  await page.reload();
  await expect(page.getByTestId('upload-panel').first()).toBeVisible();
});

test('the dashboard rows open the sheet; the documents page and the sheet pass an axe scan', async ({
  page,
}) => {
  await sellerWithDemoShipments(page);
  await page.reload();
  await page.getByRole('button', { name: 'Prepara contestazione · DEMO001' }).click();
  const fromDashboard = page.getByRole('dialog', { name: 'Prepara il caso · DEMO001' });
  await expect(fromDashboard.getByRole('tab', { name: 'Allegati' })).toBeVisible();
  await fromDashboard.getByRole('button', { name: 'Chiudi' }).click();
  await expect(fromDashboard).toBeHidden();

  await page.goto('/documents');
  await expect(page.getByTestId('upload-panel').first()).toBeVisible();
  expect(await seriousViolations(new AxeBuilder({ page }))).toEqual([]);

  const sheet = await openSheet(page, 'DEMO001');
  await sheet.getByRole('radio', { name: /Rivenditore/ }).check();
  expect(
    await seriousViolations(new AxeBuilder({ page }).include('[data-testid="case-sheet"]')),
  ).toEqual([]);
  await sheet.getByRole('tab', { name: 'Guida' }).click();
  await expect(sheet.getByRole('listitem')).toHaveCount(5);
});
