import { expect, test } from '@playwright/test';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/stack/aws';
import { prepareUsers } from './support/accounts';
import { sellerWithSyncedShipments } from './support/real-seller';
import { stack } from './support/stack';

/**
 * Issue 18 and 16.5 in the browser: a seller with more shipments than a page scrolls through the
 * list (the next page comes with "Mostra altre spedizioni" and when the end scrolls into view),
 * and reads the monthly chart and the table behind it.
 */

test.describe.configure({ timeout: 150_000 });
test.beforeAll(() => prepareUsers());

const EXTRA = 45;

/**
 * More closed shipments in the seller's partition, written as a sync writes them (the project's
 * adapter), then the dashboard summary as the end of a sync computes it.
 */
async function addShipments(userId: string): Promise<string[]> {
  const { dynamodb } = stack() as unknown as { dynamodb: { endpoint: string; table: string } };
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: dynamodb.endpoint,
    TABLE_NAME: dynamodb.table,
  });
  const { closedShipment, seedShipments } = await import('../support/shipments');
  const { refreshDashboardSummary } = await import('../../lambdas/adapters/dashboard-summary');
  const now = Date.now();
  const ids = Array.from({ length: EXTRA }, (_, i) => `FBAPAGE${String(i).padStart(3, '0')}`);
  await seedShipments(
    userId,
    ids.map((id, i) => closedShipment(id, now - i * 1000)),
  );
  await refreshDashboardSummary(userId);
  return ids;
}

test('a seller scrolls through more shipments than a page and reads the monthly chart and its table', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { userId } = await sellerWithSyncedShipments(page);
  const ids = await addShipments(userId);
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
    await expect(page.getByRole('button', { name: 'Mostra altre spedizioni' })).toHaveCount(0, {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  const shown = await rows.evaluateAll((elements) =>
    elements.map((e) => e.getAttribute('data-shipment-id')),
  );
  expect(shown.length).toBeGreaterThan(EXTRA);
  expect(new Set(shown).size).toBe(shown.length);
  expect(shown.slice(0, EXTRA)).toEqual(ids);

  // The chart, drawn by the lazily loaded library, and the same figures in a table.
  const chart = page.getByRole('region', { name: 'Andamento mensile' });
  await expect(chart.getByTestId('monthly-chart-canvas').locator('canvas').first()).toBeVisible();
  const table = chart.getByRole('table', {
    name: 'Rimborsi ottenuti e unità ancora mancanti per mese',
  });
  // Read by screen readers before it is shown on screen.
  await expect(table.getByRole('row')).toHaveCount(13);
  await chart.getByRole('button', { name: 'Mostra la tabella' }).click();
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
  await expect(table).not.toBeVisible();
});
