import { checkReimbursements, type ReimbursementCheckDeps } from './reimbursement-check';
import { REIMBURSEMENT_COLUMNS } from './reimbursements';
import type { CaseOutcome } from './reimbursements';

type Line = Partial<Record<(typeof REIMBURSEMENT_COLUMNS)[number], string>>;
const cells = (line: Line) => REIMBURSEMENT_COLUMNS.map((c) => line[c] ?? '');

const paid: Line = {
  'approval-date': '2026-11-10T09:00:00+00:00',
  'reimbursement-id': 'R1',
  reason: 'Lost_Inbound',
  sku: 'CACAO-250',
  'product-name': 'Cacao amaro',
  condition: 'New',
  'currency-unit': 'EUR',
  'amount-per-unit': '6.50',
  'amount-total': '6.50',
  'quantity-reimbursed-cash': '1',
  'quantity-reimbursed-inventory': '0',
  'quantity-reimbursed-total': '1',
};

function deps(report: string) {
  const recorded: CaseOutcome[] = [];
  const rejected: { userId: string; reportId: string; lines: number[] }[] = [];
  const d: ReimbursementCheckDeps = {
    clock: { now: () => Date.parse('2026-11-20T00:00:00Z'), sleep: async () => undefined },
    connection: async () => ({ status: 'connected', marketplaceId: 'APJ6JRA9NG5V4' }),
    refreshToken: async () => 'token',
    reports: () => ({
      createReport: async () => 'REPORT-1',
      getReport: async () => ({ status: 'DONE', reportDocumentId: 'DOC-1' }),
      downloadReportDocument: async () => report,
    }),
    pending: {
      get: async () => undefined,
      claim: async () => true,
      set: async () => undefined,
      clear: async () => undefined,
    },
    awaitingCases: async () => [
      {
        shipmentId: 'FBA1',
        submittedAt: '2026-11-01T10:00:00.000Z',
        amazonCaseId: null,
        items: [{ sku: 'CACAO-250', asin: null, missing: 2 }],
        recorded: { amount: null, unitsRecovered: null, reimbursementIds: [] },
      },
    ],
    record: async (_userId, outcome) => {
      recorded.push(outcome);
    },
    rejectedLines: (userId, reportId, lines) => rejected.push({ userId, reportId, lines }),
  };
  return { d, recorded, rejected };
}

describe('the case poller’s reimbursement check', () => {
  it('leaves out the lines that do not fit the header and reports their line numbers only', async () => {
    const shifted = cells({ ...paid, 'reimbursement-id': 'R2' });
    shifted.splice(8, 0, 'in barattolo');
    shifted.pop();
    const text = [
      REIMBURSEMENT_COLUMNS.join('\t'),
      shifted.join('\t'),
      cells(paid).join('\t'),
      cells({ ...paid, 'reimbursement-id': 'R3' })
        .slice(0, 5)
        .join('\t'),
      '',
    ].join('\n');
    const { d, recorded, rejected } = deps(text);
    const result = await checkReimbursements('user-1', d, {
      deadline: Date.parse('2026-11-20T00:01:00Z'),
      pollIntervalMs: 1000,
    });
    expect(result).toMatchObject({ status: 'checked', rejectedLines: [2, 4] });
    expect(recorded).toEqual([
      expect.objectContaining({
        shipmentId: 'FBA1',
        status: 'partly_reimbursed',
        unitsRecovered: 1,
        reimbursementIds: ['R1'],
      }),
    ]);
    // Line numbers only: nothing of the rows (product names, amounts) goes to the logs.
    expect(rejected).toEqual([{ userId: 'user-1', reportId: 'REPORT-1', lines: [2, 4] }]);
  });
});
