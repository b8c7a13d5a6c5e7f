import { expect, test } from '@playwright/test';
import { freshUser, prepareUsers } from './support/accounts';
import { inboxCaughtUp, linkIn, waitForMail, type Mail } from './support/mailbox';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';

/**
 * A changed password is announced to the seller by email, once per change: after the
 * change-password page and after a completed reset, never for a report without a change.
 */

test.beforeAll(() => prepareUsers());
test.describe.configure({ timeout: 120_000 });

const SUBJECT = /La tua password è stata modificata/;

async function mailsTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${stack().mail.webUrl}/email`);
  const all = (await response.json()) as Mail[];
  return all.filter(
    (m) =>
      m.to.some((r) => r.address.toLowerCase() === address.toLowerCase()) &&
      SUBJECT.test(m.subject),
  );
}

test('changing the password sends one email saying when, with the way to reset and the support address', async ({
  page,
}) => {
  const user = await freshUser();
  const newPassword = 'Cambiata-2026';
  await logIn(page, user, '/login?redirectTo=%2Fchange-password');
  await expect(page).toHaveURL('/change-password');
  await page.getByLabel('Password attuale').fill(user.password);
  await page.getByLabel('Nuova password', { exact: true }).fill(newPassword);
  await page.getByLabel('Conferma la nuova password').fill(newPassword);
  await page.getByRole('button', { name: 'Aggiorna password' }).click();
  await expect(page).toHaveURL('/dashboard');

  const mail = await waitForMail(user.email, SUBJECT);
  const year = String(new Date().getFullYear());
  expect(mail.text).toContain(`Ciao ${user.firstName},`);
  expect(mail.text).toMatch(new RegExp(`è stata modificata il .*${year}.*\\(ora italiana\\)`));
  expect(mail.text).toMatch(/scrivici a \S+@\S+/);
  expect(linkIn(mail, '/forgot-password')).toBe('/forgot-password');

  // The page reporting the same change again (a retry, a second tab) sends nothing more.
  const again = await page.request.post('/api/password-changed', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {},
  });
  expect(again.status()).toBe(200);
  await inboxCaughtUp(user.email);
  expect(await mailsTo(user.email)).toHaveLength(1);
});

test('a report from a just-created account, whose password was never changed, sends nothing', async ({
  page,
}) => {
  const user = await freshUser();
  await logIn(page, user, '/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  const report = await page.request.post('/api/password-changed', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: {},
  });
  expect(report.status()).toBe(200);
  await inboxCaughtUp(user.email);
  expect(await mailsTo(user.email)).toHaveLength(0);
});

test('a completed reset sends one email that the password was changed', async ({ page }) => {
  const user = await freshUser();
  const newPassword = 'Nuova-password-2026';
  await page.goto('/forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Invia il link' }).click();
  const reset = await waitForMail(user.email, /Reimposta la tua password/);
  expect(await mailsTo(user.email)).toHaveLength(0);
  await page.goto(linkIn(reset, '/update-password'));
  await page.getByLabel('Nuova password', { exact: true }).fill(newPassword);
  await page.getByLabel('Conferma la nuova password').fill(newPassword);
  await page.getByRole('button', { name: 'Salva la nuova password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password aggiornata' })).toBeVisible();

  const mail = await waitForMail(user.email, SUBJECT);
  expect(mail.text).toContain('Se non sei stato tu, reimposta subito la password');
  await inboxCaughtUp(user.email);
  expect(await mailsTo(user.email)).toHaveLength(1);
});
