/**
 * Text out of a PDF through Mozilla's pdf.js (the serverless build shipped by `unpdf`: one ESM
 * file, the worker runs in the same thread, no canvas and no font loading).
 *
 * pdf.js does the reading (xref tables and streams, object streams, every stream filter, fonts
 * and their Unicode maps, encryption with an empty user password, damaged files it can repair);
 * this module only lays the text out: the text items of each page are grouped into lines by
 * their baseline and put left to right by their position, whatever order the file draws them in.
 * A gap between two items gives a space; a gap wider than two letters gives two spaces, so that
 * table columns stay apart (as `pdftotext -layout` does). Single glyphs set close together with a
 * space between each (`A N E X O`, `1 / 1`) are read as the one word they spell.
 *
 * Bounded work for any file (an upload is hostile until read):
 * - before pdf.js runs, the Flate streams of the file are inflated natively against a budget
 *   (`MAX_DECODED_BYTES` for all of them together): a small file that inflates to hundreds of
 *   megabytes is refused as 'too_large' without pdf.js ever holding it;
 * - the whole reading has a deadline (`MAX_READ_MS`); past it pdf.js is stopped and the file is
 *   refused as 'too_large';
 * - at most `MAX_PAGES` pages and `MAX_TEXT_CHARS` characters are read.
 *
 * pdf.js is loaded on the first PDF, so the handler's other routes do not pay for it at start.
 */
import { inflateSync, constants as zlibConstants } from 'node:zlib';
import type { TextCell, TextLine } from './invoice-text';

export type PdfErrorCode = 'not_pdf' | 'encrypted' | 'no_pages' | 'too_large';

export class PdfError extends Error {
  constructor(
    readonly code: PdfErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PdfError';
  }
}

export interface PdfText {
  /** The text of each page, lines separated by `\n`. */
  pages: string[];
  /** All pages, separated by a blank line. */
  text: string;
  /** The lines of all pages as cells with their positions (for reading invoice fields). */
  lines: TextLine[];
}

export interface PdfReadOptions {
  /** Deadline for the whole reading, in ms (default `MAX_READ_MS`). */
  maxReadMs?: number;
}

/** All Flate streams of a file together, once inflated. */
export const MAX_DECODED_BYTES = 100 * 1024 * 1024;
/** Wall time for reading one document. */
export const MAX_READ_MS = 15_000;
export const MAX_PAGES = 300;
export const MAX_TEXT_CHARS = 2_000_000;

// ---------------------------------------------------------------------------------------------
// Decoded-size budget

function indexOf(bytes: Uint8Array, text: string, from: number): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(
    text,
    from,
    'latin1',
  );
}

/**
 * Inflates every `stream … endstream` body that is Flate data, natively and against the budget,
 * and throws 'too_large' when they add up to more. Streams that are not Flate (images, encrypted
 * data) fail to inflate at once and count for nothing.
 */
export function checkDecodedSize(bytes: Uint8Array, budget = MAX_DECODED_BYTES): number {
  let used = 0;
  let at = indexOf(bytes, 'stream', 0);
  while (at >= 0) {
    let start = at + 6;
    const before = bytes[at - 1];
    // `endstream` is not a start; the keyword is followed by CRLF or LF.
    if (before === 0x64 /* d */) {
      at = indexOf(bytes, 'stream', start);
      continue;
    }
    if (bytes[start] === 0x0d) start += 1;
    if (bytes[start] === 0x0a) start += 1;
    const end = indexOf(bytes, 'endstream', start);
    if (end < 0) break;
    if (bytes[start] === 0x78 /* zlib header */ || bytes[start] === 0x58) {
      try {
        const out = inflateSync(bytes.subarray(start, end), {
          maxOutputLength: budget - used + 1,
          finishFlush: zlibConstants.Z_SYNC_FLUSH,
        });
        used += out.length;
      } catch (error) {
        // Past `maxOutputLength` (checked by its code: the error may come from another realm).
        if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') used = budget + 1;
      }
      if (used > budget) {
        throw new PdfError('too_large', 'The PDF inflates to more than the reader handles.');
      }
    }
    at = indexOf(bytes, 'stream', end + 9);
  }
  return used;
}

