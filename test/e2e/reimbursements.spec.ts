import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/stack/aws';
import { prepareUsers } from './support/accounts';
import { api, REAL_SHIPMENT, sellerWithSyncedShipments } from './support/real-seller';
import { stack } from './support/stack';

/**
 * Issue 16 in the browser: a real case is sent to Amazon from the sheet; Amazon (the stack's
 * SP-API simulator) reimburses it; the case poller (its scheduled message, through the stack's
 * queue and worker) reads the reimbursements report; the open sheet shows "Rimborsato" with the
 * amount, and the dashboard's money recovered moves.
 */

test.describe.configure({ timeout: 150_000 });
test.beforeAll(() => prepareUsers());

async function invoice(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  [
    'FATTURA N. 2026/77 del 2026-08-20',
    'Fornitore: Ricambi Moka S.r.l. - P.IVA IT01234567890',
    'GUARNIZIONE #3   12   pz',
  ].forEach((line, index) => page.drawText(line, { x: 40, y: 800 - index * 22, size: 10, font }));
  return Buffer.from(await pdf.save());
}

/** What EventBridge Scheduler puts on the queue every hour: the case poller's turn. */
async function runCasePoller() {
  const { sqs } = stack() as unknown as { sqs: { endpoint: string; syncQueueUrl: string } };
  const client = new SQSClient({
    endpoint: sqs.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  await client.send(
    new SendMessageCommand({
      QueueUrl: sqs.syncQueueUrl,
      MessageBody: JSON.stringify({ type: 'cases.poll' }),
    }),
  );
  client.destroy();
}

test('a sent case is reimbursed by Amazon: the sheet shows "Rimborsato" with the amount, the dashboard the money recovered', async ({
  page,
}) => {
  await sellerWithSyncedShipments(page);
  const replyTo = `amazon-${randomUUID().slice(0, 8)}@marketplace.amazon.it`;
  expect(
    (
      await api(page, '/api/case-endpoints', {
        method: 'PUT',
        body: { marketplace: 'amazon.it', reply_email: replyTo },
      })
    ).status,
  ).toBe(200);

  await page.goto('/documents');
  const panel = page.getByTestId('upload-panel').filter({ hasText: `ID ${REAL_SHIPMENT}` });
  await panel.getByRole('button', { name: 'Prepara contestazione' }).click();
  const sheet = page.getByRole('dialog', { name: `Prepara il caso · ${REAL_SHIPMENT}` });
  await sheet.getByRole('radio', { name: /Rivenditore/ }).check();
  await sheet.getByLabel("Carica Fattura d'acquisto").setInputFiles({
    name: 'fattura.pdf',
    mimeType: 'application/pdf',
    buffer: await invoice(),
  });
  await expect(sheet.getByTestId('case-document')).toHaveCount(1, { timeout: 20_000 });
  await sheet.getByRole('button', { name: 'Invia per email' }).click();
  await page
    .getByRole('dialog', { name: 'Inviare la richiesta per email?' })
    .getByRole('button', { name: `Invia a ${replyTo}` })
    .click();
  await expect(page.getByText('Richiesta inviata ad Amazon')).toBeVisible({ timeout: 20_000 });
  await expect(sheet.getByTestId('case-status-badge').first()).toHaveText('Inviato');

  // The seller records Amazon's case id; Amazon then pays the two missing gaskets.
  const amazonCaseId = String(10_000_000_000 + Math.floor(Math.random() * 1e9));
  await sheet.getByLabel('ID del caso Amazon').fill(amazonCaseId);
  await sheet.getByRole('button', { name: 'Salva esito' }).click();
  await expect(page.getByText('ID del caso Amazon salvato')).toBeVisible();
  const approved = await fetch(`${stack().spapi.endpoint}/__sim/reimbursements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      rows: [
        {
          'approval-date': new Date().toISOString(),
          'reimbursement-id': String(8_000_000_000 + Math.floor(Math.random() * 1e9)),
          'case-id': amazonCaseId,
          reason: 'Lost_Inbound',
          sku: 'GUARNIZIONE #3',
          'currency-unit': 'EUR',
          'amount-per-unit': 4.2,
          'amount-total': 8.4,
          'quantity-reimbursed-cash': 2,
        },
      ],
    }),
  });
  expect(approved.status).toBe(200);
  await runCasePoller();

  // The open sheet follows by itself (live updates).
  await expect(sheet.getByTestId('case-recovered')).toContainText('Rimborsato', {
    timeout: 60_000,
  });
  await expect(sheet.getByTestId('case-recovered')).toContainText('8,40');
  await expect(sheet.getByTestId('case-status-badge').first()).toHaveText('Chiuso');

  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-recovered').getByTestId('stat-value')).toContainText('8,40');
  await expect(page.getByTestId('stat-resolved').getByTestId('stat-value')).toHaveText('1');
  // The monthly chart's table: this month's money recovered.
  const chart = page.getByRole('region', { name: 'Andamento mensile' });
  await chart.getByRole('button', { name: 'Mostra la tabella' }).click();
  await expect(chart.getByRole('row').last().getByRole('cell').first()).toContainText('8,40');
});
