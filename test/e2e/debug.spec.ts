import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { freshUser, makeAdmin, prepareUsers } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';

/**
 * Issue 9, diagnostic pages (spec 2.12) on the local stack: the three submit tests PASS, and
 * "run all" on the storage page succeeds at every step with a real PDF made in the browser.
 */

test.beforeAll(() => prepareUsers());

/** What a seller sets once in the feedback settings: the marketplace reply address. */
async function setReplyAddress(page: Page): Promise<string> {
  const address = `seller-${randomUUID().slice(0, 8)}@marketplace.amazon.it`;
  const response = await fetch(`${stack().apiUrl}/api/case-endpoints`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${await accessToken(page)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      marketplace: 'amazon.it',
      reply_email: address,
    }),
  });
  expect(response.status).toBe(200);
  return address;
}

/** The addresses each dispute in the local inbox went to (To, Cc and Bcc). */
async function recipients(): Promise<string[][]> {
  const response = await fetch(`${stack().mail.webUrl}/email`);
  const mails = (await response.json()) as {
    subject: string;
    envelope: { to: { address: string }[] };
  }[];
  return mails
    .filter((mail) => /DEMO00\d/.test(mail.subject))
    .map((mail) => mail.envelope.to.map((to) => to.address.toLowerCase()));
}

test('the diagnostic pages need a session', async ({ page }) => {
  await page.goto('/debug/submit');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdebug%2Fsubmit/);
});

test('a seller who is not an admin is told the pages are for admins, and the API refuses', async ({
  page,
}) => {
  const user = await freshUser();
  await logIn(page, user, '/login?redirectTo=%2Fdebug%2Fsubmit');
  await expect(page).toHaveURL('/debug/submit');
  await expect(page.getByText('riservate agli amministratori')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Esegui tutti' })).toHaveCount(0);
  const refused = await fetch(`${stack().apiUrl}/api/api-cases`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await accessToken(page)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ shipmentId: 'DEMO002', role: 'rivenditore' }),
  });
  expect(refused.status).toBe(403);
});

test('the three submit tests pass, mailing the admin, not Amazon', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await freshUser();
  await makeAdmin(user.email);
  await logIn(page, user, '/login?redirectTo=%2Fdebug%2Fsubmit');
  await expect(page).toHaveURL('/debug/submit');
  const replyTo = await setReplyAddress(page);

  for (const id of ['created', 'reused', 'invalid']) {
    await expect(page.getByTestId(`debug-test-${id}`).locator('[data-status]')).toHaveText('IDLE');
  }
  await page.getByRole('button', { name: 'Esegui tutti' }).click();
  for (const id of ['created', 'reused', 'invalid']) {
    const card = page.getByTestId(`debug-test-${id}`);
    await expect(card.locator('[data-status]'), `${id}: ${await card.textContent()}`).toHaveText(
      'PASS',
      { timeout: 45_000 },
    );
    await expect(card).toContainText(/\d+ ms/);
  }
  const created = page.getByTestId('debug-test-created');
  await created.getByText('Risposta').click();
  await expect(created.locator('pre')).toContainText('"action": "created"');
  await expect(created.locator('pre')).toContainText('"messageId"');
  await page.getByTestId('debug-test-invalid').getByText('Risposta').click();
  await expect(page.getByTestId('debug-test-invalid').locator('pre')).toContainText('422');
  // The test dispute went to the admin's own address (the mail sink stores it a moment after
  // accepting it); the marketplace's got nothing.
  const toAdmin = async () =>
    (await recipients()).filter((to) => to.includes(user.email.toLowerCase())).length;
  await expect.poll(toAdmin).toBeGreaterThan(0);
  expect((await recipients()).filter((to) => to.includes(replyTo))).toHaveLength(0);
});

test('run all on the storage page succeeds at every step with a real PDF', async ({ page }) => {
  test.setTimeout(60_000);
  const user = await freshUser();
  await makeAdmin(user.email);
  await logIn(page, user, '/login?redirectTo=%2Fdebug%2Fstorage');
  await expect(page).toHaveURL('/debug/storage');
  await expect(page.getByTestId('debug-user-id')).not.toBeEmpty();
  await expect(page.getByText('supplier_docs')).toBeVisible();

  // Spec 5: a file must be chosen first.
  await page.getByRole('button', { name: 'Esegui tutti' }).click();
  const upload = page.getByTestId('storage-step-upload');
  await expect(upload.locator('[data-status]')).toHaveText('error');
  await expect(upload.locator('pre')).toContainText('Nessun file selezionato');

  // The spec's debug path, {userId}/{timestamp}-{filename}, not a case document's.
  await page.getByLabel('Scegli un file PDF, PNG o JPEG').setInputFiles({
    name: 'QA Storage.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  const userId = (await page.getByTestId('debug-user-id').textContent()) ?? '';
  await page.getByRole('button', { name: 'Esegui tutti' }).click();
  await expect(upload.locator('pre')).toContainText(
    new RegExp(`"path": "${userId}/\\d+-qa_storage\\.pdf"`),
  );
  for (const step of ['upload', 'list', 'download', 'delete']) {
    const row = page.getByTestId(`storage-step-${step}`);
    await expect(row.locator('[data-status]'), `${step}: ${await row.textContent()}`).toHaveText(
      'success',
      { timeout: 20_000 },
    );
  }
  // The downloaded file is the PDF uploaded (bytes read back through the signed link).
  await expect(page.getByTestId('storage-step-download').locator('pre')).toContainText('"bytes":');
});
