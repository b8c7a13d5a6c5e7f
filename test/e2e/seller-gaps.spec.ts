import { expect, test } from '@playwright/test';

/**
 * Issue 22: what a visitor and a seller meet where the app fell short of the specification,
 * checked the way they meet it.
 */

test('the compliance page states order-data retention, scanning and incident notice', async ({
  page,
}) => {
  await page.goto('/legal');
  const main = page.getByRole('main');
  await expect(main).toContainText('al massimo 30 giorni dopo la consegna');
  await expect(main).toContainText('almeno ogni 180 giorni');
  await expect(main).toContainText('entro 24 ore dalla scoperta');
});
