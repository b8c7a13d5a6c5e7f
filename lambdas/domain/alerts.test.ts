import { alertLine, mergeNewDiscrepancies, renderDigest, stateAlerts } from './alerts';

const NOW = Date.parse('2026-11-24T06:00:00Z');
const DAY = 86_400_000;

const shipment = (shipmentId: string, closedDaysAgo: number, overrides = {}) => ({
  shipmentId,
  closedAt: new Date(NOW - closedDaysAgo * DAY).toISOString(),
  lastUpdatedTo: null,
  marketplaceId: 'APJ6JRA9NG5V4',
  discrepancy: 2,
  demo: false,
  ...overrides,
});

describe('the alerts a seller’s state gives on the day', () => {
  it('a claim deadline within 7 days, only for open shipments with missing units and no case sent', () => {
    const alerts = stateAlerts({
      now: NOW,
      plan: null,
      shipments: [
        shipment('SOON', 55),
        shipment('LATER', 10),
        shipment('GONE', 70),
        shipment('SENT', 55),
        shipment('DEMO', 55, { demo: true }),
        shipment('NONE', 55, { discrepancy: 0 }),
      ],
      sentShipmentIds: new Set(['SENT']),
    });
    expect(alerts).toEqual([
      expect.objectContaining({ kind: 'deadline_soon', shipmentId: 'SOON', daysLeft: 5 }),
    ]);
  });

  it('the plan: expiring within 7 days, expired within the last day, nothing otherwise', () => {
    const at = (days: number) => new Date(NOW + days * DAY).toISOString();
    const planAlerts = (expiresAt: string, active = true) =>
      stateAlerts({
        now: NOW,
        plan: { expiresAt, active },
        shipments: [],
        sentShipmentIds: new Set(),
      });
    expect(planAlerts(at(3))).toEqual([{ kind: 'plan_expiring', expiresAt: at(3), daysLeft: 3 }]);
    expect(planAlerts(at(20))).toEqual([]);
    expect(planAlerts(at(-0.5))).toEqual([{ kind: 'plan_expired', expiredAt: at(-0.5) }]);
    expect(planAlerts(at(-5))).toEqual([]);
  });
});

describe('only what is new since the last digest', () => {
  const state = (since?: number) =>
    stateAlerts({
      now: NOW,
      plan: null,
      shipments: [shipment('ENTERED', 54), shipment('TOLD', 56)],
      sentShipmentIds: new Set(),
      since,
    }).map((a) => (a.kind === 'deadline_soon' ? a.shipmentId : a.kind));

  it('a deadline already within 7 days at the last digest is not said again', () => {
    // Two days ago ENTERED still had 8 days left (not told); TOLD had 6 (told then).
    expect(state()).toEqual(['ENTERED', 'TOLD']);
    expect(state(NOW - 2 * DAY)).toEqual(['ENTERED']);
    expect(state(NOW - DAY / 2)).toEqual([]);
  });

  it('several syncs since the last digest make one line, not one per sync', () => {
    const merged = mergeNewDiscrepancies([
      { kind: 'new_discrepancies', shipments: 3 },
      { kind: 'case_found', shipmentId: 'X', units: 1 },
      { kind: 'new_discrepancies', shipments: 2 },
    ]);
    expect(merged).toEqual([
      { kind: 'new_discrepancies', shipments: 5 },
      { kind: 'case_found', shipmentId: 'X', units: 1 },
    ]);
    expect(alertLine(merged[0]!, 'it')).toBe(
      "Dall'ultimo riepilogo le sincronizzazioni hanno trovato 5 nuove spedizioni con unità mancanti: controlla lo stato della finestra di ciascuna.",
    );
  });
});

describe('the audit’s claims in the digest', () => {
  const claim = (reference: string, closes: string, state = 'claim_now' as const) => ({
    state,
    subject: { reference, sku: 'CACAO-250', fnsku: null },
    window: { opens: '2026-10-01', closes, source: 'sellers_reports' as const },
  });
  const claims = [
    claim('SOON', '2026-11-28'),
    claim('LATER', '2026-12-20'),
    claim('PASSED', '2026-11-20'),
    { ...claim('PAID', '2026-11-27'), state: 'reimbursed' as const },
    { ...claim('FILED', '2026-11-27'), state: 'filed' as const },
  ];
  const closing = (since?: number) =>
    stateAlerts({ now: NOW, plan: null, shipments: [], sentShipmentIds: new Set(), since, claims });

  it('a claim still to file whose window closes within 7 days, once', () => {
    expect(closing()).toEqual([
      {
        kind: 'claim_closing',
        reference: 'SOON',
        sku: 'CACAO-250',
        closes: '2026-11-28',
        daysLeft: 5,
      },
    ]);
    // Already within 7 days at the last digest: not said again.
    expect(closing(NOW - DAY)).toEqual([]);
    expect(alertLine(closing()[0]!, 'it')).toBe(
      'Reclamo SOON (SKU CACAO-250): la finestra si chiude il 28 novembre 2026 (tra 5 giorni).',
    );
  });

  it('the claims the audit found fileable, in both languages', () => {
    expect(alertLine({ kind: 'claims_fileable', claims: 2 }, 'it')).toContain(
      'ha trovato 2 reclami che puoi aprire ora',
    );
    expect(alertLine({ kind: 'claims_fileable', claims: 1 }, 'en')).toContain(
      'found 1 claim you can file now',
    );
  });
});

describe('the digest', () => {
  it('one email in the reader’s language with every alert and a way to stop them', () => {
    const digest = renderDigest({
      alerts: [
        { kind: 'new_discrepancies', shipments: 3 },
        {
          kind: 'case_reimbursed',
          shipmentId: 'FBA1',
          amount: 8.4,
          currency: 'EUR',
          units: 2,
          partly: false,
        },
      ],
      language: 'it',
      appUrl: 'https://app.example.it/',
      firstName: 'Giulia <b>',
      email: 'giulia@example.it',
      unsubscribeToken: 'tok_en-1',
    });
    expect(digest.subject).toContain('2 novità');
    expect(digest.text).toContain('3 nuove spedizioni con unità mancanti');
    expect(digest.text).toContain('Amazon ha rimborsato 8,40');
    expect(digest.text).toContain(
      'https://app.example.it/unsubscribe?email=giulia%40example.it&token=tok_en-1',
    );
    expect(digest.html).toContain('Giulia &lt;b&gt;');
    expect(digest.html).not.toContain('<b>,');
  });

  it('after an opt-out, no unsubscribe link: the footer says only service messages come', () => {
    const digest = renderDigest({
      alerts: [{ kind: 'deadline_soon', shipmentId: 'FBA1', deadline: '2026-12-01', daysLeft: 3 }],
      language: 'en',
      appUrl: 'https://app.example.it',
      email: 'giulia@example.it',
    });
    expect(digest.html).not.toContain('/unsubscribe');
    expect(digest.text).toContain('you receive only service messages');
  });

  it('speaks English to an English reader', () => {
    expect(alertLine({ kind: 'case_found', shipmentId: 'FBA2', units: 3 }, 'en')).toBe(
      'Shipment FBA2: Amazon found 3 units, the case is resolved.',
    );
  });
});
