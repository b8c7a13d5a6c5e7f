import { api, stack } from './support/accounts';
import { claimsAuditOnStack } from './support/claims-audit';
import { realSeller } from './support/proof';

/**
 * The audit on the local stack: Amazon (the stack's SP-API simulator, default scenario) holds one
 * underpaid warehouse reimbursement and one warehouse loss it never paid; the seller has a unit
 * cost for the underpaid SKU. The poller's audit, on the real adapters, requests both reports,
 * stores the claims, and GET /api/claims lists them by deadline with their figures and text; a
 * re-run adds nothing; a later report row paying the re-evaluation settles the claim.
 */

jest.setTimeout(120_000);

let seq = Math.floor(Date.now() / 1000) % 1_000_000;
const reimbursementId = () => String(9_200_000_000 + (seq += 1));

async function approve(rows: Record<string, unknown>[]) {
  const res = await fetch(`${stack.spapi.endpoint}/__sim/reimbursements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rows }),
  });
  expect(res.status).toBe(200);
}

let audit: Awaited<ReturnType<typeof claimsAuditOnStack>>;

beforeAll(async () => {
  audit = await claimsAuditOnStack();
});

const runAudit = (userId: string) =>
  audit.auditClaims(userId, audit.deps, { deadline: Date.now() + 30_000, pollIntervalMs: 1_000 });

/**
 * The ids of the claims an audit run changed. The simulator's reports are shared by every test
 * file running at the same time, so a test asks about its own claims, never for "nothing at all".
 */
const changedIds = (out: Awaited<ReturnType<typeof runAudit>>) =>
  out.status === 'audited' ? out.changed.map((c) => c.id) : [`(${out.status})`];

const claimsOf = async (token: string, query = '') =>
  (await api('GET', `/api/claims${query}`, { token })).body.claims as Record<string, unknown>[];

test('from the simulator’s reports to claims on the API: stored once, listed by deadline, settled by a later row', async () => {
  const s = await realSeller();
  for (const [sku, amount] of [
    ['MOKA 9 TAZZE', 24],
    ['CACAO AMARO 250G', 10],
  ] as const) {
    const put = await api('PUT', '/api/sku-values', {
      token: s.token,
      body: { sku, amount, currency: 'EUR' },
    });
    expect(put.status).toBe(200);
  }
  // A cacao unit lost in the warehouse paid 3.50 € against a 10 € cost, ten days ago.
  const cacao = reimbursementId();
  await approve([
    {
      'approval-date': new Date(Date.now() - 10 * 86_400_000).toISOString(),
      'reimbursement-id': cacao,
      reason: 'Damaged_Warehouse',
      sku: 'CACAO AMARO 250G',
      fnsku: 'X00AAZFWL3',
      'currency-unit': 'EUR',
      'amount-per-unit': 3.5,
      'amount-total': 3.5,
      'quantity-reimbursed-cash': 1,
    },
  ]);

  expect(await runAudit(s.userId)).toMatchObject({ status: 'audited', rejectedLines: 0 });
  const claims = await claimsOf(s.token);
  const byRef = new Map(claims.map((c) => [c.reference, c]));
  expect(byRef.get('9100000001')).toMatchObject({
    kind: 'underpaid_reimbursement',
    state: 'claim_now',
    sku: 'MOKA 9 TAZZE',
    units: 1,
    amount_paid: 9,
    amount_expected: 24,
    difference: 15,
    currency: 'EUR',
    cost_source: 'sku_value',
    window_source: 'sellers_reports',
    evidence: ['supplier_invoice'],
  });
  expect((byRef.get('9100000001')?.text as { it: string }).it).toContain(
    'rimborso 9100000001 per SKU MOKA 9 TAZZE',
  );
  expect(byRef.get('LOSS-3TZ-0912')).toMatchObject({
    kind: 'warehouse_lost',
    state: 'claim_now',
    sku: 'MOKA-3TZ-ROSSA',
    units: 1,
    amount_paid: 0,
    amount_expected: null,
    window_source: 'amazon_europe_2025',
    text: null,
  });
  expect(byRef.get(cacao)).toMatchObject({ amount_paid: 3.5, difference: 6.5 });
  // Soonest deadline first.
  const closes = claims.map((c) => c.window_closes as string);
  expect(closes).toEqual([...closes].sort());
  // Filters and validation.
  expect((await claimsOf(s.token, '?kind=warehouse_lost')).map((c) => c.reference)).toEqual([
    'LOSS-3TZ-0912',
  ]);
  const bad = await api('GET', '/api/claims?state=paid', { token: s.token });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe('Richiesta dell’elenco non valida: ricarica la pagina');
  const paged = await api('GET', '/api/claims?limit=1', { token: s.token });
  expect(paged.body.claims).toHaveLength(1);
  expect(paged.body.cursor).toEqual(expect.any(String));
  const next = await api('GET', `/api/claims?limit=50&cursor=${paged.body.cursor as string}`, {
    token: s.token,
  });
  expect((next.body.claims as unknown[]).length).toBe(claims.length - 1);

  // The same reports again: nothing of it changed, nothing duplicated. (The simulator's reports
  // are shared by every test file running at the same time: rows another file adds meanwhile may
  // give this seller claims of their own, left out here.)
  const known = new Set(claims.map((c) => c.id));
  const again = changedIds(await runAudit(s.userId));
  expect(again.filter((id) => known.has(id) || id.startsWith('('))).toEqual([]);
  const after = (await claimsOf(s.token)).filter((c) => known.has(c.id));
  expect(after).toHaveLength(claims.length);

  // Amazon pays the cacao re-evaluation: the claim is reimbursed with that amount.
  const paid = reimbursementId();
  await approve([
    {
      'approval-date': new Date().toISOString(),
      'reimbursement-id': paid,
      'case-id': '1234567890',
      reason: 'Damaged_Warehouse',
      sku: 'CACAO AMARO 250G',
      fnsku: 'X00AAZFWL3',
      'currency-unit': 'EUR',
      'amount-total': 6.5,
      'original-reimbursement-id': cacao,
    },
  ]);
  await runAudit(s.userId);
  expect((await claimsOf(s.token, '?state=reimbursed')).map((c) => c.reference)).toEqual([cacao]);
  expect((await claimsOf(s.token)).find((c) => c.reference === cacao)).toMatchObject({
    state: 'reimbursed',
    outcome: { amount: 6.5, currency: 'EUR', reimbursement_ids: [paid] },
  });
});

test('the seller marks a claim as opened with Amazon: once, undone, refused once its window closed; a later row still settles it', async () => {
  const s = await realSeller();
  // A SKU of this test alone: the simulator's report is shared, and a row with a case id for the
  // same SKU pays a claim.
  const sku = `CACAO FILED ${reimbursementId()}`;
  const put = await api('PUT', '/api/sku-values', {
    token: s.token,
    body: { sku, amount: 10, currency: 'EUR' },
  });
  expect(put.status).toBe(200);
  const [open, closed] = [reimbursementId(), reimbursementId()];
  const underpaid = (id: string, daysAgo: number) => ({
    'approval-date': new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    'reimbursement-id': id,
    reason: 'Damaged_Warehouse',
    sku,
    fnsku: 'X00AAZFWL3',
    'currency-unit': 'EUR',
    'amount-per-unit': 3.5,
    'amount-total': 3.5,
    'quantity-reimbursed-cash': 1,
  });
  // One paid 5 days ago (to file now), one 80 days ago (its 60 days are over).
  await approve([underpaid(open, 5), underpaid(closed, 80)]);
  await runAudit(s.userId);
  const byRef = new Map((await claimsOf(s.token)).map((c) => [c.reference, c]));
  const openId = byRef.get(open)?.id as string;
  expect(byRef.get(open)).toMatchObject({ state: 'claim_now', filed_at: null });
  expect(byRef.get(closed)).toMatchObject({ state: 'expired' });
  const filedPath = (id: string) => `/api/claims/${encodeURIComponent(id)}/filed`;

  const filed = await api('POST', filedPath(openId), { token: s.token });
  expect(filed.status).toBe(200);
  expect(filed.body.claim).toMatchObject({ state: 'filed', filed_at: expect.any(String) });
  const again = await api('POST', filedPath(openId), { token: s.token });
  expect(again.body.claim).toEqual(filed.body.claim);
  const list = await api('GET', '/api/claims', { token: s.token });
  expect(list.body.open_with_amazon).toBe(1);

  const undone = await api('DELETE', filedPath(openId), { token: s.token });
  expect(undone.body.claim).toMatchObject({ state: 'claim_now', filed_at: null });
  expect((await api('GET', '/api/claims', { token: s.token })).body.open_with_amazon).toBe(0);

  const refused = await api('POST', filedPath(byRef.get(closed)?.id as string), {
    token: s.token,
  });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(
    'La finestra di questo reclamo è chiusa: non si può più aprire con Amazon.',
  );
  const missing = await api('POST', filedPath('underpaid_reimbursement:NOPE:X'), {
    token: s.token,
  });
  expect(missing.status).toBe(404);

  // Filed again, the audit keeps it; Amazon paying the re-evaluation settles it.
  expect((await api('POST', filedPath(openId), { token: s.token })).status).toBe(200);
  const kept = changedIds(await runAudit(s.userId));
  expect(kept.filter((id) => id === openId || id.startsWith('('))).toEqual([]);
  await approve([
    {
      'approval-date': new Date().toISOString(),
      'reimbursement-id': reimbursementId(),
      'case-id': '1234567891',
      reason: 'Damaged_Warehouse',
      sku,
      fnsku: 'X00AAZFWL3',
      'currency-unit': 'EUR',
      'amount-total': 6.5,
      'original-reimbursement-id': open,
    },
  ]);
  await runAudit(s.userId);
  expect((await claimsOf(s.token)).find((c) => c.reference === open)).toMatchObject({
    state: 'reimbursed',
    outcome: { amount: 6.5 },
  });
});

test('a removal from the simulator’s reports is listed to count; a short count becomes a removal_short claim, a full count none', async () => {
  const [s, full] = await Promise.all([realSeller(), realSeller()]);
  // The scenario's removal only: other test files add removals of their own to the shared
  // simulator meanwhile.
  const toCount = async (token: string) => {
    const res = await api('GET', '/api/removals?limit=100', { token });
    expect(res.status).toBe(200);
    return (res.body.removals as Record<string, unknown>[]).filter(
      (r) => r.removal_order_id === 'RMV-IT-0001',
    );
  };
  const count = (token: string, id: string, received: unknown) =>
    api('PUT', `/api/removals/${encodeURIComponent(id)}/received`, { token, body: { received } });
  // Nothing to count before the audit read Amazon's removal shipment report.
  expect(await toCount(s.token)).toEqual([]);
  expect((await count(s.token, 'RMV-IT-0001', [{ sku: 'MOKA 9 TAZZE', units: 2 }])).status).toBe(
    404,
  );

  for (const seller of [s, full]) {
    expect(await runAudit(seller.userId)).toMatchObject({ status: 'audited' });
  }
  const listed = await toCount(s.token);
  expect(listed).toEqual([
    {
      removal_order_id: 'RMV-IT-0001',
      request_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      shipped_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      parcels: [{ shipped_on: expect.any(String), carrier: 'BRT', tracking: '0123456789012' }],
      skus: [{ sku: 'MOKA 9 TAZZE', fnsku: null, shipped: 3 }],
      received: null,
      counted_at: null,
    },
  ]);
  // Without a count no removal claim is proposed.
  expect(await claimsOf(s.token, '?kind=removal_short')).toEqual([]);

  // A count that does not fit the removal is refused, in the seller's words.
  const over = await count(s.token, 'RMV-IT-0001', [{ sku: 'MOKA 9 TAZZE', units: 4 }]);
  expect(over.status).toBe(400);
  expect(over.body.message).toBe(
    'Hai indicato più unità di quante Amazon ne ha spedite per uno SKU: controlla il conteggio.',
  );
  const other = await count(s.token, 'RMV-IT-0001', [{ sku: 'CACAO AMARO 250G', units: 1 }]);
  expect(other.status).toBe(400);

  // Two of three arrived: recorded once, off the list; the next audit claims the missing one.
  const counted = await count(s.token, 'RMV-IT-0001', [{ sku: 'MOKA 9 TAZZE', units: 2 }]);
  expect(counted.status).toBe(200);
  expect(counted.body.removal).toMatchObject({
    removal_order_id: 'RMV-IT-0001',
    received: { 'MOKA 9 TAZZE': 2 },
    counted_at: expect.any(String),
  });
  const again = await count(s.token, 'RMV-IT-0001', [{ sku: 'MOKA 9 TAZZE', units: 2 }]);
  expect(again.body).toEqual(counted.body);
  expect(await toCount(s.token)).toEqual([]);
  expect(await runAudit(s.userId)).toMatchObject({ status: 'audited' });
  expect(await toCount(s.token)).toEqual([]);
  const claims = await claimsOf(s.token, '?kind=removal_short');
  expect(claims).toEqual([
    expect.objectContaining({
      kind: 'removal_short',
      reference: 'RMV-IT-0001',
      orders: ['RMV-IT-0001'],
      sku: 'MOKA 9 TAZZE',
      units: 1,
      evidence: ['seller_count', 'photos'],
      note: expect.stringContaining('MOKA 9 TAZZE shipped 3, received 2'),
    }),
  ]);
  const short = claims[0]?.id;
  const rerun = changedIds(await runAudit(s.userId));
  expect(rerun.filter((id) => id === short || id.startsWith('('))).toEqual([]);

  // All three arrived: nothing is owed, no removal claim.
  expect((await count(full.token, 'RMV-IT-0001', [{ sku: 'MOKA 9 TAZZE', units: 3 }])).status).toBe(
    200,
  );
  expect(await runAudit(full.userId)).toMatchObject({ status: 'audited' });
  expect(await toCount(full.token)).toEqual([]);
  const fullClaims = await claimsOf(full.token);
  expect(fullClaims.filter((c) => String(c.kind).startsWith('removal'))).toEqual([]);
});

test('a SKU Amazon reimbursed that no shipment holds: listed on Costi, counted on the claims page, checked once it has a cost', async () => {
  const s = await realSeller();
  const sku = `TISANA SENZA SPEDIZIONE ${reimbursementId()}`;
  const lostId = reimbursementId();
  const approvedAt = new Date(Date.now() - 3_600_000).toISOString();
  // A unit lost in the warehouse, paid 2 € an hour ago; the seller holds no cost for the SKU.
  await approve([
    {
      'approval-date': approvedAt,
      'reimbursement-id': lostId,
      reason: 'Lost_Warehouse',
      sku,
      fnsku: 'X00TISANA1',
      'currency-unit': 'EUR',
      'amount-per-unit': 2,
      'amount-total': 2,
      'quantity-reimbursed-cash': 1,
    },
  ]);
  expect(await runAudit(s.userId)).toMatchObject({ status: 'audited' });
  expect((await claimsOf(s.token)).map((c) => c.reference)).not.toContain(lostId);

  const costRow = async () => {
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = await api('GET', `/api/unit-costs?limit=200${query}`, { token: s.token });
      expect(page.status).toBe(200);
      const row = (page.body.costs as Record<string, unknown>[]).find((c) => c.sku === sku);
      if (row) return row;
      cursor = page.body.next_cursor as string | null;
    } while (cursor);
    return undefined;
  };
  expect(await costRow()).toMatchObject({
    sku,
    state: 'missing',
    amount: null,
    reimbursed: { reimbursements: 1, units: 1, latest_approval: approvedAt.slice(0, 10) },
  });
  const unchecked = async () =>
    (await api('GET', '/api/claims', { token: s.token })).body.unchecked_for_cost as number;
  const before = await unchecked();
  expect(before).toBeGreaterThanOrEqual(1);

  // The seller gives it a cost above what Amazon paid: no longer counted as unchecked.
  const put = await api('PUT', '/api/unit-costs', {
    token: s.token,
    body: { action: 'correct', sku, amount: 10, currency: 'EUR' },
  });
  expect(put.status).toBe(200);
  expect(put.body.cost).toMatchObject({ sku, amount: 10, currency: 'EUR', counts: true });
  expect(await unchecked()).toBe(before - 1);

  // The next audit checks the reimbursement against it: underpaid, to claim now.
  await runAudit(s.userId);
  expect((await claimsOf(s.token)).find((c) => c.reference === lostId)).toMatchObject({
    kind: 'underpaid_reimbursement',
    state: 'claim_now',
    sku,
    amount_paid: 2,
    amount_expected: 10,
    difference: 8,
  });
  expect(await costRow()).toMatchObject({ sku, amount: 10, reimbursed: null });
  expect(await unchecked()).toBe(before - 1);
});
