import './support/sync-env';
import { putClaims } from '../../lambdas/adapters/dynamo/claims';
import { setProfileMode } from '../../lambdas/adapters/dynamo/profiles';
import type { ClaimListResponse } from '../../lambdas/domain/claims/contract';
import { CLAIM_KINDS, INBOUND_KIND, toStoredClaim } from '../../lambdas/domain/claims/model';
import { DEMO_SHIPMENTS } from '../../lambdas/domain/demo-data';
import { api } from './support/accounts';
import { seller } from './support/proof';

jest.setTimeout(60_000);

/** The demo's sample shipments with missing units: each is a claim of the first kind. */
const DEMO_INBOUND = DEMO_SHIPMENTS.filter((s) => s.discrepancy > 0).map((s) => s.shipment_id);
/** The audit's kinds, one demo claim each, and the samples' inbound rows. */
const DEMO_CLAIMS = CLAIM_KINDS.length - 1 + DEMO_INBOUND.length;

async function claimsOf(token: string): Promise<ClaimListResponse> {
  const list = await api('GET', '/api/claims?limit=25', { token });
  expect(list.status).toBe(200);
  return list.body as ClaimListResponse;
}

test('the demo lists one claim of each kind; real mode hides them, the reset deletes only them', async () => {
  const s = await seller();
  const other = await seller();
  // A claim the audit found in the seller's own reports.
  const now = new Date().toISOString();
  await putClaims(s.userId, [
    toStoredClaim(
      {
        kind: 'warehouse_lost',
        sku: 'MOKA-3',
        fnsku: 'X00REAL01',
        reference: '77001234567',
        units: 1,
        amountPaid: 0,
        amountExpected: 18,
        currency: 'EUR',
        windowOpens: now.slice(0, 10),
        windowCloses: '2099-12-31',
        state: 'claim_now',
        note: null,
      },
      now,
    ),
  ]);

  expect((await api('POST', '/api/demo/sync', { token: s.token })).status).toBe(200);
  const demo = await claimsOf(s.token);
  expect(
    demo.claims
      .filter((c) => c.reference.startsWith('DEMO-'))
      .map((c) => c.kind)
      .sort(),
  ).toEqual(CLAIM_KINDS.filter((kind) => kind !== INBOUND_KIND).sort());
  // The sample shipments with missing units, listed among them with their cases.
  const inbound = demo.claims.filter((c) => c.kind === INBOUND_KIND);
  expect(inbound.map((c) => c.reference).sort()).toEqual([...DEMO_INBOUND].sort());
  expect(inbound.map((c) => c.case_path)).toEqual(inbound.map((c) => `/cases/${c.reference}`));
  expect(demo.claims.map((c) => c.reference)).toContain('77001234567');
  expect(new Set(demo.claims.map((c) => c.state))).toEqual(
    new Set(['claim_now', 'wait', 'filed', 'reimbursed']),
  );
  // The demo's claim opened with Amazon is counted in the demo.
  expect(demo.open_with_amazon).toBe(1);
  // A second sync writes the same claims again.
  await api('POST', '/api/demo/sync', { token: s.token });
  expect((await claimsOf(s.token)).claims).toHaveLength(DEMO_CLAIMS + 1);
  // Another seller sees none of them.
  expect((await claimsOf(other.token)).claims).toEqual([]);

  // Real mode: only the seller's own claim.
  await setProfileMode(s.userId, 'live');
  const real = await claimsOf(s.token);
  expect(real.claims.map((c) => c.reference)).toEqual(['77001234567']);
  expect(real.open_with_amazon).toBe(0);
  await setProfileMode(s.userId, 'demo');

  const reset = await api('POST', '/api/demo/reset', { token: s.token });
  expect(reset.body).toMatchObject({ claims_deleted: DEMO_CLAIMS });
  expect((await claimsOf(s.token)).claims.map((c) => c.reference)).toEqual(['77001234567']);
});

test('the deadline filter lists the claims closing within 7 or 30 days, soonest first, and refuses another', async () => {
  const s = await seller();
  const now = new Date();
  const day = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  const claim = (reference: string, closesIn: number) =>
    toStoredClaim(
      {
        kind: 'warehouse_lost',
        sku: 'MOKA-3',
        fnsku: 'X00DUE0001',
        reference,
        units: 1,
        amountPaid: 0,
        amountExpected: 18,
        currency: 'EUR',
        windowOpens: day(-10).slice(0, 10),
        windowCloses: day(closesIn).slice(0, 10),
        state: 'claim_now',
        note: null,
      },
      now.toISOString(),
    );
  await putClaims(s.userId, [
    claim('DUE-YESTERDAY', -1),
    claim('DUE-TODAY', 0),
    claim('DUE-IN-6', 6),
    claim('DUE-IN-20', 20),
    claim('DUE-IN-90', 90),
  ]);
  const due = async (within: string) => {
    const list = await api('GET', `/api/claims?due_within=${within}`, { token: s.token });
    expect(list.status).toBe(200);
    return (list.body as ClaimListResponse).claims.map((c) => c.reference);
  };
  expect(await due('7')).toEqual(['DUE-TODAY', 'DUE-IN-6']);
  expect(await due('30')).toEqual(['DUE-TODAY', 'DUE-IN-6', 'DUE-IN-20']);
  const bad = await api('GET', '/api/claims?due_within=365', { token: s.token });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe('Richiesta dell’elenco non valida: ricarica la pagina');
});
