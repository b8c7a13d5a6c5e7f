import { caseActivity, dashboardFigures } from '../dashboard';
import { dashboardSummary, isSummaryCurrent, monthBuckets } from '../dashboard-summary';
import type { CaseSummary, StoredShipment } from '../sync/shipment-list';
import { unitsStillMissing } from './case-figures';
import { nextDemoStep } from './demo-poller';
import { buildDisputeText, type DisputeInput } from './dispute-text';
import { actionFor, isLocked, nextTemplate, responseDisplay, statusBadge } from './status';

/**
 * A partly reimbursed case (Amazon paid 4 of the 5 missing units) is its own open state, and
 * every figure (case, stat cards, chart, activity) counts the units still missing the same way:
 * expected − found − reimbursed.
 */

const NOW = Date.parse('2026-11-21T12:00:00Z');
const IT = 'APJ6JRA9NG5V4';

const shipment: StoredShipment = {
  shipmentId: 'FBAJJRCH95RM',
  shipmentName: 'Casa Moka IT #1158 - MXP6',
  referenceId: null,
  fcCode: 'MXP6',
  status: 'CLOSED',
  closedAt: '2026-11-06T00:00:00.000Z',
  lastUpdatedTo: null,
  marketplaceId: IT,
  unitsExpected: 60,
  unitsFound: 55,
  discrepancy: 5,
  demo: false,
  items: [
    {
      sku: 'TAZZINE/ESPRESSO-SET6',
      asin: null,
      title: null,
      unitsExpected: 24,
      unitsFound: 23,
      discrepancy: 1,
    },
    {
      sku: 'CUCCHIAINI #6 ORO',
      asin: null,
      title: null,
      unitsExpected: 36,
      unitsFound: 32,
      discrepancy: 4,
    },
  ],
};

const partly: CaseSummary = {
  shipmentId: 'FBAJJRCH95RM',
  status: 'rimborsato_parziale',
  demoMode: false,
  createdAt: '2026-11-10T00:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  lastCustomerServiceStatus: 'rimborsato',
  reimbursedAmount: 22,
  reimbursedCurrency: 'EUR',
  unitsRecovered: 4,
};
const full: CaseSummary = {
  ...partly,
  status: 'rimborsato',
  updatedAt: '2026-11-21T09:00:00.000Z',
  reimbursedAmount: 31.5,
  unitsRecovered: 5,
};

const input = (cases: CaseSummary[]) => ({
  shipments: [shipment],
  cases,
  skuValues: [],
  realMode: true,
  now: NOW,
});

