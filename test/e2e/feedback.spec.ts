import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { freshUser, prepareUsers } from './support/accounts';
import { logIn } from './support/pages';
import { generateFeedbackExport } from '../bench/feedback-import.bench';

/**
 * Issue 7 in the browser: a seller imports a Seller Central feedback export, filters the table,
 * generates a removal request and copies it; the reply-address settings save, show
 * "Configurato", delete on empty and refuse an address outside Amazon's domains. Both pages
 * pass an axe scan. Issue 18: a 3,000-row export imports in the background with its progress on
 * screen, and the list shows one page and loads the next on request.
 */

const SAMPLE_FILE = path.resolve(__dirname, '../fixtures/feedback/sample-it.tsv');
/** The fixture's README: 40 rows (one comment holds a quoted line break). */
const SAMPLE_ROWS = 40;

const DAY_MS = 86_400_000;
/** Today in Italian time, as the removal window counts it (yyyy-mm-dd). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
/** The day the sample's ages are counted from: its rows keep those ages whatever today is. */
const SAMPLE_SEEN_ON = '2026-11-29';
const SHIFT_DAYS = Math.round((Date.parse(TODAY) - Date.parse(SAMPLE_SEEN_ON)) / DAY_MS);

function shiftedIso(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

function exportDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The sample export with every date moved by the days since SAMPLE_SEEN_ON: the removal window
 * (60 days from the feedback's date) sees the same rows inside and past it on any day.
 */
function shiftedSample(): string {
  const text = fs
    .readFileSync(SAMPLE_FILE, 'utf8')
    .replace(
      /^(\d{2})\/(\d{2})\/(\d{4})\t/gm,
      (_all, d: string, m: string, y: string) =>
        `${exportDate(shiftedIso(`${y}-${m}-${d}`, SHIFT_DAYS))}\t`,
    );
  const file = path.join(os.tmpdir(), `sample-it-${Date.now()}`, 'sample-it.tsv');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
test.beforeAll(() => prepareUsers());

async function signInTo(page: Page, target: string) {
  const user = await freshUser();
  await logIn(page, user, `/login?${new URLSearchParams({ redirectTo: target })}`);
  await expect(page).toHaveURL(target);
}

async function importFile(page: Page, file: string, rows: number) {
  // The file chooser speaks the page's language, not the browser's ("Choose File").
  const picker = page.getByLabel('File dei feedback (.tsv, .txt, .csv)');
  await expect(page.getByText('Scegli file', { exact: true })).toBeVisible();
  await expect(picker).toHaveAccessibleDescription(/Nessun file selezionato/);
  await picker.setInputFiles(file);
  const name = path.basename(file);
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(picker).toHaveAccessibleDescription(new RegExp(`${escaped}$`));
  await expect(page.getByTestId('import-selection')).toHaveText(
    `${name}: ${rows} ${rows === 1 ? 'riga letta' : 'righe lette'}`,
  );
  await page.getByRole('button', { name: 'Importa', exact: true }).click();
  await expect(page.getByText(`${rows} feedback importat`).first()).toBeVisible();
  await expect(page.getByTestId('import-selection')).toHaveCount(0);
}

test('import a feedback export, filter it, and copy a removal request', async ({ page }) => {
  await signInTo(page, '/feedback');
  await expect(page.getByRole('heading', { name: 'Gestione feedback', level: 1 })).toBeVisible();
  await expect(page.getByText('Account Amazon non connesso')).toBeVisible();
  await expect(page.getByText('Regole e linee guida sui feedback')).toBeVisible();

  const importButton = page.getByRole('button', { name: 'Importa', exact: true });
  await expect(importButton).toBeDisabled();
  await importFile(page, shiftedSample(), SAMPLE_ROWS);

  const rows = page.getByTestId('feedback-row');
  await expect(page.getByRole('heading', { name: `Feedback (${SAMPLE_ROWS})` })).toBeVisible();
  await expect(rows).toHaveCount(SAMPLE_ROWS);
  // Newest first: the sample's first line is its latest feedback.
  await expect(rows.first()).toContainText('171-9304678-7150796');
  const newest = new Intl.DateTimeFormat('it', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(shiftedIso('2026-10-28', SHIFT_DAYS)));
  await expect(rows.first()).toContainText(newest);
  await expect(rows.getByText('rimuovi', { exact: true }).first()).toBeVisible();
  await expect(rows.getByText('rispondi', { exact: true }).first()).toBeVisible();
  await expect(rows.getByText('1 ★', { exact: true }).first()).toBeVisible();
  await expect(rows.getByText('Logistica di Amazon').first()).toBeVisible();

  // Each row says in visible text whether a removal can still be asked for, and why: the
  // sample's rows past the 60 days are no longer removable and offer no request.
  const tooLate = rows.filter({
    hasText: 'Non più rimovibile. Oltre i 60 giorni: il feedback è di',
  });
  await expect(tooLate.first()).toBeVisible();
  expect(await tooLate.count()).toBeGreaterThan(0);
  await expect(tooLate.getByRole('button', { name: 'Genera richiesta' })).toHaveCount(0);
  const stillRemovable = rows.filter({ hasText: /Rimovibile fino al .+ \(ancora \d+ giorni\)\./ });
  await expect(stillRemovable.first()).toBeVisible();
  await expect(
    stillRemovable.first().getByRole('button', { name: 'Genera richiesta' }),
  ).toBeVisible();
  await expect(
    rows
      .filter({ hasText: 'Non rimovibile. Il commento riguarda il servizio del venditore' })
      .first(),
  ).toBeVisible();

  // A comment longer than 80 characters is cut, with the whole text in its tooltip.
  const long = rows.locator('td span[title]').filter({ hasText: '…' }).first();
  await expect(long).toBeVisible();
  expect(((await long.getAttribute('title')) ?? '').length).toBeGreaterThan(80);

  // Only removable.
  await page.getByLabel('Solo rimovibili').check();
  // Wait for the filtered list itself: the full one stays on screen until it arrives.
  await expect(rows.getByText('rispondi', { exact: true })).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  const removable = await rows.count();
  expect(removable).toBeGreaterThan(0);
  expect(removable).toBeLessThan(SAMPLE_ROWS);
  await expect(rows.getByText('rimuovi', { exact: true })).toHaveCount(removable);
  await expect(rows.getByText('Non più rimovibile.')).toHaveCount(0);
  await page.getByLabel('Solo rimovibili').uncheck();
  await expect(rows).toHaveCount(SAMPLE_ROWS);

  // The import went to Italy (filter All); Germany has none.
  await page.getByLabel('Marketplace', { exact: true }).selectOption('amazon.de');
  await expect(page.getByText('Nessun feedback corrisponde ai filtri.')).toBeVisible();
  await page.getByLabel('Marketplace', { exact: true }).selectOption('amazon.it');
  await expect(rows).toHaveCount(SAMPLE_ROWS);
  await page.getByLabel('Marketplace', { exact: true }).selectOption('all');

  // A comment carrying markup, imported on its own, stays text in the request's preview.
  const hostile = path.join(os.tmpdir(), `feedback-hostile-${Date.now()}.tsv`);
  fs.writeFileSync(
    hostile,
    'Data\tValutazione\tCommenti\tRisposta\tNumero ordine\tE-mail autore della valutazione\tGestito da\n' +
      `${exportDate(shiftedIso(TODAY, -8))}\t1\tVenditore di merda, chiamatemi al 333 1234567 <img src=x onerror="window.__xss=1">\t\t402-9999999-0000001\tz@marketplace.amazon.it\tVenditore\n`,
  );
  await importFile(page, hostile, 1);
  await expect(rows).toHaveCount(SAMPLE_ROWS + 1);
  const hostileRow = rows.filter({ hasText: '402-9999999-0000001' });
  await hostileRow.getByRole('button', { name: 'Genera richiesta' }).click();

  const dialog = page.getByRole('dialog', { name: 'Richiesta di rimozione' });
  const subject = dialog.getByLabel('Oggetto');
  await expect(subject).toHaveValue('Richiesta di rimozione feedback - Ordine 402-9999999-0000001');
  await expect(subject).toHaveAttribute('readonly', '');
  const body = dialog.getByLabel('Testo della richiesta');
  await expect(body).toContainText('Numero ordine: 402-9999999-0000001');

  await dialog.getByRole('button', { name: 'Copia testo' }).click();
  await expect(page.getByText('Copiato negli appunti').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await body.inputValue());
  await dialog.getByRole('button', { name: 'Copia oggetto' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe('Richiesta di rimozione feedback - Ordine 402-9999999-0000001');

  await dialog.getByRole('tab', { name: 'HTML' }).click();
  const preview = dialog.getByTestId('appeal-html-preview');
  await expect(preview).toContainText('Numero ordine');
  await expect(preview).toContainText('<img src=x onerror=');
  await expect(preview.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await dialog.getByRole('button', { name: 'Copia HTML' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toContain('<strong>Numero ordine:</strong>');
  // No reply address saved yet: no note.
  await expect(dialog.getByText('Hai salvato un indirizzo di risposta')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await expect(dialog).toBeHidden();
});

test('reply addresses: save, Configurato, refusal outside Amazon, delete on empty', async ({
  page,
}) => {
  await signInTo(page, '/feedback/settings');
  await expect(page.getByText(/^Domini accettati: amazon\.it, amazon\.com/)).toBeVisible();
  await expect(page.getByText("Come ottenere l'indirizzo di risposta")).toBeVisible();
  for (const domain of [
    'amazon.it',
    'amazon.com',
    'amazon.co.uk',
    'amazon.de',
    'amazon.fr',
    'amazon.es',
  ]) {
    await expect(page.getByTestId(`endpoint-${domain}`)).toBeVisible();
  }

  const card = page.getByTestId('endpoint-amazon.de');
  const email = card.getByLabel('Email di risposta');
  const save = card.getByRole('button', { name: 'Salva' });
  await expect(save).toBeDisabled();

  await email.fill('mario.rossi@gmail.com');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(
    card.getByText('Email non valida: inserisci un indirizzo email Amazon valido'),
  ).toBeVisible();
  await expect(page.getByText('Email non valida', { exact: true })).toBeVisible();
  await expect(card.getByText('Configurato')).toHaveCount(0);

  await email.fill('seller-reply@amazon.de');
  await card.getByRole('button', { name: 'Salva' }).click();
  await expect(page.getByText('Impostazione salvata con successo')).toBeVisible();
  await expect(card.getByText('Configurato')).toBeVisible();
  await expect(card.getByText(/^Ultimo salvataggio: \d{2} \w{3} \d{4}$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Salva' })).toBeDisabled();

  await page.reload();
  await expect(card.getByLabel('Email di risposta')).toHaveValue('seller-reply@amazon.de');
  await expect(card.getByText('Configurato')).toBeVisible();
  await expect(page.getByTestId('endpoint-amazon.it').getByText('Configurato')).toHaveCount(0);

  await card.getByLabel('Email di risposta').fill('');
  await card.getByRole('button', { name: 'Salva' }).click();
  await expect(card.getByText('Configurato')).toHaveCount(0);
  await page.reload();
  await expect(card.getByLabel('Email di risposta')).toHaveValue('');
  await expect(card.getByText('Nessun indirizzo salvato')).toBeVisible();
});

test('a large export imports in the background with its progress, and the list loads more as asked', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const rows = 3_000;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-')), 'grande.csv');
  fs.writeFileSync(file, generateFeedbackExport(rows));
  await signInTo(page, '/feedback');
  await page.getByLabel('File dei feedback (.tsv, .txt, .csv)').setInputFiles(file);
  await expect(page.getByTestId('import-selection')).toHaveText(`grande.csv: ${rows} righe lette`, {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Importa', exact: true }).click();

  const progress = page.getByTestId('import-progress');
  await expect(progress).toContainText(/grande\.csv: (in coda|importazione in corso)/);
  await expect(progress).toContainText(/Righe lette: \d+ · salvate: \d+ · con errori: 0/);
  await expect(progress).toContainText('grande.csv: importazione completata', { timeout: 180_000 });
  await expect(progress).toContainText(`Righe lette: ${rows} · salvate: ${rows} · con errori: 0`);
  await expect(page.getByText(`${rows} feedback importati`).first()).toBeVisible();

  // One page at first, the next when asked.
  const listed = page.getByTestId('feedback-row');
  await expect(page.getByRole('heading', { name: 'Feedback (1000+)' })).toBeVisible();
  await expect(listed).toHaveCount(50);
  await page.getByRole('button', { name: 'Mostra altri' }).click();
  await expect(listed).toHaveCount(100);
});

test('after a second import the count follows without a reload, even when the seller left the page meanwhile', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInTo(page, '/feedback');
  await importFile(page, shiftedSample(), SAMPLE_ROWS);
  await expect(page.getByRole('heading', { name: `Feedback (${SAMPLE_ROWS})` })).toBeVisible();

  const rows = 3_000;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'feedback-')), 'seconda.csv');
  fs.writeFileSync(file, generateFeedbackExport(rows));
  await page.getByLabel('File dei feedback (.tsv, .txt, .csv)').setInputFiles(file);
  await expect(page.getByTestId('import-selection')).toHaveText(
    `seconda.csv: ${rows} righe lette`,
    {
      timeout: 30_000,
    },
  );
  await page.getByRole('button', { name: 'Importa', exact: true }).click();
  await expect(page.getByTestId('import-progress')).toContainText('seconda.csv');

  // The seller looks at the dashboard while the import runs, then comes back (no reload).
  const nav = page.getByRole('navigation', { name: 'Area riservata' });
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await nav.getByRole('link', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByTestId('import-progress')).toContainText('seconda.csv');
  await expect(page.getByTestId('import-progress')).toContainText(
    'seconda.csv: importazione completata',
    { timeout: 180_000 },
  );
  await expect(page.getByRole('heading', { name: 'Feedback (1000+)' })).toBeVisible();
});

test('the feedback pages pass an accessibility scan', async ({ page }) => {
  await signInTo(page, '/feedback');
  await importFile(page, shiftedSample(), SAMPLE_ROWS);
  for (const target of ['/feedback', '/feedback/settings']) {
    if (new URL(page.url()).pathname !== target) await page.goto(target);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Caricamento/ })).toHaveCount(0);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target.join(' ')) })),
    ).toEqual([]);
  }
});
