import fs from 'node:fs';
import path from 'node:path';
import { api, stack, table } from './support/accounts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { invoicePdf, REAL_SHIPMENT, realSeller, uploadDocument } from './support/proof';
import { IT_ENV } from './stack';

/**
 * Issue 16 on the local stack: a real case mailed to Amazon; Amazon (the stack's SP-API
 * simulator) approves reimbursements over time; the case poller's check, on the real adapters,
 * requests the FBA reimbursements report, matches it, and the case follows: partly reimbursed,
 * reimbursed when a second row adds up, back to partly after a reversal; an unrelated reason
 * changes nothing; the seller gets an email each time the outcome changes.
 */

// Each journey links a seller, syncs, and waits for several reports Amazon builds in seconds:
// about 20 s on an idle machine, and more than twice that on a loaded CI runner.
jest.setTimeout(120_000);

const SKU = 'GUARNIZIONE #3';
const FNSKU = 'X00VWBLR2V';

let seq = Math.floor(Date.now() / 1000) % 1_000_000;
const reimbursementId = () => String(7_000_000_000 + (seq += 1));

async function approve(rows: Record<string, unknown>[]) {
  const res = await fetch(`${stack.spapi.endpoint}/__sim/reimbursements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  expect(res.status).toBe(200);
}

function line(overrides: Record<string, unknown>) {
  return {
    'approval-date': new Date().toISOString(),
    'reimbursement-id': reimbursementId(),
    reason: 'Lost_Inbound',
    sku: SKU,
    fnsku: FNSKU,
    'currency-unit': 'EUR',
    'amount-per-unit': 4.2,
    'amount-total': 4.2,
    'quantity-reimbursed-cash': 1,
    ...overrides,
  };
}

type Check = typeof import('../../lambdas/domain/cases/reimbursement-check');
let check: Check['checkReimbursements'];
let deps: ReturnType<
  (typeof import('../../lambdas/wiring/reimbursement-check'))['reimbursementCheckDependencies']
>;

beforeAll(async () => {
  // The worker's settings, as the stack gives them to its functions.
  const key = fs
    .readFileSync(
      path.resolve(__dirname, '../..', IT_ENV.LOCAL_DIR, 'keys/refresh-token.key'),
      'utf8',
    )
    .trim();
  Object.assign(process.env, {
    SPAPI_ENDPOINT: stack.spapi.endpoint,
    LWA_TOKEN_URL: `${stack.spapi.endpoint}/auth/o2/token`,
    REFRESH_TOKEN_KEY: key,
    APP_URL: stack.webUrl,
    MAIL_FROM: 'no-reply@rimborsifba.local',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(stack.mail.smtpPort),
  });
  await import('./support/sync-env');
  process.env.SPAPI_ENDPOINT = stack.spapi.endpoint;
  process.env.REFRESH_TOKEN_KEY = key;
  check = (await import('../../lambdas/domain/cases/reimbursement-check')).checkReimbursements;
  deps = (
    await import('../../lambdas/wiring/reimbursement-check')
  ).reimbursementCheckDependencies();
});

async function runCheck(userId: string) {
  return check(userId, deps, { deadline: Date.now() + 30_000, pollIntervalMs: 1_000 });
}

async function caseView(token: string) {
  return (await api('GET', `/api/cases/${REAL_SHIPMENT}`, { token })).body.case as Record<
    string,
    unknown
  >;
}

test('a case follows Amazon’s reimbursements: partly, in full over two rows, a reversal, unrelated reasons ignored', async () => {
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
  expect(sent.body).toMatchObject({ action: 'created', simulated: false });

  // Nothing from Amazon yet: nothing changes.
  const none = await runCheck(s.userId);
  expect(none.status).toBe('checked');
  expect(await caseView(s.token)).toMatchObject({ normalized_status: 'submitted' });

  // One of the two missing units paid: partly reimbursed, with amount and currency.
  const first = line({});
  await approve([first]);
  expect(await runCheck(s.userId)).toMatchObject({
    status: 'checked',
    changed: [expect.anything()],
  });
  expect(await caseView(s.token)).toMatchObject({
    normalized_status: 'partly_reimbursed',
    reimbursed_amount: 4.2,
    reimbursed_currency: 'EUR',
    units_recovered: 1,
    outcome_source: 'report',
  });

  // A warehouse loss of the same SKU is not this case's; the second unit is.
  const second = line({ 'amount-total': 4.2 });
  await approve([line({ reason: 'Lost_Warehouse', 'amount-total': 99 }), second]);
  await runCheck(s.userId);
  expect(await caseView(s.token)).toMatchObject({
    normalized_status: 'reimbursed',
    reimbursed_amount: 8.4,
    units_recovered: 2,
  });

  // Amazon takes the second one back.
  await approve([
    line({
      reason: 'Reimbursement_Reversal',
      'amount-total': -4.2,
      'quantity-reimbursed-cash': -1,
      'original-reimbursement-id': second['reimbursement-id'],
    }),
  ]);
  await runCheck(s.userId);
  expect(await caseView(s.token)).toMatchObject({
    normalized_status: 'partly_reimbursed',
    reimbursed_amount: 4.2,
    units_recovered: 1,
  });
  // Alerts for the seller's daily digest when money comes in: partly, then in full; none for
  // the reversal.
  const { pendingAlerts } = await import('../../lambdas/adapters/dynamo/alerts');
  const pending = (await pendingAlerts(s.userId)).map((p) => p.alert);
  // The sync that found the shipments left its own alert.
  expect(pending).toContainEqual({ kind: 'new_discrepancies', shipments: expect.any(Number) });
  expect(pending.filter((a) => a.kind === 'case_reimbursed')).toEqual([
    expect.objectContaining({ kind: 'case_reimbursed', amount: 4.2, partly: true }),
    expect.objectContaining({ kind: 'case_reimbursed', amount: 8.4, partly: false }),
  ]);
  // Recorded as activity.
  const { Items } = await table.send(
    new QueryCommand({
      TableName: stack.dynamodb.table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :audit)',
      ExpressionAttributeValues: { ':pk': `USER#${s.userId}`, ':audit': 'AUDIT#' },
    }),
  );
  expect((Items ?? []).filter((i) => i.action === 'case_reimbursed')).toHaveLength(2);
});

