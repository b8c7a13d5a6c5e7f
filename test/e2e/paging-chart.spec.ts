import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/stack/aws';
import { prepareUsers } from './support/accounts';
import { sellerWithSyncedShipments } from './support/real-seller';
import { stack } from './support/stack';

/**
 * Issue 18 and 16.5 in the browser: a seller with more shipments than a page scrolls through the
 * list (the next page comes with "Mostra altre spedizioni" and when the end scrolls into view),
 * and reads the monthly chart and the table behind it; the documents page pages the same way.
 */

test.describe.configure({ timeout: 150_000 });
test.beforeAll(() => prepareUsers());

const EXTRA = 45;

/**
 * More closed shipments in the seller's partition, written as a sync writes them (the project's
 * adapter, run by tsx), then the dashboard summary as the end of a sync computes it.
 */
function addShipments(userId: string): string[] {
  const { dynamodb } = stack() as unknown as { dynamodb: { endpoint: string; table: string } };
  const out = execFileSync(
    path.resolve(__dirname, '../../node_modules/.bin/tsx'),
    [path.resolve(__dirname, '../support/seed-shipments.cli.ts'), userId, String(EXTRA), 'FBAPAGE'],
    {
      env: {
        ...process.env,
        AWS_REGION: LOCAL_REGION,
        AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
        AWS_ENDPOINT_URL_DYNAMODB: dynamodb.endpoint,
        TABLE_NAME: dynamodb.table,
      },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as string[];
}

test('a seller scrolls through more shipments than a page and reads the monthly chart and its table', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { userId } = await sellerWithSyncedShipments(page);
  const ids = addShipments(userId);
  await page.goto('/dashboard');

  const rows = page.getByTestId('shipment-row');
  // Newest first: the shipments just added lead the list; one page of 20 at first.
  await expect(rows.first()).toHaveAttribute('data-shipment-id', ids[0]!);
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId('shipments-shown')).toHaveText('20 spedizioni mostrate');

  await page.getByRole('button', { name: 'Mostra altre spedizioni' }).click();
  await expect(rows).toHaveCount(40);

  // Scrolling to the end of the list reads the rest.
  await expect(async () => {
    await page.getByTestId('shipments-shown').scrollIntoViewIfNeeded();
    // Neither "Mostra altre spedizioni" nor its busy state: the last page is on screen.
    await expect(page.getByRole('button', { name: /altre spedizioni/ })).toHaveCount(0, {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  const shown = await rows.evaluateAll((elements) =>
    elements.map((e) => e.getAttribute('data-shipment-id')),
  );
  expect(shown.length).toBeGreaterThan(EXTRA);
  expect(new Set(shown).size).toBe(shown.length);
  // Every added shipment once, newest first, among the synced ones.
  expect(shown.filter((id) => id?.startsWith('FBAPAGE'))).toEqual(ids);

  // The chart, drawn by the lazily loaded library, and the same figures in a table.
  const chart = page.getByRole('region', { name: 'Andamento mensile' });
  await expect(chart.getByTestId('monthly-chart-canvas').locator('canvas').first()).toBeVisible();
  const table = chart.getByRole('table', {
    name: 'Rimborsi ottenuti e unità ancora mancanti per mese',
  });
  // Read by screen readers before it is shown on screen.
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.locator('xpath=..')).toHaveClass('sr-only');
  await chart.getByRole('button', { name: 'Mostra la tabella' }).click();
  await expect(table.locator('xpath=..')).not.toHaveClass('sr-only');
  await expect(table).toBeVisible();
  const thisMonth = new Intl.DateTimeFormat('it', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
  const last = table.getByRole('row').last();
  await expect(last.getByRole('rowheader')).toHaveText(thisMonth);
  // Each added shipment misses 10 units (10 SKUs, 1 each), all closed this month.
  const missing = Number((await last.getByRole('cell').last().innerText()).replace(/\./g, ''));
  expect(missing).toBeGreaterThanOrEqual(EXTRA * 10);
  await chart.getByRole('button', { name: 'Nascondi la tabella' }).click();
  // Off screen again, still read by screen readers.
  await expect(table.locator('xpath=..')).toHaveClass('sr-only');

  // The documents page (each shipment's case) comes a page at a time too.
  await page.goto('/documents');
  const panels = page.getByTestId('upload-panel');
  await expect(panels).toHaveCount(20);
  await expect(panels.first()).toHaveAttribute('data-shipment-id', ids[0]!);
  await expect(page.getByTestId('documents-shown')).toHaveText('20 spedizioni mostrate');
  await page.getByRole('button', { name: 'Mostra altre spedizioni' }).click();
  // The next page comes; the list may go on by itself once its end is in view again (a third
  // page), so the check is on at least two pages, none shown twice.
  await expect.poll(() => panels.count()).toBeGreaterThanOrEqual(40);
  const listed = await panels.evaluateAll((elements) =>
    elements.map((e) => e.getAttribute('data-shipment-id')),
  );
  expect(new Set(listed).size).toBe(listed.length);
  // In the list's order (newest closing first), among the synced ones.
  const added = listed.filter((id) => id?.startsWith('FBAPAGE'));
  expect(added).toEqual(ids.slice(0, added.length));
});
