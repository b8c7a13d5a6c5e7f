import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForMail } from './support/mailbox';
import { unsubscribeLink } from './support/stack';
import type { Language } from '../../lambdas/domain/language';

const SUPPORT_INBOX = 'supporto@rimborsifba.example';

/** Every public route of spec 2.1 with its main heading in each language (null: any h1). */
const routes: { path: string; it: RegExp | null; en: RegExp | null }[] = [
  { path: '/', it: /Recupera le unità FBA/, en: /Recover the FBA units/ },
  { path: '/demo', it: /^Prova RimborsiFBA/, en: /^Try RimborsiFBA/ },
  { path: '/login', it: null, en: null },
  { path: '/register', it: null, en: null },
  { path: '/forgot-password', it: null, en: null },
  { path: '/update-password', it: null, en: null },
  { path: '/confirm-email', it: null, en: null },
  { path: '/account-deleted', it: null, en: null },
  { path: '/termini', it: /^Termini di servizio$/, en: /^Terms of service$/ },
  { path: '/privacy', it: /^Informativa privacy$/, en: /^Privacy policy$/ },
  { path: '/legal', it: /^Conformità e sicurezza$/, en: /^Compliance and security$/ },
  { path: '/subprocessors', it: /^Sub-responsabili/, en: /^Subprocessors$/ },
  {
    path: '/accessibilita',
    it: /^Dichiarazione di accessibilità$/,
    en: /^Accessibility statement$/,
  },
  { path: '/unsubscribe', it: /^Annulla l'iscrizione/, en: /^Unsubscribe/ },
  { path: '/help-center', it: /^Centro assistenza$/, en: /^Help center$/ },
  { path: '/data-deletion', it: /cancellazione dei dati$/, en: /^Data deletion request$/ },
];

async function useLanguage(page: Page, language: Language) {
  await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
}

async function violations(page: Page) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // A toast caught mid fade-in reads as low contrast: scan once every toast has settled.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every(
      (toast) => getComputedStyle(toast).opacity === '1',
    ),
  );
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

for (const language of ['it', 'en'] as const) {
  test(`every public route renders in ${language} with no WCAG 2.1 A/AA violation`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, language);
    for (const route of routes) {
      await page.goto(route.path);
      const heading = page.getByRole('heading', { level: 1, name: route[language] ?? undefined });
      await expect(heading, route.path).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('main')).toBeVisible();
      expect(await violations(page), `${route.path} (${language})`).toEqual([]);
    }
  });
}

