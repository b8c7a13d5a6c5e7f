/**
 * The OCR engine: tesseract.js (Tesseract 5 compiled to WebAssembly, its core from npm) with the
 * LSTM language data of the `@tesseract.js-data/<lang>` npm packages (`4.0.0_best_int`):
 * Italian, English, German, French, Spanish, Dutch and Polish. Nothing is downloaded at run
 * time: the data are read from disk (`OCR_LANG_DIR` when set, e.g. the Lambda layer's
 * `/opt/tessdata`, else the installed packages), never from tesseract.js's default CDN, and no
 * cache file is written.
 *
 * Before reading, the page is prepared (`preprocess.ts`: grayscale, scaled, shadows evened out,
 * deskewed, a page lying sideways turned a quarter): pictures the seller uploaded only. The
 * picture of a PDF page (a scanner's or a printer's output, flat and evenly lit) is read as it
 * is, with tesseract's own deskew: on the development set's two image-only PDFs the preparation
 * lost the invoice number of both (a boxed "INVOICE NUMBER | 20517440" row dropped) and gained
 * one date. Orientation: when the words are few or
 * unsure it is read again turned a half, then a quarter and three quarters, and the best reading
 * (mean confidence times the square root of the words) is kept: a photo taken sideways or upside
 * down reads. A page not prepared (a PDF page, or a GIF) is read with tesseract's own deskew.
 *
 * Parameters: page segmentation as one block of text (tesseract's API default, which keeps a
 * label and its value on one line across the page), and the resolution the prepared page has.
 *
 * One worker per process, created on the first image (its cold start is the bench's figure).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MAX_OCR_PIXELS,
  type OcrEngine,
  type OcrLine,
  type OcrPage,
} from '../../domain/documents/ocr';
import { decodeGray, encodeGrayBmp, preparePage, resize, scaleFor, turned } from './preprocess';

export const OCR_LANGUAGES = ['ita', 'eng', 'deu', 'fra', 'spa', 'nld', 'pol'] as const;
/** The languages loaded by default: the ones the suppliers of Amazon EU sellers write in most. */
export const DEFAULT_OCR_LANGUAGES = ['ita', 'eng', 'deu', 'fra', 'spa'] as const;

/** A first reading at or above this confidence with enough words is kept without turning. */
const UPRIGHT_CONFIDENCE = 70;
const UPRIGHT_MIN_WORDS = 10;
/** The resolution hint for a prepared page (its letters are then about as tall as at 300 dpi). */
const PREPARED_DPI = '300';

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

/**
 * A page scaled up to the size a 300 dpi scan would have (`scaleFor`), nothing else changed; the
 * page as it is when it needs no scaling or cannot be decoded.
 */
export function enlarged(image: Uint8Array): Uint8Array {
  const page = decodeGray(image, MAX_OCR_PIXELS);
  const scale = page ? scaleFor(page.width, page.height) : 1;
  if (!page || scale <= 1) return image;
  return encodeGrayBmp(
    resize(page, Math.round(page.width * scale), Math.round(page.height * scale)),
  );
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
  const readTurned = async (image: Uint8Array, rotation: OcrPage['rotation'], auto: boolean) => {
    worker ??= start();
    const w = await worker;
    const result = await w.recognize(
      Buffer.from(image),
      auto
        ? { rotateAuto: rotation === 0, rotateRadians: (rotation * Math.PI) / 180 }
        : { rotateAuto: false },
      { blocks: true, text: false },
    );
    return pageOf(result.data.blocks as TesseractBlock[] | null, rotation);
  };
  /** A page that could not be prepared: tesseract's own deskew, then turned by the engine. */
  const readOriginal = async (image: Uint8Array) => {
    let best = await readTurned(image, 0, true);
    for (const rotation of [180, 90, 270] as const) {
      if (confident(best)) break;
      const reading = await readTurned(image, rotation, false);
      if (score(reading) > score(best)) best = reading;
    }
    return best;
  };
  const confident = (page: OcrPage) =>
    page.confidence >= UPRIGHT_CONFIDENCE &&
    page.lines.reduce((n, l) => n + l.words.length, 0) >= UPRIGHT_MIN_WORDS;
  return {
    async read(image, { deadlineMs, source = 'picture', enlarge = false }) {
      const read = async () => {
        const { page, sideways } =
          source === 'pdf_page'
            ? { page: null, sideways: false }
            : preparePage(image, MAX_OCR_PIXELS);
        const w = await (worker ??= start());
        await w.setParameters({
          user_defined_dpi: page ? PREPARED_DPI : '0',
        });
        if (!page) return readOriginal(enlarge ? enlarged(image) : image);
        const order = sideways ? ([90, 270, 0, 180] as const) : ([0, 180, 90, 270] as const);
        let best: OcrPage | undefined;
        for (const rotation of order) {
          if (best && confident(best)) break;
          const reading = await readTurned(encodeGrayBmp(turned(page, rotation)), rotation, false);
          if (!best || score(reading) > score(best)) best = reading;
        }
        return best!;
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
