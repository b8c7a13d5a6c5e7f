/**
 * The production build's public pages: written to HTML at build time, readable before (and
 * without) JavaScript, then hydrated by the app itself (React, React Router) once the browser is
 * idle or the visitor acts, without a mismatch, and moving on to sign-in and sign-up without a
 * page load. The other journeys
 * run on the dev server, which renders everything with the full app; these build the app
 * (`npm run build:web`) and serve web/dist as CloudFront does (test/support/static-site.ts, the
 * distribution's own URL rewrite).
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

/**
 * Waits until the app has hydrated the page: React keeps each hydrated element's fiber on it
 * (a `__reactFiber$…` property), which the prerendered HTML alone does not have.
 */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    return !!heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** The scripts a page downloads, with their size on the wire (gzip) in bytes, once all are in. */
function collectScripts(page: Page): () => Promise<{ url: string; bytes: number }[]> {
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })),
    );
  });
  return () => Promise.all(scripts);
}

/** Code only signed-in screens, sign-in and payment need: never part of a visitor's landing. */
const APP_ONLY_SCRIPTS = /cognito|swr|paypal|dashboard|feedback|shipments|chart/i;

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
    const scripts = collectScripts(page);

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
    const urls = (await scripts()).map((script) => script.url);
    expect(urls.filter((url) => APP_ONLY_SCRIPTS.test(url))).toEqual([]);
  });

  test('the landing paints in full while its scripts are still on the way', async ({ page }) => {
    const scripts = collectScripts(page);
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });

    await page.goto(`${site.url}/`, { waitUntil: 'commit' });
    // Nothing the first paint needs waits for JavaScript: the page is there, down to the footer.
    await expect(page.getByRole('heading', italianHeading)).toBeVisible();
    await expect(page.locator('#pricing')).toContainText('9,90');
    await expect(page.getByRole('contentinfo')).toBeVisible();

    releaseScripts();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const downloaded = await scripts();
    const total = downloaded.reduce((sum, script) => sum + script.bytes, 0);
    const list = downloaded.map((s) => `${s.url.replace(site.url, '')} ${s.bytes} B`).join(', ');
    console.log(`landing JavaScript: ${(total / 1024).toFixed(1)} KB gzip (${list})`);
    expect(
      downloaded.filter((script) => APP_ONLY_SCRIPTS.test(script.url)),
      list,
    ).toEqual([]);
  });

  test('hydration leaves the landing as its HTML drew it', async ({ browser }) => {
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const still = await withoutScripts.newPage();
    await still.goto(`${site.url}/`);
    const drawn = await still.screenshot({ fullPage: true });
    await withoutScripts.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}/`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await page.screenshot({ fullPage: true })).toEqual(drawn);
    await context.close();
  });

  test('the hydrated landing answers: menu, FAQ, and sign-up without a page load', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.url}/`);
    await hydrated(page);

    const menuButton = page.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();

    const question = page.getByRole('button', {
      name: 'Collegare il mio account Amazon è sicuro?',
    });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Non ci comunichi mai la tua password')).toBeVisible();

    // Sign-up is one of the app's routes: it renders in the same document, without a page load.
    await menuButton.click();
    await page
      .getByRole('group', { name: 'Account' })
      .getByRole('link', { name: 'Registrati' })
      .click();
    await expect(page).toHaveURL(`${site.url}/register`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Crea il tuo account' }),
    ).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);

    // Back returns to the landing.
    await page.goBack();
    await expect(page.getByRole('heading', italianHeading)).toBeVisible();
    expect(errors.filter((error) => !/\/api\//.test(error))).toEqual([]);
  });

  test('a visitor with a stored session has it checked on a public page', async ({ page }) => {
    const scripts = collectScripts(page);
    await page.addInitScript(() =>
      window.localStorage.setItem('CognitoIdentityServiceProvider.bench.visitor.refreshToken', 'x'),
    );
    await page.goto(`${site.url}/privacy`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Informativa privacy' }),
    ).toBeVisible();
    await expect
      .poll(async () => (await scripts()).some((script) => /\/assets\/cognito-/.test(script.url)))
      .toBe(true);
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