// ---------------------------------------------------------------------------------------------
// Layout

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/** The parts of a pdf.js text item this module reads. */
interface TextItemLike {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

/** `m1` × `m2`, PDF matrices [a b c d e f]. */
function multiply(m1: readonly number[], m2: readonly number[]): number[] {
  const [a1 = 1, b1 = 0, c1 = 0, d1 = 1, e1 = 0, f1 = 0] = m1;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

/**
 * An item in the page's upright view (`view` maps PDF space to it: the page's /Rotate applied,
 * y growing downwards), or null for an empty one. Text that runs upright (vertical on the page
 * as seen) is kept with `vertical` set.
 */
function toItem(raw: TextItemLike, view: readonly number[]): (Item & { vertical: boolean }) | null {
  if (typeof raw.str !== 'string' || !Array.isArray(raw.transform)) return null;
  // A space drawn on its own is kept: it separates the words around it.
  const str = raw.str.replace(/\s+/g, ' ');
  if (str === '') return null;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = multiply(view, raw.transform);
  const size = Math.hypot(c, d) || Math.hypot(a, b) || raw.height || 10;
  const vertical = Math.abs(b) > Math.abs(a);
  return {
    str,
    x: vertical ? f : e,
    y: vertical ? -e : f,
    width: Math.max(0, raw.width ?? 0),
    size,
    vertical,
  };
}

/** Lines of one page, top to bottom, each left to right (`view`: see `toItem`). */
export function layoutLines(
  rawItems: readonly TextItemLike[],
  view: readonly number[] = [1, 0, 0, -1, 0, 0],
): string[] {
  return layoutCells(rawItems, view).map((cells) => cells.map((c) => c.text).join('  '));
}

/**
 * The lines of one page as cells: a cell ends where the gap to the next text is wider than two
 * letters (a table column, a label and its value far apart). Each cell keeps its left and right
 * edge on the page.
 */
export function layoutCells(
  rawItems: readonly TextItemLike[],
  view: readonly number[] = [1, 0, 0, -1, 0, 0],
): TextCell[][] {
  const all = rawItems
    .map((raw) => toItem(raw, view))
    .filter((i): i is Item & { vertical: boolean } => i !== null);
  // Upright text first, top to bottom; text running up or down the page after it.
  const horizontal = all.filter((i) => !i.vertical);
  const vertical = all.filter((i) => i.vertical);
  return [...linesOf(horizontal), ...linesOf(vertical)];
}

/** Single glyphs with a space between each: `A N E X O`, `1 / 1`, `( € )`. */
const SPACED_GLYPHS = /^\S(?: \S){2,}$/u;
/**
 * The widest distance from one spaced glyph to the next, as a share of the font size, at which
 * they are still one word: a glyph of common width (up to about 0.6 of the font size) and a gap
 * under 0.4 of it.
 */
const LETTER_PITCH = 1;

/**
 * A cell made only of single glyphs (at least three) with a space between each is one
 * letter-spaced word when its glyphs stand close together: a heading set in spaced capitals, a
 * page number `1 / 1`, a unit `( € )`, digits an OCR layer writes one by one. The distance
 * from one glyph to the next is the cell's width over its glyph count. Returns the cell's text.
 */
function letterSpaced(text: string, width: number, size: number): string {
  if (!SPACED_GLYPHS.test(text)) return text;
  const glyphs = text.split(' ');
  return width / glyphs.length < LETTER_PITCH * size ? glyphs.join('') : text;
}

function linesOf(items: Item[]): TextCell[][] {
  items.sort((p, q) => p.y - q.y || p.x - q.x);
  const lines: { y: number; size: number; items: Item[] }[] = [];
  for (const item of items) {
    const line = lines.at(-1);
    if (line && Math.abs(line.y - item.y) <= Math.max(1, 0.4 * Math.min(line.size, item.size))) {
      line.items.push(item);
      line.size = Math.max(line.size, item.size);
    } else {
      lines.push({ y: item.y, size: item.size, items: [item] });
    }
  }
  return lines
    .map((line) => {
      const sorted = [...line.items].sort((p, q) => p.x - q.x);
      const cells: (TextCell & { size: number })[] = [];
      let cell: (TextCell & { size: number }) | null = null;
      let end = -Infinity;
      let last: Item | null = null;
      for (const item of sorted) {
        // A drawn space separates words; its width (sometimes a whole column) moves nothing.
        if (item.str.trim() === '') {
          if (cell && !cell.text.endsWith(' ')) cell.text += ' ';
          continue;
        }
        // The same string drawn again over itself (fake bold, shadows) is read once.
        if (last && item.str === last.str && Math.abs(item.x - last.x) < 0.5 * item.size) continue;
        const gap = item.x - end;
        if (!cell || gap > 2 * item.size) {
          cell = { x: item.x, end: item.x, text: '', size: item.size };
          cells.push(cell);
        } else if ((gap > 0.15 * item.size || gap < -0.5 * item.size) && !cell.text.endsWith(' ')) {
          // A gap, or a clear overlap (two runs of text drawn over each other), parts words.
          cell.text += ' ';
        }
        cell.text += cell.text.endsWith(' ') || cell.text === '' ? item.str.trimStart() : item.str;
        end = Math.max(end, item.x + item.width);
        cell.end = Math.max(cell.end, item.x + item.width);
        cell.size = Math.max(cell.size, item.size);
        last = item;
      }
      return cells
        .map((c) => ({
          x: c.x,
          end: c.end,
          text: letterSpaced(c.text.trim(), c.end - c.x, c.size),
        }))
        .filter((c) => c.text !== '');
    })
    .filter((cells) => cells.length > 0);
}

// ---------------------------------------------------------------------------------------------
// Reading

type PdfJs = typeof import('unpdf/pdfjs');
let pdfjsModule: Promise<PdfJs> | undefined;
function loadPdfJs(): Promise<PdfJs> {
  pdfjsModule ??= import('unpdf/pdfjs');
  return pdfjsModule;
}

function pdfJsError(error: unknown): PdfError {
  if (error instanceof PdfError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException')
    return new PdfError('encrypted', 'The PDF is protected by a password and cannot be read.');
  if (name === 'InvalidPDFException')
    return new PdfError('no_pages', 'The PDF is damaged and has no readable page.');
  const message = error instanceof Error ? error.message : String(error);
  return new PdfError('no_pages', `The PDF cannot be read: ${message}`);
}

/**
 * The text of a PDF, page by page. Throws `PdfError`: 'not_pdf' (no `%PDF-` header near the
 * start), 'encrypted' (a user password is needed), 'no_pages' (broken beyond repair),
 * 'too_large' (past a budget, see the module comment).
 */
export async function extractPdfText(
  bytes: Uint8Array,
  options: PdfReadOptions = {},
): Promise<PdfText> {
  const header = indexOf(bytes, '%PDF-', 0);
  if (header < 0 || header > 1024) throw new PdfError('not_pdf', 'The file is not a PDF.');
  checkDecodedSize(bytes);
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    // pdf.js may take the buffer over: it gets a copy.
    data: bytes.slice(),
    password: '',
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const maxReadMs = options.maxReadMs ?? MAX_READ_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PdfError('too_large', 'The PDF takes too long to read.')),
      maxReadMs,
    );
  });
  const read = async (): Promise<PdfText> => {
    const doc = await task.promise;
    if (doc.numPages < 1) throw new PdfError('no_pages', 'The PDF has no page.');
    if (doc.numPages > MAX_PAGES)
      throw new PdfError('too_large', `The PDF has more than ${MAX_PAGES} pages.`);
    const pages: string[] = [];
    const allLines: TextLine[] = [];
    let chars = 0;
    for (let n = 1; n <= doc.numPages; n += 1) {
      let lines: TextCell[][] = [];
      try {
        const page = await doc.getPage(n);
        const content = await page.getTextContent();
        lines = layoutCells(
          content.items as TextItemLike[],
          page.getViewport({ scale: 1 }).transform,
        );
        page.cleanup();
      } catch (error) {
        // One damaged page does not lose the others.
        if (error instanceof PdfError) throw error;
      }
      for (const cells of lines) allLines.push({ page: n - 1, cells });
      const text = lines.map((cells) => cells.map((c) => c.text).join('  ')).join('\n');
      chars += text.length;
      if (chars > MAX_TEXT_CHARS)
        throw new PdfError('too_large', 'The PDF holds more text than the reader handles.');
      pages.push(text);
    }
    return { pages, text: pages.join('\n\n').trim(), lines: allLines };
  };
  try {
    return await Promise.race([read(), deadline]);
  } catch (error) {
    throw pdfJsError(error);
  } finally {
    clearTimeout(timer);
    await task.destroy().catch(() => undefined);
  }
}
