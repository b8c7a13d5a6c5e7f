import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REIMBURSEMENT_COLUMNS } from '../../lambdas/domain/cases/reimbursements';

const ROOT = path.resolve(__dirname, '../..');

function line(values: Partial<Record<(typeof REIMBURSEMENT_COLUMNS)[number], string>>) {
  return REIMBURSEMENT_COLUMNS.map((c) => values[c] ?? '').join('\t');
}

function audit(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'local/cli/claims-audit.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

const paidShort = {
  'approval-date': '2026-10-01T09:00:00+00:00',
  'reimbursement-id': 'R1',
  reason: 'Lost_Warehouse',
  sku: 'CACAO-250',
  fnsku: 'X00CACAO',
  'currency-unit': 'EUR',
  'amount-total': '14.00',
  'quantity-reimbursed-cash': '2',
  'quantity-reimbursed-inventory': '0',
};

describe('npm run claims:audit', () => {
  it('prints an underpaid reimbursement from a gzip Cp1252 report, and unreadable lines on stderr', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-'));
    fs.writeFileSync(
      path.join(dir, 'unit-costs.json'),
      JSON.stringify({ 'CACAO-250': { amount: 10, currency: 'EUR' } }),
    );
    const text = [
      REIMBURSEMENT_COLUMNS.join('\t'),
      line({ ...paidShort, 'product-name': 'Caffè €' }),
      line({ ...paidShort, 'reimbursement-id': 'R2', 'approval-date': 'ieri' }),
      '',
    ].join('\n');
    fs.writeFileSync(
      path.join(dir, 'GET_FBA_REIMBURSEMENTS_DATA.tsv.gz'),
      gzipSync(Buffer.from(text, 'latin1')),
    );
    const result = audit(dir, '--as-of', '2026-10-20');
    expect(result.status).toBe(0);
    const printed = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(printed).toEqual([
      {
        kind: 'underpaid_reimbursement',
        sku: 'CACAO-250',
        fnsku: 'X00CACAO',
        reference: 'R1',
        units: 2,
        amount_paid: 14,
        amount_expected: 20,
        currency: 'EUR',
        window_opens: '2026-10-01',
        window_closes: '2026-11-30',
        state: 'claim_now',
        note: null,
      },
    ]);
    expect(result.stderr).toContain('GET_FBA_REIMBURSEMENTS_DATA.tsv.gz:3: unreadable');
  });

  it('prints the warehouse losses of a ledger Amazon has not paid, netted by its reimbursements', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-'));
    fs.writeFileSync(
      path.join(dir, 'unit-costs.json'),
      JSON.stringify({ 'CACAO-250': { amount: 10, currency: 'EUR' } }),
    );
    const header =
      'Date\tFNSKU\tASIN\tMSKU\tTitle\tEvent Type\tReference ID\tQuantity\tFulfillment Center\tDisposition\tReason\tCountry\tReconciled Quantity\tUnreconciled Quantity';
    const ledger = [
      header,
      '09/01/2026\tX00CACAO\tB0C\tCACAO-250\tCaffè\tAdjustments\tL1\t-3\tMXP5\tSELLABLE\tM\tIT\t0\t3',
      '2026-09-02\tX00CACAO\tB0C\tCACAO-250\tCaffè\tAdjustments\tL2\tdue\tMXP5\tSELLABLE\tM\tIT\t0\t2',
      '2026-09-20\tX00TE\tB0T\tTE-100\tTè\tAdjustments\tD1\t-1\tMXP5\tSELLABLE\tE\tIT\t0\t1',
      '',
    ].join('\n');
    fs.writeFileSync(
      path.join(dir, 'GET_LEDGER_DETAIL_VIEW_DATA.tsv.gz'),
      gzipSync(Buffer.from(ledger, 'latin1')),
    );
    fs.writeFileSync(
      path.join(dir, 'GET_FBA_REIMBURSEMENTS_DATA.tsv'),
      `${REIMBURSEMENT_COLUMNS.join('\t')}\n${line({ ...paidShort, 'amount-total': '20.00', 'quantity-reimbursed-cash': '2' })}\n`,
    );
    const result = audit(dir, '--as-of', '2026-10-20');
    expect(result.status).toBe(0);
    const printed = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(printed).toEqual([
      {
        kind: 'warehouse_lost',
        sku: 'CACAO-250',
        fnsku: 'X00CACAO',
        reference: 'L1',
        units: 1,
        amount_paid: 0,
        amount_expected: 10,
        currency: 'EUR',
        window_opens: '2026-10-16',
        window_closes: '2026-10-31',
        state: 'claim_now',
        note: null,
      },
      {
        kind: 'warehouse_damaged',
        sku: 'TE-100',
        fnsku: 'X00TE',
        reference: 'D1',
        units: 1,
        amount_paid: 0,
        amount_expected: null,
        currency: null,
        window_opens: '2026-09-30',
        window_closes: '2026-11-19',
        state: 'claim_now',
        note: null,
      },
    ]);
    expect(result.stderr).toContain('GET_LEDGER_DETAIL_VIEW_DATA.tsv.gz:3: unreadable: Quantity');
    expect(result.stderr).toContain('sku_without_cost 1');
  });

  it('honours --threshold', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-'));
    fs.writeFileSync(
      path.join(dir, 'unit-costs.json'),
      JSON.stringify({ 'CACAO-250': { amount: 10, currency: 'EUR' } }),
    );
    fs.writeFileSync(
      path.join(dir, 'GET_FBA_REIMBURSEMENTS_DATA.tsv'),
      `${REIMBURSEMENT_COLUMNS.join('\t')}\n${line(paidShort)}\n`,
    );
    const result = audit(dir, '--as-of', '2026-10-20', '--threshold', '0.7');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
  });

  it('explains a unit-costs file it cannot use, and exits 1', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-'));
    fs.writeFileSync(
      path.join(dir, 'unit-costs.json'),
      JSON.stringify({ 'CACAO-250': { amount: '10', currency: 'EUR' } }),
    );
    const result = audit(dir, '--as-of', '2026-10-20');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not a map of unit costs: CACAO-250.amount');
  });

  it('prints its usage and exits 2 on bad arguments', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-'));
    for (const args of [
      [dir],
      [dir, '--as-of', '2026-13-01'],
      [dir, '--as-of', '2026-10-01', '--threshold', 'x'],
    ]) {
      const result = audit(...args);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('usage: npm run -s claims:audit');
    }
  });
});
