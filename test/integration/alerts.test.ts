import { api, registerConfirmedUser, stack, waitForMail } from './support/accounts';

/**
 * Issue 16, alerts by email: the daily digest lands in the local inbox in the seller's language,
 * at most once a day, and never after the seller unsubscribes.
 */

type Digest = typeof import('../../lambdas/adapters/alerts') &
  typeof import('../../lambdas/adapters/dynamo/alerts');
let alerts: Digest;

beforeAll(async () => {
  Object.assign(process.env, {
    APP_URL: stack.webUrl,
    MAIL_FROM: 'no-reply@rimborsifba.local',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(stack.mail.smtpPort),
  });
  await import('./support/sync-env');
  alerts = {
    ...(await import('../../lambdas/adapters/alerts')),
    ...(await import('../../lambdas/adapters/dynamo/alerts')),
  };
});

async function digestsTo(email: string) {
  const all = (await (await fetch(`${stack.mail.webUrl}/email`)).json()) as {
    subject: string;
    text?: string;
    to: { address: string }[];
  }[];
  return all.filter(
    (m) =>
      m.to.some((t) => t.address === email) &&
      /novità sui tuoi rimborsi|updates? on your/.test(m.subject),
  );
}

const reimbursed = {
  kind: 'case_reimbursed' as const,
  shipmentId: 'FBA15DIGEST',
  amount: 8.4,
  currency: 'EUR',
  units: 2,
  partly: false,
};

test('one digest a day in the seller’s language, and none after unsubscribing', async () => {
  const seller = await registerConfirmedUser();
  // Now, or two minutes before midnight when later: the minute after it is still the same day.
  const now = Math.min(Date.now(), Math.ceil(Date.now() / 86_400_000) * 86_400_000 - 120_000);
  await alerts.addAlert(seller.userId, reimbursed, now);
  await alerts.addAlert(seller.userId, { kind: 'new_discrepancies', shipments: 3 }, now);
  expect(await alerts.sendDigest(seller.userId, now)).toBe('sent');
  // After the sign-up confirmation, the digest; then a moment for any second one.
  await waitForMail(seller.email, 2);
  await new Promise((r) => setTimeout(r, 300));
  const [digest, ...others] = await digestsTo(seller.email);
  expect(others).toEqual([]);
  expect(digest?.subject).toContain('2 novità sui tuoi rimborsi');
  expect(digest?.text).toContain('Spedizione FBA15DIGEST: Amazon ha rimborsato 8,40');

  // A new event the same day waits for tomorrow's digest.
  await alerts.addAlert(seller.userId, { kind: 'case_found', shipmentId: 'FBA9', units: 1 }, now);
  expect(await alerts.sendDigest(seller.userId, now + 60_000)).toBe('already_today');
  expect(await digestsTo(seller.email)).toHaveLength(1);

  // The seller unsubscribes: tomorrow nothing is sent, and the alert is dropped.
  expect((await api('POST', '/api/unsubscribe', { body: { email: seller.email } })).status).toBe(
    200,
  );
  expect(await alerts.sendDigest(seller.userId, now + 86_400_000)).toBe('opted_out');
  await new Promise((r) => setTimeout(r, 300));
  expect(await digestsTo(seller.email)).toHaveLength(1);
  expect(await alerts.sendDigest(seller.userId, now + 2 * 86_400_000)).toBe('nothing');
});

test('an English-speaking seller gets it in English', async () => {
  const seller = await registerConfirmedUser({ locale: 'en' });
  await alerts.addAlert(seller.userId, reimbursed);
  expect(await alerts.sendDigest(seller.userId)).toBe('sent');
  await waitForMail(seller.email, 2);
  const [digest] = await digestsTo(seller.email);
  expect(digest?.subject).toContain('1 update on your reimbursements');
  expect(digest?.text).toContain('Amazon reimbursed €8.40');
});
