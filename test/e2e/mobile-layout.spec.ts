import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_FEEDBACK, DEMO_SHIPMENTS, demoFeedbackIn } from '../../lambdas/domain/demo-data';
import { SEED_ACCOUNTS } from '../../local/stack/seed-accounts';
import { prepareUsers } from './support/accounts';
import { logIn } from './support/pages';
import { sellerWithSyncedShipments } from './support/real-seller';

/**
 * On a 375 px phone, in Italian and in English, no page of the signed-in app nor the visitor
 * demo scrolls sideways, the top bar's menu button sits fully on screen, and the values a
 * seller looks for (a demo shipment's missing units, a feedback's rating and comment) are
 * readable without scrolling sideways.
 */

const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 812 } });
test.describe.configure({ timeout: 120_000 });

const SIGNED_IN_PAGES = [
  '/dashboard',
  '/documents',
  '/feedback',
  '/feedback/settings',
  '/connect-amazon',
  '/account',
  '/change-password',
] as const;

const copy = {
  it: {
    syncDashboard: 'Sincronizza demo',
    syncShipments: 'Sincronizza spedizioni',
    month: 'Mese',
    removable: /^Rimovibile fino al .+ \(ancora \d+ giorni\)\./,
    notRemovable: /^Non rimovibile\./,
  },
  en: {
    syncDashboard: 'Sync demo',
    syncShipments: 'Sync shipments',
    month: 'Month',
    removable: /^Removable until .+ \(\d+ days left\)\./,
    notRemovable: /^Not removable\./,
  },
} as const;

/** The page's own width against the window's: a wider document scrolls sideways. */
async function documentWidths(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await documentWidths(page);
  expect.soft(scrollWidth, `${where}: document width`).toBeLessThanOrEqual(clientWidth);
}

async function expectMenuButtonOnScreen(page: Page, where: string) {
  const button = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect.soft(box, `${where}: menu button box`).not.toBeNull();
  if (!box) return;
  expect.soft(box.x, `${where}: menu button left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${where}: menu button right edge`).toBeLessThanOrEqual(WIDTH);
}

/**
 * Fully inside the window, clipped by no scroll box: the page is scrolled vertically only, so
 * a value hidden to the right of a scroll box fails.
 */
async function expectReadable(page: Page, target: Locator, what: string) {
  await expect(target, what).toBeVisible();
  await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    window.scrollBy(0, box.top - window.innerHeight / 2);
  });
  await expect.soft(target, what).toBeInViewport({ ratio: 1 });
}

/** The visible row or card holding `text`: a table from 768 px, cards below. */
function visibleEntry(page: Page, text: string) {
  return page.locator('tr, li').filter({ hasText: text }).filter({ visible: true }).first();
}

async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // The mode badge arrives with the profile and widens the bar: measure once it is there.
  await expect(page.getByRole('banner').getByText(/Demo$/)).toBeVisible();
}

