import { expect, test } from '@playwright/test';
import { freshUser, prepareUsers } from './support/accounts';
import { logIn } from './support/pages';

/**
 * The signed-in demo's claims: "Sincronizza demo" on the dashboard writes the demo seller's
 * claims, one of each kind the audit finds, in the states a seller meets (to claim now, Amazon
 * still in time, opened with Amazon, reimbursed), and its sample shipments with missing units,
 * whose case sheet opens from their row; the claims screen lists them; "Azzera demo" takes them
 * away.
 */

test.describe.configure({ timeout: 180_000 });
test.beforeAll(() => prepareUsers());

const KINDS: Record<string, string> = {
  'Rimborso sottopagato': 'Da reclamare ora',
  'Perso in magazzino': 'Amazon è ancora in tempo',
  'Danneggiato in magazzino': 'Rimborsato',
  'Reso rimborsato e non restituito': 'Da reclamare ora',
  'Reso danneggiato da Amazon': 'Aperto con Amazon',
  'Sostituzione senza reso': 'Amazon è ancora in tempo',
  'Rimozione persa in transito': 'Da reclamare ora',
  'Rimozione incompleta': 'Da reclamare ora',
};

test('the demo sync shows one claim of each kind on /claims; the demo reset removes them', async ({
  page,
}) => {
  const user = await freshUser();
  await logIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Sincronizza demo' }).click();
  await expect(page.getByText('Spedizioni demo sincronizzate')).toBeVisible();

  await page.goto('/claims');
  await expect(page.getByRole('heading', { name: 'Reclami', level: 1 })).toBeVisible();
  const rows = page.getByTestId('claim-row');
  // The audit's kinds, and the demo's three sample shipments with missing units.
  await expect(rows).toHaveCount(Object.keys(KINDS).length + 3);
  const inbound = rows.filter({ hasText: 'Spedizione in entrata: unità mancanti' });
  await expect(inbound).toHaveCount(3);
  // An inbound shipment's claim is prepared and sent from its case sheet, right on the row.
  const first = inbound.filter({ hasText: 'DEMO001' });
  await first.getByRole('button', { name: 'Prepara contestazione · DEMO001' }).click();
  const sheet = page.getByRole('dialog', { name: 'Prepara il caso · DEMO001' });
  await expect(sheet).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  for (const [kind, state] of Object.entries(KINDS)) {
    const row = rows.filter({ hasText: kind });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('claim-state')).toHaveText(state);
  }
  await expect(page.getByTestId('claims-open-count')).toHaveText(
    '1 reclamo aperto con Amazon, in attesa di risposta.',
  );
  // What Amazon already paid is shown as paid, with its amount.
  const paid = rows.filter({ hasText: 'Danneggiato in magazzino' });
  await paid.getByRole('button', { name: 'Dettagli' }).click();
  await expect(paid.getByTestId('claim-outcome')).toContainText('14,90');

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Azzera demo' }).click();
  await expect(page.getByText('Demo azzerata')).toBeVisible();
  await page.goto('/claims');
  await expect(page.getByRole('heading', { name: 'Reclami', level: 1 })).toBeVisible();
  await expect(rows).toHaveCount(0);
});
