import { expect, test, type Page } from '@playwright/test';
import { freshUser, prepareUsers } from './support/accounts';
import { logIn } from './support/pages';

/**
 * The plan page in the account menu: what the seller holds (status, expiry, days left,
 * marketplace) as the server reports it, and the way to buy or renew.
 */

test.beforeAll(() => prepareUsers());
test.describe.configure({ timeout: 120_000 });

async function openPlanFromMenu(page: Page) {
  // The menu closes when the page under it changes (the dashboard loading its data).
  const menu = page.getByRole('button', { name: 'Account', exact: true });
  await expect(async () => {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await page.getByRole('link', { name: 'Il tuo piano' }).click({ timeout: 2_000 });
  }).toPass();
  await expect(page).toHaveURL('/account/plan');
  await expect(page.getByRole('heading', { level: 1, name: 'Il tuo piano' })).toBeVisible();
}

function detail(page: Page, label: string) {
  return page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test('the account menu opens the plan page: no plan, then the paid plan with expiry, days left and marketplace', async ({
  page,
}) => {
  const user = await freshUser();
  await logIn(page, user, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  await openPlanFromMenu(page);
  await expect(detail(page, 'Stato')).toHaveText('Nessun piano');
  await expect(page.getByRole('link', { name: 'Acquista il piano' })).toHaveAttribute(
    'href',
    '/connect-amazon',
  );

  await page.getByRole('link', { name: 'Acquista il piano' }).click();
  await page.getByLabel('Italia').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByLabel('Ho letto e accetto le autorizzazioni richieste').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByRole('button', { name: 'Paga 9,90 € (simulatore)' }).click();
  const active = page.getByText(/^Piano attivo per Italia fino al (.+)\.$/);
  await expect(active).toBeVisible();
  // The plan page shows the same expiry the wizard just announced.
  const expiry = /fino al (.+)\.$/.exec((await active.textContent()) ?? '')?.[1];
  expect(expiry).toBeTruthy();

  await openPlanFromMenu(page);
  await expect(detail(page, 'Stato')).toHaveText('Attivo');
  await expect(detail(page, 'Scadenza')).toHaveText(expiry!);
  await expect(detail(page, 'Giorni rimasti')).toHaveText('30 giorni');
  await expect(detail(page, 'Marketplace')).toHaveText('Italia');
  await expect(page.getByRole('link', { name: 'Rinnova il piano' })).toHaveAttribute(
    'href',
    '/connect-amazon?renew=1',
  );

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your plan' })).toBeVisible();
  await expect(detail(page, 'Status')).toHaveText('Active');
  await expect(detail(page, 'Days left')).toHaveText('30 days');
  await expect(detail(page, 'Marketplace')).toHaveText('Italy');
  await page.getByRole('button', { name: 'Italiano' }).click();
});

test('each payment has a numbered receipt on the plan page, downloaded as a PDF', async ({
  page,
}) => {
  const user = await freshUser();
  await logIn(page, user, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  await openPlanFromMenu(page);
  await expect(
    page.getByText('Nessuna ricevuta: ne emettiamo una per ogni pagamento del piano.'),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Acquista il piano' }).click();
  await page.getByLabel('Italia').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByLabel('Ho letto e accetto le autorizzazioni richieste').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  // The receipt's details, asked before paying; the server refuses a VAT id without its
  // country prefix in the seller's language, and no order is made.
  const billing = page.getByRole('group', { name: 'Dati per la ricevuta' });
  await billing.getByLabel('Ragione sociale o nome e cognome').fill('Caffè Rossi S.r.l.');
  await billing.getByLabel('Indirizzo').fill('Via Roma 1\n20100 Milano');
  await billing.getByLabel('Partita IVA (facoltativa)').fill('01234567890');
  await page.getByRole('button', { name: 'Paga 9,90 € (simulatore)' }).click();
  await expect(
    page.getByText(/La partita IVA non è valida: usa il prefisso del paese/),
  ).toBeVisible();
  await billing.getByLabel('Partita IVA (facoltativa)').fill('IT01234567890');
  await page.getByRole('button', { name: 'Paga 9,90 € (simulatore)' }).click();
  await expect(page.getByText(/^Piano attivo per Italia fino al (.+)\.$/)).toBeVisible();

  await openPlanFromMenu(page);
  const receipts = page.getByRole('region', { name: 'Ricevute' });
  const row = receipts.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/Numero \d{4}-\d{6} · Pagata/);
  await expect(row).toContainText('Importo: 9,90');
  const number = /Numero (\d{4}-\d{6})/.exec((await row.textContent()) ?? '')![1]!;

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Scarica la ricevuta ${number} in PDF` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`ricevuta-${number}.pdf`);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const pdf = readFileSync(path).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain(`(Numero: ${number})`);
  expect(pdf).toContain('IT01234567890');
  await expect(row).toContainText('Caffè Rossi S.r.l.');
});
