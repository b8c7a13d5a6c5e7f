import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { freshUser, prepareUsers } from './support/accounts';
import { logIn } from './support/pages';
import {
  amazonPays,
  euros,
  invoice,
  runCasePoller,
  uploadInvoice,
} from './support/amazon-outcomes';
import { api, REAL_SHIPMENT, sellerWithSyncedShipments } from './support/real-seller';

/**
 * Issue 16 in the browser: a real case is sent to Amazon from the sheet; Amazon (the stack's
 * SP-API simulator) reimburses it; the case poller (its scheduled message, through the stack's
 * queue and worker) reads the reimbursements report; the open sheet shows "Rimborsato" with the
 * amount, and the dashboard's money recovered moves.
 */

test.describe.configure({ timeout: 150_000 });
test.beforeAll(() => prepareUsers());

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
  await amazonPays(amazonCaseId, 'GUARNIZIONE #3', 2, 4.2);
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

test('Amazon pays 4 of 5 units: without a reload the dashboard moves, the case stays open with 1 missing and its follow-up; the 5th closes it', async ({
  page,
}) => {
  // Casa Moka IT #1158: 4 teaspoon sets and 1 espresso set missing.
  const SHIPMENT = 'FBAJJRCH95RM';
  await sellerWithSyncedShipments(page);
  await api(page, '/api/case-endpoints', {
    method: 'PUT',
    body: {
      marketplace: 'amazon.it',
      reply_email: `amazon-${randomUUID().slice(0, 8)}@marketplace.amazon.it`,
    },
  });
  await uploadInvoice(page, SHIPMENT);
  const sent = await api(page, '/api/submit-reimbursement', {
    method: 'POST',
    body: { shipmentId: SHIPMENT },
  });
  expect(sent.body).toMatchObject({ action: 'created', simulated: false });
  const amazonCaseId = String(10_000_000_000 + Math.floor(Math.random() * 1e9));
  expect(
    (
      await api(page, `/api/cases/${SHIPMENT}/outcome`, {
        method: 'POST',
        body: { amazon_case_id: amazonCaseId },
      })
    ).status,
  ).toBe(200);

  await page.goto('/dashboard');
  const recovered = page.getByTestId('stat-recovered').getByTestId('stat-value');
  // A seller linked to Amazon: the demo's own claims are not counted, nothing recovered yet.
  await expect(recovered).toHaveText(euros('0,00'), { timeout: 30_000 });
  const potential = page.getByTestId('stat-potential').getByTestId('stat-value');
  const potentialBefore = (
    (await api(page, '/api/dashboard')).body.figures as { potential_units: number }
  ).potential_units;
  await expect(potential).toHaveText(String(potentialBefore));

  // Amazon pays the four teaspoon sets; the hourly poller reads its report.
  await amazonPays(amazonCaseId, 'CUCCHIAINI #6 ORO', 4, 5.5);
  await runCasePoller();
  // The page is not reloaded: the live poll sees the case move and the figures follow.
  await expect(recovered).toHaveText(euros('22,00'), { timeout: 60_000 });
  await expect(potential).toHaveText(String(potentialBefore - 4));
  await expect(page.getByTestId('stat-resolved').getByTestId('stat-value')).toHaveText('0');
  const activity = page.getByRole('region', { name: 'Attività recenti' });
  await expect(
    activity.getByText(`Rimborso parziale per ${SHIPMENT}: 1 unità ancora mancante`),
  ).toBeVisible();

  // The case: partly reimbursed, open, with what came back, what is missing and the follow-up.
  const row = page.getByRole('button', { name: `Sollecita · ${SHIPMENT}` });
  await row.click();
  const sheet = page.getByRole('dialog', { name: `Prepara il caso · ${SHIPMENT}` });
  await expect(sheet.getByTestId('case-status-badge').first()).toHaveText('Rimborsato in parte');
  await expect(sheet.getByTestId('case-recovered-amount')).toHaveText(euros('22,00'));
  await expect(sheet.getByTestId('case-units-reimbursed')).toHaveText('4 unità rimborsate');
  await expect(sheet.getByTestId('case-units-missing')).toHaveText('1 unità ancora mancante');
  await expect(sheet.getByLabel('Testo della contestazione')).toHaveValue(
    /Amazon ha già rimborsato 4 delle 5 unità mancanti \(22,00 €\): resta da rimborsare 1 unità\./,
  );
  await sheet.getByRole('button', { name: 'Risposta Amazon' }).click();
  const response = page.getByRole('dialog', { name: 'Risposta Amazon' });
  await expect(response.getByTestId('response-status')).toHaveText('Rimborsato in parte');
  await expect(response).toContainText('il caso resta aperto');
  await expect(response).not.toContainText('Il caso è concluso');
  await response.getByRole('button', { name: 'Chiudi' }).click();

  // Amazon pays the espresso set: the dashboard and the row follow, the case closes.
  await amazonPays(amazonCaseId, 'TAZZINE/ESPRESSO-SET6', 1, 9.5);
  await runCasePoller();
  await expect(page.getByRole('button', { name: `Completato · ${SHIPMENT}` })).toBeDisabled({
    timeout: 60_000,
  });
  await expect(recovered).toHaveText(euros('31,50'));
  await expect(potential).toHaveText(String(potentialBefore - 5));
  await expect(page.getByTestId('stat-resolved').getByTestId('stat-value')).toHaveText('1');
});

test('a demo case reimbursed by the simulated reply adds its money to the demo dashboard, without a reload', async ({
  page,
}) => {
  await logIn(page, await freshUser());
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await api(page, '/api/demo/sync', { method: 'POST' })).status).toBe(200);
  await uploadInvoice(page, 'DEMO001');
  const sent = await api(page, '/api/submit-reimbursement', {
    method: 'POST',
    body: { shipmentId: 'DEMO001' },
  });
  expect(sent.body).toMatchObject({ simulated: true });
  await page.goto('/dashboard');
  const recovered = page.getByTestId('stat-recovered').getByTestId('stat-value');
  // Before the case's reply: only the demo's own reimbursed claim (a damaged unit, 14,90 €).
  await expect(recovered).toHaveText(euros('14,90'), { timeout: 30_000 });

  // The simulated replies: sent, response received, reimbursed.
  const caseId = (sent.body.case as { id: string }).id;
  for (let step = 0; step < 3; step += 1) {
    expect(
      (await api(page, '/api/demo-cs-poller', { method: 'POST', body: { case_id: caseId } }))
        .status,
    ).toBe(200);
  }
  // DEMO001: a mug and a coaster set, at the demo's sample prices (6,90 € + 8,50 €), added.
  await expect(recovered).toHaveText(euros('30,30'), { timeout: 30_000 });
  await expect(page.getByTestId('stat-resolved').getByTestId('stat-value')).toHaveText('1');
});
