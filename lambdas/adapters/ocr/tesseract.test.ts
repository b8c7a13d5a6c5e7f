import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { encodeBmp } from '../../domain/documents/ocr';
import { enlarged } from './tesseract';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const IMAGE = path.join(ROOT, 'test/fixtures/ocr/en_east_repair_invoice_lowres.png');

/** The engine in a process of its own where every socket and fetch fails (threads included). */
function readOffline(env: NodeJS.ProcessEnv = {}) {
  return run(
    process.execPath,
    [
      '--require',
      path.join(__dirname, 'test-support/no-network.cjs'),
      '--import',
      'tsx',
      path.join(__dirname, 'test-support/read-offline.ts'),
      IMAGE,
      'eng',
    ],
    { cwd: ROOT, env: { ...process.env, ...env }, timeout: 150_000 },
  );
}

describe('the OCR engine (tesseract.js, language data from npm)', () => {
  it('reads a low-resolution invoice with no network at all', async () => {
    const { stdout } = await readOffline();
    const page = JSON.parse(stdout) as { rotation: number; confidence: number; lines: string[] };
    expect(page.rotation).toBe(0);
    expect(page.confidence).toBeGreaterThan(70);
    const text = page.lines.join('\n');
    expect(text).toContain('East Repair Inc.');
    expect(text).toMatch(/INVOICE DATE 11\/02\/2019/);
  }, 160_000);

  it('never falls back to a download when the language data are missing', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'tessdata-empty-'));
    await expect(readOffline({ OCR_LANG_DIR: empty })).rejects.toMatchObject({
      stderr: expect.not.stringContaining('network used') as unknown,
    });
  }, 160_000);
});

describe('a low-resolution PDF page enlarged for a second reading', () => {
  // As the document reader gives a PDF page's picture: a 24-bit BMP.
  const page = (width: number, height: number) =>
    encodeBmp(new Uint8Array(width * height).fill(200), width, height, 1);

  it("is scaled up to a 300 dpi page's size", () => {
    const size = (bmp: Uint8Array) => {
      const b = Buffer.from(bmp);
      return [b.toString('latin1', 0, 2), b.readInt32LE(18), Math.abs(b.readInt32LE(22))];
    };
    expect(size(enlarged(page(400, 300)))).toEqual(['BM', 1200, 900]);
    expect(size(enlarged(page(850, 1100)))).toEqual(['BM', 1545, 2000]);
  });

  it('is left as it is when already that large', () => {
    const large = page(1700, 2200);
    expect(enlarged(large)).toBe(large);
  });
});
