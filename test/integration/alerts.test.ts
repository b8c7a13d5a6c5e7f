import fs from 'node:fs';
import path from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { STACK_FILE } from './stack';
import {
  api,
  linkTo,
  type Mail,
  mailsTo,
  registerConfirmedUser,
  stack,
  table,
  waitForMail,
} from './support/accounts';

/**
 * Issue 16, alerts by email: the daily digest lands in the local inbox in the seller's language,
 * at most once a day, and never after the seller unsubscribes.
 */

type Digest = typeof import('../../lambdas/adapters/alerts') &
  typeof import('../../lambdas/adapters/dynamo/alerts');
let alerts: Digest;

/** The key the local stack signs unsubscribe links with (made once per data folder). */
const UNSUBSCRIBE_SECRET = (
  JSON.parse(fs.readFileSync(path.join(path.dirname(STACK_FILE), 'secrets.json'), 'utf8')) as {
    unsubscribeSecret: string;
  }
).unsubscribeSecret;

beforeAll(async () => {
  Object.assign(process.env, {
    UNSUBSCRIBE_SECRET,
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

const isDigest = (m: { subject: string }) =>
  /novità sui tuoi rimborsi|updates? on your/.test(m.subject);

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

  // The seller unsubscribes through the digest's link: tomorrow nothing is sent, and the alert
  // is dropped.
  const link = linkTo((await mailsTo(seller.email)).find(isDigest)!, '/unsubscribe');
  expect(link.searchParams.get('email')).toBe(seller.email);
  const unsubscribed = await api('POST', '/api/unsubscribe', {
    body: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
  });
  expect(unsubscribed.status).toBe(200);
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

describe('unsubscribing needs the link of the email', () => {
  test('naming an address without its token, or with another address’s, changes nothing', async () => {
    const victim = await registerConfirmedUser();
    const stranger = await registerConfirmedUser();
    await alerts.addAlert(stranger.userId, reimbursed);
    expect(await alerts.sendDigest(stranger.userId)).toBe('sent');
    const strangerLink = linkTo(
      (await waitForMail(stranger.email, 2)) as Mail,
      '/unsubscribe',
    ).searchParams;

    const bare = await api('POST', '/api/unsubscribe', { body: { email: victim.email } });
    const forged = await api('POST', '/api/unsubscribe', {
      body: { email: victim.email, token: 'A'.repeat(43) },
    });
    const borrowed = await api('POST', '/api/unsubscribe', {
      body: { email: victim.email, token: strangerLink.get('token') },
      language: 'en',
    });
    expect(bare.status).toBe(400);
    expect(forged.status).toBe(403);
    expect(forged.body.message).toMatch(/link per annullare l’iscrizione non è valido/);
    expect(borrowed.status).toBe(403);
    expect(borrowed.body.message).toMatch(/unsubscribe link is not valid/);

    // The victim still gets their digest.
    await alerts.addAlert(victim.userId, { kind: 'new_discrepancies', shipments: 2 });
    expect(await alerts.sendDigest(victim.userId)).toBe('sent');
  });

  test('after an opt-out, claim deadlines and money Amazon paid still arrive; product news does not', async () => {
    const seller = await registerConfirmedUser();
    const now = Date.now();
    await alerts.addAlert(seller.userId, { kind: 'new_discrepancies', shipments: 1 }, now);
    expect(await alerts.sendDigest(seller.userId, now)).toBe('sent');
    const link = linkTo(await waitForMail(seller.email, 2), '/unsubscribe').searchParams;
    const done = await api('POST', '/api/unsubscribe', {
      body: { email: seller.email, token: link.get('token') },
    });
    expect(done.status).toBe(200);

    await alerts.addAlert(seller.userId, { kind: 'new_discrepancies', shipments: 4 }, now);
    await alerts.addAlert(seller.userId, reimbursed, now);
    expect(await alerts.sendDigest(seller.userId, now + 86_400_000)).toBe('sent');
    const service = await waitForMail(seller.email, 3);
    expect(service.text).toContain('Spedizione FBA15DIGEST: Amazon ha rimborsato 8,40');
    expect(service.text).not.toContain('nuove spedizioni con unità mancanti');
    expect(service.text).toContain('messaggi di servizio');
    expect(service.html).not.toContain('/unsubscribe');
  });
});

describe('the plan the digest speaks of', () => {
  async function paidPlan(
    userId: string,
    p: { created: number; starts: number; expires: number; status: string },
  ) {
    const id = `sub-${p.created}-${Math.random().toString(36).slice(2, 8)}`;
    const createdAt = new Date(p.created).toISOString();
    await table.send(
      new PutCommand({
        TableName: stack.dynamodb.table,
        Item: {
          PK: `USER#${userId}`,
          SK: `SUB#${createdAt}#${id}`,
          type: 'subscription',
          id,
          user_id: userId,
          status: p.status,
          created_at: createdAt,
          starts_at: new Date(p.starts).toISOString(),
          expires_at: new Date(p.expires).toISOString(),
          country_code: 'IT',
          order_id: `ORDER-${id}`,
          capture_id: `CAPTURE-${id}`,
        },
      }),
    );
  }

  test('a refunded earlier payment moves the next one up: the digest says it ends sooner', async () => {
    const seller = await registerConfirmedUser();
    const now = Date.now();
    const day = 86_400_000;
    // Paid 27 days ago and refunded; renewed a day later, its 30 days queued after the first's.
    await paidPlan(seller.userId, {
      created: now - 27 * day,
      starts: now - 27 * day,
      expires: now + 3 * day,
      status: 'refunded',
    });
    await paidPlan(seller.userId, {
      created: now - 26 * day,
      starts: now + 3 * day,
      expires: now + 33 * day,
      status: 'active',
    });
    // The renewal counts from its own payment: it ends in 4 days, not in 33.
    expect(await alerts.sendDigest(seller.userId, now)).toBe('sent');
    const digest = await waitForMail(seller.email, 2);
    const ends = new Date(now + 4 * day).toLocaleDateString('it-IT', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect(digest.text).toContain(`Il tuo piano scade il ${ends}`);
  });
});
