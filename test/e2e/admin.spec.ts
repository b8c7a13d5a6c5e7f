import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { freshUser, prepareUsers, uniqueEmail } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';

/**
 * Issue 9 in the browser: the admin finds a user by part of the email and by full name and
 * opens the details; a normal user gets a blank /admin and 403 from every admin route; a
 * request sent from the help form reaches the support tab and stays resolved.
 */

test.beforeAll(() => prepareUsers());

const ADMIN_ROUTES: [string, string][] = [
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users?q=a'],
  ['GET', '/api/admin/users/some-user'],
  ['GET', '/api/admin/support-messages'],
  ['POST', '/api/admin/support-messages/some-id/resolve'],
];

function admin() {
  const account = stack().accounts?.admin;
  if (!account) throw new Error('stack.json lists no admin account');
  return account;
}

/** A confirmed account with a name nobody else has, made as the sign-up form makes one. */
async function namedUser(lastName: string) {
  const { CognitoIdentityProviderClient, SignUpCommand, AdminConfirmSignUpCommand } =
    await import('@aws-sdk/client-cognito-identity-provider');
  const { LOCAL_CREDENTIALS, LOCAL_REGION } = await import('../../local/stack/aws');
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack().cognito.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const email = uniqueEmail('admin-target');
  const password = `Pw-${randomUUID().slice(0, 12)}`;
  const response = await fetch(`${stack().apiUrl}/api/captcha`, { method: 'POST' });
  const captcha = (await response.json()) as { a: number; b: number; token: string };
  const issuedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2_100));
  await cognito.send(
    new SignUpCommand({
      ClientId: stack().cognito.clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Niccolò' },
        { Name: 'family_name', Value: lastName },
        { Name: 'phone_number', Value: '+393401112233' },
        { Name: 'locale', Value: 'it' },
      ],
      ValidationData: [
        { Name: 'captchaToken', Value: captcha.token },
        { Name: 'captchaAnswer', Value: String(captcha.a + captcha.b) },
        { Name: 'honeypot', Value: '' },
        { Name: 'formLoadedAt', Value: String(issuedAt) },
      ],
    }),
  );
  await cognito.send(
    new AdminConfirmSignUpCommand({ UserPoolId: stack().cognito.userPoolId, Username: email }),
  );
  return { email, password };
}

async function search(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Cerca per email o nome completo' }).fill(query);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
}

test('an admin finds a user by part of the email and by full name and opens the details', async ({
  page,
}) => {
  const lastName = `Bellàvista${randomUUID().slice(0, 6)}`;
  const target = await namedUser(lastName);

  await logIn(page, admin(), '/login?redirectTo=%2Fadmin');
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Pannello di amministrazione' })).toBeVisible();
  await expect(page.getByTestId('admin-total')).toContainText(/utent[ei] registrat/);

  // Part of the email, in capitals.
  const part = target.email.split('@')[0]!.slice(-8).toUpperCase();
  await search(page, part);
  const rows = page.getByRole('row').filter({ hasText: target.email });
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(rows).toContainText(`Niccolò ${lastName}`);
  await expect(rows).toContainText('+393401112233');
  // Registration date in Italian format (dd mmm yyyy, Italian month).
  await expect(rows).toContainText(/\d{2} (gen|feb|mar|apr|mag|giu|lug|ago|set|ott|nov|dic) \d{4}/);

  // Full name, without the accent, lower case.
  await search(page, `niccolo ${lastName.replace('à', 'a').toLowerCase()}`);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: `Dettagli di Niccolò ${lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Dettagli utente: Niccolò ${lastName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('admin-user-details')).toContainText(target.email);
  await expect(dialog).toContainText('Non collegato');
  await expect(dialog).toContainText('Nessun piano');
  await expect(dialog).toContainText('Mai sincronizzato');
  await dialog.getByRole('button', { name: 'Chiudi' }).click();
  await expect(dialog).toBeHidden();
});

test('a normal user gets a blank /admin and 403 from every admin route', async ({ page }) => {
  const user = await freshUser();
  await logIn(page, user);
  await expect(page).toHaveURL('/dashboard');
  // The dashboard's own admin check must not be taken for the one /admin makes.
  await page.waitForLoadState('networkidle');
  const adminMe = page.waitForResponse((r) => r.url().endsWith('/api/admin-me'));
  await page.goto('/admin');
  expect((await (await adminMe).json()) as unknown).toEqual({ is_admin: false });
  await expect(page.locator('main')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Pannello di amministrazione' })).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);

  const token = await accessToken(page);
  for (const [method, route] of ADMIN_ROUTES) {
    const response = await fetch(`${stack().apiUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    expect({ route, status: response.status }).toEqual({ route, status: 403 });
  }
});

test('a request sent from the help form appears in the support tab and stays resolved', async ({
  page,
}) => {
  const subject = `Aiuto e2e ${randomUUID().slice(0, 8)}`;
  await page.goto('/help-center');
  await page.getByLabel('Nome', { exact: true }).fill('Giulia Verdi');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('help'));
  await page.getByLabel('Oggetto', { exact: true }).fill(subject);
  await page.getByLabel('Messaggio', { exact: true }).fill('Non riesco a caricare la fattura.');
  await page.getByRole('button', { name: 'Invia il messaggio' }).click();
  await expect(page.getByText('Messaggio inviato').first()).toBeVisible();

  await logIn(page, admin(), '/login?redirectTo=%2Fadmin');
  await expect(page).toHaveURL('/admin');
  await page.getByRole('tab', { name: 'Messaggi di assistenza' }).click();
  const message = page.getByTestId('support-message').filter({ hasText: subject });
  await expect(message).toContainText('Non riesco a caricare la fattura.');
  await expect(message).toContainText('Da gestire');
  // Newest first: the request just sent is at the top.
  await expect(page.getByTestId('support-message').first()).toContainText(subject);

  await message.getByRole('button', { name: 'Segna come risolto' }).click();
  await expect(message).toContainText('Risolto');
  await expect(message.getByRole('button', { name: 'Segna come risolto' })).toHaveCount(0);

  // Kept: still resolved after a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'Messaggi di assistenza' }).click();
  const reloaded = page.getByTestId('support-message').filter({ hasText: subject });
  await expect(reloaded).toContainText('Risolto');
  await expect(reloaded.getByRole('button', { name: 'Segna come risolto' })).toHaveCount(0);
});
