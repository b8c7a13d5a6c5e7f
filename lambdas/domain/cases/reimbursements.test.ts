import {
  matchReimbursements,
  parseReimbursementsReport,
  REIMBURSEMENT_COLUMNS,
  type CaseForMatching,
} from './reimbursements';

type Line = Partial<Record<(typeof REIMBURSEMENT_COLUMNS)[number], string>>;

/** A report as Amazon writes it: the documented header, tab-separated rows. */
function report(lines: Line[]): string {
  const rows = lines.map((line) => REIMBURSEMENT_COLUMNS.map((c) => line[c] ?? '').join('\t'));
  return [REIMBURSEMENT_COLUMNS.join('\t'), ...rows].join('\n') + '\n';
}

const row = (overrides: Line): Line => ({
  'approval-date': '2026-11-10T09:00:00+00:00',
  'reimbursement-id': 'R1',
  reason: 'Lost_Inbound',
  sku: 'CACAO-250',
  asin: 'B0CACAO001',
  'currency-unit': 'EUR',
  'amount-per-unit': '6.50',
  'amount-total': '13.00',
  'quantity-reimbursed-cash': '2',
  'quantity-reimbursed-inventory': '0',
  'quantity-reimbursed-total': '2',
  ...overrides,
});

const caseFor = (overrides: Partial<CaseForMatching> = {}): CaseForMatching => ({
  shipmentId: 'FBA1',
  submittedAt: '2026-11-01T10:00:00.000Z',
  amazonCaseId: null,
  items: [{ sku: 'CACAO-250', asin: 'B0CACAO001', missing: 2 }],
  ...overrides,
});

function outcomes(cases: CaseForMatching[], lines: Line[]) {
  const { rows, problems } = parseReimbursementsReport(report(lines));
  expect(problems).toEqual([]);
  return matchReimbursements(cases, rows);
}

describe('the reimbursements report matched to cases', () => {
  it('a full reimbursement makes the case reimbursed with its amount and currency', () => {
    expect(outcomes([caseFor()], [row({})])).toEqual([
      {
        shipmentId: 'FBA1',
        status: 'reimbursed',
        amount: 13,
        currency: 'EUR',
        unitsRecovered: 2,
        unitsMissing: 2,
        reimbursementIds: ['R1'],
        skus: ['CACAO-250'],
      },
    ]);
  });

  it('a partial one leaves it partly reimbursed', () => {
    const [outcome] = outcomes(
      [caseFor()],
      [row({ 'amount-total': '6.50', 'quantity-reimbursed-cash': '1' })],
    );
    expect(outcome).toMatchObject({ status: 'partly_reimbursed', amount: 6.5, unitsRecovered: 1 });
  });

  it('two rows for one case add up', () => {
    const [outcome] = outcomes(
      [caseFor()],
      [
        row({ 'amount-total': '6.50', 'quantity-reimbursed-cash': '1' }),
        row({
          'reimbursement-id': 'R2',
          'approval-date': '2026-11-12',
          'amount-total': '6.50',
          'quantity-reimbursed-cash': '1',
        }),
      ],
    );
    expect(outcome).toMatchObject({
      status: 'reimbursed',
      amount: 13,
      reimbursementIds: ['R1', 'R2'],
    });
  });

  it('a reversal takes the money back', () => {
    const [outcome] = outcomes(
      [caseFor()],
      [
        row({}),
        row({
          'reimbursement-id': 'R9',
          reason: 'Reimbursement_Reversal',
          'amount-total': '-13.00',
          'quantity-reimbursed-cash': '-2',
          'original-reimbursement-id': 'R1',
          'approval-date': '2026-11-20',
        }),
      ],
    );
    expect(outcome).toMatchObject({ status: 'none', amount: 0, unitsRecovered: 0 });
  });

  it('reasons that are not about inbound shipments are ignored', () => {
    const [outcome] = outcomes(
      [caseFor()],
      [
        row({ reason: 'Lost_Warehouse' }),
        row({ reason: 'CustomerReturn', 'reimbursement-id': 'R3' }),
      ],
    );
    expect(outcome?.status).toBe('none');
  });

  it('units given back as inventory count as recovered, with no cash', () => {
    const [outcome] = outcomes(
      [caseFor()],
      [
        row({
          'amount-total': '0',
          'quantity-reimbursed-cash': '0',
          'quantity-reimbursed-inventory': '2',
        }),
      ],
    );
    expect(outcome).toMatchObject({ status: 'reimbursed', amount: 0, unitsRecovered: 2 });
  });

  it('a reimbursement approved before the case was sent is not the case’s', () => {
    const [outcome] = outcomes([caseFor()], [row({ 'approval-date': '2026-10-20' })]);
    expect(outcome?.status).toBe('none');
  });

  it('to the second when the report has the time: earlier the same day is not the case’s', () => {
    const sent = caseFor({ submittedAt: '2026-11-10T12:00:00.400Z' });
    expect(
      outcomes([sent], [row({ 'approval-date': '2026-11-10T11:59:59+00:00' })])[0]?.status,
    ).toBe('none');
    expect(
      outcomes([sent], [row({ 'approval-date': '2026-11-10T12:00:00+00:00' })])[0]?.status,
    ).toBe('reimbursed');
  });

  it("Amazon's case id decides when both sides have one", () => {
    const [mine, other] = outcomes(
      [
        caseFor({ amazonCaseId: '1234567890' }),
        caseFor({ shipmentId: 'FBA2', amazonCaseId: '999' }),
      ],
      [row({ 'case-id': '1234567890', sku: 'ANY-OTHER-SKU', asin: '' })],
    );
    expect(mine).toMatchObject({ status: 'reimbursed', reimbursementIds: ['R1'] });
    expect(other?.status).toBe('none');
  });

  it('two cases for the same SKU do not both claim one reimbursement', () => {
    const results = outcomes(
      [caseFor(), caseFor({ shipmentId: 'FBA2', submittedAt: '2026-11-02T10:00:00.000Z' })],
      [row({})],
    );
    expect(results.map((r) => r.status)).toEqual(['reimbursed', 'none']);
  });

  it('reports an unreadable line instead of guessing, and a report without the columns', () => {
    const parsed = parseReimbursementsReport(report([row({ 'amount-total': 'dodici' })]));
    expect(parsed.rows).toEqual([]);
    expect(parsed.problems).toEqual([{ line: 2, message: expect.stringContaining('amount') }]);
    expect(parseReimbursementsReport('date\tamount\n').problems[0]?.message).toContain(
      'missing columns',
    );
  });
});
