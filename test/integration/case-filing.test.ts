import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, stack, table } from './support/accounts';
import { seller, type Seller } from './support/proof';

/**
 * Filing a case (issue 29), through the local gateway and DynamoDB Local: the case sheet learns
 * the marketplace's Seller Central page and whether a reply address allows the email way; "I
 * opened the case" takes Amazon's case id (checked, scoped to the caller, idempotent) and puts
 * the case in progress; the sheet's notes are kept per case; a closed demo case says why no
 * reply can be simulated.
 */

type Cases = typeof import('../../lambdas/adapters/dynamo/cases');
let cases: Cases;
let a: Seller;
let b: Seller;

const GERMAN = 'FBAFILEDE1';
const DUTCH = 'FBAFILENL1';

/** A shipment header as the sync writes it, on the given marketplace. */
async function shipmentOn(userId: string, shipmentId: string, marketplaceId: string) {
  await table.send(
    new PutCommand({
      TableName: stack.dynamodb.table,
      Item: {
        PK: `USER#${userId}`,
        SK: `SHIP#${shipmentId}`,
        type: 'shipment',
        shipment_id: shipmentId,
        shipment_name: `Spedizione ${shipmentId}`,
        marketplace_id: marketplaceId,
        source: 'spapi',
        units_expected: 10,
        units_found: 8,
      },
    }),
  );
}

async function readyCase(userId: string, shipmentId: string, demo = false) {
  return cases.upsertReadyCase(userId, shipmentId, {
    role: 'rivenditore',
    demo,
    language: 'it',
    now: new Date().toISOString(),
  });
}

interface Detail {
  case: {
    id: string;
    status: string;
    normalized_status: string;
    amazon_case_id: string | null;
    opened_by_user_at: string | null;
    updated_at: string;
  } | null;
  filing: { marketplace: string; seller_central_url: string; reply_email: string | null } | null;
  draft: { notes: Record<string, string>; updated_at: string } | null;
}

async function detail(token: string, shipmentId: string): Promise<Detail> {
  const answer = await api('GET', `/api/cases/${shipmentId}`, { token });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Detail;
}

beforeAll(async () => {
  await import('./support/sync-env');
  cases = await import('../../lambdas/adapters/dynamo/cases');
  [a, b] = await Promise.all([seller(), seller()]);
  await shipmentOn(a.userId, GERMAN, 'A1PA6795UKMFR9');
  await shipmentOn(a.userId, DUTCH, 'A1805IZSGTT6HS');
}, 60_000);

describe('how a case is filed', () => {
  it("names the shipment's marketplace and its Seller Central page, and the email way only with a reply address", async () => {
    const before = await detail(a.token, GERMAN);
    expect(before.filing).toEqual({
      marketplace: 'amazon.de',
      seller_central_url: 'https://sellercentral.amazon.de/help/hub/support',
      reply_email: null,
    });
    const saved = await api('PUT', '/api/case-endpoints', {
      token: a.token,
      body: { marketplace: 'amazon.de', reply_email: 'seller-de@marketplace.amazon.de' },
    });
    expect(saved.status).toBe(200);
    expect((await detail(a.token, GERMAN)).filing?.reply_email).toBe(
      'seller-de@marketplace.amazon.de',
    );
    // Another seller's address is never offered.
    expect((await detail(b.token, GERMAN)).filing).toBeNull();
  });

  it('every marketplace the wizard offers takes a reply address (amazon.nl here)', async () => {
    expect((await detail(a.token, DUTCH)).filing).toMatchObject({
      marketplace: 'amazon.nl',
      seller_central_url: 'https://sellercentral.amazon.nl/help/hub/support',
    });
    const saved = await api('PUT', '/api/case-endpoints', {
      token: a.token,
      body: { marketplace: 'amazon.nl', reply_email: 'seller-nl@marketplace.amazon.nl' },
    });
    expect(saved.status).toBe(200);
    expect((await detail(a.token, DUTCH)).filing?.reply_email).toBe(
      'seller-nl@marketplace.amazon.nl',
    );
    const listed = await api('GET', '/api/case-endpoints', { token: a.token });
    expect(listed.body.accepted_domains).toEqual(
      expect.arrayContaining(['amazon.nl', 'amazon.com.be', 'amazon.pl', 'amazon.se']),
    );
  });
});

