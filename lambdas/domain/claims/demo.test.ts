import { addDays } from './audit';
import { toClaimView } from './contract';
import { demoClaims, demoInboundClaims } from './demo';
import { DEMO_SHIPMENTS } from '../demo-data';
import { MARKETPLACE_IDS } from '../marketplaces';
import { CLAIM_KINDS, INBOUND_KIND, isDemoClaim, markFiled } from './model';
import { windowRule } from './windows';

const NOW = Date.parse('2026-11-29T21:00:00Z');
const TODAY = '2026-11-29';

describe('the demo seller’s claims', () => {
  const claims = demoClaims(NOW);
  const of = (kind: string) => claims.find((claim) => claim.kind === kind)!;

  it('holds one claim of each kind the audit stores, every one a demo claim', () => {
    expect(claims.map((claim) => claim.kind).sort()).toEqual(
      CLAIM_KINDS.filter((kind) => kind !== INBOUND_KIND).sort(),
    );
    expect(claims.every(isDemoClaim)).toBe(true);
    expect(new Set(claims.map((claim) => claim.id)).size).toBe(claims.length);
  });

  it('covers claim now, wait, filed and reimbursed, each state the one its window gives', () => {
    expect(Object.fromEntries(claims.map((claim) => [claim.kind, claim.state]))).toEqual({
      underpaid_reimbursement: 'claim_now',
      warehouse_lost: 'wait',
      warehouse_damaged: 'reimbursed',
      customer_return_not_returned: 'claim_now',
      customer_return_damaged: 'filed',
      replacement_not_returned: 'wait',
      removal_lost_in_transit: 'claim_now',
      removal_short: 'claim_now',
    });
    for (const claim of claims) {
      const { opens, closes } = claim.window;
      if (claim.state === 'claim_now') expect(opens <= TODAY && TODAY <= closes).toBe(true);
      if (claim.state === 'wait') expect(TODAY < opens).toBe(true);
    }
    // Filed while its window was open, on a day before now.
    const filed = of('customer_return_damaged');
    expect(filed.filedAt! < `${TODAY}T`).toBe(true);
    expect(filed.window.opens <= filed.filedAt!.slice(0, 10)).toBe(true);
  });

  it('has windows of the kinds’ rules, counted from the sample reports’ days', () => {
    const span = (kind: (typeof CLAIM_KINDS)[number]) => {
      const rule = windowRule(kind);
      return rule.closes - rule.opens;
    };
    for (const claim of claims) {
      const days = (Date.parse(claim.window.closes) - Date.parse(claim.window.opens)) / 86_400_000;
      expect([claim.kind, days]).toEqual([claim.kind, span(claim.kind)]);
    }
    // The warehouse loss of 20 days ago: Amazon has until day 45 to pay by itself.
    expect(of('warehouse_lost').window).toMatchObject({
      opens: addDays(addDays(TODAY, -20), 45),
      closes: addDays(addDays(TODAY, -20), 60),
    });
    expect(of('removal_short').window.source).toBe('unconfirmed');
  });

  it('asks for what Amazon did not pay, never for what it paid', () => {
    const underpaid = of('underpaid_reimbursement');
    expect(underpaid).toMatchObject({
      units: 2,
      amountPaid: 13.8,
      amountExpected: 18.8,
      currency: 'EUR',
    });
    const paid = of('warehouse_damaged');
    expect(paid.outcome).toMatchObject({ amount: 14.9, currency: 'EUR' });
    expect(toClaimView(paid).state).toBe('reimbursed');
    // The replacement has no price in any report: none is shown.
    expect(of('replacement_not_returned').amountExpected).toBeNull();
    // A claim to file now has its text and evidence, as the audit's own.
    for (const claim of claims.filter((c) => c.state === 'claim_now')) {
      expect(claim.evidence.length).toBeGreaterThan(0);
      expect(toClaimView(claim).text).not.toBeNull();
    }
  });

  it('never lets a waiting claim be marked as opened with Amazon', () => {
    const waiting = of('warehouse_lost');
    expect(markFiled(waiting, true, { asOf: TODAY, now: new Date(NOW).toISOString() })).toEqual({
      refused: 'not_open_yet',
    });
  });

  it('moves with the demo’s now, keeping the same claims', () => {
    const later = demoClaims(NOW + 30 * 86_400_000);
    expect(later.map((claim) => claim.id).sort()).toEqual(claims.map((claim) => claim.id).sort());
    expect(of('warehouse_lost').window.opens).toBe(addDays(TODAY, 25));
    expect(later.find((c) => c.kind === 'warehouse_lost')!.window.opens).toBe(addDays(TODAY, 55));
  });
});

describe('the demo sample shipments as claims of the first kind', () => {
  const rows = demoInboundClaims(DEMO_SHIPMENTS, MARKETPLACE_IDS.IT, NOW);

  it('one per sample with missing units, marked demo, valued at the sample prices', () => {
    const missing = DEMO_SHIPMENTS.filter((s) => s.discrepancy > 0);
    expect(rows.map((c) => c.subject.reference)).toEqual(missing.map((s) => s.shipment_id));
    expect(rows.every((c) => c.kind === INBOUND_KIND && isDemoClaim(c))).toBe(true);
    const first = rows.find((c) => c.subject.reference === 'DEMO001')!;
    // DEMO001: a mug (6.90) and a coaster set (8.50) missing.
    expect(first).toMatchObject({ units: 2, amountExpected: 15.4, currency: 'EUR' });
    expect(toClaimView(first).case_path).toBe('/cases/DEMO001');
  });
});