test('the seller records Amazon\u2019s case id and outcome by hand; bad input and unsent cases are refused', async () => {
  const s = await realSeller();
  await uploadDocument(s.token, {
    name: 'fattura.pdf',
    bytes: await invoicePdf(),
    shipmentId: REAL_SHIPMENT,
  });
  const early = await api('POST', `/api/cases/${REAL_SHIPMENT}/outcome`, {
    token: s.token,
    body: { outcome: { kind: 'found', units: 2 } },
  });
  expect(early.status).toBe(409);
  await api('POST', '/api/submit-reimbursement', {
    token: s.token,
    body: { shipmentId: REAL_SHIPMENT },
  });

  const bad = await Promise.all(
    [
      { amazon_case_id: 'abc' },
      { outcome: { kind: 'reimbursed', amount: -5, currency: 'EUR' } },
      { outcome: { kind: 'reimbursed', amount: 5, currency: 'USD' } },
      { outcome: { kind: 'rejected', reason: '' } },
      {},
    ].map((body) => api('POST', `/api/cases/${REAL_SHIPMENT}/outcome`, { token: s.token, body })),
  );
  expect(bad.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);

  const id = await api('POST', `/api/cases/${REAL_SHIPMENT}/outcome`, {
    token: s.token,
    body: { amazon_case_id: '17345678901' },
  });
  expect(id.status).toBe(200);
  expect(id.body.case).toMatchObject({
    amazon_case_id: '17345678901',
    normalized_status: 'submitted',
  });

  const rejected = await api('POST', `/api/cases/${REAL_SHIPMENT}/outcome`, {
    token: s.token,
    body: { outcome: { kind: 'rejected', reason: 'Le unità risultano ricevute.' } },
  });
  expect(rejected.body.case).toMatchObject({
    normalized_status: 'rejected',
    last_response_excerpt: 'Le unità risultano ricevute.',
    amazon_case_id: '17345678901',
    outcome_source: 'seller',
  });

  const paid = await api('POST', `/api/cases/${REAL_SHIPMENT}/outcome`, {
    token: s.token,
    body: { outcome: { kind: 'reimbursed', amount: 8.4, currency: 'EUR' } },
  });
  expect(paid.body.case).toMatchObject({
    normalized_status: 'reimbursed',
    reimbursed_amount: 8.4,
    reimbursed_currency: 'EUR',
  });
  const dashboard = await api('GET', '/api/dashboard', { token: s.token });
  expect(dashboard.body.figures).toMatchObject({
    resolved_cases: 1,
    recovered: { amounts: [{ currency: 'EUR', amount: 8.4 }] },
  });
});

test('units given back as inventory count as recovered, with no money', async () => {
  const s = await realSeller();
  await uploadDocument(s.token, {
    name: 'fattura.pdf',
    bytes: await invoicePdf(),
    shipmentId: REAL_SHIPMENT,
  });
  await api('POST', '/api/submit-reimbursement', {
    token: s.token,
    body: { shipmentId: REAL_SHIPMENT },
  });
  await approve([
    line({
      'amount-per-unit': 0,
      'amount-total': 0,
      'quantity-reimbursed-cash': 0,
      'quantity-reimbursed-inventory': 2,
    }),
  ]);
  await runCheck(s.userId);
  expect(await caseView(s.token)).toMatchObject({
    normalized_status: 'reimbursed',
    reimbursed_amount: 0,
    units_recovered: 2,
  });
});

