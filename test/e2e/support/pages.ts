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

/**
 * The sign-up form as a seller fills it, captcha and the 2 s anti-bot rule included, up to the
 * "check your email" page. `path` may be a full address (a journey on the stack's own origin).
 */
export async function register(
  page: Page,
  { email, password, firstName = 'Lucia' }: { email: string; password: string; firstName?: string },
  path = '/register',
) {
  await page.goto(path);
  // The sum arrives from the server after the form.
  const label = page.getByText(/^Quanto fa \d \+ \d\?$/);
  await expect(label).toBeVisible({ timeout: 20_000 });
  const captchaShown = Date.now();
  await page.getByLabel('Nome', { exact: true }).fill(firstName);
  await page.getByLabel('Cognome').fill('Verdi');
  await page.getByLabel('Email di lavoro').fill(email);
  await page.getByLabel('Numero di telefono').fill('333 765 4321');
  await page.getByLabel('Password', { exact: true }).fill(password);
  const [, a, b] = /(\d) \+ (\d)/.exec((await label.textContent()) ?? '') ?? [];
  await page.getByLabel(/^Quanto fa/).fill(String(Number(a) + Number(b)));
  await page.waitForTimeout(Math.max(0, 2_200 - (Date.now() - captchaShown)));
  await page.getByRole('button', { name: 'Crea account' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Controlla la tua email' }),
  ).toBeVisible();
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
