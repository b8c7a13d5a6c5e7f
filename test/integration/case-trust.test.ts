import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, makeAdmin, signInWithPassword, stack, table } from './support/accounts';
import {
  expirePlan,
  invoicePdf,
  REAL_SHIPMENT,
  realSeller,
  seller,
  uploadDocument,
  type Seller,
} from './support/proof';
import { clearOfMidnight } from './support/windows';

/**
 * Issue 15 on the local stack: a demo submission mails nobody and walks the demo states; the
 * diagnostic routes are the admins'; without a plan a real case is read-only; the dispute
 * reaches the seller's answer address and copy, fits one email, respects the daily allowance,
 * and a send of unknown outcome is checked with the seller instead of being sent again.
 */

type MaildevMail = {
  subject: string;
  to: { address: string }[];
  replyTo?: { address: string }[];
  envelope?: { to: { address: string }[] };
};

async function inbox(): Promise<MaildevMail[]> {
  return (await (await fetch(`${stack.mail.webUrl}/email`)).json()) as MaildevMail[];
}

/** Every dispute the local SMTP sink received for an address, as To, Cc or Bcc. */
async function deliveredTo(address: string): Promise<MaildevMail[]> {
  return (await inbox()).filter(
    (mail) =>
      /rimborso|reimbursement/i.test(mail.subject) &&
      (mail.envelope?.to ?? mail.to).some((to) => to.address.toLowerCase() === address),
  );
}

async function caseRow(userId: string, shipmentId: string) {
  const { Item } = await table.send(
    new GetCommand({
      TableName: stack.dynamodb.table,
      Key: { PK: `USER#${userId}`, SK: `CASE#${shipmentId}` },
      ConsistentRead: true,
    }),
  );
  return Item;
}

async function documentRows(userId: string) {
  const { Items } = await table.send(
    new QueryCommand({
      TableName: stack.dynamodb.table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :doc)',
      ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':doc': 'DOC#' },
      ConsistentRead: true,
    }),
  );
  return Items ?? [];
}

async function saveReplyAddress(s: Seller): Promise<string> {
  const replyTo = `amazon-${s.userId.slice(0, 8)}@marketplace.amazon.it`;
  const saved = await api('PUT', '/api/case-endpoints', {
    token: s.token,
    body: { marketplace: 'amazon.it', reply_email: replyTo },
  });
  expect(saved.status).toBe(200);
  return replyTo;
}

const settle = () => new Promise((r) => setTimeout(r, 400));

/**
 * The disputes an address received once `count` have arrived (the sink stores a message a moment
 * after accepting it, so a fixed pause may read none), and a settle more for any other.
 */
