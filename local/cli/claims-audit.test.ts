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
