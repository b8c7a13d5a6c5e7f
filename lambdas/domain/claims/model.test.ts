import { REIMBURSEMENT_COLUMNS, parseReimbursementsReport } from '../cases/reimbursements';
import { auditLedger, auditReimbursements, parseLedgerReport, LEDGER_COLUMNS } from './audit';
import { claimDifference, reconcileClaims, type StoredClaim } from './model';

type Column = (typeof REIMBURSEMENT_COLUMNS)[number];

function report(...rows: Partial<Record<Column, string>>[]) {
  const text = [
    REIMBURSEMENT_COLUMNS.join('\t'),
    ...rows.map((r) => REIMBURSEMENT_COLUMNS.map((c) => r[c] ?? '').join('\t')),
  ].join('\n');
  return parseReimbursementsReport(text).rows;
}

const row = (
  id: string,
  total: string,
  units: string,
  extra: Partial<Record<Column, string>> = {},
): Partial<Record<Column, string>> => ({
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

function ledger(...rows: Partial<Record<(typeof LEDGER_COLUMNS)[number], string>>[]) {
  const text = [
    LEDGER_COLUMNS.join('\t'),
    ...rows.map((r) => LEDGER_COLUMNS.map((c) => r[c] ?? '').join('\t')),
  ].join('\n');
  return parseLedgerReport(text).rows;
}

const lostInLedger = {
  Date: '2026-09-01',
  FNSKU: 'X00MOKA',
  MSKU: 'MOKA-3',
  'Event Type': 'Adjustments',
  'Reference ID': 'L-77',
  Quantity: '-2',
  Reason: 'M',
  Country: 'IT',
  'Unreconciled Quantity': '2',
};
const mokaCost = { 'MOKA-3': { amount: 8, currency: 'EUR' } };

/** One audit of the underpaid reimbursements on `rows`, reconciled with what is stored. */
function run(stored: StoredClaim[], reimbursements: ReturnType<typeof report>, asOf: string) {
  const found = auditReimbursements(reimbursements, costs, { asOf }).claims;
  return reconcileClaims(stored, found, reimbursements, {
    asOf,
    now: `${asOf}T06:00:00.000Z`,
    ledgerRead: false,
  });
}

/** Stored after `changes`, as the adapter would keep them. */
function apply(stored: StoredClaim[], changes: StoredClaim[]): StoredClaim[] {
  const map = new Map(stored.map((c) => [c.id, c]));
  for (const c of changes) map.set(c.id, c);
  return [...map.values()];
}

describe('stored claims: upsert and outcome', () => {
  const underpaid = [row('R1', '14.00', '2')];

  it('stores an underpaid reimbursement once with its figures, window and source', () => {
    const first = run([], report(...underpaid), '2026-10-20');
    expect(first).toEqual([
      expect.objectContaining({
        id: 'underpaid_reimbursement:R1:CACAO-250',
        state: 'claim_now',
        units: 2,
        amountPaid: 14,
        amountExpected: 20,
        currency: 'EUR',
        costSource: 'sku_value',
        window: { opens: '2026-10-01', closes: '2026-11-30', source: 'sellers_reports' },
        evidence: ['supplier_invoice'],
        outcome: null,
      }),
    ]);
    expect(claimDifference(first[0] as StoredClaim)).toBe(6);
    // The same report again changes nothing: no duplicate, no write (even with the stored
    // claim's keys in another order, as the table gives them back).
    expect(run(first, report(...underpaid), '2026-10-20')).toEqual([]);
    const reordered = first.map(
      (c) => Object.fromEntries(Object.entries(c).reverse()) as unknown as StoredClaim,
    );
    expect(run(reordered, report(...underpaid), '2026-10-21')).toEqual([]);
  });

  it('a later row paying the re-evaluation moves the claim to reimbursed with its amount', () => {
    const stored = run([], report(...underpaid), '2026-10-20');
    const later = row('R2', '6.00', '0', {
      'approval-date': '2026-10-25T10:00:00+01:00',
      'case-id': '1234567890',
      'original-reimbursement-id': 'R1',
    });
    const changes = run(stored, report(later, ...underpaid), '2026-10-26');
    expect(changes).toEqual([
      expect.objectContaining({
        id: 'underpaid_reimbursement:R1:CACAO-250',
        state: 'reimbursed',
        outcome: {
          amount: 6,
          currency: 'EUR',
          reimbursementIds: ['R2'],
          at: '2026-10-26T06:00:00.000Z',
        },
      }),
    ]);
    // Reimbursed stays reimbursed on the next run.
    expect(run(apply(stored, changes), report(later, ...underpaid), '2026-10-27')).toEqual([]);
  });

  it('a row for another SKU or before the reimbursement pays nothing', () => {
    const stored = run([], report(...underpaid), '2026-10-20');
    const other = row('R3', '6.00', '1', {
      sku: 'ALTRO',
      fnsku: 'X00ALTRO',
      'case-id': '1234567890',
      'approval-date': '2026-10-25T10:00:00+00:00',
    });
    expect(run(stored, report(other, ...underpaid), '2026-10-26')).toEqual([]);
  });

  it('a filed claim stays filed; a claim whose window passed becomes expired', () => {
    const stored = run([], report(...underpaid), '2026-10-20');
    const filed = stored.map((c) => ({ ...c, state: 'filed' as const }));
    expect(run(filed, report(...underpaid), '2026-10-21')).toEqual([]);
    expect(run(stored, report(...underpaid), '2026-12-01')).toEqual([
      expect.objectContaining({ state: 'expired' }),
    ]);
  });

  it('never proposes a warehouse loss before its window opens, nor one Amazon paid', () => {
    const rows = ledger(lostInLedger);
    const audit = (asOf: string, paid: ReturnType<typeof report>) =>
      reconcileClaims([], auditLedger(rows, paid, mokaCost, { asOf }).claims, paid, {
        asOf,
        now: `${asOf}T06:00:00.000Z`,
        ledgerRead: true,
      });
    expect(audit('2026-09-20', [])).toEqual([
      expect.objectContaining({
        id: 'warehouse_lost:L-77:MOKA-3',
        state: 'wait',
        amountExpected: 16,
        window: { opens: '2026-10-16', closes: '2026-10-31', source: 'amazon_europe_2025' },
      }),
    ]);
    expect(audit('2026-10-16', [])).toEqual([expect.objectContaining({ state: 'claim_now' })]);
    const paid = report(
      row('W1', '16.00', '2', { sku: 'MOKA-3', fnsku: 'X00MOKA', 'approval-date': '2026-10-10' }),
    );
    expect(audit('2026-10-16', paid)).toEqual([]);
  });

  it('a held warehouse loss Amazon pays later is reimbursed; one found again is closed', () => {
    const rows = ledger(lostInLedger);
    const asOf = '2026-10-16';
    const options = { asOf, now: `${asOf}T06:00:00.000Z`, ledgerRead: true };
    const stored = reconcileClaims(
      [],
      auditLedger(rows, [], mokaCost, { asOf }).claims,
      [],
      options,
    );
    const paid = report(
      row('W2', '12.00', '2', { sku: 'MOKA-3', fnsku: 'X00MOKA', 'approval-date': '2026-10-17' }),
    );
    const later = { ...options, asOf: '2026-10-18' };
    expect(
      reconcileClaims(stored, auditLedger(rows, paid, mokaCost, later).claims, paid, later),
    ).toEqual([
      expect.objectContaining({
        state: 'reimbursed',
        outcome: expect.objectContaining({ amount: 12, reimbursementIds: ['W2'] }),
      }),
    ]);
    const found = ledger(lostInLedger, {
      ...lostInLedger,
      Date: '2026-10-02',
      'Reference ID': 'F-1',
      Quantity: '2',
      Reason: 'F',
      'Unreconciled Quantity': '',
    });
    expect(
      reconcileClaims(stored, auditLedger(found, [], mokaCost, later).claims, [], later),
    ).toEqual([expect.objectContaining({ state: 'closed' })]);
  });
});