for (const language of ['it', 'en'] as const) {
  test(`the app fits a 375 px phone (${language})`, async ({ page }) => {
    const { email, password } = SEED_ACCOUNTS.demo;
    await logIn(page, { email, password }, '/login?redirectTo=%2Fdashboard');
    await expect(page).toHaveURL('/dashboard');
    if (language === 'en') {
      await page.getByRole('button', { name: /^EN/ }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }

    // Rows in the tables first: the demo sync of the dashboard.
    await page.getByRole('button', { name: copy[language].syncDashboard, exact: true }).click();
    await expect(page.getByText(/DEMO00\d/).first()).toBeVisible({ timeout: 15_000 });

    for (const path of SIGNED_IN_PAGES) {
      await openPage(page, path);
      // The feedback list widens the page only once its rows are in.
      if (path === '/feedback') {
        await expect(visibleEntry(page, DEMO_FEEDBACK[0]!.order_id)).toBeVisible();
      }
      await expectNoSidewaysScroll(page, path);
      await expectMenuButtonOnScreen(page, path);
    }

    // The open menu does not push the page sideways either.
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expectNoSidewaysScroll(page, `${SIGNED_IN_PAGES.at(-1)} with the menu open`);
    await page.keyboard.press('Escape');

    // Each feedback's rating and comment can be read on the phone, in the page's language
    // (the demo's samples are written in it).
    await openPage(page, '/feedback');
    for (const sample of DEMO_FEEDBACK) {
      const feedback = demoFeedbackIn(sample, language);
      const entry = visibleEntry(page, feedback.order_id);
      await expectReadable(
        page,
        entry.getByText(`${feedback.rating} ★`, { exact: true }),
        `rating of ${feedback.order_id}`,
      );
      await expectReadable(
        page,
        entry.getByText(feedback.comment, { exact: true }),
        `comment of ${feedback.order_id}`,
      );
    }

    // The visitor demo, synced: every shipment's missing units can be read.
    await page.goto('/demo');
    await page.getByRole('button', { name: copy[language].syncShipments, exact: true }).click();
    await expect(visibleEntry(page, 'DEMO001')).toBeVisible({ timeout: 15_000 });
    await expectNoSidewaysScroll(page, '/demo');
    await expectMenuButtonOnScreen(page, '/demo');
    for (const shipment of DEMO_SHIPMENTS) {
      await expectReadable(
        page,
        visibleEntry(page, shipment.shipment_id).getByText(String(shipment.discrepancy), {
          exact: true,
        }),
        `missing units of ${shipment.shipment_id}`,
      );
    }
  });
}

for (const language of ['it', 'en'] as const) {
  test(`each feedback says in visible text why it is removable or not (${language})`, async ({
    page,
  }) => {
    const { email, password } = SEED_ACCOUNTS.demo;
    await logIn(page, { email, password }, '/login?redirectTo=%2Ffeedback');
    await expect(page).toHaveURL('/feedback');
    if (language === 'en') {
      await page.getByRole('button', { name: /^EN/ }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    for (const sample of DEMO_FEEDBACK) {
      const feedback = demoFeedbackIn(sample, language);
      const entry = visibleEntry(page, feedback.order_id);
      // The comment in the page's language: the list was read again in it.
      await expect(entry.getByText(feedback.comment, { exact: true })).toBeVisible({
        timeout: 15_000,
      });
      const reason = entry.getByTestId('removal-reason');
      await expectReadable(page, reason, `removal reason of ${feedback.order_id}`);
      const removable =
        feedback.is_offensive || (feedback.is_product_review && feedback.rating <= 3);
      await expect(reason).toHaveText(
        removable ? copy[language].removable : copy[language].notRemovable,
      );
      // Only a removable row offers the request.
      await expect(
        entry.getByRole('button', {
          name: language === 'it' ? 'Genera richiesta' : 'Generate request',
        }),
      ).toHaveCount(removable ? 1 : 0);
    }
  });
}

test.describe('the monthly chart on a phone', () => {
  test.beforeAll(() => prepareUsers());

  for (const language of ['it', 'en'] as const) {
    test(`month labels do not overlap, the legend speaks the page's language (${language})`, async ({
      page,
    }) => {
      await sellerWithSyncedShipments(page);
      // The seller was linked and synced through the API: the dashboard is opened afterwards.
      await page.goto('/dashboard');
      if (language === 'en') {
        await page.getByRole('button', { name: /^EN/ }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      }
      // The monthly chart: its month labels do not overlap and stay on screen, the latest month
      // is labelled, and the legend speaks the page's language (not uPlot's "Value").
      const chart = page.getByTestId('monthly-chart-canvas');
      const months = chart
        .getByTestId('monthly-chart-months')
        .locator('span')
        .filter({ visible: true });
      await expect(months.first()).toBeVisible();
      const boxes = await months.evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return { left: box.left, right: box.right, text: element.textContent ?? '' };
        }),
      );
      expect(boxes.length).toBeGreaterThanOrEqual(3);
      for (const [i, box] of boxes.entries()) {
        expect.soft(box.left, `${box.text} on screen`).toBeGreaterThanOrEqual(0);
        expect.soft(box.right, `${box.text} on screen`).toBeLessThanOrEqual(WIDTH);
        if (i > 0) {
          expect(box.left, `${box.text} after ${boxes[i - 1]!.text}`).toBeGreaterThanOrEqual(
            boxes[i - 1]!.right,
          );
        }
      }
      const thisMonth = new Intl.DateTimeFormat(language, {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date());
      expect(boxes.at(-1)!.text).toBe(thisMonth);
      const legend = chart.locator('.u-legend');
      await expect(legend).toContainText(copy[language].month);
      await expect(legend).not.toContainText('Value');
    });
  }
});