describe('"I opened the case"', () => {
  it("refuses a missing or malformed Amazon case id in the caller's language, and changes nothing", async () => {
    await readyCase(a.userId, GERMAN);
    const missing = await api('POST', `/api/cases/${GERMAN}/opened`, {
      token: a.token,
      language: 'it',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      "L'ID del caso Amazon è il numero che Seller Central mostra per il caso (da 5 a 15 cifre).",
    );
    const letters = await api('POST', `/api/cases/${GERMAN}/opened`, {
      token: a.token,
      language: 'en',
      body: { amazon_case_id: 'ABC123' },
    });
    expect(letters.status).toBe(400);
    expect(letters.body.message).toBe(
      'The Amazon case ID is the number Seller Central shows for the case (5 to 15 digits).',
    );
    const after = await detail(a.token, GERMAN);
    expect(after.case).toMatchObject({ normalized_status: 'ready', amazon_case_id: null });
  });

  it("another seller cannot mark the case opened: 404, and the owner's case is unchanged", async () => {
    await readyCase(a.userId, DUTCH);
    const other = await api('POST', `/api/cases/${DUTCH}/opened`, {
      token: b.token,
      body: { amazon_case_id: '1234567890', userId: a.userId, user_id: a.userId },
    });
    expect(other.status).toBe(404);
    expect((await detail(a.token, DUTCH)).case).toMatchObject({
      normalized_status: 'ready',
      amazon_case_id: null,
      opened_by_user_at: null,
    });
  });

  it('stores the case id and puts the case in progress; a repeat changes nothing; the outcome can follow', async () => {
    const first = await api('POST', `/api/cases/${DUTCH}/opened`, {
      token: a.token,
      body: { amazon_case_id: ' 17654321098 ' },
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Spedizione segnata come In lavorazione');
    const opened = (await detail(a.token, DUTCH)).case!;
    expect(opened).toMatchObject({
      status: 'in_lavorazione',
      normalized_status: 'in_progress',
      amazon_case_id: '17654321098',
    });
    expect(opened.opened_by_user_at).not.toBeNull();

    const repeat = await api('POST', `/api/cases/${DUTCH}/opened`, {
      token: a.token,
      body: { amazon_case_id: '17654321098' },
    });
    expect(repeat.status).toBe(200);
    expect((await detail(a.token, DUTCH)).case).toEqual(opened);

    // A case opened on Seller Central (never mailed) can record what Amazon answered.
    const outcome = await api('POST', `/api/cases/${DUTCH}/outcome`, {
      token: a.token,
      body: { outcome: { kind: 'reimbursed', amount: 42.5, currency: 'EUR' } },
    });
    expect(outcome.status).toBe(200);
    expect((await detail(a.token, DUTCH)).case?.normalized_status).toBe('reimbursed');

    // Settled, it is not opened again.
    const again = await api('POST', `/api/cases/${DUTCH}/opened`, {
      token: a.token,
      body: { amazon_case_id: '99999999' },
    });
    expect(again.status).toBe(409);
  });

  it('a shipment without a case has nothing to open: 404', async () => {
    const none = await api('POST', '/api/cases/FBANOCASE1/opened', {
      token: a.token,
      body: { amazon_case_id: '1234567890' },
    });
    expect(none.status).toBe(404);
  });
});

describe("the sheet's draft notes", () => {
  it('are kept per case and seller, returned with the case, and cleared when emptied', async () => {
    const saved = await api('PUT', `/api/cases/${GERMAN}/draft`, {
      token: a.token,
      body: { notes: { tracking: '1Z999AA10123456784', fattura: '  ' } },
    });
    expect(saved.status).toBe(200);
    const kept = await detail(a.token, GERMAN);
    expect(kept.draft?.notes).toEqual({ tracking: '1Z999AA10123456784' });

    // Another seller neither reads nor writes it.
    expect((await detail(b.token, GERMAN)).draft).toBeNull();
    const foreign = await api('PUT', `/api/cases/${GERMAN}/draft`, {
      token: b.token,
      body: { notes: { tracking: 'B' } },
    });
    expect(foreign.status).toBe(404);
    expect((await detail(a.token, GERMAN)).draft?.notes).toEqual({
      tracking: '1Z999AA10123456784',
    });

    const tooLong = await api('PUT', `/api/cases/${GERMAN}/draft`, {
      token: a.token,
      body: { notes: { tracking: 'x'.repeat(2001) } },
    });
    expect(tooLong.status).toBe(400);

    const cleared = await api('PUT', `/api/cases/${GERMAN}/draft`, {
      token: a.token,
      body: { notes: {} },
    });
    expect(cleared.status).toBe(200);
    expect((await detail(a.token, GERMAN)).draft).toBeNull();
  });
});

describe('the demo\'s "Simula risposta Amazon"', () => {
  it("a closed demo case answers why, in the caller's language, without a code in the text", async () => {
    const demo = await readyCase(a.userId, 'DEMO001', true);
    await table.send(
      new UpdateCommand({
        TableName: stack.dynamodb.table,
        Key: { PK: `USER#${a.userId}`, SK: 'CASE#DEMO001' },
        UpdateExpression: 'SET #s = :s, last_customer_service_status = :cs',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'rimborsato', ':cs': 'rimborsato' },
      }),
    );
    const italian = await api('POST', '/api/demo-cs-poller', {
      token: a.token,
      language: 'it',
      body: { case_id: demo.id },
    });
    expect(italian.status).toBe(409);
    expect(italian.body.message).toBe('Il caso è chiuso: non ci sono altre risposte da simulare.');
    const en = await api('POST', '/api/demo-cs-poller', {
      token: a.token,
      language: 'en',
      body: { case_id: demo.id },
    });
    expect(en.body.message).toBe('The case is closed: there are no more replies to simulate.');
    const row = await table.send(
      new GetCommand({
        TableName: stack.dynamodb.table,
        Key: { PK: `USER#${a.userId}`, SK: 'CASE#DEMO001' },
      }),
    );
    expect(row.Item?.status).toBe('rimborsato');
  });
});
