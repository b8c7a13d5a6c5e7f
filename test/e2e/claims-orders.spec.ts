import { expect, test, type Page } from '@playwright/test';
import { prepareUsers } from './support/accounts';
import { euros, runClaimsAudit } from './support/amazon-outcomes';
import { api, sellerWithSyncedShipments } from './support/real-seller';
import { stack } from './support/stack';
import {
  daysAgo,
  orderReimbursement,
  postToSimulator,
  refundTransaction,
  removalRows,
} from '../support/amazon-orders';

/**
 * Customer returns and removals in the browser: Amazon (the stack's SP-API simulator) refunded a
 * buyer 46 days ago and the unit never came back, or shipped a removal with tracking that never
 * arrived; the hourly claims audit (run now through the stack's Lambda Invoke API) proposes the
 * claim, its text names the order or the tracking number; Amazon's later reimbursement row
 * settles it as reimbursed with its amount, and the dashboard counts the money as recovered.
 */

test.describe.configure({ timeout: 240_000 });
test.beforeAll(() => prepareUsers());
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const simulator = (route: string, body: unknown) =>
  postToSimulator(stack().spapi.endpoint, route, body);
const unique = () => Math.floor(Math.random() * 9_000_000) + 1_000_000;
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** The claims screen, reloaded until the audit's row for `reference` shows `state`. */
async function claimRow(page: Page, reference: string, state: string) {
  await page.goto('/claims');
  await expect(page.getByRole('heading', { name: 'Reclami', level: 1 })).toBeVisible();
  const row = page.getByTestId('claim-row').filter({ hasText: reference });
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('claim-state')).toHaveText(state, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  return row;
}

/** The dashboard's money recovered: the stat card and this month's line of the chart's table. */
async function expectRecovered(page: Page, amount: string) {
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-recovered').getByTestId('stat-value')).toHaveText(
    euros(amount),
    { timeout: 30_000 },
  );
  const chart = page.getByRole('region', { name: 'Andamento mensile' });
  await chart.getByRole('button', { name: 'Mostra la tabella' }).click();
  await expect(chart.getByRole('row').last().getByRole('cell').first()).toHaveText(euros(amount));
}

test('a refund never returned becomes a claim on day 46 naming its order; Amazon reimburses it, the claim shows reimbursed and the dashboard the money', async ({
  page,
}) => {
  const { userId } = await sellerWithSyncedShipments(page);
  // The seller's hourly audit already ran: what the scenario holds is claimed on its own.
  expect(await runClaimsAudit(userId)).toMatchObject({ sellers: 1, pending: 0, failed: 0 });
  const order = `171-${unique()}-${unique()}`;
  const sku = 'MOKA 9 TAZZE';
  await simulator('orders', { transactions: [refundTransaction(order, sku, daysAgo(46), 24.9)] });
  expect(await runClaimsAudit(userId)).toMatchObject({ sellers: 1, pending: 0, failed: 0 });

  const row = await claimRow(page, order, 'Da reclamare ora');
  await expect(row).toContainText('Reso rimborsato e non restituito');
  await expect(row).toContainText('24,90');
  await row.getByRole('button', { name: 'Dettagli' }).click();
  const detail = row.getByTestId('claim-detail');
  await expect(detail).toContainText("l'importo che Amazon ha rimborsato al cliente");
  await expect(detail).toContainText("i numeri d'ordine");
  await detail.getByRole('button', { name: 'Copia testo', exact: true }).click();
  await expect
    .poll(() => clipboard(page))
    .toContain(`per l'ordine ${order} avete rimborsato il cliente più di 45 giorni fa`);
  expect(await clipboard(page)).toContain(
    `1 unità di SKU ${sku} non sono state restituite al vostro centro logistico`,
  );

  // Amazon reimburses the order.
  const paidId = String(9_500_000_000 + unique());
  await simulator('reimbursements', {
    rows: [
      orderReimbursement(paidId, order, sku, 'CustomerReturn', 1, 24.9, new Date().toISOString()),
    ],
  });
  expect(await runClaimsAudit(userId)).toMatchObject({ sellers: 1, pending: 0, failed: 0 });
  const paid = await claimRow(page, order, 'Rimborsato');
  await paid.getByRole('button', { name: 'Dettagli' }).click();
  await expect(paid.getByTestId('claim-outcome')).toContainText('Amazon ha pagato 24,90 € il');
  await expect(paid.getByTestId('claim-outcome')).toContainText(`rimborso ${paidId}`);
  await expectRecovered(page, '24,90');
});

test('a removal shipped with tracking and never delivered is a claim naming the tracking number; Amazon reimburses it, the dashboard counts it', async ({
  page,
}) => {
  const { userId } = await sellerWithSyncedShipments(page);
  const removal = `RMV-IT-${unique()}`;
  const tracking = `BRT${unique()}`;
  const sku = `MOKA RIMOZIONE ${unique()}`;
  // The set-up: the seller's unit cost (the costs screen's own journeys test it).
  expect(
    (
      await api(page, '/api/sku-values', {
        method: 'PUT',
        body: { sku, amount: 15, currency: 'EUR' },
      })
    ).status,
  ).toBe(200);
  // Requested 20 days ago (its 15-75 day window is open), shipped 18 days ago, never delivered.
  await simulator('orders', removalRows(removal, sku, daysAgo(20, 8), 2, tracking));
  expect(await runClaimsAudit(userId)).toMatchObject({ sellers: 1, pending: 0, failed: 0 });

  // The audit lists the removal to count; the seller records that nothing arrived.
  await page.goto('/claims');
  const toCount = page.getByTestId('removal-to-count').filter({ hasText: removal });
  await expect(toCount).toContainText(`BRT ${tracking}`);
  await toCount.getByLabel(`Unità arrivate di ${sku} (Amazon ne ha spedite 2)`).fill('0');
  await toCount.getByRole('button', { name: 'Registra il conteggio' }).click();
  await expect(toCount).toHaveCount(0);
  expect(await runClaimsAudit(userId)).toMatchObject({ sellers: 1, pending: 0, failed: 0 });

  const row = await claimRow(page, removal, 'Da reclamare ora');
  await expect(row).toContainText('Rimozione persa in transito');
  await expect(row).toContainText('30,00');
  await row.getByRole('button', { name: 'Dettagli' }).click();
  const detail = row.getByTestId('claim-detail');
  await expect(detail).toContainText('il numero di tracciamento della rimozione');
  await expect(detail).toContainText('da confermare');
  await detail.getByRole('button', { name: 'Copia testo', exact: true }).click();
  await expect
    .poll(() => clipboard(page))
    .toContain(`l'ordine di rimozione ${removal} è stato spedito con BRT ${tracking}`);
  expect(await clipboard(page)).toContain('2 unità di SKU');

  const paidId = String(9_600_000_000 + unique());
  await simulator('reimbursements', {
    rows: [
      orderReimbursement(
        paidId,
        removal,
        sku,
        'Removal_Order_Lost',
        2,
        30,
        new Date().toISOString(),
      ),
    ],
  });
  expect(await runClaimsAudit(userId)).toMatchObject({ sellers: 1, pending: 0, failed: 0 });
  const paid = await claimRow(page, removal, 'Rimborsato');
  await paid.getByRole('button', { name: 'Dettagli' }).click();
  await expect(paid.getByTestId('claim-outcome')).toContainText('Amazon ha pagato 30,00 € il');
  await expectRecovered(page, '30,00');
});
