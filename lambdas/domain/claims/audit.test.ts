import { REIMBURSEMENT_COLUMNS, parseReimbursementsReport } from '../cases/reimbursements';
import { auditReimbursements } from './audit';

type Column = (typeof REIMBURSEMENT_COLUMNS)[number];

function report(...rows: Partial<Record<Column, string>>[]) {
  const text = [
    REIMBURSEMENT_COLUMNS.join('\t'),
    ...rows.map((r) => REIMBURSEMENT_COLUMNS.map((c) => r[c] ?? '').join('\t')),
  ].join('\n');
  const parsed = parseReimbursementsReport(text);
  expect(parsed.problems).toEqual([]);
  return parsed.rows;
}

const lost = (
  id: string,
  total: string,
  units: string,
  extra: Partial<Record<Column, string>> = {},
) => ({
  'approval-date': '2026-10-01T09:00:00+00:00',
  'reimbursement-id': id,
  reason: 'Lost_Warehouse',
  sku: 'CACAO-250',
  fnsku: 'X00CACAO',
  'currency-unit': 'EUR',
  'amount-total': total,
  'quantity-reimbursed-cash': units,
  'quantity-reimbursed-inventory': '0',
  ...extra,
});

const costs = { 'CACAO-250': { amount: 10, currency: 'EUR' } };

describe('underpaid reimbursements', () => {
  it('claims a pre-order loss paid below the unit cost, with the 60-day window from approval', () => {
    const { claims } = auditReimbursements(report(lost('R1', '14.00', '2')), costs, {
      asOf: '2026-10-20',
    });
    expect(claims).toEqual([
      {
        kind: 'underpaid_reimbursement',
        sku: 'CACAO-250',
        fnsku: 'X00CACAO',
        reference: 'R1',
        units: 2,
        amountPaid: 14,
        amountExpected: 20,
        currency: 'EUR',
        windowOpens: '2026-10-01',
        windowCloses: '2026-11-30',
        state: 'claim_now',
        note: null,
      },
    ]);
  });

  it('leaves alone a payment at or above the threshold, and honours a threshold setting', () => {
    const rows = report(lost('R1', '19.00', '2'), lost('R2', '17.00', '2'));
    expect(
      auditReimbursements(rows, costs, { asOf: '2026-10-20' }).claims.map((c) => c.reference),
    ).toEqual(['R2']);
    expect(auditReimbursements(rows, costs, { asOf: '2026-10-20', threshold: 0.8 }).claims).toEqual(
      [],
    );
  });

  it('says expired once the 60 days are over', () => {
    const { claims } = auditReimbursements(report(lost('R1', '5.00', '1')), costs, {
      asOf: '2026-12-01',
    });
    expect(claims[0]?.state).toBe('expired');
  });

  it('looks only at losses before a customer order, and only at cash units', () => {
    const rows = report(
      lost('R1', '5.00', '1', { reason: 'CustomerReturn' }),
      lost('R2', '0', '0', { 'quantity-reimbursed-inventory': '1', 'currency-unit': '' }),
      lost('R3', '5.00', '1', { reason: 'Damaged_Inbound' }),
    );
    expect(
      auditReimbursements(rows, costs, { asOf: '2026-10-20' }).claims.map((c) => c.reference),
    ).toEqual(['R3']);
  });

  it('states nothing for a SKU without a cost and never converts currencies, counting both', () => {
    const rows = report(
      lost('R1', '1.00', '1', { sku: 'TE-100' }),
      lost('R2', '1.00', '1', { 'currency-unit': 'GBP' }),
    );
    const { claims, summary } = auditReimbursements(rows, costs, { asOf: '2026-10-20' });
    expect(claims).toEqual([]);
    expect(summary).toEqual({ sku_without_cost: 1, currency_mismatch: 1 });
  });

  it('adds up the line items of one reimbursement id', () => {
    const rows = report(lost('R1', '9.00', '1'), lost('R1', '9.00', '1'));
    const { claims } = auditReimbursements(rows, costs, { asOf: '2026-10-20' });
    expect(claims).toEqual([
      expect.objectContaining({ reference: 'R1', units: 2, amountPaid: 18, amountExpected: 20 }),
    ]);
  });

  it('flags a reversal that takes back more than the reimbursement paid', () => {
    const rows = report(lost('R1', '10.00', '1'), {
      'approval-date': '2026-10-05T09:00:00+00:00',
      'reimbursement-id': 'R9',
      reason: 'Reimbursement_Reversal',
      sku: 'CACAO-250',
      fnsku: 'X00CACAO',
      'currency-unit': 'EUR',
      'amount-total': '-12.00',
      'quantity-reimbursed-cash': '-1',
      'quantity-reimbursed-inventory': '1',
      'original-reimbursement-id': 'R1',
    });
    const { claims } = auditReimbursements(rows, costs, { asOf: '2026-10-20' });
    expect(claims).toEqual([
      expect.objectContaining({
        kind: 'underpaid_reimbursement',
        reference: 'R9',
        units: 1,
        amountPaid: -2,
        amountExpected: 0,
        currency: 'EUR',
        windowOpens: '2026-10-05',
        windowCloses: '2026-12-04',
        state: 'claim_now',
        note: expect.stringContaining('R1'),
      }),
    ]);
  });

  it('does not flag a reversal that takes back what was paid', () => {
    const rows = report(lost('R1', '10.00', '1'), {
      'approval-date': '2026-10-05T09:00:00+00:00',
      'reimbursement-id': 'R9',
      reason: 'Reimbursement_Reversal',
      sku: 'CACAO-250',
      'currency-unit': 'EUR',
      'amount-total': '-10.00',
      'quantity-reimbursed-cash': '-1',
      'quantity-reimbursed-inventory': '1',
      'original-reimbursement-id': 'R1',
    });
    expect(auditReimbursements(rows, costs, { asOf: '2026-10-20' }).claims).toEqual([]);
  });
});
