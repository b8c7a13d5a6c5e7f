/**
 * The OCR's cost (issue 33: a one-page phone photo in under 5 s on the function's memory):
 *
 * - **cold start**: a new engine (its worker, WebAssembly core and the default languages
 *   loaded) and the first page read, a one-page phone photo;
 * - **per page**, the engine warm: that photo; an image-only PDF page; and, when the
 *   development set (`shared/fixtures/documents-real/scans`) is found next to the repository or
 *   one of its parents, its phone photos and its image-only PDF.
 *
 * The photo and the PDF page are made here from the test invoice (a low-resolution scan in
 * test/fixtures/ocr), so the figures exist on any checkout: the photo is the page turned 4
 * degrees and saved as a phone does (JPEG, quality 85); the PDF page holds the page's picture
 * and no text.
 *
 * Wall time and CPU time (the process's, worker threads included) are both given: on a shared
 * machine the wall time also counts waiting for a core, so the load average is printed with
 * them. The time on the function is estimated from the CPU time: the document reader has
 * `memory` MB, and Lambda gives one vCPU at 1,769 MB, in proportion below it; the reading runs
 * on one thread at a time (preparation, then the engine's worker).
 *
 *   npm run bench -- --only ocr            (npx tsx test/bench/ocr.bench.ts alone)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { decodeGray, rotate } from '../../lambdas/adapters/ocr/preprocess';
import { tesseractEngine } from '../../lambdas/adapters/ocr/tesseract';
import { readDocument } from '../../lambdas/domain/documents/read-document';
import { FUNCTIONS } from '../../lib/functions';

const TEST_IMAGE = path.resolve(__dirname, '../fixtures/ocr/en_east_repair_invoice_lowres.png');
/** The development set's one-page phone photos and image-only PDF (capture in manifest.tsv). */
const DEVELOPMENT_SET = [
  'es_contoso_ticket_photo.png',
  'it_scontrino_senza_intestazione_photo.jpeg',
  'en_google_invoice_image_only.pdf',
];
/** Issue 33: a one-page phone photo in under 5 s on the function's memory. */
export const PAGE_GOAL_MS = 5000;
/** Lambda's memory for one full vCPU; less memory, a proportional share of one. */
const MB_PER_VCPU = 1769;

export interface OcrPageTime {
  name: string;
  /** For the summary: `ours` (made here) or the development set file's first word. */
  short: string;
  kind: 'photo' | 'pdf_page' | 'scan';
  ms: number;
  cpuMs: number;
  /** Estimated wall time on the document reader's memory, from the CPU time. */
  functionMs: number;
}

export interface OcrBench {
  coldStartMs: number;
  coldStartCpuMs: number;
  coldStartFunctionMs: number;
  pages: OcrPageTime[];
  /** The reader's memory (MB) and the vCPU share it gives. */
  memory: number;
  vcpu: number;
  /** 1-minute load average before and after, and the machine's cores. */
  load: { before: number; after: number; cores: number };
  table: string;
}

interface Page {
  name: string;
  short: string;
  kind: OcrPageTime['kind'];
  fileName: string;
  bytes: Uint8Array;
}

