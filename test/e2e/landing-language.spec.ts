import { expect, test, type Page } from '@playwright/test';

const italianHeading = { level: 1, name: 'Recupera le unità FBA che Amazon non ha mai contato' };
const englishHeading = { level: 1, name: 'Recover the FBA units Amazon never counted' };

function languageButton(page: Page, name: 'Italiano' | 'English') {
  return page.getByRole('group', { name: /^(Lingua|Language)$/ }).getByRole('button', { name });
}

test.describe('landing page language', () => {
  test('opens in Italian, switches to English and keeps the choice after a reload', async ({
    page,
  }) => {
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));

    await page.goto('/');

    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', italianHeading)).toBeVisible();
    await expect(languageButton(page, 'Italiano')).toHaveAttribute('aria-pressed', 'true');
    await expect(languageButton(page, 'English')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('link', { name: 'Accedi' })).toBeVisible();

    await languageButton(page, 'English').click();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', englishHeading)).toBeVisible();
    await expect(languageButton(page, 'English')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('en');

    await page.reload();

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', englishHeading)).toBeVisible();
    await expect(languageButton(page, 'English')).toHaveAttribute('aria-pressed', 'true');

    await languageButton(page, 'Italiano').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', italianHeading)).toBeVisible();

    expect(pageErrors).toEqual([]);
  });

  test('shows the plan, the section anchors and an accessible FAQ accordion', async ({ page }) => {
    await page.goto('/');

    const sections = page.getByRole('navigation', { name: 'Sezioni della pagina' });
    for (const [name, hash] of [
      ['Funzionalità', '#features'],
      ['Vantaggi', '#benefits'],
      ['Prezzi', '#pricing'],
      ['Aiuto', '#help'],
    ] as const) {
      await expect(sections.getByRole('link', { name })).toHaveAttribute('href', `/${hash}`);
      await expect(page.locator(hash)).toBeAttached();
    }

    const pricing = page.getByRole('region', { name: 'Prezzi' });
    await expect(pricing.getByText('9,90 €')).toBeVisible();
    await expect(pricing.getByRole('link', { name: 'Registrati e inizia' })).toHaveAttribute(
      'href',
      '/register',
    );

    const faq = page.getByRole('region', { name: 'Domande frequenti' });
    const questions = faq.getByRole('heading', { level: 3 }).getByRole('button');
    await expect(questions).toHaveCount(5);

    const first = questions.first();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    const answerId = await first.getAttribute('aria-controls');
    const answer = page.locator(`[id="${answerId}"]`);
    await expect(answer).toBeHidden();

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();
    await expect(answer).toHaveRole('region');

    await first.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(answer).toBeHidden();
  });
});

test.describe('unknown routes', () => {
  test('show the Italian not-found page with ways back', async ({ page }) => {
    await page.goto('/pagina-che-non-esiste');

    await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'Vai alla dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(main.getByRole('link', { name: 'Centro assistenza' })).toHaveAttribute(
      'href',
      '/help-center',
    );
    await expect(main.getByRole('link', { name: /^Scrivici a / })).toHaveAttribute(
      'href',
      /^mailto:/,
    );

    await main.getByRole('link', { name: 'Torna alla home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', italianHeading)).toBeVisible();
  });

  test('fall back to the router error page when a route cannot load', async ({ page }) => {
    // A chunk that fails to download (say, after a deploy replaced it) must not leave a blank page.
    await page.route(
      (url) => url.pathname.includes('not-found'),
      (route) => route.abort(),
    );

    await page.goto('/percorso-sconosciuto');

    await expect(
      page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ricarica la pagina' })).toBeVisible();
  });
});