async function deliveredOnceSettled(address: string, count: number): Promise<MaildevMail[]> {
  const deadline = Date.now() + 5000;
  while ((await deliveredTo(address)).length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  await settle();
  return deliveredTo(address);
}

describe('a demo submission', () => {
  test('mails nobody at Amazon, and the case goes processing → sent → simulated response', async () => {
    const s = await seller();
    expect((await api('POST', '/api/demo/sync', { token: s.token })).status).toBe(200);
    // Spec 3 and 4.8: the demo sync opens its cases "open" (ready for the seller to work on).
    const opened = await api('GET', '/api/cases/DEMO001', { token: s.token });
    expect(opened.body.case).toMatchObject({ status: 'open', normalized_status: 'ready' });
    const replyTo = await saveReplyAddress(s);
    await uploadDocument(s.token, { name: 'fattura.pdf', bytes: await invoicePdf() });

    const submitted = await api('POST', '/api/submit-reimbursement', {
      token: s.token,
      body: { shipmentId: 'DEMO001' },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      action: 'created',
      simulated: true,
      sent_provider: 'simulated',
    });
    expect(String(submitted.body.message)).toContain('nessuna email');
    await settle();
    expect(await deliveredTo(replyTo)).toHaveLength(0);
    expect(await deliveredTo(s.email)).toHaveLength(0);

    const detail = await api('GET', '/api/cases/DEMO001', { token: s.token });
    const view = detail.body.case as { id: string; normalized_status: string };
    expect(view.normalized_status).toBe('in_progress');
    const step = async () =>
      (
        (await api('POST', '/api/demo-cs-poller', { token: s.token, body: { case_id: view.id } }))
          .body.case as { normalized_status: string }
      ).normalized_status;
    expect(await step()).toBe('submitted');
    expect(await step()).toBe('response_received');

    // A repeat answers the same simulated send.
    const again = await api('POST', '/api/submit-reimbursement', {
      token: s.token,
      body: { shipmentId: 'DEMO001' },
    });
    expect(again.body).toMatchObject({ action: 'reused', simulated: true });
  });

  test('the demo reset deletes simulated cases but never one that really reached Amazon', async () => {
    const s = await seller();
    expect((await api('POST', '/api/demo/sync', { token: s.token })).status).toBe(200);
    await uploadDocument(s.token, { name: 'fattura.pdf', bytes: await invoicePdf() });
    expect(
      (
        await api('POST', '/api/submit-reimbursement', {
          token: s.token,
          body: { shipmentId: 'DEMO001' },
        })
      ).status,
    ).toBe(200);
    // DEMO002's case as an earlier version of the product left it: mailed to Amazon for real.
    await table.send(
      new PutCommand({
        TableName: stack.dynamodb.table,
        Item: {
          PK: `USER#${s.userId}`,
          SK: 'CASE#DEMO002',
          type: 'case',
          id: 'legacy-sent',
          user_id: s.userId,
          shipment_id: 'DEMO002',
          status: 'Inviato',
          demo_mode: true,
          created_at: '2026-10-01T10:00:00.000Z',
          updated_at: '2026-10-01T10:00:00.000Z',
          sent_provider: 'ses',
          sent_message_id: '<legacy@eu-west-1.amazonses.com>',
          sent_to: 'seller@marketplace.amazon.it',
        },
      }),
    );

    const reset = await api('POST', '/api/demo/reset', { token: s.token });
    expect(reset.status).toBe(200);
    expect(await caseRow(s.userId, 'DEMO001')).toBeUndefined();
    expect(await caseRow(s.userId, 'DEMO002')).toMatchObject({ sent_provider: 'ses' });
    // Its shipment stays, so the case can still be opened; the simulated one's went.
    const shipments = await table.send(
      new QueryCommand({
        TableName: stack.dynamodb.table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :ship)',
        ExpressionAttributeValues: { ':pk': `USER#${s.userId}`, ':ship': 'SHIP#DEMO' },
      }),
    );
    const headers = (shipments.Items ?? []).filter((i) => !String(i.SK).includes('#ITEM#'));
    expect(headers.map((i) => i.shipment_id)).toEqual(['DEMO002']);
    expect(await documentRows(s.userId)).toHaveLength(1);
  });
});

describe('the diagnostic routes', () => {
  test('are refused to a seller who is not an admin, with nothing written', async () => {
    const s = await seller();
    const apiCases = await api('POST', '/api/api-cases', {
      token: s.token,
      body: { shipmentId: 'DEMO002', role: 'rivenditore' },
    });
    expect(apiCases.status).toBe(403);
    const debugSubmit = await api('POST', '/api/submit-reimbursement', {
      token: s.token,
      body: { shipmentId: 'DEMO002', case_id: 'anything' },
    });
    expect(debugSubmit.status).toBe(403);
    expect(await caseRow(s.userId, 'DEMO002')).toBeUndefined();
  });

  test("an admin's test submission is mailed to their own address, never to Amazon", async () => {
    const s = await seller();
    await makeAdmin(s.email);
    const token = (await signInWithPassword(s.email, s.password)).AccessToken!;
    const replyTo = await saveReplyAddress({ ...s, token });
    await uploadDocument(token, { name: 'fattura.pdf', bytes: await invoicePdf() });
    const created = await api('POST', '/api/api-cases', {
      token,
      body: { shipmentId: 'DEMO001', role: 'rivenditore' },
    });
    expect(created.status).toBe(200);
    const sent = await api('POST', '/api/submit-reimbursement', {
      token,
      body: { shipmentId: 'DEMO001', case_id: created.body.case_id },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ action: 'created', simulated: false, sent_provider: 'smtp' });
    expect(await deliveredOnceSettled(s.email.toLowerCase(), 1)).toHaveLength(1);
    expect(await deliveredTo(replyTo)).toHaveLength(0);
  });
});

