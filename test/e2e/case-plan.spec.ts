import { expect, test } from '@playwright/test';
import { prepareUsers } from './support/accounts';
import { api, expirePlan, REAL_SHIPMENT, sellerWithSyncedShipments } from './support/real-seller';

/**
 * Issue 15 in the browser: a seller whose plan ran out opens a real case. They can read it, but
 * the sheet says the plan is not active, offers the renewal, and neither uploads nor drafts;
 * the server refuses the same actions on its own.
 */

test.describe.configure({ timeout: 120_000 });
test.beforeAll(() => prepareUsers());

test('an expired plan: the real case is read-only, the sheet offers the renewal, the server agrees', async ({
  page,
}) => {
  const seller = await sellerWithSyncedShipments(page);
  await expirePlan(seller.planKey);
  await page.goto('/documents');
  const panel = page.getByTestId('upload-panel').filter({ hasText: `ID ${REAL_SHIPMENT}` });
  await panel.getByRole('button', { name: 'Prepara contestazione' }).click();
  const sheet = page.getByRole('dialog', { name: `Prepara il caso · ${REAL_SHIPMENT}` });
  await expect(sheet).toBeVisible();

  await expect(sheet.getByText('Piano non attivo')).toBeVisible();
  await expect(sheet.getByLabel("Carica Fattura d'acquisto")).toHaveCount(0);
  await expect(sheet.getByRole('radio', { name: /Rivenditore/ })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: 'Valida e genera il testo' })).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'Ho aperto il caso' })).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'Invia per email' })).toHaveCount(0);

  // What the page does not offer, the server refuses too.
  const draft = await api(page, '/api/generate-case-draft', {
    method: 'POST',
    body: { shipment_id: REAL_SHIPMENT },
  });
  expect(draft.status).toBe(402);
  expect(String(draft.body.message)).toContain('rinnova il piano');

  await sheet.getByRole('link', { name: 'Rinnova il piano' }).click();
  await expect(page).toHaveURL(/\/connect-amazon\?renew=1$/);
});