test('Amazon pays 4 of 5 units, then the 5th: the case stays open with 1 missing and its follow-up, then closes; the dashboard agrees at each step', async () => {
  // FBAJJRCH95RM (the simulator's Casa Moka IT #1158): 4 teaspoon sets, 1 espresso set missing.
  const SHIPMENT = 'FBAJJRCH95RM';
  const s = await realSeller();
  await uploadDocument(s.token, {
    name: 'fattura.pdf',
    bytes: await invoicePdf(),
    shipmentId: SHIPMENT,
  });
  const sent = await api('POST', '/api/submit-reimbursement', {
    token: s.token,
    body: { shipmentId: SHIPMENT },
  });
  expect(sent.body).toMatchObject({ action: 'created', simulated: false });
  const view = async () =>
    (await api('GET', `/api/cases/${SHIPMENT}`, { token: s.token })).body.case as Record<
      string,
      unknown
    >;
  const dashboard = async () =>
    (await api('GET', '/api/dashboard', { token: s.token })).body as {
      figures: Record<string, unknown> & { potential_units: number };
      months: { month: string; missing_units: number; recovered: unknown[] }[];
      activity: Record<string, unknown>[];
    };
  const before = await dashboard();
  const listed = (await api('GET', '/api/shipments?limit=50', { token: s.token })).body
    .shipments as { shipment_id: string; discrepancy: number }[];
  expect(listed.find((x) => x.shipment_id === SHIPMENT)).toMatchObject({ discrepancy: 5 });
  const bucket = (d: Awaited<ReturnType<typeof dashboard>>) =>
    d.months.find((m) => m.month === new Date().toISOString().slice(0, 7))!;

  // Four teaspoon sets paid.
  await approve([
    line({
      sku: 'CUCCHIAINI #6 ORO',
      fnsku: 'X00EK6YTHH',
      'amount-per-unit': 5.5,
      'amount-total': 22,
      'quantity-reimbursed-cash': 4,
    }),
  ]);
  await runCheck(s.userId);
  expect(await view()).toMatchObject({
    normalized_status: 'partly_reimbursed',
    reimbursed_amount: 22,
    reimbursed_currency: 'EUR',
    units_recovered: 4,
    outcome_source: 'report',
  });
  // Its follow-up is ready: what was paid, what is still owed.
  expect((await view()).prepared_reply_txt).toContain(
    'Amazon ha già rimborsato 4 delle 5 unità mancanti (22,00 €): resta da rimborsare 1 unità.',
  );
  const partly = await dashboard();
  expect(partly.figures).toMatchObject({
    potential_units: before.figures.potential_units - 4,
    open_cases: 1,
    resolved_cases: 0,
    recovered: { amounts: [{ currency: 'EUR', amount: 22 }], units: 4 },
  });
  expect(bucket(partly).recovered).toEqual([{ currency: 'EUR', amount: 22 }]);
  expect(partly.activity).toContainEqual(
    expect.objectContaining({
      kind: 'response',
      shipment_id: SHIPMENT,
      status: 'partly_reimbursed',
      amount: 22,
      currency: 'EUR',
      units: 1,
    }),
  );

  // The espresso set paid: reimbursed in full, the case closes.
  await approve([
    line({
      sku: 'TAZZINE/ESPRESSO-SET6',
      fnsku: 'X00HKK6P65',
      'amount-per-unit': 9.5,
      'amount-total': 9.5,
      'quantity-reimbursed-cash': 1,
    }),
  ]);
  await runCheck(s.userId);
  expect(await view()).toMatchObject({
    normalized_status: 'reimbursed',
    reimbursed_amount: 31.5,
    units_recovered: 5,
  });
  const full = await dashboard();
  expect(full.figures).toMatchObject({
    potential_units: before.figures.potential_units - 5,
    open_cases: 0,
    resolved_cases: 1,
    recovered: { amounts: [{ currency: 'EUR', amount: 31.5 }], units: 5 },
  });
  expect(bucket(full).recovered).toEqual([{ currency: 'EUR', amount: 31.5 }]);
  // The chart's units still missing (all months) fell by the units reimbursed, as the cards did.
  const missing = (d: Awaited<ReturnType<typeof dashboard>>) =>
    d.months.reduce((sum, m) => sum + m.missing_units, 0);
  expect(missing(partly)).toBe(missing(before) - 4);
  expect(missing(full)).toBe(missing(before) - 5);
  expect(full.activity).toContainEqual(
    expect.objectContaining({
      shipment_id: SHIPMENT,
      status: 'reimbursed',
      type: 'success',
      amount: 31.5,
      units: 5,
    }),
  );
});