describe('a real case', () => {
  test('is mailed to Amazon once, answers go to the seller, and the seller gets a copy', async () => {
    const s = await realSeller();
    await uploadDocument(s.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: REAL_SHIPMENT,
    });
    const sent = await api('POST', '/api/submit-reimbursement', {
      token: s.token,
      body: { shipmentId: REAL_SHIPMENT },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ action: 'created', simulated: false, sent_provider: 'smtp' });
    const toAmazon = await deliveredOnceSettled(s.replyTo, 1);
    expect(toAmazon).toHaveLength(1);
    expect(toAmazon[0]!.subject).toContain(REAL_SHIPMENT);
    expect(toAmazon[0]!.replyTo?.map((r) => r.address.toLowerCase())).toEqual([
      s.email.toLowerCase(),
    ]);
    // The copy is the same message: the seller is a hidden recipient of it.
    expect((await deliveredTo(s.email.toLowerCase())).map((m) => m.subject)).toEqual([
      toAmazon[0]!.subject,
    ]);
  });

  test('without an active plan it can be viewed, but not uploaded to, drafted or submitted', async () => {
    const s = await realSeller();
    const { confirm } = await uploadDocument(s.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: REAL_SHIPMENT,
    });
    expect(confirm.status).toBe(200);
    // A link signed while the plan was active, confirmed after it ran out.
    const signed = await api('POST', '/api/documents/upload-url', {
      token: s.token,
      body: {
        shipmentId: REAL_SHIPMENT,
        role: 'rivenditore',
        docType: 'pod',
        fileName: 'pod.pdf',
        size: (await invoicePdf('POD')).length,
      },
    });
    expect(signed.status).toBe(200);
    await fetch(signed.body.uploadUrl as string, {
      method: 'PUT',
      headers: signed.body.headers as Record<string, string>,
      body: Buffer.from(await invoicePdf('POD')),
    });
    await expirePlan(s.userId);
    const before = await caseRow(s.userId, REAL_SHIPMENT);

    const refusals = await Promise.all([
      api('POST', '/api/documents/upload-url', {
        token: s.token,
        language: 'en',
        body: {
          shipmentId: REAL_SHIPMENT,
          role: 'rivenditore',
          docType: 'pod',
          fileName: 'pod.pdf',
          size: 100,
        },
      }),
      api('POST', '/api/documents/confirm', {
        token: s.token,
        body: {
          shipmentId: REAL_SHIPMENT,
          role: 'rivenditore',
          docType: 'pod',
          path: signed.body.path,
        },
      }),
      api('POST', '/api/generate-case-draft', {
        token: s.token,
        body: { shipment_id: REAL_SHIPMENT },
      }),
      api('POST', '/api/submit-reimbursement', {
        token: s.token,
        body: { shipmentId: REAL_SHIPMENT },
      }),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([402, 402, 402, 402]);
    expect(refusals[0]!.body.message).toContain('renew the plan');
    expect(refusals[3]!.body.message).toContain('rinnova il piano');
    expect(refusals[3]!.body.details).toMatchObject({
      reason: 'no_plan',
      renew: '/connect-amazon?renew=1',
    });

    // Nothing written: one document, the case as it was, no mail, the staged upload removed.
    expect(await documentRows(s.userId)).toHaveLength(1);
    expect(await caseRow(s.userId, REAL_SHIPMENT)).toEqual(before);
    expect(await deliveredTo(s.replyTo)).toHaveLength(0);
    const staged = await fetch(`${stack.s3.endpoint}/${stack.s3.bucket}/${signed.body.path}`);
    expect(staged.status).toBe(404);

    // Viewing still works, and the demo stays free.
    expect((await api('GET', `/api/cases/${REAL_SHIPMENT}`, { token: s.token })).status).toBe(200);
    const demo = await uploadDocument(s.token, { name: 'fattura.pdf', bytes: await invoicePdf() });
    expect(demo.confirm.status).toBe(200);
  });

  test('the 21st dispute of the day is refused with a clear message, and nothing is sent', async () => {
    const s = await realSeller();
    await uploadDocument(s.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: REAL_SHIPMENT,
    });
    // The day spent here is the day the request below is counted in.
    await clearOfMidnight(10_000);
    const day = new Date().toISOString().slice(0, 10);
    await table.send(
      new PutCommand({
        TableName: stack.dynamodb.table,
        Item: { PK: `USER#${s.userId}`, SK: `QUOTA#submit#${day}`, type: 'daily_sends', sends: 20 },
      }),
    );
    const refused = await api('POST', '/api/submit-reimbursement', {
      token: s.token,
      body: { shipmentId: REAL_SHIPMENT },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('20 richieste');
    expect(await caseRow(s.userId, REAL_SHIPMENT)).toMatchObject({ status: 'ready' });
    await settle();
    expect(await deliveredTo(s.replyTo)).toHaveLength(0);
  });

  test('documents that would not fit one email are refused at upload, with nothing written', async () => {
    const s = await realSeller();
    // A 13 MB photo (a JPEG as a phone writes it, padded), well within the 20 MB per file.
    const photo = Buffer.alloc(13 * 1024 * 1024, 0x20);
    photo.set([0xff, 0xd8, 0xff, 0xe0], 0);
    photo.set([0xff, 0xd9], photo.length - 2);
    const first = await uploadDocument(s.token, {
      name: 'pacco.jpg',
      bytes: photo,
      shipmentId: REAL_SHIPMENT,
      docType: 'foto_pacco',
    });
    expect(first.confirm.status).toBe(200);
    const second = await api('POST', '/api/documents/upload-url', {
      token: s.token,
      body: {
        shipmentId: REAL_SHIPMENT,
        role: 'rivenditore',
        docType: 'fattura',
        fileName: 'fattura-grande.pdf',
        size: 13 * 1024 * 1024,
      },
    });
    expect(second.status).toBe(413);
    expect(second.body.message).toContain('25 MB');
    expect(await documentRows(s.userId)).toHaveLength(1);
  });

  test('a send of unknown outcome is checked with the seller, never resent on its own', async () => {
    const s = await realSeller();
    await uploadDocument(s.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: REAL_SHIPMENT,
    });
    // A sender that died after handing the mail to the provider: its lease lapsed mid-send.
    await table.send(
      new UpdateCommand({
        TableName: stack.dynamodb.table,
        Key: { PK: `USER#${s.userId}`, SK: `CASE#${REAL_SHIPMENT}` },
        UpdateExpression: 'SET send_lease_id = :l, send_lease_until = :past, send_phase = :p',
        ExpressionAttributeValues: {
          ':l': 'dead-sender',
          ':past': new Date(Date.now() - 1_000).toISOString(),
          ':p': 'sending',
        },
      }),
    );
    const viewed = await api('GET', `/api/cases/${REAL_SHIPMENT}`, { token: s.token });
    expect(viewed.body.case).toMatchObject({ normalized_status: 'to_check' });

    const retry = await api('POST', '/api/submit-reimbursement', {
      token: s.token,
      body: { shipmentId: REAL_SHIPMENT },
    });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toContain('controlla la copia');
    await settle();
    expect(await deliveredTo(s.replyTo)).toHaveLength(0);

    // The seller finds no copy: the case is ready again, and the next send goes once.
    const notSent = await api('POST', `/api/cases/${REAL_SHIPMENT}/send-check`, {
      token: s.token,
      body: { outcome: 'not_sent' },
    });
    expect(notSent.status).toBe(200);
    expect(notSent.body.case).toMatchObject({ normalized_status: 'ready' });
    const sent = await api('POST', '/api/submit-reimbursement', {
      token: s.token,
      body: { shipmentId: REAL_SHIPMENT },
    });
    expect(sent.body).toMatchObject({ action: 'created' });
    expect(await deliveredOnceSettled(s.replyTo, 1)).toHaveLength(1);
    // Nothing left to check.
    const again = await api('POST', `/api/cases/${REAL_SHIPMENT}/send-check`, {
      token: s.token,
      body: { outcome: 'sent' },
    });
    expect(again.status).toBe(409);
  });

  test('a seller who finds their copy records the send, and nothing is mailed', async () => {
    const s = await realSeller();
    await uploadDocument(s.token, {
      name: 'fattura.pdf',
      bytes: await invoicePdf(),
      shipmentId: REAL_SHIPMENT,
    });
    await table.send(
      new UpdateCommand({
        TableName: stack.dynamodb.table,
        Key: { PK: `USER#${s.userId}`, SK: `CASE#${REAL_SHIPMENT}` },
        UpdateExpression: 'SET send_lease_id = :l, send_lease_until = :past, send_phase = :p',
        ExpressionAttributeValues: {
          ':l': 'dead-sender',
          ':past': new Date(Date.now() - 1_000).toISOString(),
          ':p': 'sending',
        },
      }),
    );
    const confirmed = await api('POST', `/api/cases/${REAL_SHIPMENT}/send-check`, {
      token: s.token,
      body: { outcome: 'sent' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.case).toMatchObject({
      normalized_status: 'submitted',
      sent_provider: 'seller_confirmed',
    });
    const repeat = await api('POST', '/api/submit-reimbursement', {
      token: s.token,
      body: { shipmentId: REAL_SHIPMENT },
    });
    expect(repeat.body).toMatchObject({ action: 'reused' });
    await settle();
    expect(await deliveredTo(s.replyTo)).toHaveLength(0);
  });
});
