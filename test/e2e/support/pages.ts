import { expect, type Page } from '@playwright/test';

/**
 * Signs in through the Italian login form; `path` may carry `redirectTo`. A page already
 * there is reused: each full load of the development server costs the suite most of a second.
 */
export async function logIn(
  page: Page,
  { email, password }: { email: string; password: string },
  path = '/login',
) {
  const here = page.url().startsWith('http') ? new URL(page.url()) : null;
  if (!here || `${here.pathname}${here.search}` !== path) await page.goto(path);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Esci' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Accedi' })).toBeVisible();
}

/** The current Cognito access token, as Amplify keeps it in the page's storage. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (const storage of [window.localStorage, window.sessionStorage]) {
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) {
          return storage.getItem(key);
        }
      }
    }
    return null;
  });
  if (!token) throw new Error('No access token in storage');
  return token;
}
