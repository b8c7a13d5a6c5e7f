import { REIMBURSEMENT_COLUMNS, parseReimbursementsReport } from '../cases/reimbursements';
import { auditLedger, auditReimbursements, LEDGER_COLUMNS, parseLedgerReport } from './audit';
import { uncheckedReimbursements } from './uncosted';

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

  it('keeps the SKUs left unchecked for lack of a cost, per SKU, the most recently paid first', () => {
    const rows = report(
      lost('R1', '4.00', '1', { sku: 'TE-100', fnsku: 'X00TE100' }),
      lost('R1', '4.00', '2', { sku: 'TE-100', fnsku: 'X00TE100' }),
      lost('R2', '6.00', '1', { sku: 'TE-100', 'approval-date': '2026-10-09T09:00:00+00:00' }),
      lost('R3', '2.00', '1', { sku: 'MIELE-1KG', 'approval-date': '2026-10-05T09:00:00+00:00' }),
      // A customer return, a unit given back as inventory, a SKU with its cost: not listed.
      lost('R4', '5.00', '1', { sku: 'OLIO-1L', reason: 'CustomerReturn' }),
      lost('R5', '0', '0', { sku: 'OLIO-1L', 'quantity-reimbursed-inventory': '1' }),
      lost('R6', '10.00', '1'),
    );
    const { uncosted, summary } = auditReimbursements(rows, costs, { asOf: '2026-10-20' });
    expect(summary.sku_without_cost).toBe(3);
    expect(uncosted).toEqual([
      {
        sku: 'TE-100',
        fnsku: 'X00TE100',
        reimbursements: 2,
        units: 4,
        latestApproval: '2026-10-09',
      },
      {
        sku: 'MIELE-1KG',
        fnsku: 'X00CACAO',
        reimbursements: 1,
        units: 1,
        latestApproval: '2026-10-05',
      },
    ]);
  });

  it('keeps at most 500 unchecked SKUs, the most recently paid', () => {
    const rows = report(
      ...Array.from({ length: 502 }, (_, i) =>
        lost(`R${i}`, '1.00', '1', {
          sku: `SKU-${i}`,
          'approval-date': `2026-${i < 2 ? '09' : '10'}-0${(i % 9) + 1}T09:00:00+00:00`,
        }),
      ),
    );
    const { uncosted } = auditReimbursements(rows, costs, { asOf: '2026-10-20' });
    expect(uncosted).toHaveLength(500);
    expect(uncosted.map((s) => s.sku)).not.toContain('SKU-0');
    expect(uncosted.map((s) => s.sku)).not.toContain('SKU-1');
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

const LEDGER_HEADER = LEDGER_COLUMNS;

type LedgerValues = {
  date: string;
  reason: string;
  quantity: string;
  unreconciled?: string;
  ref?: string;
  event?: string;
  fnsku?: string;
};

function ledgerLine(v: LedgerValues) {
  return [
    v.date,
    v.fnsku ?? 'X00CACAO',
    'B0CACAO',
    'CACAO-250',
    'Cacao amaro',
    v.event ?? 'Adjustments',
    v.ref ?? `REF-${v.date}-${v.reason}`,
    v.quantity,
    'MXP5',
    'SELLABLE',
    v.reason,
    'IT',
    '0',
    v.unreconciled ?? '',
  ].join('\t');
}

function ledger(...rows: LedgerValues[]) {
  const parsed = parseLedgerReport([LEDGER_HEADER.join('\t'), ...rows.map(ledgerLine)].join('\n'));
  expect(parsed.problems).toEqual([]);
  return parsed.rows;
}

describe('ledger report', () => {
  it('reads columns in any order and case, with extra ones such as Date and Time and Store', () => {
    const header = [
      'store',
      'Date and Time',
      ...LEDGER_HEADER.map((h) => h.toUpperCase()),
    ].reverse();
    const values = [
      'IT',
      '2026-09-01T10:00:00+02:00',
      ...ledgerLine({
        date: '2026-09-01',
        reason: 'M',
        quantity: '-2',
        unreconciled: '2',
        ref: 'L1',
      }).split('\t'),
    ].reverse();
    const { rows, problems } = parseLedgerReport(`${header.join('\t')}\n${values.join('\t')}\n`);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      expect.objectContaining({
        line: 2,
        date: '2026-09-01',
        fnsku: 'X00CACAO',
        msku: 'CACAO-250',
        eventType: 'Adjustments',
        referenceId: 'L1',
        quantity: -2,
        reason: 'M',
        unreconciled: 2,
      }),
    ]);
  });

  it('reports a line with a non-integer quantity or the wrong number of fields, and leaves it out', () => {
    const text = [
      LEDGER_HEADER.join('\t'),
      ledgerLine({ date: '2026-09-01', reason: 'M', quantity: '-1.5', unreconciled: '1' }),
      ledgerLine({ date: '2026-09-01', reason: 'M', quantity: '-1', unreconciled: '1' }).replace(
        'Cacao amaro',
        'Cacao\tamaro',
      ),
      ledgerLine({ date: '2026-09-02', reason: 'M', quantity: '-1', unreconciled: '1' }),
    ].join('\n');
    const { rows, problems } = parseLedgerReport(text);
    expect(rows.map((r) => r.line)).toEqual([4]);
    expect(problems).toEqual([
      { line: 2, message: expect.stringContaining('Quantity') },
      { line: 3, message: expect.stringContaining('fields') },
    ]);
  });
});

