import './support/sync-env';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/adapters/dynamo/keys';
import { claimSupportAllowance } from '../../lambdas/adapters/dynamo/support-messages';
import fs from 'node:fs';
import path from 'node:path';
import { SUPPORT_REQUESTS_PER_HOUR } from '../../lambdas/domain/account/rate-limit';
import { unsubscribeToken } from '../../lambdas/domain/account/unsubscribe-token';
import { STACK_FILE } from './stack';
import { api, mailsTo, stack, table, uniqueEmail } from './support/accounts';

const INBOX = 'supporto@rimborsifba.example';

async function waitForSubject(subject: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(INBOX)).find((mail) => mail.subject.includes(subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No support mail "${subject}"`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('support requests (send-support-request)', () => {
  test('stores the request unresolved for the admin list and mails it to the support inbox', async () => {
    // Prepare
    const email = uniqueEmail('support');
    const subject = `Connection help ${Date.now()}`;

    // Act
    const res = await api('POST', '/api/send-support-request', {
      body: { name: 'Giulia Rossi', email, subject, message: 'Non riesco a collegare Amazon.' },
    });
    const mail = await waitForSubject(subject);

    // Assess
    expect(res.status).toBe(200);
    const id = (res.body as { id: string }).id;
    const stored = await table.send(
      new GetCommand({
        TableName: stack.dynamodb.table,
        Key: { PK: `SUPPORT#${id}`, SK: 'MESSAGE' },
      }),
    );
    expect(stored.Item).toMatchObject({
      GSI1PK: 'SUPPORT',
      email,
      subject,
      message: 'Non riesco a collegare Amazon.',
      resolved: false,
    });
    expect(mail.text).toContain('Non riesco a collegare Amazon.');
  });

  test('a second request from the same address within a minute is refused, and nothing more is stored or mailed', async () => {
    const email = uniqueEmail('support-twice');
    const subject = `Twice ${Date.now()}`;
    const send = (language: string) =>
      api('POST', '/api/send-support-request', {
        body: { name: 'Giulia Rossi', email, subject, message: 'Aiuto' },
        language,
      });

    const first = await send('it');
    const again = await send('it');
    const inEnglish = await send('en');

    expect(first.status).toBe(200);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ message: 'Troppi invii ravvicinati. Riprova più tardi.' });
    expect(inEnglish.body).toMatchObject({
      message: 'Too many recent attempts. Please try again later.',
    });
    await waitForSubject(subject);
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailsTo(INBOX)).filter((m) => m.subject.includes(subject))).toHaveLength(1);
    const stored = await table.send(
      new QueryCommand({
        TableName: stack.dynamodb.table,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': 'SUPPORT' },
      }),
    );
    expect((stored.Items ?? []).filter((i) => i.subject === subject)).toHaveLength(1);
  });

  test('a subject with a line break is refused (it would become a mail header)', async () => {
    const res = await api('POST', '/api/send-support-request', {
      body: {
        name: 'X',
        email: uniqueEmail('support-crlf'),
        subject: 'Hi\r\nBcc: victim@example.com',
        message: 'Hello',
      },
    });
    expect(res.status).toBe(400);
  });

  test("an hour's allowance holds under concurrency: exactly the allowance is granted", async () => {
    // A past hour of its own (the test stack starts empty), so no other request counts in it.
    const hour = Date.UTC(2001, 0, 1, 5) + 1234;
    const granted = await Promise.all(
      Array.from({ length: SUPPORT_REQUESTS_PER_HOUR + 15 }, () => claimSupportAllowance(hour)),
    );
    expect(granted.filter(Boolean)).toHaveLength(SUPPORT_REQUESTS_PER_HOUR);
    // The next hour starts again.
    expect(await claimSupportAllowance(hour + 3_600_000)).toBe(true);
  });

  test('refuses a request without a valid email', async () => {
    const res = await api('POST', '/api/send-support-request', {
      body: { name: 'X', email: 'not-an-email', subject: 'Hi', message: 'Hello' },
    });
    expect(res.status).toBe(400);
  });
});

describe('unsubscribe', () => {
  /** The token the links of our emails to `email` carry, signed with the stack's key. */
  function linkToken(email: string): string {
    const { unsubscribeSecret } = JSON.parse(
      fs.readFileSync(path.join(path.dirname(STACK_FILE), 'secrets.json'), 'utf8'),
    ) as { unsubscribeSecret: string };
    return unsubscribeToken(unsubscribeSecret, email, 'product');
  }

  async function optOut(email: string) {
    const stored = await table.send(
      new GetCommand({ TableName: stack.dynamodb.table, Key: keys.emailOptOut(email) }),
    );
    return stored.Item;
  }

  test('records the opt-out of an address from product emails, with its link’s token', async () => {
    const email = uniqueEmail('optout');
    const res = await api('POST', '/api/unsubscribe', {
      body: { email, token: linkToken(email) },
    });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    expect((await optOut(email))?.opted_out_at).toEqual(expect.any(String));
  });

  test('an address named without its token, or with another address’s, is not opted out', async () => {
    const email = uniqueEmail('victim');
    const bare = await api('POST', '/api/unsubscribe', { body: { email } });
    const borrowed = await api('POST', '/api/unsubscribe', {
      body: { email, token: linkToken(uniqueEmail('other')) },
    });
    expect(bare.status).toBe(400);
    expect(borrowed.status).toBe(403);
    expect(await optOut(email)).toBeUndefined();
  });
});