/** `shared/fixtures/documents-real/scans` beside the repository or one of its parents. */
function developmentScans(): string | undefined {
  for (let dir = path.resolve(__dirname, '../..'); ; dir = path.dirname(dir)) {
    const scans = path.join(dir, 'shared/fixtures/documents-real/scans');
    if (fs.existsSync(scans)) return scans;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The test invoice photographed: turned 4 degrees, saved as JPEG at quality 85. */
function photographed(png: Uint8Array): Uint8Array {
  const page = rotate(decodeGray(png, 40_000_000)!, 4);
  const data = Buffer.alloc(page.width * page.height * 4);
  page.data.forEach((v, i) => {
    data.fill(v, i * 4, i * 4 + 3);
    data[i * 4 + 3] = 255;
  });
  return jpeg.encode({ data, width: page.width, height: page.height }, 85).data;
}

/** A PDF whose one page is the test invoice's picture, with no text. */
async function imageOnlyPdf(png: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  // The scan's 90 dpi on an A4-wide page.
  const width = (image.width / 90) * 72;
  const height = (image.height / 90) * 72;
  pdf.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  return pdf.save();
}

async function benchPages(): Promise<Page[]> {
  const png = new Uint8Array(fs.readFileSync(TEST_IMAGE));
  const pages: Page[] = [
    {
      name: 'test invoice photographed (JPEG)',
      short: 'ours',
      kind: 'photo',
      fileName: 'photo.jpg',
      bytes: photographed(png),
    },
    {
      name: 'test invoice as an image-only PDF page',
      short: 'ours',
      kind: 'pdf_page',
      fileName: 'scan.pdf',
      bytes: await imageOnlyPdf(png),
    },
    {
      name: path.basename(TEST_IMAGE),
      short: 'test scan',
      kind: 'scan',
      fileName: path.basename(TEST_IMAGE),
      bytes: png,
    },
  ];
  const scans = developmentScans();
  for (const file of scans ? DEVELOPMENT_SET : []) {
    const at = path.join(scans!, file);
    if (!fs.existsSync(at)) continue;
    const kind = file.endsWith('.pdf') ? 'pdf_page' : 'photo';
    pages.push({
      name: `${file} (development set)`,
      short: file.slice(0, file.indexOf('_', 3)),
      kind,
      fileName: file,
      bytes: new Uint8Array(fs.readFileSync(at)),
    });
  }
  return pages;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function runOcrBench(runs = 2): Promise<OcrBench> {
  const memory = FUNCTIONS.find((fn) => fn.name === 'case-documents')?.memory ?? 1024;
  const vcpu = Math.min(1, memory / MB_PER_VCPU);
  const load = { before: os.loadavg()[0]!, after: 0, cores: os.cpus().length };
  const pages = await benchPages();
  const engine = tesseractEngine();
  const read = (page: Page) => () =>
    readDocument(page.bytes.slice(), page.fileName, { ocr: engine, ocrDeadlineMs: 600_000 });
  try {
    // The first reading of the process: the engine starts, then the photo is read.
    const cold = await timed(read(pages[0]!));
    const times: OcrPageTime[] = [];
    for (const page of pages) {
      let ms = 0;
      let cpuMs = 0;
      for (let i = 0; i < runs; i += 1) {
        const t = await timed(read(page));
        ms += t.ms;
        cpuMs += t.cpuMs;
      }
      const mean = { ms: ms / runs, cpuMs: cpuMs / runs };
      const { name, short, kind } = page;
      times.push({ name, short, kind, ...mean, functionMs: mean.cpuMs / vcpu });
    }
    load.after = os.loadavg()[0]!;
    const coldStartFunctionMs = cold.cpuMs / vcpu;
    const table = [
      `Load average ${load.before.toFixed(1)} before, ${load.after.toFixed(1)} after, on ${load.cores} cores; ` +
        `the reader's ${memory} MB give ${vcpu.toFixed(2)} vCPU (function time = CPU / ${vcpu.toFixed(2)}).`,
      '',
      '| reading | wall | CPU | on the function (est.) |',
      '| --- | --- | --- | --- |',
      `| cold start: engine, languages, first page (${pages[0]!.name}) | ${seconds(cold.ms)} | ${seconds(cold.cpuMs)} | ${seconds(coldStartFunctionMs)} |`,
      ...times.map(
        (p) =>
          `| warm page: ${p.name} | ${seconds(p.ms)} | ${seconds(p.cpuMs)} | ${seconds(p.functionMs)} |`,
      ),
    ].join('\n');
    return {
      coldStartMs: cold.ms,
      coldStartCpuMs: cold.cpuMs,
      coldStartFunctionMs,
      pages: times,
      memory,
      vcpu,
      load,
      table,
    };
  } finally {
    await engine.close();
  }
}

if (require.main === module) {
  void runOcrBench(Number(process.argv[2] ?? 2)).then((bench) => console.log(bench.table));
}