describe('a partly reimbursed case', () => {
  test('is its own open state: badge, action, template and the response it reads as', () => {
    expect(statusBadge('rimborsato_parziale')).toEqual({
      label: 'Rimborsato in parte',
      tone: 'amber',
    });
    expect(actionFor('rimborsato_parziale')).toMatchObject({
      action: 'follow_up',
      disabled: false,
    });
    expect(nextTemplate('rimborsato_parziale')).toBe('follow_up');
    expect(isLocked('rimborsato_parziale')).toBe(true);
    // Amazon's last word was a payment, but not of everything: never "the case is over".
    expect(responseDisplay('rimborsato', 'rimborsato_parziale')).toEqual({
      state: 'partly_reimbursed',
      label: { it: 'Rimborsato in parte', en: 'Partly reimbursed' },
      success: false,
    });
    expect(responseDisplay('rimborsato', 'rimborsato').state).toBe('reimbursed');
    expect(responseDisplay('rimborsato').state).toBe('reimbursed');
  });

  test('units still missing are expected − found − reimbursed, never below zero', () => {
    expect(unitsStillMissing(5, 4)).toBe(1);
    expect(unitsStillMissing(5, null)).toBe(5);
    expect(unitsStillMissing(5, 7)).toBe(0);
  });

  test('the stat cards count the unit still missing, the case as open and the money recovered', () => {
    expect(dashboardFigures(input([partly]))).toMatchObject({
      potential_units: 1,
      open_shipments: 1,
      open_cases: 1,
      resolved_cases: 0,
      recovered: { amounts: [{ currency: 'EUR', amount: 22 }], units: 4 },
    });
    expect(dashboardFigures(input([full]))).toMatchObject({
      potential_units: 0,
      open_shipments: 0,
      open_cases: 0,
      resolved_cases: 1,
      recovered: { amounts: [{ currency: 'EUR', amount: 31.5 }], units: 5 },
    });
  });

  test('the estimated value is that of the units still missing', () => {
    const valued = {
      ...input([partly]),
      skuValues: [
        {
          sku: 'TAZZINE/ESPRESSO-SET6',
          amount: 10,
          currency: 'EUR' as const,
          updatedAt: '2026-11-01',
        },
        {
          sku: 'CUCCHIAINI #6 ORO',
          amount: 5.5,
          currency: 'EUR' as const,
          updatedAt: '2026-11-01',
        },
      ],
    };
    // Which SKU the unit still missing is of is not known from a total: it is counted as a unit
    // without a value rather than guessed.
    expect(dashboardFigures(valued).estimated_value).toMatchObject({
      amount: null,
      units_valued: 0,
      units_unvalued: 1,
    });
    const single: StoredShipment = {
      ...shipment,
      unitsExpected: 36,
      unitsFound: 31,
      discrepancy: 5,
      items: [{ ...shipment.items[1]!, unitsFound: 31, discrepancy: 5 }],
    };
    expect(dashboardFigures({ ...valued, shipments: [single] }).estimated_value).toMatchObject({
      amount: 5.5,
      units_valued: 1,
      units_unvalued: 0,
    });
  });

  test('the chart counts the unit still missing and the money of the month', () => {
    const month = monthBuckets(input([partly])).at(-1)!;
    expect(month).toEqual({
      month: '2026-11',
      recovered: [{ currency: 'EUR', amount: 22 }],
      missing_units: 1,
    });
    expect(monthBuckets(input([full])).at(-1)).toEqual({
      month: '2026-11',
      recovered: [{ currency: 'EUR', amount: 31.5 }],
      missing_units: 0,
    });
  });

  test('the recent activity shows the money recovered and the units still missing', () => {
    expect(caseActivity(input([partly]))).toEqual([
      expect.objectContaining({
        kind: 'response',
        type: 'pending',
        status: 'partly_reimbursed',
        amount: 22,
        currency: 'EUR',
        units: 1,
      }),
    ]);
    expect(caseActivity(input([full]))).toEqual([
      expect.objectContaining({
        kind: 'response',
        type: 'success',
        status: 'reimbursed',
        amount: 31.5,
        currency: 'EUR',
        units: 5,
      }),
    ]);
  });

  test('its follow-up says what Amazon already reimbursed and asks for the rest', () => {
    const base: DisputeInput = {
      template: 'follow_up',
      role: 'rivenditore',
      language: 'it',
      shipment: {
        shipment_id: 'FBAJJRCH95RM',
        shipment_name: 'Casa Moka IT #1158 - MXP6',
        reference_id: null,
        fc_code: 'MXP6',
        closed_at: null,
        units_expected: 60,
        units_found: 55,
      },
      items: [],
      attachments: [],
      reimbursed: { units: 4, amount: 22, currency: 'EUR' },
    };
    const it = buildDisputeText(base).text;
    expect(it).toContain(
      'Amazon ha già rimborsato 4 delle 5 unità mancanti (22,00 €): resta da rimborsare 1 unità.',
    );
    const en = buildDisputeText({ ...base, language: 'en' }).text;
    expect(en).toContain(
      'Amazon has already reimbursed 4 of the 5 missing units (€22.00): 1 unit is still to be reimbursed.',
    );
    // Only the follow-up says it, and only when something was reimbursed.
    expect(buildDisputeText({ ...base, template: 'first' }).text).not.toContain('già rimborsato');
    expect(buildDisputeText({ ...base, reimbursed: null }).text).not.toContain('già rimborsato');
  });
});

test('a stored dashboard summary computed before the latest case change is not shown', () => {
  const summary = dashboardSummary(input([partly]));
  const at = (ms: number) => new Date(NOW + ms).toISOString();
  const base = { realMode: true, now: NOW + 5_000, lastSyncFinishedAt: null };
  expect(isSummaryCurrent(summary, { ...base, lastCaseChangeAt: at(-1_000) })).toBe(true);
  expect(isSummaryCurrent(summary, { ...base, lastCaseChangeAt: null })).toBe(true);
  // The reimbursement was recorded, the summary not yet computed again: compute it now.
  expect(isSummaryCurrent(summary, { ...base, lastCaseChangeAt: at(2_000) })).toBe(false);
});

describe('a demo case reimbursed by the simulated reply', () => {
  test('carries the money and units of its shipment, so the demo dashboard adds them', () => {
    const step = nextDemoStep({ status: 'risposta_ricevuta', shipment_id: 'DEMO001' });
    expect(step).toMatchObject({
      status: 'rimborsato',
      reimbursed: { units: 2, currency: 'EUR', amount: expect.any(Number) },
    });
    expect(step?.reimbursed?.amount).toBeGreaterThan(0);
    expect(
      nextDemoStep({ status: 'necessario_sollecito', shipment_id: 'DEMO002' })?.reimbursed,
    ).toMatchObject({ units: 5, currency: 'EUR' });
    // Steps that pay nothing carry nothing.
    expect(
      nextDemoStep({ status: 'risposta_ricevuta', shipment_id: 'DEMO003' })?.reimbursed,
    ).toBeUndefined();
  });
});
