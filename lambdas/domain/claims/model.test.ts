import { REIMBURSEMENT_COLUMNS, parseReimbursementsReport } from '../cases/reimbursements';
import { alertLine } from '../alerts';
import {
  auditLedger,
  auditReimbursements,
  parseLedgerReport,
  LEDGER_COLUMNS,
  type UnitCosts,
} from './audit';
import { toClaimView } from './contract';
import { setClaimFiled, type ClaimFilingDeps } from './filing';
import {
  claimDifference,
  markFiled,
  reconcileClaims,
  windowsOpened,
  type StoredClaim,
} from './model';
import { reevaluationText } from './texts';

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

const underpaid = row('R1', '14.00', '2');

const invoice = {
  documentId: 'doc-1',
  name: 'fattura-77.xml',
  number: '2026/77',
  date: '2026-08-20',
};
const fromInvoice: UnitCosts = { 'CACAO-250': { amount: 10, currency: 'EUR', invoice } };

function audit(
  stored: StoredClaim[],
  rows: ReturnType<typeof report>,
  asOf: string,
  given: UnitCosts = costs,
) {
  const found = auditReimbursements(rows, given, { asOf }).claims;
  return reconcileClaims(stored, found, rows, {
    asOf,
    now: `${asOf}T06:00:00.000Z`,
    ledgerRead: false,
    costs: given,
  });
}

describe('the supplier invoice behind a claim’s cost', () => {
  it('a cost confirmed from an invoice names that invoice, in the view and in the text', () => {
    const [claim] = audit([], report(underpaid), '2026-10-20', fromInvoice);
    expect(claim).toMatchObject({ costSource: 'invoice', costInvoice: invoice });
    const view = toClaimView(claim as StoredClaim);
    expect(view.cost_source).toBe('invoice');
    expect(view.cost_invoice).toEqual({
      document_id: 'doc-1',
      name: 'fattura-77.xml',
      number: '2026/77',
      date: '2026-08-20',
    });
    expect(view.text?.it).toContain(
      'come risulta dalla fattura del fornitore allegata (fattura n. 2026/77 del 2026-08-20, fattura-77.xml)',
    );
    expect(view.text?.en).toContain(
      'as the attached supplier invoice shows (invoice no. 2026/77 dated 2026-08-20, fattura-77.xml)',
    );
  });

  it('a cost the seller typed has no invoice: the text never says one is attached', () => {
    const [claim] = audit([], report(underpaid), '2026-10-20');
    expect(claim).toMatchObject({ costSource: 'sku_value' });
    expect(claim).not.toHaveProperty('costInvoice');
    const text = reevaluationText(claim as StoredClaim);
    expect(text?.it).toContain(
      'Il mio costo di acquisto è 10,00 EUR per unità, 20,00 EUR in totale.',
    );
    expect(text?.it).not.toContain('allegata');
    expect(text?.en).not.toContain('attached');
    expect(toClaimView(claim as StoredClaim).cost_invoice).toBeNull();
  });

  it('an invoice confirmed later replaces the typed source of a held claim', () => {
    const stored = audit([], report(underpaid), '2026-10-20');
    expect(audit(stored, report(underpaid), '2026-10-21', fromInvoice)).toEqual([
      expect.objectContaining({ costSource: 'invoice', costInvoice: invoice }),
    ]);
  });
});

