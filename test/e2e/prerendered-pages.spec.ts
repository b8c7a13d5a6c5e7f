/**
 * The production build's public pages: written to HTML at build time, readable before (and
 * without) JavaScript, then hydrated in the browser without a mismatch. The other journeys run
 * on the dev server, which renders in the browser; these build the app (`npm run build:web`) and
 * serve web/dist as CloudFront does (test/support/static-site.ts, the distribution's own URL
 * rewrite).
 */
import { expect, test, type Page } from '@playwright/test';
import { buildWeb } from '../../bin/build-web';
import { PRERENDERED_PATHS } from '../../web/src/app/prerendered-pages';
import { serveWebBuild, type StaticSite } from '../support/static-site';

const italianHeading = { level: 1, name: 'Recupera le unità FBA che Amazon non ha mai contato' };
const englishHeading = { level: 1, name: 'Recover the FBA units Amazon never counted' };

let site: StaticSite;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await buildWeb({ logLevel: 'error' });
  site = await serveWebBuild();
});

test.afterAll(async () => {
  await site?.close();
});

function languageButton(page: Page, name: 'Italiano' | 'English') {
  return page.getByRole('group', { name: /^(Lingua|Language)$/ }).getByRole('button', { name });
}

/** Everything the browser reports as an error: hydration mismatches are reported this way. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Waits until React has hydrated the page's content (its heading carries React's props). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    return !!heading && Object.keys(heading).some((key) => key.startsWith('__reactProps'));
  });
}

test.describe('prerendered public pages', () => {
  test('the landing reads in full with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/`);

    await expect(page).toHaveTitle('RimborsiFBA · Recupera i rimborsi FBA su Amazon Europa');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', italianHeading)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Accedi' })).toBeVisible();
    // Every section down to the price and the footer is in the HTML.
    await expect(page.locator('#pricing')).toContainText('9,90');
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Informativa privacy' }),
    ).toHaveAttribute('href', '/privacy');
    await context.close();
  });

  test('legal and help pages are their own HTML, and app routes get the empty shell', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto(`${site.url}/privacy`);
    await expect(page).toHaveTitle('Informativa privacy · RimborsiFBA');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Informativa privacy' }),
    ).toBeVisible();

    await page.goto(`${site.url}/termini/`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Termini di servizio' }),
    ).toBeVisible();

    await page.goto(`${site.url}/help-center`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // A signed-in route never receives another page's markup.
    await page.goto(`${site.url}/dashboard`);
    await expect(page.locator('#root')).toBeEmpty();
    await context.close();
  });

  test('the landing hydrates without a mismatch and switches to English', async ({ page }) => {
    const errors = collectErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    await page.goto(`${site.url}/`);
    await hydrated(page);
    await expect(page.getByRole('heading', italianHeading)).toBeVisible();

    await languageButton(page, 'English').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', englishHeading)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveTitle('RimborsiFBA · Recover FBA reimbursements on Amazon Europe');

    expect(errors).toEqual([]);
    // Sign-in, data and payment code stay out of the landing.
    expect(scripts.filter((url) => /cognito|swr|paypal|dashboard|feedback/i.test(url))).toEqual([]);
  });

  test('a visitor who chose English gets English once the Italian page has hydrated', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => window.localStorage.setItem('lang', 'en'));

    await page.goto(`${site.url}/privacy`);

    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expect(languageButton(page, 'English')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveTitle('Privacy policy · RimborsiFBA');

    // Moving on inside the app keeps the language and needs no page load.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();
    await expect(page).toHaveURL(`${site.url}/termini`);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();

    await languageButton(page, 'Italiano').click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Termini di servizio' }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('every prerendered page hydrates without an error', async ({ page }) => {
    const errors = collectErrors(page);
    for (const path of PRERENDERED_PATHS) {
      await page.goto(`${site.url}${path}`);
      await hydrated(page);
    }
    expect(errors).toEqual([]);
  });
});
