import { expect, test } from '@playwright/test';
import { prepareUsers } from './support/accounts';
import {
  amazonPaysReevaluation,
  amazonUnderpaysLoss,
  claimRowOf,
  euros,
} from './support/amazon-outcomes';
import { api, sellerWithSyncedShipments } from './support/real-seller';

/**
 * The audit in the browser: Amazon (the stack's SP-API simulator) reimburses a lost teapot below
 * the seller's cost; the hourly claims audit (its scheduled function, run now through the
 * stack's Lambda Invoke API) reads the reimbursements report; the claims screen shows it with the cost, the
 * difference and the window's source; the text is copied; a later report row, Amazon paying the
 * re-evaluation, resolves it.
 */

test.describe.configure({ timeout: 300_000 });
test.beforeAll(() => prepareUsers());
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const SKU = 'TEIERA GHISA 0.8L';
const FNSKU = 'X000JT91KF';

test('an underpaid reimbursement shows up with the entered cost, its text is copied, it is marked as opened with Amazon, a later report row resolves it', async ({
  page,
}) => {
  const { userId } = await sellerWithSyncedShipments(page);
  // The set-up: the seller's unit cost for the teapot (the costs screen's own journeys test it).
  expect(
    (
      await api(page, '/api/sku-values', {
        method: 'PUT',
        body: { sku: SKU, amount: 32, currency: 'EUR' },
      })
    ).status,
  ).toBe(200);
  const reimbursementId = await amazonUnderpaysLoss(userId, {
    sku: SKU,
    fnsku: FNSKU,
    units: 2,
    perUnit: 12.5,
  });
  const row = await claimRowOf(page, reimbursementId);
  await expect(row).toContainText('Rimborso sottopagato');
  await expect(row.getByTestId('claim-state')).toHaveText('Da reclamare ora');
  await expect(row).toContainText('39,00');

  // Filtered by kind: a warehouse loss is not an underpaid reimbursement.
  await page.getByLabel('Tipo').selectOption({ label: 'Perso in magazzino' });
  await expect(row).toHaveCount(0);
  await page.getByLabel('Tipo').selectOption({ label: 'Rimborso sottopagato' });
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Dettagli' }).click();
  const detail = row.getByTestId('claim-detail');
  await expect(detail.getByTestId('claim-paid')).toHaveText(euros('25,00'));
  await expect(detail.getByTestId('claim-proven')).toHaveText(euros('64,00'));
  await expect(detail.getByTestId('claim-difference')).toHaveText(euros('39,00'));
  // A cost the seller typed is theirs: no invoice is offered, the text names none as attached.
  await expect(detail.getByTestId('claim-cost-source')).toHaveText(
    `costo inserito da te per lo SKU ${SKU}`,
  );
  await expect(detail).toContainText('non abbiamo una fattura del fornitore che lo provi');
  await expect(detail.getByRole('button', { name: 'Scarica la fattura' })).toHaveCount(0);
  await expect(detail).toContainText('da report di venditori, non una pagina Amazon');
  await detail.getByRole('button', { name: 'Copia testo', exact: true }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain(`chiedo la rivalutazione del rimborso ${reimbursementId} per SKU ${SKU}`);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Per 2 unità avete rimborsato 25,00 EUR');
  expect(copied).toContain('32,00 EUR per unità, 64,00 EUR in totale');
  await detail.getByRole('button', { name: 'Copia testo inglese' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain(`re-evaluation of reimbursement ${reimbursementId}`);

  expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain('attached');

  // The seller opened the case in Seller Central and says so.
  await expect(page.getByTestId('claims-open-count')).toHaveText(
    '0 reclami aperti con Amazon, in attesa di risposta.',
  );
  await detail.getByRole('button', { name: 'Segna come aperto con Amazon' }).click();
  await expect(row.getByTestId('claim-state')).toHaveText('Aperto con Amazon');
  await expect(detail.getByTestId('claim-filed')).toContainText('Aperto con Amazon il ');
  await expect(page.getByTestId('claims-open-count')).toHaveText(
    '1 reclamo aperto con Amazon, in attesa di risposta.',
  );

  // Amazon pays the difference on the re-evaluation: a later row of the same report.
  const paidId = await amazonPaysReevaluation(page, row, userId, {
    reimbursementId,
    sku: SKU,
    fnsku: FNSKU,
    amount: 39,
  });
  await row.getByRole('button', { name: 'Dettagli' }).click();
  await expect(row.getByTestId('claim-outcome')).toContainText(`Amazon ha pagato 39,00 € il`);
  await expect(row.getByTestId('claim-outcome')).toContainText(`rimborso ${paidId}`);
  await expect(page.getByTestId('claims-open-count')).toHaveText(
    '0 reclami aperti con Amazon, in attesa di risposta.',
  );
});
