import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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
