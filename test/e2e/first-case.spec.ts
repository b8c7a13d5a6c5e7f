import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { amazonPays, euros, invoice, runCasePoller } from './support/amazon-outcomes';
import { linkIn, waitForMail } from './support/mailbox';
import { logIn, register } from './support/pages';
import { api, REAL_SHIPMENT } from './support/real-seller';
import { stack } from './support/stack';

/**
 * A seller's first real case, on a phone, from sign-up to the money: sign up and confirm the
 * address, link Amazon and run the free first scan, see what was found, buy the plan, prepare
 * the case with an invoice, file it on Seller Central (copy, open the page, "I opened the
 * case"), then Amazon pays one of the two missing units, the case stays open with its
 * follow-up, and the second payment closes it. Every figure on screen follows without a reload.
 */

test.use({ viewport: { width: 375, height: 812 } });
test.describe.configure({ timeout: 300_000 });

const web = () => stack().webUrl;

async function signUp(page: Page) {
  const email = uniqueEmail('first-case');
  const password = 'Primo-Caso-2026';
  await register(page, { email, password, firstName: 'Giulia' }, `${web()}/register`);
  const confirmation = await waitForMail(email, /Conferma il tuo indirizzo email/);
  await page.goto(linkIn(confirmation, '/confirm-email'));
  // In the browser that registered, the seller is signed in at once (spec 7.1); elsewhere the
  // page confirms and points to the login.
  await expect(
    page.getByRole('heading', { level: 1, name: /^(Email confermata|Ciao, Giulia)$/ }),
  ).toBeVisible({ timeout: 30_000 });
  if (!/\/dashboard$/.test(page.url())) await logIn(page, { email, password }, `${web()}/login`);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('first real case on a phone: sign-up, free scan, plan, filing, a partial then a final reimbursement', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Ciao, Giulia' })).toBeVisible();

  // The wizard offers the free scan before any payment: link Amazon, then scan.
  await page.goto(`${web()}/connect-amazon`);
  await page.getByLabel('Italia').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByLabel('Ho letto e accetto le autorizzazioni richieste').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByTestId('free-scan-offer')).toBeVisible();
  await page.getByRole('button', { name: 'Collega Amazon e scansiona gratis' }).click();
  // The SP-API simulator's Seller Central consent page.
  await page.getByRole('button', { name: 'Authorize' }).click();
  // The callback exchanges the code with Amazon before landing on the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Scansione gratuita' }).click();

  const row = page.locator(`[data-testid="shipment-row"][data-shipment-id="${REAL_SHIPMENT}"]`);
  await expect(row).toBeVisible({ timeout: 90_000 });
  await expect(row.getByTestId('units-discrepancy')).toHaveText('2');
  await expect(row.getByTestId('window-state')).toContainText('Conteggio dal');
  await expect(row.getByTestId('estimated-value')).toHaveText('Da confermare');
  const potential = page.getByTestId('stat-potential').getByTestId('stat-value');
  const potentialBefore = (
    (await api(page, '/api/dashboard')).body.figures as { potential_units: number }
  ).potential_units;
  await expect(potential).toHaveText(String(potentialBefore));

  // Preparing the case needs the plan: the sheet says so and leads to the payment.
  await page.goto(`${web()}/documents`);
  const panel = page.getByTestId('upload-panel').filter({ hasText: `ID ${REAL_SHIPMENT}` });
  await panel.getByRole('button', { name: 'Prepara contestazione' }).click();
  let sheet = page.getByRole('dialog', { name: `Prepara il caso · ${REAL_SHIPMENT}` });
  await expect(sheet.getByText('Piano non attivo')).toBeVisible();
  await sheet.getByRole('link', { name: 'Attiva il piano' }).click();
  await expect(page).toHaveURL(/\/connect-amazon/);
  await page.getByRole('button', { name: /Paga 9,90 € \(simulatore\)/ }).click();
  await expect(page.getByText('Pagamento completato!')).toBeVisible();
  await expect.poll(async () => (await api(page, '/api/subscription')).body.active).toBe(true);

  // The case: an invoice for the missing gaskets, then filing on Seller Central.
  await page.goto(`${web()}/documents`);
  await panel.getByRole('button', { name: 'Prepara contestazione' }).click();
  sheet = page.getByRole('dialog', { name: `Prepara il caso · ${REAL_SHIPMENT}` });
  await expect(sheet.getByText('Piano non attivo')).toHaveCount(0);
  await sheet.getByRole('radio', { name: /Rivenditore/ }).check();
  await sheet.getByLabel("Carica Fattura d'acquisto").setInputFiles({
    name: 'fattura.pdf',
    mimeType: 'application/pdf',
    buffer: await invoice(),
  });
  await expect(sheet.getByTestId('case-document')).toHaveCount(1, { timeout: 30_000 });
  const filing = sheet.getByRole('region', { name: 'Chiedi il rimborso su Seller Central' });
  await filing.getByRole('button', { name: 'Copia il testo' }).click();
  await expect(page.getByText('Testo copiato negli appunti')).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(REAL_SHIPMENT);
  await expect(
    filing.getByRole('link', { name: /Apri Seller Central \(amazon\.it\)/ }),
  ).toHaveAttribute('href', 'https://sellercentral.amazon.it/help/hub/support');
  const amazonCaseId = String(10_000_000_000 + Math.floor(Math.random() * 1e9));
  await filing.getByRole('button', { name: 'Ho aperto il caso' }).click();
  const confirm = page.getByRole('dialog', { name: 'Hai aperto il caso su Seller Central?' });
  await confirm.getByLabel('ID del caso Amazon').fill(amazonCaseId);
  await confirm.getByRole('button', { name: 'Sì, ho aperto il caso' }).click();
  await expect(sheet.getByTestId('case-status-badge').first()).toHaveText('In lavorazione', {
    timeout: 20_000,
  });

  // Amazon pays one gasket of two: the open sheet follows, the case stays open.
  await amazonPays(amazonCaseId, 'GUARNIZIONE #3', 1, 4.2);
  await runCasePoller();
  await expect(sheet.getByTestId('case-status-badge').first()).toHaveText('Rimborsato in parte', {
    timeout: 60_000,
  });
  await expect(sheet.getByTestId('case-recovered-amount')).toHaveText(euros('4,20'));
  await expect(sheet.getByTestId('case-units-missing')).toHaveText('1 unità ancora mancante');
  await sheet.getByRole('button', { name: 'Chiudi' }).first().click();

  // Through the app's own menu (no reload), the dashboard agrees.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const recovered = page.getByTestId('stat-recovered').getByTestId('stat-value');
  await expect(recovered).toHaveText(euros('4,20'));
  await expect(potential).toHaveText(String(potentialBefore - 1));
  // The row offers the follow-up, which says what was paid and what is left.
  await page.getByRole('button', { name: `Sollecita · ${REAL_SHIPMENT}` }).click();
  const followUp = page.getByRole('dialog', { name: `Prepara il caso · ${REAL_SHIPMENT}` });
  await expect(followUp.getByLabel('Testo della contestazione')).toHaveValue(
    /Amazon ha già rimborsato 1 delle 2 unità mancanti \(4,20 €\): resta da rimborsare 1 unità\./,
  );
  await followUp.getByRole('button', { name: 'Chiudi' }).first().click();

  // The second gasket is paid: the dashboard moves by itself, the case closes.
  await amazonPays(amazonCaseId, 'GUARNIZIONE #3', 1, 4.2);
  await runCasePoller();
  await expect(recovered).toHaveText(euros('8,40'), { timeout: 60_000 });
  await expect(potential).toHaveText(String(potentialBefore - 2));
  await expect(page.getByTestId('stat-resolved').getByTestId('stat-value')).toHaveText('1');
  // Nothing on the phone scrolls sideways.
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
});
