import { expect, test, type Page } from '@playwright/test';
import { freshUser, passwordWorks, prepareUsers, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mailbox';
import { accessToken, logIn, logOut } from './support/pages';
import { stack } from './support/stack';

const INVALID_IT = 'Email o password non validi';
const INVALID_EN = 'Invalid email or password';

function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** The captcha's sum, shown once the form has fetched it. */
const captchaSum = (page: Page) => page.getByText(/^Quanto fa \d \+ \d\?$/);

/** Reads "Quanto fa 3 + 4?" and answers it. */
async function answerCaptcha(page: Page) {
  const label = captchaSum(page);
  await expect(label).toBeVisible();
  const [, a, b] = /(\d) \+ (\d)/.exec((await label.textContent()) ?? '') ?? [];
  await page.getByLabel(/^Quanto fa/).fill(String(Number(a) + Number(b)));
}

test.describe('account journeys', () => {
  // The accounts of the later tests are made while the first one runs.
  test.beforeAll(prepareUsers);

  test('register with the captcha → confirm from the inbox → log in → back to the page first asked for → log out', async ({
    page,
  }) => {
    const pageErrors = collectPageErrors(page);
    const email = uniqueEmail('register');
    const password = 'Registrazione-2026';

    await page.goto('/register');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Crea il tuo account' }),
    ).toBeVisible();
    // The form counts its 2 s from the sum's arrival, which may come after the heading.
    await expect(captchaSum(page)).toBeVisible();
    const captchaShown = Date.now();
    await page.getByLabel('Nome', { exact: true }).fill('Mario');
    await page.getByLabel('Cognome').fill('Rossi');
    await page.getByLabel('Email di lavoro').fill(email);
    await expect(page.getByLabel('Prefisso internazionale')).toHaveValue('+39');
    await page.getByLabel('Numero di telefono').fill('333 123 4567');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await answerCaptcha(page);
    // The anti-bot rule: no submit within 2 s of the captcha appearing.
    await page.waitForTimeout(Math.max(0, 2_200 - (Date.now() - captchaShown)));
    await page.getByRole('button', { name: 'Crea account' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Controlla la tua email' }),
    ).toBeFocused();
    await expect(page.getByText(email)).toBeVisible();
    // Spec 4.8: the resend control waits 60 s after each send.
    await expect(page.getByRole('button', { name: "Invia di nuovo l'email" })).toBeDisabled();
    await expect(page.getByText(/Puoi inviarla di nuovo tra \d+ s/)).toBeVisible();

    const confirmation = await waitForMail(email, /Conferma il tuo indirizzo email/);
    await page.goto(linkIn(confirmation, '/confirm-email'));
    await expect(page.getByRole('heading', { level: 1, name: 'Email confermata' })).toBeVisible();

    // Signed out, a protected page sends to the login with the way back.
    await page.goto('/change-password');
    await expect(page).toHaveURL('/login?redirectTo=%2Fchange-password');
    await logIn(page, { email, password }, '/login?redirectTo=%2Fchange-password');
    await expect(page).toHaveURL('/change-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Modifica password' })).toBeVisible();

    // The signed-in top bar: app links, the mode badge of a new (demo) profile, the settings menu.
    const appNav = page.getByRole('navigation', { name: 'Area riservata' });
    await expect(appNav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(appNav.getByRole('link', { name: 'Collega Amazon' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Demo')).toBeVisible();
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('link', { name: 'Impostazioni' })).toHaveAttribute(
      'href',
      '/feedback/settings',
    );
    await expect(page.getByRole('link', { name: 'Modifica password' })).toBeVisible();
    await page.getByRole('button', { name: 'Account' }).click();

    await logOut(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
    expect(pageErrors).toEqual([]);
  });

  test('a wrong password shows "Invalid email or password" in the current language; the redirect parameter is honoured', async ({
    page,
  }) => {
    const user = await freshUser();

    await logIn(page, { email: user.email, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText(INVALID_IT);

    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(INVALID_EN);
    await page.getByRole('button', { name: 'Italiano' }).click();

    // The `redirect` variant of spec 2.1.
    await logIn(page, user, '/login?redirect=%2Faccount');
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Il tuo account' })).toBeVisible();
  });

  test('a magic link from the inbox signs in, honours redirectTo and works only once', async ({
    page,
    browser,
  }) => {
    const user = await freshUser();

    await page.goto('/login?redirectTo=%2Faccount');
    await page.getByRole('button', { name: 'Ricevi un link di accesso via email' }).click();
    await expect(
      page.getByText('Inserisci la tua email per ricevere il link di accesso'),
    ).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();

    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Ricevi un link di accesso via email' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Controlla la tua email' }),
    ).toBeVisible();

    const mail = await waitForMail(user.email, /link di accesso/);
    const link = linkIn(mail, '/auth/magic');
    await page.goto(link);
    // Signed out: the page names the account and waits; nothing signs in on page load.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Continuare con questo account?' }),
    ).toBeVisible();
    await expect(
      page.getByText(`Questo link di accesso apre l'account ${user.email}.`),
    ).toBeVisible();
    // Once the page has loaded all it asks for, it still waits for the visitor.
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/auth\/magic\?/);
    await expect(accessToken(page)).rejects.toThrow('No access token');
    await page.getByRole('button', { name: `Continua come ${user.email}` }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Il tuo account' })).toBeVisible();
    await expect(page.getByRole('main').getByText(user.email, { exact: true })).toBeVisible();

    const other = await browser.newPage();
    await other.goto(link);
    await other.getByRole('button', { name: `Continua come ${user.email}` }).click();
    await expect(
      other.getByRole('heading', { level: 1, name: 'Link non più valido' }),
    ).toBeVisible();
    await other.getByRole('link', { name: "Torna all'accesso" }).click();
    await expect(other).toHaveURL('/login?redirectTo=%2Faccount');
    await other.close();
  });

  test("another account's magic link asks before switching; staying keeps the session", async ({
    page,
    browser,
  }) => {
    const [seller, other] = await Promise.all([freshUser(), freshUser()]);
    // The other account's link, asked for on another browser.
    const elsewhere = await browser.newPage();
    await elsewhere.goto('/login?redirectTo=%2Faccount');
    await elsewhere.getByRole('button', { name: 'Ricevi un link di accesso via email' }).click();
    await elsewhere.getByLabel('Email', { exact: true }).fill(other.email);
    await elsewhere.getByRole('button', { name: 'Ricevi un link di accesso via email' }).click();
    await expect(
      elsewhere.getByRole('heading', { level: 1, name: 'Controlla la tua email' }),
    ).toBeVisible();
    await elsewhere.close();
    const link = linkIn(await waitForMail(other.email, /link di accesso/), '/auth/magic');

    await logIn(page, seller);
    await expect(page).toHaveURL('/dashboard');
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Cambiare account?' })).toBeVisible();
    await expect(page.getByText(`sei connesso come ${seller.email}`)).toBeVisible();
    await page.getByRole('link', { name: `Resta connesso come ${seller.email}` }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('main').getByText(seller.email, { exact: true })).toBeVisible();

    // Asked for after all: the same link, still unspent, switches once confirmed.
    await page.goto(link);
    await page.getByRole('button', { name: `Accedi come ${other.email}` }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('main').getByText(other.email, { exact: true })).toBeVisible();
  });

  test('forgot password → link from the inbox → the new password works, the old one does not', async ({
    page,
  }) => {
    const user = await freshUser();
    const newPassword = 'Nuova-password-2026';

    await page.goto('/forgot-password');
    await page.getByLabel('Email', { exact: true }).fill('non-una-email');
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await expect(page.getByText('Inserisci un indirizzo email valido')).toBeVisible();

    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Controlla la tua email' }),
    ).toBeVisible();

    const mail = await waitForMail(user.email, /Reimposta la tua password/);
    await page.goto(linkIn(mail, '/update-password'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Scegli una nuova password' }),
    ).toBeVisible();
    await expect(page.getByLabel('Nuova password', { exact: true })).toHaveAttribute(
      'placeholder',
      'almeno 8 caratteri',
    );

    await page.getByLabel('Nuova password', { exact: true }).fill('corta');
    await page.getByLabel('Conferma la nuova password').fill('diversa');
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await expect(page.getByText('La password deve avere almeno 8 caratteri')).toBeVisible();
    await expect(page.getByText('Le password non coincidono')).toBeVisible();

    await page.getByLabel('Nuova password', { exact: true }).fill(newPassword);
    await page.getByLabel('Conferma la nuova password').fill(newPassword);
    await page.getByRole('button', { name: 'Salva la nuova password' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Password aggiornata' }),
    ).toBeVisible();
    // It moves on to /login by itself.
    await expect(page).toHaveURL('/login', { timeout: 10_000 });

    await logIn(page, user);
    await expect(page.getByRole('alert')).toHaveText(INVALID_IT);

    await logIn(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL('/dashboard');
    // The greeting uses the first name the seller gave at sign-up.
    await expect(
      page.getByRole('heading', { level: 1, name: `Ciao, ${user.firstName}` }),
    ).toBeVisible();
  });

  test('change password: the current one is checked, the rules apply, then only the new one works', async ({
    page,
  }) => {
    const user = await freshUser();
    const newPassword = 'Cambiata-2026';

    await logIn(page, user, '/login?redirectTo=%2Fchange-password');
    await expect(page).toHaveURL('/change-password');
    const current = page.getByLabel('Password attuale');
    const next = page.getByLabel('Nuova password', { exact: true });
    const confirm = page.getByLabel('Conferma la nuova password');
    await expect(next).toHaveAttribute('placeholder', 'almeno 8 caratteri');
    await expect(page.getByRole('link', { name: 'Torna alla dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const submit = page.getByRole('button', { name: 'Aggiorna password' });

    await current.fill(user.password);
    await next.fill('breve');
    await confirm.fill('altro');
    await submit.click();
    await expect(page.getByText('La password deve avere almeno 8 caratteri')).toBeVisible();
    await expect(page.getByText('Le password non coincidono')).toBeVisible();
    await expect(next).toBeFocused();

    await current.fill('non-è-quella-giusta');
    await next.fill(newPassword);
    await confirm.fill(newPassword);
    await submit.click();
    await expect(page.getByText('La password attuale non è corretta')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    await current.fill(user.password);
    await submit.click();
    await expect(page.getByText('Password aggiornata')).toBeVisible();
    await expect(page).toHaveURL('/dashboard');

    expect(await passwordWorks(user.email, user.password)).toBe(false);
    expect(await passwordWorks(user.email, newPassword)).toBe(true);
  });

  test('account deletion asks for the email, deletes, shows the confirmation page and the user can no longer sign in', async ({
    page,
    request,
  }) => {
    const user = await freshUser();

    await logIn(page, user, '/login?redirectTo=%2Faccount');
    await expect(page).toHaveURL('/account');
    const token = await accessToken(page);
    const profile = await request.get(`${stack().apiUrl}/api/profile`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(profile.status()).toBe(200);

    await page.getByRole('button', { name: 'Elimina account' }).click();
    const dialog = page.getByRole('dialog', { name: "Eliminare definitivamente l'account?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();
    await expect(dialog.getByText("L'indirizzo email è obbligatorio")).toBeVisible();

    await dialog.getByLabel("Email dell'account").fill(user.email);
    await dialog.getByRole('button', { name: 'Elimina definitivamente' }).click();

    await expect(page).toHaveURL(`/account-deleted?email=${encodeURIComponent(user.email)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Account eliminato' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Accedi' })).toBeVisible();

    // The deleting tab is signed out: the dashboard now asks to sign in, it shows nothing empty.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login/);
    await page.goto(`/account-deleted?email=${encodeURIComponent(user.email)}`);

    // The deletion itself finishes in the background, from the account queue.
    await expect
      .poll(
        async () =>
          (
            await request.get(`${stack().apiUrl}/api/profile`, {
              headers: { Authorization: `Bearer ${token}` },
            })
          ).status(),
        { timeout: 20_000 },
      )
      .not.toBe(200);

    await page.getByRole('link', { name: 'Accedi' }).click();
    await logIn(page, user);
    await expect(page.getByRole('alert')).toHaveText(INVALID_IT);
  });
});

test.describe('client-side validation', () => {
  type Sum = { a: number; b: number };

  /** Every captcha the page receives (React's development mode may fetch one twice). */
  function trackCaptchas(page: Page): Sum[] {
    const received: Sum[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/captcha') {
        void response.json().then((sum: Sum) => received.push(sum));
      }
    });
    return received;
  }

  /**
   * Waits until the page shows a captcha newer than the first `seen` received, and returns its
   * sum. The question on screen is the truth: two fetches may resolve in either order.
   */
  async function newSum(page: Page, received: Sum[], seen: number) {
    const question = page.getByText(/^Quanto fa \d+ \+ \d+\?$/);
    const shown = async () => {
      const match = /(\d+) \+ (\d+)/.exec((await question.textContent()) ?? '');
      return match ? { a: Number(match[1]), b: Number(match[2]) } : undefined;
    };
    await expect
      .poll(async () => {
        const sum = await shown();
        return Boolean(sum && received.slice(seen).some((r) => r.a === sum.a && r.b === sum.b));
      })
      .toBe(true);
    const { a, b } = (await shown())!;
    return a + b;
  }

  async function fillProfile(page: Page, email: string) {
    await page.getByLabel('Nome', { exact: true }).fill('Anna');
    await page.getByLabel('Cognome').fill('Verdi');
    await page.getByLabel('Email di lavoro').fill(email);
    await page.getByLabel('Numero di telefono').fill('3331234567');
    await page.getByLabel('Password', { exact: true }).fill('abcdefgh');
  }

  test('the sign-up form explains each rule, and the anti-bot ones, before anything is sent', async ({
    page,
  }) => {
    let signUps = 0;
    page.on('request', (request) => {
      if (request.headers()['x-amz-target']?.endsWith('.SignUp')) signUps += 1;
    });
    const captchas = trackCaptchas(page);
    await page.goto('/register');
    await newSum(page, captchas, 0);

    // Empty: every required field, and a wrong sum, which also draws a new one.
    let seen = captchas.length;
    await page.getByRole('button', { name: 'Crea account' }).click();
    for (const message of [
      'Inserisci il nome',
      'Inserisci il cognome',
      "Inserisci l'indirizzo email",
      'Inserisci il numero di telefono',
      'La password deve avere almeno 8 caratteri',
      'Risposta alla somma non corretta.',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Nome', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Nome', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    let sum = await newSum(page, captchas, seen);

    // All right, but within 2 s of the new challenge.
    await fillProfile(page, uniqueEmail('validation'));
    await page.getByLabel(/^Quanto fa/).fill(String(sum));
    await page.getByRole('button', { name: 'Crea account' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Azione troppo rapida. Riprova tra un istante.',
    );

    // A sum that is not digits.
    seen = captchas.length;
    await page.getByLabel(/^Quanto fa/).fill(`${sum}a`);
    await page.getByRole('button', { name: 'Crea account' }).click();
    await expect(page.getByText('Risposta alla somma non corretta.')).toBeVisible();
    await expect(page.getByLabel(/^Quanto fa/)).toHaveValue('');
    sum = await newSum(page, captchas, seen);

    // The honeypot, filled as a bot would (checked before the 2 s rule, so no wait).
    await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await page.getByLabel(/^Quanto fa/).fill(String(sum));
    await page.getByRole('button', { name: 'Crea account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Verifica antispam fallita.');
    expect(signUps).toBe(0);
  });
});
