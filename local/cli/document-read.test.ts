/** Runs `document:read` as a process on each sample invoice and on unreadable files. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const CLI = path.join(ROOT, 'local/cli/document-read.ts');
const FIXTURES = path.resolve(ROOT, 'test/fixtures/invoices');

async function documentRead(
  file: string,
  ...flags: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [CLI, file, ...flags], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const LONG =
  "LA DESCRIZIONE DELLA FORNITURA PUO' SUPERARE I CENTO CARATTERI CHE RAPPRESENTAVANO IL PRECEDENTE LIMITE DIMENSIONALE. TALE LIMITE NELLA NUOVA VERSIONE E' STATO PORTATO A MILLE CARATTERI";
const ALPHA_LINES = [
  { description: LONG, quantity: 5, unit: null },
  { description: 'FORNITURE VARIE PER UFFICIO', quantity: 10, unit: null },
  { description: 'TUBI RITORNO GASOLIO', quantity: 2, unit: 'Pezzo' },
  { description: 'TUBI RITORNO GASOLIO', quantity: 1, unit: 'Pezzo' },
];

describe('npm run document:read', () => {
  jest.setTimeout(60_000);

  it.each([
    [
      'IT01234567890_FPR02.xml',
      { name: 'BETA GAMMA', vat: null },
      '123',
      '2014-12-18',
      ALPHA_LINES,
      { name: "SOCIETA' ALPHA SRL", vat: 'IT01234567890' },
    ],
    [
      'IT01234567890_FPA02.xml',
      { name: 'AMMINISTRAZIONE BETA', vat: null },
      '123',
      '2014-12-18',
      ALPHA_LINES,
      { name: "SOCIETA' ALPHA SRL", vat: 'IT01234567890' },
    ],
    [
      'IT02182030391_31.xml.p7m',
      { name: 'CIR 2000 snc', vat: 'IT01180680397' },
      '2',
      '2018-06-08',
      [{ description: 'test prodotti', quantity: 1, unit: null }],
      { name: 'Azienda di esempio', vat: 'IT02182030391' },
    ],
  ])('prints the invoice of %s', async (name, buyer, number, date, lines, supplier) => {
    const { code, stdout } = await documentRead(path.join(FIXTURES, name));
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(['kind', 'quality', 'invoices', 'text_chars']);
    expect(json).toMatchObject({ kind: 'fattura', quality: 'ok' });
    expect(json.text_chars).toBeGreaterThan(200);
    expect(json.invoices).toEqual([{ number, date, supplier, buyer, lines }]);
  });

  it('adds the extracted text as "text" with --text, lines of a PDF in reading order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'document-read-'));
    const content =
      'BT /F1 10 Tf 300 700 Td (2024/77) Tj ET BT /F1 10 Tf 72 700 Td (Fattura n.) Tj ET ' +
      'BT /F1 10 Tf 72 680 Td (Data 03/02/2024) Tj ET';
    const pdf = [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >> endobj',
      '4 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj',
      `5 0 obj << /Length ${content.length} >> stream`,
      content,
      'endstream endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
    ].join('\n');
    const file = path.join(dir, 'fattura.pdf');
    fs.writeFileSync(file, pdf, 'latin1');
    const withText = JSON.parse((await documentRead(file, '--text')).stdout);
    expect(withText.text).toBe('Fattura n.  2024/77\nData 03/02/2024');
    expect(withText.invoices[0]).toMatchObject({ number: '2024/77', date: '2024-02-03' });
    const without = JSON.parse((await documentRead(file)).stdout);
    expect(without).not.toHaveProperty('text');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('exits non-zero with a clear message for a missing, empty or unknown file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'document-read-'));
    try {
      const empty = path.join(dir, 'empty.pdf');
      fs.writeFileSync(empty, '');
      const exe = path.join(dir, 'fattura.pdf');
      fs.writeFileSync(exe, Buffer.from('MZ\x90\x00\x03\x00 program', 'latin1'));
      const missing = await documentRead(path.join(dir, 'nope.pdf'));
      expect(missing).toMatchObject({ code: 1, stdout: '' });
      expect(missing.stderr).toMatch(/cannot read .*nope\.pdf: no such file/);
      const emptyRun = await documentRead(empty);
      expect(emptyRun).toMatchObject({ code: 1, stdout: '' });
      expect(emptyRun.stderr).toMatch(/unreadable file \(empty\)/);
      const exeRun = await documentRead(exe);
      expect(exeRun).toMatchObject({ code: 1, stdout: '' });
      expect(exeRun.stderr).toMatch(/unreadable file \(unsupported_type\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
