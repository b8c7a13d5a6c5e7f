import { expect, test } from '@playwright/test';
import { INBOUND_CLAIM_WINDOW } from '../../lambdas/domain/claim-windows';
import { freshUser, prepareUsers } from './support/accounts';
import { logIn } from './support/pages';

/**
 * Issue 22: what a visitor and a seller meet where the app fell short of the specification,
 * checked the way they meet it.
 */

test.beforeAll(() => prepareUsers());

/** The nine marketplaces of spec 3 (Reading B), in the wizard's order, as Italian names. */
const MARKETPLACES_IT = [
  'Italia',
  'Germania',
  'Francia',
  'Spagna',
  'Regno Unito',
  'Paesi Bassi',
  'Belgio',
  'Polonia',
  'Svezia',
];
const FLAG_CODES = ['IT', 'DE', 'FR', 'ES', 'GB', 'NL', 'BE', 'PL', 'SE'];
/** Regional-indicator letters: what an emoji flag is made of. */
const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]/u;

test('the landing lists the nine marketplaces, each with a drawn flag', async ({ page }) => {
  await page.goto('/');
  const list = page.getByRole('list', { name: 'I 9 marketplace Amazon che serviamo' });
  await expect(list.getByRole('listitem')).toHaveText(MARKETPLACES_IT);
  for (const [index, code] of FLAG_CODES.entries()) {
    await expect(
      list.getByRole('listitem').nth(index).locator(`svg[data-flag="${code}"]`),
    ).toBeVisible();
  }
  expect(await list.textContent()).not.toMatch(EMOJI_FLAG);
});

test('the landing FAQ and the help center quote the claim window the app counts', async ({
  page,
}) => {
  const days = `${INBOUND_CLAIM_WINDOW.days} giorni dalla consegna`;
  await page.goto('/');
  await page.getByRole('button', { name: 'Entro quando posso chiedere un rimborso?' }).click();
  const answer = page.getByText(/^Le unità mancanti di una spedizione in entrata/);
  await expect(answer).toContainText(days);
  await expect(answer).not.toContainText('vanno presentate entro 18 mesi');

  await page.goto('/help-center');
  await page
    .getByRole('button', { name: 'Entro quando devo chiedere il rimborso di una spedizione?' })
    .click();
  await expect(page.getByText(/^Entro \d+ giorni dalla consegna/)).toContainText(days);
});

test('the compliance page states order-data retention, scanning and incident notice', async ({
  page,
}) => {
  await page.goto('/legal');
  const main = page.getByRole('main');
  await expect(main).toContainText('al massimo 30 giorni dopo la consegna');
  await expect(main).toContainText('almeno ogni 180 giorni');
  await expect(main).toContainText('entro 24 ore dalla scoperta');
});

test('a signed-in seller reaches Documenti from the top bar; the wizard shows drawn flags', async ({
  page,
}) => {
  const user = await freshUser();
  await logIn(page, user);
  await expect(page).toHaveURL('/dashboard');
  await page
    .getByRole('navigation', { name: 'Area riservata' })
    .getByRole('link', { name: 'Documenti' })
    .click();
  await expect(page).toHaveURL('/documents');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/connect-amazon');
  const countries = page.locator('label:has(input[type="radio"][name="country"])');
  await expect(countries).toHaveCount(9);
  for (const [index, code] of FLAG_CODES.entries()) {
    const option = countries.nth(index);
    await expect(option).toHaveText(MARKETPLACES_IT[index]!);
    await expect(option.locator(`svg[data-flag="${code}"]`)).toBeVisible();
  }
});

test("the footer shows the stage's contacts, with phone and WhatsApp when it has them", async ({
  page,
}) => {
  await page.goto('/');
  const contacts = page.getByRole('contentinfo').getByRole('definition');
  await expect(
    contacts.getByRole('link', { name: 'supporto@rimborsifba.example' }),
  ).toHaveAttribute('href', 'mailto:supporto@rimborsifba.example');
  await expect(contacts.getByRole('link', { name: '+39 02 4000 1234' })).toHaveAttribute(
    'href',
    'tel:+390240001234',
  );
  await expect(contacts.getByRole('link', { name: '+39 333 400 1234' })).toHaveAttribute(
    'href',
    'https://wa.me/393334001234',
  );
});
