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

describe('exact matching, by Amazon’s own definitions', () => {
  const firstPaid = row({});
  const reversal = (overrides: Line): Line =>
    row({
      'reimbursement-id': 'R9',
      reason: 'Reimbursement_Reversal',
      'approval-date': '2026-11-20T09:00:00+00:00',
      'original-reimbursement-id': 'R1',
      'amount-per-unit': '6.50',
      'amount-total': '-6.50',
      ...overrides,
    });

  it('a reversal that returns the unit as inventory takes the money back, not the unit', () => {
    const [outcome] = outcomes(
      [caseFor()],
      [
        reversal({
          'quantity-reimbursed-cash': '-1',
          'quantity-reimbursed-inventory': '1',
          'quantity-reimbursed-total': '0',
        }),
        firstPaid,
      ],
    );
    expect(outcome).toMatchObject({
      status: 'reimbursed',
      amount: 6.5,
      unitsRecovered: 2,
      reimbursementIds: ['R1', 'R9'],
    });
  });

  it('a reversal whose total is negative (no unit given back) takes the unit away', () => {
    const [outcome] = outcomes(
      [caseFor()],
      [
        reversal({
          'quantity-reimbursed-cash': '-1',
          'quantity-reimbursed-inventory': '',
          'quantity-reimbursed-total': '',
        }),
        firstPaid,
      ],
    );
    expect(outcome).toMatchObject({ status: 'partly_reimbursed', amount: 6.5, unitsRecovered: 1 });
  });

  it('units come from the total quantity: cash and inventory on one row add up', () => {
    const [outcome] = outcomes(
      [caseFor({ items: [{ sku: 'CACAO-250', asin: null, missing: 3 }] })],
      [
        row({
          'amount-total': '6.50',
          'quantity-reimbursed-cash': '1',
          'quantity-reimbursed-inventory': '2',
          'quantity-reimbursed-total': '3',
        }),
      ],
    );
    expect(outcome).toMatchObject({ status: 'reimbursed', amount: 6.5, unitsRecovered: 3 });
  });

  it('rows are taken in the order Amazon approved them, to the instant and its offset, whatever the file order', () => {
    // Two cases for the same SKU sent the same day; a report lists the newest row first.
    const cases = [
      caseFor({ submittedAt: '2026-11-10T08:00:00.000Z' }),
      caseFor({ shipmentId: 'FBA2', submittedAt: '2026-11-10T12:00:00.000Z' }),
    ].map((c) => ({ ...c, items: [{ sku: 'CACAO-250', asin: null, missing: 1 }] }));
    const paid = (id: string, at: string) =>
      row({
        'reimbursement-id': id,
        'approval-date': at,
        'amount-total': '6.50',
        'quantity-reimbursed-cash': '1',
        'quantity-reimbursed-total': '1',
      });
    // 14:30 in Rome's summer offset is 12:30 UTC: after the second case went out.
    const later = paid('R2', '2026-11-10T14:30:00+02:00');
    const earlier = paid('R1', '2026-11-10T09:00:00Z');
    for (const file of [
      [later, earlier],
      [earlier, later],
    ]) {
      const [first, second] = outcomes(cases, file);
      expect(first).toMatchObject({ status: 'reimbursed', reimbursementIds: ['R1'] });
      expect(second).toMatchObject({ status: 'reimbursed', reimbursementIds: ['R2'] });
    }
  });

  it('reads approval instants with milliseconds, Z or an offset', () => {
    const { rows, problems } = parseReimbursementsReport(
      report([
        row({ 'approval-date': '2026-03-04T10:15:00+00:00' }),
        row({ 'approval-date': '2026-03-04T10:15:00Z' }),
        row({ 'approval-date': '2026-03-04T11:15:00.250+01:00' }),
      ]),
    );
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.approvalAt)).toEqual([
      '2026-03-04T10:15:00.000Z',
      '2026-03-04T10:15:00.000Z',
      '2026-03-04T10:15:00.250Z',
    ]);
  });

  it('rejects, with their line numbers, lines that do not fit the header, and never counts them', () => {
    const good = report([row({})]);
    const cells = (line: Line) => REIMBURSEMENT_COLUMNS.map((c) => line[c] ?? '');
    // A stray tab in the product name: everything after it moves one column to the right.
    const shifted = cells(
      row({ 'reimbursement-id': 'R5', 'product-name': 'Cacao', condition: 'New' }),
    );
    shifted.splice(8, 0, 'amaro 250 g');
    shifted.pop();
    const tooFew = cells(row({ 'reimbursement-id': 'R6' })).slice(0, 12);
    const notANumber = cells(row({ 'reimbursement-id': 'R7', 'quantity-reimbursed-cash': 'due' }));
    const text = `${good}${[shifted, tooFew, notANumber].map((c) => c.join('\t')).join('\n')}\n`;
    const { rows, problems } = parseReimbursementsReport(text);
    expect(rows.map((r) => r.reimbursementId)).toEqual(['R1']);
    expect(problems).toEqual([
      { line: 3, message: expect.stringContaining('currency-unit') },
      { line: 4, message: expect.stringContaining('fields') },
      { line: 5, message: expect.stringContaining('quantity-reimbursed-cash') },
    ]);
    // Only the line that fits is counted.
    expect(matchReimbursements([caseFor()], rows)[0]).toMatchObject({
      status: 'reimbursed',
      unitsRecovered: 2,
      reimbursementIds: ['R1'],
    });
  });
});

describe('fields as Seller Central writes them', () => {
  it('a tab inside a quoted field is the field’s, not a shift', () => {
    const cells = REIMBURSEMENT_COLUMNS.map((c) => row({ condition: 'New' })[c] ?? '');
    cells[8] = '"Cacao ""amaro""\t250 g"';
    const { rows, problems } = parseReimbursementsReport(
      `${REIMBURSEMENT_COLUMNS.join('\t')}\n${cells.join('\t')}\n`,
    );
    expect(problems).toEqual([]);
    expect(rows).toEqual([expect.objectContaining({ currency: 'EUR', unitsTotal: 2 })]);
  });
});
