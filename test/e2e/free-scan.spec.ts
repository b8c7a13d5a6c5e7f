import { expect, test } from '@playwright/test';
import { freshUser } from './support/accounts';
import { logIn } from './support/pages';
import { api, linkAmazon, REAL_SHIPMENT } from './support/real-seller';

/**
 * First value before paying: a seller who linked Amazon and never held a plan runs one free
 * scan from the dashboard, and sees what was found on its own shipments (missing units, the
 * claim window's state, and their value once it gives a unit value, "da confermare" before);
 * a second scan, and preparing the case, need the plan.
 */
test('a newly linked seller runs the free first scan and sees units, window and value of each shipment', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const user = await freshUser();
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await linkAmazon(page);
  expect((await api(page, '/api/subscription')).body).toMatchObject({
    active: false,
    expires_at: null,
  });
  await page.goto('/dashboard');

  const scan = page.getByRole('button', { name: 'Scansione gratuita' });
  // A full load of the development server: its modules take a while on a loaded machine.
  await expect(scan).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('free-scan-hint')).toBeVisible();
  await scan.click();

  const row = page.locator(`[data-testid="shipment-row"][data-shipment-id="${REAL_SHIPMENT}"]`);
  await expect(row).toBeVisible({ timeout: 90_000 });
  await expect(row.getByTestId('units-discrepancy')).toHaveText('2');
  // The window's state, and the date it counts from, said for what it is.
  await expect(row.getByTestId('window-state')).not.toHaveAttribute('data-state', 'unknown');
  await expect(row.getByTestId('window-state')).toContainText('Conteggio dal');
  // No unit value given yet: the worth of the missing units is not guessed.
  await expect(row.getByTestId('estimated-value')).toHaveText('Da confermare');
  await expect(row.getByTestId('estimated-value-hint')).toHaveText(
    '2 unità senza valore unitario: apri la spedizione e indicalo',
  );

  // The total of what was found, from the server's figures, with what the plan adds.
  const found = page.getByTestId('free-scan-result');
  const figures = (await api(page, '/api/dashboard')).body.figures as {
    potential_units: number;
  };
  await expect(found.getByTestId('free-scan-units')).toHaveText(String(figures.potential_units));
  await expect(found.getByTestId('free-scan-value')).toHaveText('Da confermare');
  await expect(found.getByRole('link', { name: 'Attiva il piano' })).toHaveAttribute(
    'href',
    '/connect-amazon?renew=1',
  );

  // The free scan was the one: the next needs the plan.
  const syncNow = page.getByRole('button', { name: 'Sincronizza ora' });
  await expect(syncNow).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('button', { name: 'Scansione gratuita' })).toHaveCount(0);

  // A unit value for the SKU with missing units gives the shipment its value, to the cent.
  await row.getByRole('button', { name: /Casa Moka IT #1045/ }).click();
  // The table on a desktop (the phone's cards are hidden).
  const skuRow = row.getByRole('row', { name: /GUARNIZIONE #3/ });
  await skuRow.getByLabel('Valore unitario in euro di GUARNIZIONE #3').fill('7,45');
  await skuRow.getByRole('button', { name: 'Salva' }).click();
  // The save, then the list read again: a few seconds on a loaded machine.
  await expect(row.getByTestId('estimated-value')).toHaveText(/^14,90\s€$/, { timeout: 15_000 });
  await expect(row.getByTestId('estimated-value-hint')).toHaveCount(0);
  // The total follows without a reload, priced only where a unit value is held.
  const value = (
    (await api(page, '/api/dashboard')).body.figures as { estimated_value: { amount: number } }
  ).estimated_value.amount;
  expect(value).toBeGreaterThanOrEqual(14.9);
  const amount = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2 }).format(value);
  await expect(found.getByTestId('free-scan-value')).toContainText(new RegExp(`${amount}\\s€$`));

  // A second scan is refused by the server as well, whatever the page shows.
  const again = await api(page, '/api/sync-fba', { method: 'POST' });
  expect(again.status).toBe(402);
});
