import { dashboardFigures, recentActivity, recoverableByKind } from './dashboard';
import type { StoredClaim } from './claims/model';
import type { CaseSummary, StoredShipment } from './sync/shipment-list';
import type { SkuValue } from './sync/sku-values';
import type { SyncRunView } from './sync/view';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const IT = 'APJ6JRA9NG5V4';

function shipment(
  id: string,
  items: [sku: string, expected: number, found: number][],
  extra: Partial<StoredShipment> = {},
): StoredShipment {
  const expected = items.reduce((n, [, e]) => n + e, 0);
  const found = items.reduce((n, [, , f]) => n + f, 0);
  return {
    shipmentId: id,
    shipmentName: `Spedizione ${id}`,
    referenceId: null,
    fcCode: 'MXP5',
    status: 'CLOSED',
    closedAt: '2026-11-01T00:00:00.000Z',
    lastUpdatedTo: null,
    marketplaceId: IT,
    unitsExpected: expected,
    unitsFound: found,
    discrepancy: expected - found,
    demo: false,
    items: items.map(([sku, e, f]) => ({
      sku,
      asin: null,
      title: null,
      unitsExpected: e,
      unitsFound: f,
      discrepancy: e - f,
    })),
    ...extra,
  };
}

const value = (sku: string, amount: number): SkuValue => ({
  sku,
  amount,
  currency: 'EUR',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const kase = (shipmentId: string, status: string, extra: Partial<CaseSummary> = {}) => ({
  shipmentId,
  status,
  demoMode: false,
  createdAt: '2026-11-10T00:00:00.000Z',
  ...extra,
});

test('potential units, cases and the estimated value from the seller data', () => {
  const figures = dashboardFigures({
    shipments: [
      shipment('A', [
        ['MUG', 10, 7],
        ['CUP', 5, 5],
      ]),
      shipment('B', [
        ['MUG', 4, 2],
        ['PLATE', 6, 5],
      ]),
      // Reimbursed: no longer potential, but a resolved case.
      shipment('C', [['MUG', 9, 0]]),
      // Closed without a case long ago: the claim window is over.
      shipment('D', [['MUG', 3, 0]], { closedAt: '2026-01-01T00:00:00.000Z' }),
    ],
    cases: [
      kase('B', 'Inviato'),
      kase('C', 'rimborsato', {
        reimbursedAmount: 40.1,
        reimbursedCurrency: 'EUR',
        unitsRecovered: 9,
      }),
      kase('X', 'chiuso_respinto'),
    ],
    skuValues: [value('MUG', 12.5)],
    realMode: true,
    now: NOW,
  });
  expect(figures).toEqual({
    // What Amazon paid back on the reimbursed case.
    recovered: { amounts: [{ currency: 'EUR', amount: 40.1 }], units: 9 },
    potential_units: 3 + 3,
    open_shipments: 2,
    open_cases: 1,
    resolved_cases: 2,
    // MUG: 3 + 2 missing units × 12.50; PLATE has no value.
    estimated_value: { amount: 62.5, currency: 'EUR', units_valued: 5, units_unvalued: 1 },
  });
});

test('the claim rows of inbound shipments add nothing: their cases already count their money', () => {
  const input = {
    shipments: [shipment('A', [['MUG', 10, 7]]), shipment('B', [['MUG', 4, 2]])],
    cases: [kase('B', 'Inviato')],
    skuValues: [value('MUG', 12.5)],
    realMode: true,
    now: NOW,
  };
  const inbound = (shipmentId: string, state: StoredClaim['state']): StoredClaim => ({
    id: `inbound_shipment:${shipmentId}:`,
    kind: 'inbound_shipment',
    subject: { reference: shipmentId, sku: null, fnsku: null },
    units: 3,
    amountPaid: 0,
    amountExpected: 37.5,
    currency: 'EUR',
    costSource: 'sku_value',
    window: { opens: '2026-11-01', closes: '2026-12-31', source: 'amazon_inbound_2024' },
    state,
    caseStatus: null,
    evidence: [],
    note: null,
    outcome: null,
    foundAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
  });
  const without = dashboardFigures(input);
  const withRows = dashboardFigures({
    ...input,
    claims: [inbound('A', 'claim_now'), inbound('B', 'filed')],
  });
  expect(withRows).toEqual(without);
  // What the seller reads: 3 + 2 missing MUGs at 12.50, once.
  expect(withRows.estimated_value.amount).toBe(62.5);
  expect(withRows).not.toHaveProperty('recoverable');
});

test('past the 60-day target but within the 6 months of the EU help page, a shipment is still claimable', () => {
  const figures = dashboardFigures({
    shipments: [
      // Closed 98 days ago: last chance, not lost.
      shipment('L', [['MUG', 4, 1]], { closedAt: '2026-08-15T00:00:00.000Z' }),
      // Closed over 6 months ago: expired.
      shipment('E', [['MUG', 3, 0]], { closedAt: '2026-05-01T00:00:00.000Z' }),
    ],
    cases: [],
    skuValues: [value('MUG', 10)],
    realMode: true,
    now: NOW,
  });
  expect(figures).toMatchObject({
    potential_units: 3,
    open_shipments: 1,
    estimated_value: { amount: 30, currency: 'EUR', units_valued: 3, units_unvalued: 0 },
  });
});

test('no unit value entered: the estimated value is unknown (shown as "—"), not zero', () => {
  const figures = dashboardFigures({
    shipments: [shipment('A', [['MUG', 10, 7]])],
    cases: [],
    skuValues: [],
    realMode: true,
    now: NOW,
  });
  expect(figures.estimated_value.amount).toBeNull();
  expect(figures.potential_units).toBe(3);
});

test('money adds up in cents', () => {
  const figures = dashboardFigures({
    shipments: [shipment('A', [['A', 3, 0]])],
    cases: [],
    skuValues: [value('A', 0.1)],
    realMode: true,
    now: NOW,
  });
  expect(figures.estimated_value.amount).toBe(0.3);
});

test('real mode ignores demo shipments and demo cases; the demo counts them', () => {
  const input = {
    shipments: [
      shipment('DEMO001', [['X', 5, 3]], { demo: true }),
      shipment('FBA1', [['Y', 4, 3]]),
    ],
    cases: [kase('DEMO001', 'ready', { demoMode: true })],
    skuValues: [],
    now: NOW,
  };
  expect(dashboardFigures({ ...input, realMode: true })).toMatchObject({
    potential_units: 1,
    open_cases: 0,
  });
  expect(dashboardFigures({ ...input, realMode: false })).toMatchObject({
    potential_units: 3,
    open_cases: 1,
  });
});

function run(status: SyncRunView['status'], at: string, listed = 0): SyncRunView {
  return {
    id: at,
    status,
    trigger: 'manual',
    mode: 'full',
    started_at: at,
    finished_at: status === 'running' ? null : at,
    window: { from: at, to: at },
    progress: { phase: status === 'running' ? 'items' : 'done', percent: 50 },
    counts: {
      shipments_scanned: 0,
      shipments_listed: listed,
      items_listed: 0,
      shipments_added: 0,
      shipments_updated: 0,
      shipments_removed: 0,
    },
    calls: { total: 0, throttled: 0, retried: 0 },
    error: null,
  };
}

test('recent activity: syncs, uploads, submissions and responses, newest first', () => {
  const activity = recentActivity({
    runs: [run('succeeded', '2026-11-20T10:00:00.000Z', 7), run('failed', '2026-11-18T10:00:00Z')],
    audits: [
      {
        action: 'upload_document',
        at: '2026-11-19T10:00:00.000Z',
        shipmentId: 'A',
        docType: 'fattura',
        filename: 'f.pdf',
      },
    ],
    cases: [
      kase('A', 'in_lavorazione', { openedByUserAt: '2026-11-21T09:00:00.000Z' }),
      kase('B', 'rimborsato', { updatedAt: '2026-11-17T09:00:00.000Z' }),
      kase('C', 'ready'),
    ],
    shipments: [shipment('A', [['MUG', 10, 7]]), shipment('B', [['MUG', 2, 0]])],
    skuValues: [value('MUG', 10)],
    realMode: true,
  });
  expect(activity.map((e) => [e.kind, e.type, e.shipment_id])).toEqual([
    ['submission', 'pending', 'A'],
    ['sync', 'success', null],
    ['upload', 'info', 'A'],
    ['sync', 'info', null],
    ['response', 'success', 'B'],
  ]);
  expect(activity[0]).toMatchObject({ units: 3, amount: 30 });
  expect(activity[1]).toMatchObject({ units: 7 });
  // A reimbursement with no money recorded shows no money (not the estimated value as if paid).
  expect(activity[4]).toMatchObject({ status: 'reimbursed', units: 2, amount: null });
});

test('recent activity keeps only the newest entries', () => {
  const runs = Array.from({ length: 12 }, (_, i) =>
    run('succeeded', new Date(NOW - i * 3_600_000).toISOString()),
  );
  const activity = recentActivity(
    { runs, audits: [], cases: [], shipments: [], skuValues: [], realMode: true },
    5,
  );
  expect(activity).toHaveLength(5);
  expect(activity[0]!.at).toBe(new Date(NOW).toISOString());
});

test('money recovered adds up per currency, in cents, and leaves demo cases out in real mode', () => {
  const figures = dashboardFigures({
    shipments: [],
    cases: [
      kase('A', 'rimborsato', {
        reimbursedAmount: 0.1,
        reimbursedCurrency: 'EUR',
        unitsRecovered: 1,
      }),
      kase('B', 'rimborsato_parziale', {
        reimbursedAmount: 0.2,
        reimbursedCurrency: 'EUR',
        unitsRecovered: 2,
      }),
      kase('C', 'rimborsato', {
        reimbursedAmount: 12,
        reimbursedCurrency: 'GBP',
        unitsRecovered: 3,
      }),
      kase('D', 'rimborsato', {
        demoMode: true,
        reimbursedAmount: 99,
        reimbursedCurrency: 'EUR',
        unitsRecovered: 9,
      }),
    ],
    skuValues: [],
    realMode: true,
    now: NOW,
  });
  expect(figures.recovered).toEqual({
    amounts: [
      { currency: 'EUR', amount: 0.3 },
      { currency: 'GBP', amount: 12 },
    ],
    units: 6,
  });
  expect(figures.resolved_cases).toBe(2);
});

describe('what the audit’s claims can still recover, by kind', () => {
  const claim = (
    kind: StoredClaim['kind'],
    state: StoredClaim['state'],
    paid: number,
    expected: number | null,
  ): StoredClaim => ({
    id: `${kind}:${state}:${paid}`,
    kind,
    subject: { reference: 'R', sku: 'SKU', fnsku: null },
    units: 1,
    amountPaid: paid,
    amountExpected: expected,
    currency: expected === null ? null : 'EUR',
    costSource: expected === null ? null : 'sku_value',
    window: { opens: '2026-11-01', closes: '2026-12-31', source: 'sellers_reports' },
    state,
    evidence: [],
    note: null,
    outcome: null,
    foundAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
  });

  it('adds up the differences of open claims per kind; paid, closed and expired ones do not count', () => {
    expect(
      recoverableByKind([
        claim('underpaid_reimbursement', 'claim_now', 9, 24),
        claim('underpaid_reimbursement', 'filed', 3.5, 10.1),
        claim('underpaid_reimbursement', 'reimbursed', 1, 50),
        claim('warehouse_lost', 'wait', 0, 16),
        claim('warehouse_lost', 'expired', 0, 16),
        claim('warehouse_damaged', 'claim_now', 0, null),
        claim('warehouse_damaged', 'closed', 0, 8),
      ]),
    ).toEqual([
      { kind: 'underpaid_reimbursement', currency: 'EUR', amount: 21.6, claims: 2 },
      { kind: 'warehouse_lost', currency: 'EUR', amount: 16, claims: 1 },
      { kind: 'warehouse_damaged', currency: null, amount: null, claims: 1 },
    ]);
  });

  it('in real mode leaves the demo’s claims out of the money still recoverable', () => {
    const demo = {
      ...claim('warehouse_lost', 'claim_now', 0, 43),
      id: 'demo',
      subject: { reference: 'DEMO-ADJ-2002', sku: 'SKU', fnsku: null },
    };
    const real = claim('warehouse_lost', 'claim_now', 0, 16);
    const figures = (realMode: boolean) =>
      dashboardFigures({
        shipments: [],
        cases: [],
        skuValues: [],
        claims: [demo, real],
        realMode,
        now: NOW,
      }).recoverable;
    expect(figures(true)).toEqual([
      { kind: 'warehouse_lost', currency: 'EUR', amount: 16, claims: 1 },
    ]);
    expect(figures(false)).toEqual([
      { kind: 'warehouse_lost', currency: 'EUR', amount: 59, claims: 2 },
    ]);
  });
});
