import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../lambdas/adapters/dynamo/keys';
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

  test('refuses a request without a valid email', async () => {
    const res = await api('POST', '/api/send-support-request', {
      body: { name: 'X', email: 'not-an-email', subject: 'Hi', message: 'Hello' },
    });
    expect(res.status).toBe(400);
  });
});

describe('unsubscribe', () => {
  test('records the opt-out of an address from product emails', async () => {
    const email = uniqueEmail('optout');
    const res = await api('POST', '/api/unsubscribe', { body: { email } });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    const stored = await table.send(
      new GetCommand({ TableName: stack.dynamodb.table, Key: keys.emailOptOut(email) }),
    );
    expect(stored.Item?.opted_out_at).toEqual(expect.any(String));
  });
});
