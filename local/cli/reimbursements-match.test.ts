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

describe('npm run reimbursements:match', () => {
  it('prints each case with its outcome, from a gzip report as Amazon sends it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reimb-'));
    const cases = path.join(dir, 'cases.json');
    const report = path.join(dir, 'report.tsv.gz');
    fs.writeFileSync(
      cases,
      JSON.stringify([
        {
          shipment_id: 'FBA15ABC',
          submitted_at: '2026-11-01T10:00:00Z',
          items: [{ sku: 'CACAO-250', missing: 3 }],
        },
        {
          shipment_id: 'FBA15XYZ',
          submitted_at: '2026-11-01T10:00:00Z',
          items: [{ sku: 'TE-100', missing: 1 }],
        },
      ]),
    );
    const rows = [
      REIMBURSEMENT_COLUMNS.join('\t'),
      line({
        'approval-date': '2026-11-10T08:00:00+00:00',
        'reimbursement-id': '4455',
        reason: 'Lost_Inbound',
        sku: 'CACAO-250',
        'currency-unit': 'EUR',
        'amount-total': '13.00',
        'quantity-reimbursed-cash': '2',
        'quantity-reimbursed-inventory': '0',
      }),
      line({
        'approval-date': 'yesterday',
        'reimbursement-id': 'x',
        reason: 'Lost_Inbound',
        sku: 'TE-100',
        'amount-total': '1',
      }),
    ];
    fs.writeFileSync(report, gzipSync(`${rows.join('\n')}\n`));

    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'local/cli/reimbursements-match.ts', cases, report],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    const printed = result.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(printed).toEqual([
      {
        shipment_id: 'FBA15ABC',
        skus: ['CACAO-250'],
        status: 'partly_reimbursed',
        amount: 13,
        currency: 'EUR',
        units_recovered: 2,
        units_missing: 3,
        reimbursement_ids: ['4455'],
      },
      expect.objectContaining({ shipment_id: 'FBA15XYZ', status: 'none', amount: 0 }),
    ]);
    expect(result.stderr).toContain('report.tsv.gz:3: unreadable');
  });

  it('reports a line shifted by a stray tab on stderr with its line number, and does not count it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reimb-'));
    const cases = path.join(dir, 'cases.json');
    const report = path.join(dir, 'report.tsv');
    fs.writeFileSync(
      cases,
      JSON.stringify([
        {
          shipment_id: 'FBA15ABC',
          submitted_at: '2026-11-01T10:00:00Z',
          items: [{ sku: 'CACAO-250', missing: 3 }],
        },
      ]),
    );
    const paid = {
      'approval-date': '2026-11-10T08:00:00+00:00',
      reason: 'Lost_Inbound',
      sku: 'CACAO-250',
      'product-name': 'Cacao',
      condition: 'New',
      'currency-unit': 'EUR',
      'amount-per-unit': '6.50',
      'amount-total': '6.50',
      'quantity-reimbursed-cash': '1',
      'quantity-reimbursed-inventory': '0',
      'quantity-reimbursed-total': '1',
    };
    // The product name holds a tab: every later field moves one column right.
    const shifted = line({ ...paid, 'reimbursement-id': '4456' }).split('\t');
    shifted.splice(8, 0, 'amaro 250 g');
    shifted.pop();
    fs.writeFileSync(
      report,
      [
        REIMBURSEMENT_COLUMNS.join('\t'),
        shifted.join('\t'),
        line({ ...paid, 'reimbursement-id': '4455' }),
        '',
      ].join('\n'),
    );

    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'local/cli/reimbursements-match.ts', cases, report],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toMatchObject({
      status: 'partly_reimbursed',
      amount: 6.5,
      units_recovered: 1,
      reimbursement_ids: ['4455'],
    });
    expect(result.stderr).toContain('report.tsv:2: ');
    expect(result.stderr).toContain('currency-unit');
  });

  it('explains a cases file it cannot use', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reimb-'));
    fs.writeFileSync(path.join(dir, 'cases.json'), '[{"shipment_id":"X"}]');
    fs.writeFileSync(path.join(dir, 'r.tsv'), '');
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'local/cli/reimbursements-match.ts',
        path.join(dir, 'cases.json'),
        path.join(dir, 'r.tsv'),
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('not a list of cases');
  });
});