test('an unknown path shows the 404 page with its way back', async ({ page }) => {
  await page.goto('/questa-pagina-non-esiste');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByRole('link', { name: /Centro assistenza|Help center/ }).first(),
  ).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('at 375 px the menu collapses and the help center stays usable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/help-center');
  await expect(page.getByRole('heading', { level: 1, name: 'Centro assistenza' })).toBeVisible();
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  // Nothing wider than the screen: no sideways scrolling on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

// One test per route: each page load is its own budget, so a slow machine cannot run the
// whole list out of one test's time.
for (const route of routes) {
  test(`at 375 px ${route.path} fits the screen and keeps its main heading in view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(route.path);
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    const box = await heading.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('the help form sends, clears and the request reaches the support inbox', async ({ page }) => {
  const subject = `Collegamento scaduto ${Date.now()}`;
  await page.goto('/help-center');
  await page.getByRole('button', { name: 'Invia il messaggio' }).click();
  await expect(page.getByLabel('Nome')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Nome').fill('Giulia Rossi');
  const email = `giulia.rossi.${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Oggetto').fill(subject);
  await page.getByLabel('Messaggio').fill('Il collegamento ad Amazon risulta scaduto.');
  await page.getByRole('button', { name: 'Invia il messaggio' }).click();

  await expect(page.getByText('Messaggio inviato')).toBeVisible();
  await expect(page.getByLabel('Oggetto')).toHaveValue('');
  const mail = await waitForMail(SUPPORT_INBOX, new RegExp(subject));
  expect(mail.text).toContain('Il collegamento ad Amazon risulta scaduto.');

  // A second message from the same address straight away: told to wait, and nothing typed is lost.
  await page.getByLabel('Nome').fill('Giulia Rossi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Oggetto').fill(`${subject} (2)`);
  await page.getByLabel('Messaggio').fill('Ancora io.');
  await page.getByRole('button', { name: 'Invia il messaggio' }).click();
  await expect(page.getByText('Troppi invii ravvicinati. Riprova più tardi.')).toBeVisible();
  await expect(page.getByLabel('Oggetto')).toHaveValue(`${subject} (2)`);
});

test('the data-deletion form sends and the request reaches the support inbox', async ({ page }) => {
  const email = `cancella.${Date.now()}@example.com`;
  await useLanguage(page, 'en');
  await page.goto('/data-deletion');
  await page.getByLabel('Name').fill('Marco Bianchi');
  await page.getByLabel('Account email').fill(email);
  await page.getByLabel('Description (optional)').fill('Please delete everything.');
  await page.getByRole('button', { name: 'Send request' }).click();

  await expect(page.getByText('Request sent')).toBeVisible();
  await expect(page.getByLabel('Account email')).toHaveValue('');
  const mail = await waitForMail(SUPPORT_INBOX, /Data deletion request/);
  expect(mail.text).toContain(email);
});

test('the visitor demo syncs the sample shipments and feedback into browser storage', async ({
  page,
}) => {
  await page.goto('/demo');
  await expect(page.getByText('Stai usando la DEMO')).toBeVisible();
  // The confirmation dialog first; a visitor then signs in on the way to the wizard.
  await page.getByRole('button', { name: 'Passa al reale' }).click();
  const dialog = page.getByRole('dialog');
  const proceed = dialog.getByRole('button', { name: 'Procedi con collegamento' });
  await expect(proceed).toBeDisabled();
  await dialog.getByLabel('Ho capito').check();
  await proceed.click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fconnect-amazon$/);
  await page.goto('/demo');

  await page.getByRole('button', { name: 'Sincronizza spedizioni' }).click();
  await expect(page.getByRole('button', { name: 'Sincronizzazione in corso…' })).toBeDisabled();
  await expect(page.getByText('11 unità da recuperare in 3 spedizioni')).toBeVisible();
  for (const id of ['DEMO001', 'DEMO002', 'DEMO003']) {
    await expect(page.getByRole('rowheader', { name: new RegExp(id) })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Sincronizza feedback' }).click();
  await expect(page.getByText('Offensivo', { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('rowheader', { name: /DEMO002/ })).toBeVisible();
  await expect(page.getByText('Offensivo', { exact: true })).toBeVisible();
});

test('unsubscribe records the opt-out from the email’s link and says what still arrives', async ({
  page,
}) => {
  const email = `optout.${Date.now()}@example.com`;
  await page.goto(unsubscribeLink(email));
  // The route's chunk may take a while on a loaded machine.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'sono messaggi di servizio: continueranno ad arrivare' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: "Annulla l'iscrizione" }).click();
  await expect(page.getByRole('status').filter({ hasText: 'non riceverà più' })).toBeVisible();
});

test('without the email’s link, or with a changed one, nobody is unsubscribed', async ({
  page,
}) => {
  const email = `victim.${Date.now()}@example.com`;
  await page.goto(`/unsubscribe?email=${encodeURIComponent(email)}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'apri il link in fondo a una nostra email' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: "Annulla l'iscrizione" })).toHaveCount(0);

  await page.goto(unsubscribeLink(email).replace(/token=[^&]{4}/, 'token=AAAA'));
  await page.getByRole('button', { name: "Annulla l'iscrizione" }).click();
  await expect(page.getByRole('alert')).toContainText(
    "link per annullare l'iscrizione non è valido",
  );
});
