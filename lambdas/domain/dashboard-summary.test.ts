import { chartMonths, dashboardSummary, isSummaryCurrent } from './dashboard-summary';
import type { StoredClaim } from './claims/model';
import type { CaseSummary, StoredShipment } from './sync/shipment-list';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const NOW_ISO = new Date(NOW).toISOString();
const IT = 'APJ6JRA9NG5V4';

function shipment(id: string, closedAt: string, missing: number): StoredShipment {
  return {
    shipmentId: id,
    shipmentName: `Spedizione ${id}`,
    referenceId: null,
    fcCode: 'MXP5',
    status: 'CLOSED',
    closedAt,
    lastUpdatedTo: null,
    marketplaceId: IT,
    unitsExpected: 10,
    unitsFound: 10 - missing,
    discrepancy: missing,
    demo: false,
    items: [
      {
        sku: `SKU-${id}`,
        asin: null,
        title: null,
        unitsExpected: 10,
        unitsFound: 10 - missing,
        discrepancy: missing,
      },
    ],
  };
}

const kase = (shipmentId: string, status: string, extra: Partial<CaseSummary> = {}) => ({
  shipmentId,
  status,
  demoMode: false,
  createdAt: '2026-09-01T00:00:00.000Z',
  ...extra,
});

const input = {
  shipments: [
    shipment('SEP', '2026-09-10T00:00:00.000Z', 4),
    shipment('OCT', '2026-10-05T00:00:00.000Z', 3),
    shipment('NOV', '2026-11-02T00:00:00.000Z', 2),
  ],
  cases: [
    kase('SEP', 'reimbursed', {
      updatedAt: '2026-10-20T00:00:00.000Z',
      reimbursedAmount: 40.1,
      reimbursedCurrency: 'EUR',
    }),
    kase('OCT', 'submitted'),
  ],
  skuValues: [],
  realMode: true,
  now: NOW,
};

test('the chart shows the last 12 months, oldest first', () => {
  const months = chartMonths(NOW);
  expect(months).toHaveLength(12);
  expect(months[0]).toBe('2025-12');
  expect(months.at(-1)).toBe('2026-11');
});

test('money recovered falls in the month it was paid; units still missing in their shipment month', () => {
  const summary = dashboardSummary(input);
  const month = (m: string) => summary.months.find((b) => b.month === m);
  // SEP was reimbursed in October: its units are no longer missing.
  expect(month('2026-09')).toEqual({ month: '2026-09', recovered: [], missing_units: 0 });
  expect(month('2026-10')).toEqual({
    month: '2026-10',
    recovered: [{ currency: 'EUR', amount: 40.1 }],
    missing_units: 3,
  });
  expect(month('2026-11')?.missing_units).toBe(2);
  expect(summary.figures).toMatchObject({ open_cases: 1, resolved_cases: 1, potential_units: 5 });
  expect(summary.case_activity.map((e) => [e.shipment_id, e.kind])).toEqual([
    ['SEP', 'response'],
    ['OCT', 'submission'],
  ]);
});

test('computing it again from the same data gives the same summary (a retry never double counts)', () => {
  expect(dashboardSummary(input)).toEqual(dashboardSummary(input));
});

test('a stored summary is redone after a sync, a month or a claim window turns, or a mode change', () => {
  const summary = dashboardSummary(input);
  const current = { realMode: true, now: NOW + 1000, lastSyncFinishedAt: null };
  expect(isSummaryCurrent(summary, current)).toBe(true);
  expect(isSummaryCurrent(undefined, current)).toBe(false);
  expect(isSummaryCurrent(summary, { ...current, realMode: false })).toBe(false);
  expect(
    isSummaryCurrent(summary, {
      ...current,
      lastSyncFinishedAt: new Date(NOW + 500).toISOString(),
    }),
  ).toBe(false);
  // 1 December: the chart's months move.
  expect(summary.valid_until <= '2026-12-01T00:00:00.000Z').toBe(true);
  expect(isSummaryCurrent(summary, { ...current, now: Date.parse('2026-12-01T00:00:01Z') })).toBe(
    false,
  );
});

test('money Amazon paid on a claim counts as recovered, to the cent and in its currency, in the month it was paid', () => {
  const paid = (
    kind: StoredClaim['kind'],
    reference: string,
    amount: number,
    currency: string,
    at: string,
    state: StoredClaim['state'] = 'reimbursed',
  ): StoredClaim => ({
    id: `${kind}:${reference}:SKU`,
    kind,
    subject: { reference, sku: 'SKU', fnsku: null, orders: [reference], marketplace: IT },
    units: 1,
    amountPaid: 0,
    amountExpected: amount,
    currency,
    costSource: 'refund',
    window: { opens: '2026-10-01', closes: '2026-12-31', source: 'amazon_europe_2025' },
    state,
    evidence: ['order_ids'],
    note: null,
    outcome: state === 'reimbursed' ? { amount, currency, reimbursementIds: ['1'], at } : null,
    foundAt: '2026-10-01T00:00:00.000Z',
    updatedAt: at,
  });
  const summary = dashboardSummary({
    ...input,
    claims: [
      paid('customer_return_not_returned', '171-1', 24.9, 'EUR', '2026-11-20T10:00:00.000Z'),
      paid('removal_lost_in_transit', 'RMV-1', 0.2, 'EUR', '2026-10-03T10:00:00.000Z'),
      paid('removal_lost_in_transit', 'RMV-2', 0.1, 'EUR', '2026-10-04T10:00:00.000Z'),
      paid('customer_return_not_returned', '026-1', 7.35, 'GBP', '2026-11-02T10:00:00.000Z'),
      // Not paid: nothing recovered.
      paid('customer_return_not_returned', '171-2', 50, 'EUR', NOW_ISO, 'claim_now'),
    ],
  });
  expect(summary.figures.recovered.amounts).toEqual([
    { currency: 'EUR', amount: 65.3 },
    { currency: 'GBP', amount: 7.35 },
  ]);
  const month = (m: string) => summary.months.find((b) => b.month === m)?.recovered;
  expect(month('2026-10')).toEqual([{ currency: 'EUR', amount: 40.4 }]);
  expect(month('2026-11')).toEqual([
    { currency: 'EUR', amount: 24.9 },
    { currency: 'GBP', amount: 7.35 },
  ]);
});
