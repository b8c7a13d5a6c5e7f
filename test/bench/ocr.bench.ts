/**
 * The OCR's cost: cold start (the engine's worker, its WebAssembly core and the default
 * languages loaded, then the first page read) and the time per page once warm, on the test
 * image (a low-resolution invoice) and, when the development set is next to the repository, its
 * phone photos. Wall time and CPU time (the process's, worker threads included) are both given:
 * on a shared machine the wall time also counts waiting for a core.
 *
 *   npm run bench -- --only ocr
 */
import fs from 'node:fs';
import path from 'node:path';
import { tesseractEngine } from '../../lambdas/adapters/ocr/tesseract';
import { readDocument } from '../../lambdas/domain/documents/read-document';

const TEST_IMAGE = path.resolve(__dirname, '../fixtures/ocr/en_east_repair_invoice_lowres.png');
const SCANS = path.resolve(__dirname, '../../../shared/fixtures/documents-real/scans');
/** One-page phone photos of the development set (their capture is `photo` in manifest.tsv). */
const PHOTOS = ['es_contoso_ticket_photo.png', 'it_scontrino_senza_intestazione_photo.jpeg'];
/** Issue 33: a one-page phone photo in under 5 s on the function's memory. */
export const PAGE_GOAL_MS = 5000;

export interface OcrBench {
  coldStartMs: number;
  coldStartCpuMs: number;
  /** Per file: mean wall and CPU time of a warm reading. */
  pages: { file: string; ms: number; cpuMs: number }[];
  table: string;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

export async function runOcrBench(runs = 2): Promise<OcrBench> {
  const engine = tesseractEngine();
  const read = (file: string) => () =>
    readDocument(new Uint8Array(fs.readFileSync(file)), path.basename(file), {
      ocr: engine,
      ocrDeadlineMs: 600_000,
    });
  try {
    const cold = await timed(read(TEST_IMAGE));
    const files = [
      TEST_IMAGE,
      ...PHOTOS.map((f) => path.join(SCANS, f)).filter((f) => fs.existsSync(f)),
    ];
    const pages = [];
    for (const file of files) {
      let ms = 0;
      let cpuMs = 0;
      for (let i = 0; i < runs; i += 1) {
        const t = await timed(read(file));
        ms += t.ms;
        cpuMs += t.cpuMs;
      }
      pages.push({ file: path.basename(file), ms: ms / runs, cpuMs: cpuMs / runs });
    }
    const table = [
      '| reading | wall ms | CPU ms |',
      '| --- | --- | --- |',
      `| cold start + first page (${path.basename(TEST_IMAGE)}) | ${cold.ms.toFixed(0)} | ${cold.cpuMs.toFixed(0)} |`,
      ...pages.map((p) => `| warm page: ${p.file} | ${p.ms.toFixed(0)} | ${p.cpuMs.toFixed(0)} |`),
    ].join('\n');
    return { coldStartMs: cold.ms, coldStartCpuMs: cold.cpuMs, pages, table };
  } finally {
    await engine.close();
  }
}
