/**
 * The OCR engine: tesseract.js (Tesseract 5 compiled to WebAssembly, its core from npm) with the
 * LSTM language data of the `@tesseract.js-data/<lang>` npm packages (`4.0.0_best_int`):
 * Italian, English, German, French, Spanish, Dutch and Polish. Nothing is downloaded at run
 * time: the data are read from disk (`OCR_LANG_DIR` when set, e.g. the Lambda layer's
 * `/opt/tessdata`, else the installed packages), never from tesseract.js's default CDN, and no
 * cache file is written.
 *
 * Orientation: the page is read as it is, with tesseract's own deskew (`rotateAuto`); when the
 * words are few or unsure it is read again turned a quarter, half and three quarters, and the
 * best reading (mean confidence times words) is kept: a photo taken sideways or upside down reads.
 *
 * One worker per process, created on the first image (its cold start is the bench's figure).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OcrEngine, OcrLine, OcrPage } from '../../domain/documents/ocr';

export const OCR_LANGUAGES = ['ita', 'eng', 'deu', 'fra', 'spa', 'nld', 'pol'] as const;
/** The languages loaded by default: the ones the suppliers of Amazon EU sellers write in most. */
export const DEFAULT_OCR_LANGUAGES = ['ita', 'eng', 'deu', 'fra', 'spa'] as const;

/** A first reading at or above this confidence with enough words is kept without turning. */
const UPRIGHT_CONFIDENCE = 70;
const UPRIGHT_MIN_WORDS = 10;

type Worker = Awaited<ReturnType<typeof import('tesseract.js').createWorker>>;

/**
 * A folder holding `<lang>.traineddata.gz` of every language: `OCR_LANG_DIR`, or a folder of
 * links to the npm packages' files (tesseract.js takes one folder for all languages).
 */
export function languageDir(languages: readonly string[]): string {
  const fromEnv = process.env.OCR_LANG_DIR;
  if (fromEnv) return fromEnv;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessdata-'));
  for (const lang of languages) {
    const pkg = path.dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const file = path.join(pkg, '4.0.0_best_int', `${lang}.traineddata.gz`);
    fs.symlinkSync(file, path.join(dir, `${lang}.traineddata.gz`));
  }
  return dir;
}

function withDeadline<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new Error('OCR took too long.'));
    }, ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

interface TesseractBlock {
  paragraphs: { lines: { words: { text: string; confidence: number; bbox: Box }[] }[] }[];
}
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function pageOf(blocks: TesseractBlock[] | null, rotation: OcrPage['rotation']): OcrPage {
  const lines: OcrLine[] = (blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({
        words: line.words.map((w) => ({ text: w.text, confidence: w.confidence, ...w.bbox })),
      })),
    ),
  );
  const words = lines.flatMap((l) => l.words);
  const confidence = words.length
    ? words.reduce((sum, w) => sum + w.confidence, 0) / words.length
    : 0;
  return { lines, confidence, rotation };
}

function score(page: OcrPage): number {
  const words = page.lines.reduce((n, l) => n + l.words.length, 0);
  return page.confidence * Math.sqrt(words);
}

/** The engine, and a way to end its worker (a CLI or a test exits only once it is ended). */
export function tesseractEngine(
  languages: readonly string[] = DEFAULT_OCR_LANGUAGES,
): OcrEngine & { close(): Promise<void> } {
  let worker: Promise<Worker> | undefined;
  const start = async (): Promise<Worker> => {
    const { createWorker, OEM } = await import('tesseract.js');
    return createWorker(languages.join('+'), OEM.LSTM_ONLY, {
      langPath: languageDir(languages),
      cacheMethod: 'none',
      gzip: true,
    });
  };
  const stop = () => {
    const current = worker;
    worker = undefined;
    void current?.then((w) => w.terminate()).catch(() => undefined);
  };
  const readTurned = async (image: Uint8Array, rotation: OcrPage['rotation']) => {
    worker ??= start();
    const w = await worker;
    const result = await w.recognize(
      Buffer.from(image),
      { rotateAuto: rotation === 0, rotateRadians: (rotation * Math.PI) / 180 },
      { blocks: true, text: false },
    );
    return pageOf(result.data.blocks as TesseractBlock[] | null, rotation);
  };
  return {
    async read(image, { deadlineMs }) {
      const read = async () => {
        let best = await readTurned(image, 0);
        const words = best.lines.reduce((n, l) => n + l.words.length, 0);
        if (best.confidence >= UPRIGHT_CONFIDENCE && words >= UPRIGHT_MIN_WORDS) return best;
        for (const rotation of [90, 270, 180] as const) {
          const turned = await readTurned(image, rotation);
          if (score(turned) > score(best)) best = turned;
        }
        return best;
      };
      // A reading past its time stops the worker (the next image starts a new one).
      return withDeadline(read(), deadlineMs, stop);
    },
    async close() {
      const current = worker;
      worker = undefined;
      if (current) await (await current).terminate();
    },
  };
}
