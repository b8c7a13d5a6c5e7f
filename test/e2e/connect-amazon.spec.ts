import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { DynamoDBClient, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../local/stack/aws';
import { freshUser, prepareUsers } from './support/accounts';
import { accessToken, logIn } from './support/pages';
import { stack } from './support/stack';

/**
 * Issue 4 in the browser: demo → confirmation dialog → wizard → simulated payment → the SP-API
 * simulator's consent page → back connected; disconnect; a tampered state refused. The app
 * runs on the stack's own origin (APP_URL), where Amazon's redirect comes back to.
 */

test.beforeAll(() => prepareUsers());

const web = () => stack().webUrl;

async function api(page: Page, route: string) {
  const res = await fetch(`${stack().apiUrl}${route}`, {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  return (await res.json()) as Record<string, unknown>;
}

/** The seller removes the app in Seller Central (the simulator's control endpoint). */
async function revokeInSellerCentral(sellingPartnerId: string) {
  const res = await fetch(`${stack().spapi.endpoint}/__sim/revoke`, {
    method: 'POST',
    body: JSON.stringify({ selling_partner_id: sellingPartnerId }),
  });
  expect(res.status).toBe(200);
}

function subOf(token: string): string {
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string })
    .sub;
}

/** Moves a stored authorization state's expiry into the past, as if 10 minutes had gone by. */
async function expireState(state: string) {
  const { dynamodb } = stack() as unknown as { dynamodb: { endpoint: string; table: string } };
  const client = new DynamoDBClient({
    endpoint: dynamodb.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  await client.send(
    new UpdateItemCommand({
      TableName: dynamodb.table,
      Key: { PK: { S: `SPAPI_STATE#${state}` }, SK: { S: 'STATE' } },
      UpdateExpression: 'SET expires_at = :past',
      ExpressionAttributeValues: { ':past': { N: String(Date.now() - 1000) } },
    }),
  );
  client.destroy();
}

function modeBadge(page: Page) {
  return page.getByRole('banner').getByText(/^Modalità dati: (Reale|Demo)$/);
}

test('demo → "Passa al reale" → dialog → wizard → payment → consent → connected; then disconnect', async ({
  page,
}) => {
  const user = await freshUser();
  await logIn(page, user, `${web()}/login`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(modeBadge(page)).toContainText('Demo');
  await expect(page.getByTestId('connection-badge')).toHaveText('Non connesso');

  const switchToReal = page.getByRole('button', { name: 'Passa al reale' });
  // The banner belongs to the signed-in shell, not to one page.
  await page.goto(`${web()}/account`);
  await expect(page.getByText('Stai usando la DEMO')).toBeVisible();
  await switchToReal.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Annulla' }).click();
  await page.goto(`${web()}/dashboard`);
  await switchToReal.click();
  const dialog = page.getByRole('dialog');
  const proceed = dialog.getByRole('button', { name: 'Procedi con collegamento' });
  const understood = dialog.getByLabel('Ho capito');
  await expect(proceed).toBeDisabled();
  await understood.check();
  await expect(proceed).toBeEnabled();
  await dialog.getByRole('button', { name: 'Annulla' }).click();
  await switchToReal.click();
  await expect(understood).not.toBeChecked();
  await expect(proceed).toBeDisabled();
  await understood.check();
  await proceed.click();

  await expect(page).toHaveURL(/\/connect-amazon$/);
  const next = page.getByRole('button', { name: 'Avanti' });
  await expect(next).toBeDisabled();
  await page.getByLabel('Germania').check();
  // One country only: the last choice replaces the previous one.
  await page.getByLabel('Italia').check();
  await expect(page.getByLabel('Germania')).not.toBeChecked();
  await next.click();
  await expect(page.getByText('Informazioni sulle spedizioni')).toBeVisible();
  await expect(next).toBeDisabled();
  await page.getByLabel('Ho letto e accetto le autorizzazioni richieste').check();
  await next.click();

  await page.getByRole('button', { name: 'Paga 9,90 € (simulatore)' }).click();
  await expect(page.getByText('Pagamento completato!')).toBeVisible();
  // Before leaving for Amazon the page names the account the consent will land in.
  await expect(page.getByTestId('connect-account')).toContainText(
    `Stai collegando Amazon all'account RimborsiFBA ${user.email}`,
  );
  await expect(page.getByRole('button', { name: 'Non è il mio account: esci' })).toBeVisible();
  await page.getByRole('button', { name: 'Autorizza su Amazon' }).click();

  // The SP-API simulator's Seller Central consent page.
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page.getByText('Account Amazon collegato: Casa Moka')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('connection-badge')).toHaveText('Connesso');
  await expect(modeBadge(page)).toContainText('Reale');
  expect(JSON.stringify(await api(page, '/api/connection'))).not.toContain('refresh');

  // Amazon answers the next token refresh with invalid_grant; the sync marks the connection.
  await revokeInSellerCentral('A2CASAMOKA7IT');
  const token = await accessToken(page);
  const sync = await fetch(`${stack().apiUrl}/api/sync-fba`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(sync.status).toBe(202);
  await expect
    .poll(async () => (await api(page, '/api/connection')).connection, { timeout: 30_000 })
    .toMatchObject({ status: 'revoked' });
  await page.reload();
  await expect(
    page.getByText(
      "L'autorizzazione è stata revocata. Ricollega l'account per continuare a usare le funzionalità.",
    ),
  ).toBeVisible();
  await expect(page.getByText(/^Ultimo errore: .+/)).toBeVisible();
  await expect(page.getByTestId('connection-badge')).toHaveText('Revocato');

  await page.getByRole('button', { name: 'Disconnetti' }).click();
  await expect(page.getByText('Account Amazon disconnesso')).toBeVisible();
  await expect(modeBadge(page)).toContainText('Demo');
  await expect(page.getByTestId('connection-badge')).toHaveText('Disconnesso');
  // The app stays authorized in Seller Central until the seller removes it there: how to.
  const removeApp = page.getByRole('status').filter({
    hasText: "Vuoi revocare l'accesso anche su Amazon?",
  });
  await expect(removeApp).toContainText(
    'apri il menu App e servizi › Gestisci le tue app, trova RimborsiFBA e scegli Rimuovi app.',
  );
});

test('a tampered state is refused by the server and nothing is saved', async ({ page }) => {
  const user = await freshUser();
  await logIn(page, user, `${web()}/login`);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await accessToken(page);
  const sub = (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
    }
  ).sub;
  const forged = randomBytes(24).toString('base64url');
  // Even with the browser's own check satisfied, the server knows no such state.
  await page.evaluate(
    ([state, userId]) =>
      window.sessionStorage.setItem(
        'rimborsi.spapiAuthorization',
        JSON.stringify({ state, user_id: userId, marketplace_id: 'APJ6JRA9NG5V4' }),
      ),
    [forged, sub] as const,
  );
  await page.goto(
    `${web()}/connect-amazon?state=${forged}&selling_partner_id=A1FAKE&spapi_oauth_code=forged`,
  );
  await expect(
    page.getByText(/Errore nell'autorizzazione Amazon: Autorizzazione non valida/),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/connect-amazon$/);
  expect(await api(page, '/api/connection')).toEqual({ connection: null });
});

test('an expired state is refused after the consent and nothing is saved', async ({ page }) => {
  const user = await freshUser();
  await logIn(page, user, `${web()}/login`);
  await expect(page).toHaveURL(/\/dashboard$/);
  const token = await accessToken(page);
  const res = await fetch(`${stack().apiUrl}/api/spapi-authorize`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ marketplace_id: 'APJ6JRA9NG5V4' }),
  });
  expect(res.status).toBe(200);
  const { authUrl } = (await res.json()) as { authUrl: string };
  const state = new URL(authUrl).searchParams.get('state') ?? '';
  await page.evaluate(
    ([pending, userId]) =>
      window.sessionStorage.setItem(
        'rimborsi.spapiAuthorization',
        JSON.stringify({ state: pending, user_id: userId, marketplace_id: 'APJ6JRA9NG5V4' }),
      ),
    [state, subOf(token)] as const,
  );
  await expireState(state);

  await page.goto(authUrl);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(
    page.getByText(/Errore nell'autorizzazione Amazon: Autorizzazione scaduta \(10 minuti\)/),
  ).toBeVisible();
  expect(await api(page, '/api/connection')).toEqual({ connection: null });
});

test('the launch offer shows only when the deployment turns it on, and the server has the last word', async ({
  page,
}) => {
  await page.goto(`${web()}/#pricing`);
  await expect(page.getByRole('heading', { name: 'Piano 30 giorni' })).toBeVisible();
  await expect(page.getByText(/^Gratis durante il lancio/)).toHaveCount(0);

  // A deployment with the offer on: the page follows its runtime config...
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), freeLaunch: true } });
  });
  await page.reload();
  await expect(page.getByText(/^Gratis durante il lancio/)).toBeVisible();

  // ...but a server with the offer off refuses the free plan, and no plan appears.
  const user = await freshUser();
  await logIn(page, user, `${web()}/login`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`${web()}/connect-amazon`);
  await page.getByLabel('Italia').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await page.getByLabel('Ho letto e accetto le autorizzazioni richieste').check();
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByRole('button', { name: /Paga/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Attiva il piano gratuito' }).click();
  await expect(page.getByText('Attivazione del piano non riuscita')).toBeVisible();
  expect(await api(page, '/api/subscription')).toMatchObject({ active: false });
});