describe('warehouse lost', () => {
  const loss = { date: '2026-09-01', reason: 'M', quantity: '-3', unreconciled: '3', ref: 'L1' };

  it('waits while Amazon may still pay by itself, then claims between day 45 and day 60, then expires', () => {
    const rows = ledger(loss);
    const at = (asOf: string) => auditLedger(rows, [], costs, { asOf }).claims;
    expect(at('2026-10-15')).toEqual([
      {
        kind: 'warehouse_lost',
        sku: 'CACAO-250',
        fnsku: 'X00CACAO',
        reference: 'L1',
        units: 3,
        amountPaid: 0,
        amountExpected: 30,
        currency: 'EUR',
        windowOpens: '2026-10-16',
        windowCloses: '2026-10-31',
        state: 'wait',
        note: null,
      },
    ]);
    expect(at('2026-10-16')[0]?.state).toBe('claim_now');
    expect(at('2026-10-31')[0]?.state).toBe('claim_now');
    expect(at('2026-11-01')[0]?.state).toBe('expired');
  });

  it('counts reason 5 too, and nothing Amazon already reconciled', () => {
    const rows = ledger(
      { ...loss, reason: '5', ref: 'L5' },
      { ...loss, unreconciled: '0', ref: 'L0' },
      { ...loss, event: 'Receipts', ref: 'R' },
    );
    expect(
      auditLedger(rows, [], costs, { asOf: '2026-10-20' }).claims.map((c) => c.reference),
    ).toEqual(['L5']);
  });

  it('nets units found later and Lost_Warehouse reimbursements since the loss', () => {
    const rows = ledger({ date: '2026-08-01', reason: 'F', quantity: '1', ref: 'F0' }, loss, {
      date: '2026-09-05',
      reason: 'F',
      quantity: '1',
      ref: 'F1',
    });
    const paid = report(
      lost('R1', '10.00', '1', { 'approval-date': '2026-09-20T08:00:00+00:00', fnsku: '' }),
      lost('R0', '10.00', '1', { 'approval-date': '2026-08-20T08:00:00+00:00' }),
    );
    expect(auditLedger(rows, paid, costs, { asOf: '2026-10-20' }).claims).toEqual([
      expect.objectContaining({ reference: 'L1', units: 1, amountExpected: 10 }),
    ]);
    const more = report(
      lost('R1', '10.00', '1', { 'approval-date': '2026-09-20T08:00:00+00:00' }),
      lost('R2', '10.00', '1', { 'approval-date': '2026-09-21T08:00:00+00:00' }),
    );
    expect(auditLedger(rows, more, costs, { asOf: '2026-10-20' }).claims).toEqual([]);
  });

  it('gives no amount when the SKU has no cost', () => {
    const { claims, summary } = auditLedger(ledger(loss), [], {}, { asOf: '2026-10-20' });
    expect(claims).toEqual([
      expect.objectContaining({ units: 3, amountPaid: 0, amountExpected: null, currency: null }),
    ]);
    expect(summary.sku_without_cost).toBe(1);
  });
});

describe('warehouse damaged', () => {
  it('claims damage codes E, 6, 7, K and U from day 10 to day 60 unless reimbursed as Damaged_Warehouse', () => {
    const rows = ledger(
      ...['E', '6', '7', 'K', 'U', 'H', 'D'].map((reason) => ({
        date: '2026-09-01',
        reason,
        quantity: '-1',
        unreconciled: '1',
        ref: `D-${reason}`,
        fnsku: `X00${reason}`,
      })),
    );
    const paid = report(
      lost('RK', '10.00', '1', {
        reason: 'Damaged_Warehouse',
        fnsku: 'X00K',
        'approval-date': '2026-09-04T08:00:00+00:00',
      }),
      lost('RE', '10.00', '1', { reason: 'Lost_Warehouse', fnsku: 'X00E', sku: 'OTHER' }),
    );
    const early = auditLedger(rows, paid, costs, { asOf: '2026-09-10' }).claims;
    expect(early.map((c) => [c.kind, c.reference, c.state])).toEqual([
      ['warehouse_damaged', 'D-E', 'wait'],
      ['warehouse_damaged', 'D-6', 'wait'],
      ['warehouse_damaged', 'D-7', 'wait'],
      ['warehouse_damaged', 'D-U', 'wait'],
    ]);
    expect(early[0]).toMatchObject({ windowOpens: '2026-09-11', windowCloses: '2026-10-31' });
    expect(auditLedger(rows, paid, costs, { asOf: '2026-09-11' }).claims[0]?.state).toBe(
      'claim_now',
    );
  });
});

describe('reimbursements left unchecked for lack of a cost', () => {
  const uncosted = [
    { sku: 'TE-100', fnsku: null, reimbursements: 2, units: 4, latestApproval: '2026-10-09' },
    { sku: 'MIELE-1KG', fnsku: null, reimbursements: 1, units: 1, latestApproval: '2026-10-05' },
  ];

  it('counts those whose SKU still has no cost', () => {
    expect(uncheckedReimbursements(uncosted, new Set())).toBe(3);
    expect(uncheckedReimbursements(uncosted, new Set(['TE-100']))).toBe(1);
    expect(uncheckedReimbursements(uncosted, new Set(['TE-100', 'MIELE-1KG']))).toBe(0);
  });
});