describe('the seller marks a claim as opened with Amazon', () => {
  const at = { asOf: '2026-10-22', now: '2026-10-22T08:00:00.000Z' };
  const [held] = audit([], report(underpaid), '2026-10-20');
  const claim = held as StoredClaim;

  it('a claim to file now becomes filed with the day, once; undone it is to file again', () => {
    const filed = markFiled(claim, true, at) as StoredClaim;
    expect(filed).toMatchObject({ state: 'filed', filedAt: at.now });
    expect(toClaimView(filed)).toMatchObject({ state: 'filed', filed_at: at.now });
    expect(markFiled(filed, true, { ...at, now: '2026-10-23T08:00:00.000Z' })).toBe(filed);
    const undone = markFiled(filed, false, at) as StoredClaim;
    expect(undone.state).toBe('claim_now');
    expect(undone).not.toHaveProperty('filedAt');
    expect(markFiled(undone, false, at)).toBe(undone);
    // Undone after the window closed: the window says expired.
    expect(markFiled(filed, false, { ...at, asOf: '2026-12-01' })).toMatchObject({
      state: 'expired',
    });
  });

  it('refuses a claim whose window has not opened, has closed, or that Amazon settled', () => {
    expect(markFiled({ ...claim, state: 'wait' }, true, at)).toEqual({ refused: 'not_open_yet' });
    expect(markFiled({ ...claim, state: 'expired' }, true, at)).toEqual({
      refused: 'window_closed',
    });
    expect(markFiled({ ...claim, state: 'reimbursed' }, true, at)).toEqual({ refused: 'settled' });
    expect(markFiled({ ...claim, state: 'closed' }, true, at)).toEqual({ refused: 'settled' });
  });

  it('the audit keeps a filed claim and its day; a later report row still settles it', () => {
    const filed = markFiled(claim, true, at) as StoredClaim;
    expect(audit([filed], report(underpaid), '2026-10-25')).toEqual([]);
    const paid = row('R2', '6.00', '0', {
      'approval-date': '2026-10-26T10:00:00+00:00',
      'case-id': '1234567890',
      'original-reimbursement-id': 'R1',
    });
    expect(audit([filed], report(paid, underpaid), '2026-10-27')).toEqual([
      expect.objectContaining({
        state: 'reimbursed',
        outcome: expect.objectContaining({ amount: 6, reimbursementIds: ['R2'] }),
      }),
    ]);
  });

  it('through the route: another seller’s claim is not found; a refusal writes nothing', async () => {
    const table = new Map<string, StoredClaim>([[`A|${claim.id}`, claim]]);
    const writes: StoredClaim[] = [];
    const deps: ClaimFilingDeps = {
      getClaim: async (userId, id) => table.get(`${userId}|${id}`),
      putClaims: async (userId, claims) => {
        for (const c of claims) {
          writes.push(c);
          table.set(`${userId}|${c.id}`, c);
        }
      },
      clock: { now: () => Date.parse(at.now) },
    };
    await expect(setClaimFiled(deps, 'B', claim.id, true)).rejects.toMatchObject({
      kind: 'not_found',
    });
    const first = await setClaimFiled(deps, 'A', claim.id, true);
    expect(first.claim).toMatchObject({ state: 'filed', filed_at: at.now });
    await setClaimFiled(deps, 'A', claim.id, true);
    expect(writes).toHaveLength(1);
    table.set(`A|${claim.id}`, { ...claim, state: 'wait' });
    await expect(setClaimFiled(deps, 'A', claim.id, true)).rejects.toMatchObject({
      kind: 'conflict',
      messageKey: 'claimNotOpenYet',
    });
    expect(writes).toHaveLength(1);
  });
});

describe('the digest on the day a claim’s window opens', () => {
  const rows = ledger(lostInLedger);
  const run = (stored: StoredClaim[], asOf: string) =>
    reconcileClaims(stored, auditLedger(rows, [], mokaCost, { asOf }).claims, [], {
      asOf,
      now: `${asOf}T06:00:00.000Z`,
      ledgerRead: true,
    });

  it('tells a claim once, when it passes from wait to claim now', () => {
    const waiting = run([], '2026-10-15');
    expect(waiting).toEqual([expect.objectContaining({ state: 'wait' })]);
    expect(windowsOpened([], waiting)).toEqual([]);
    const opening = run(waiting, '2026-10-16');
    expect(windowsOpened(waiting, opening).map((c) => c.id)).toEqual([
      'warehouse_lost:L-77:MOKA-3',
    ]);
    const after = apply(waiting, opening);
    const nextHour = run(after, '2026-10-16');
    expect(windowsOpened(after, nextHour)).toEqual([]);
    expect(windowsOpened(after, run(after, '2026-10-17'))).toEqual([]);
  });

  it('says in both languages that the claim can be filed from today, and until when', () => {
    const alert = {
      kind: 'claim_opened' as const,
      reference: 'L-77',
      sku: 'MOKA-3',
      closes: '2026-10-31',
    };
    expect(alertLine(alert, 'it')).toBe(
      'Reclamo L-77 (SKU MOKA-3): Amazon non ha pagato da sé e da oggi puoi aprire il reclamo, entro il 31 ottobre 2026. Trovi importo e testo nella pagina Reclami.',
    );
    expect(alertLine(alert, 'en')).toContain(
      'from today you can file the claim, by 31 October 2026',
    );
  });
});
