/**
 * Text out of a PDF through Mozilla's pdf.js (the serverless build shipped by `unpdf`: one ESM
 * file, the worker runs in the same thread, no canvas and no font loading).
 *
 * pdf.js does the reading (xref tables and streams, object streams, every stream filter, fonts
 * and their Unicode maps, encryption with an empty user password, damaged files it can repair);
 * this module only lays the text out: the text items of each page are grouped into lines by
 * their baseline and put left to right by their position, whatever order the file draws them in.
 * A gap between two items wider than a tenth of the font size gives a space (the rule pdf.js
 * applies inside a run, and pdftotext everywhere); a gap wider than two letters gives two
 * spaces, so that table columns stay apart (as `pdftotext -layout` does). Single glyphs set
 * close together with a space between each (`A N E X O`, `1 / 1`) are read as the one word they
 * spell.
 *
 * What a person sees is read, not only what the content stream holds, nor everything it holds:
 * - the values of filled form fields and free-text annotations (`pdf-annotations.ts`), placed
 *   where the page shows them;
 * - text that runs another way than the page (a landscape invoice drawn sideways, a margin
 *   note, a page scanned upside down) in its own reading order, and the lines of a slanted scan's
 *   OCR layer as lines;
 * - text drawn twice over itself (fake bold, shadows) once;
 * - only text inside the visible page (pdf.js leaves out what lies outside the crop box).
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
import { annotationItems, type AnnotationLike } from './pdf-annotations';
import { glyphsOf, multiply, type Glyph, type TextItemLike } from './pdf-items';

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
  /** Along the text's own baseline, and across it (growing down the text). */
  x: number;
  y: number;
  width: number;
  size: number;
}

/** An item in the page's upright view, before it is put in its text's own frame. */
interface ViewItem {
  str: string;
  e: number;
  f: number;
  /** Direction of the baseline in the view, radians (0: left to right; y grows downwards). */
  angle: number;
  width: number;
  size: number;
}

/**
 * An item in the page's upright view (`view` maps PDF space to it: the page's /Rotate applied,
 * y growing downwards), or null for an empty one.
 */
function toViewItem(raw: TextItemLike, view: readonly number[]): ViewItem | null {
  if (typeof raw.str !== 'string' || !Array.isArray(raw.transform)) return null;
  // A space drawn on its own is kept: it separates the words around it.
  const str = raw.str.replace(/\s+/g, ' ');
  if (str === '') return null;
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = multiply(view, raw.transform);
  const run = Math.hypot(a, b);
  // The font's height across the baseline, whatever the horizontal scaling or the slant.
  const size =
    (run > 0 ? Math.abs(a * d - b * c) / run : 0) || Math.hypot(c, d) || raw.height || 10;
  if (![e, f, size].every(Number.isFinite)) return null;
  return {
    str,
    e,
    f,
    angle: run > 0 ? Math.atan2(b, a) : 0,
    width: Math.max(0, raw.width ?? 0),
    size,
  };
}

const EIGHTH = Math.PI / 4;

/** `angle` brought into (-π, π]. */
function wrapAngle(angle: number): number {
  const turned = angle - 2 * Math.PI * Math.round(angle / (2 * Math.PI));
  return turned <= -Math.PI ? turned + 2 * Math.PI : turned;
}

function median(values: number[]): number {
  const sorted = [...values].sort((p, q) => p - q);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Items grouped by the way their text runs on the page as seen (upright, down, up, upside down,
 * or diagonal), each group put in its own frame: x along its baselines, y across them, so that
 * a person who turns the page to read that text reads its lines top to bottom, left to right.
 * The frame follows the group's own slant (a page scanned a little askew), so a long line that
 * drifts up or down the page stays one line.
 */
function byDirection(items: ViewItem[]): { key: number; chars: number; items: Item[] }[] {
  const groups = new Map<number, ViewItem[]>();
  for (const item of items) {
    // Eighths of a turn: 0 upright, 2 running down, 4 upside down, 6 running up.
    const key = (((Math.round(item.angle / EIGHTH) % 8) + 8) % 8) as number;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.entries()].map(([key, group]) => {
    const angle = key * EIGHTH + median(group.map((i) => wrapAngle(i.angle - key * EIGHTH)));
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    return {
      key,
      chars: group.reduce((sum, i) => sum + i.str.trim().length, 0),
      items: group.map((i) => ({
        str: i.str,
        x: i.e * cos + i.f * sin,
        y: i.f * cos - i.e * sin,
        width: i.width,
        size: i.size,
      })),
    };
  });
}

/** Between directions holding as much text: upright, running down, up, upside down, diagonal. */
const DIRECTION_ORDER = [0, 2, 6, 4, 1, 7, 3, 5];

/** Lines of one page, top to bottom, each left to right (`view`: see `toViewItem`). */
export function layoutLines(
  rawItems: readonly TextItemLike[],
  view: readonly number[] = [1, 0, 0, -1, 0, 0],
): string[] {
  return layoutCells(rawItems, view).map((cells) => cells.map((c) => c.text).join('  '));
}

/**
 * The lines of one page as cells: a cell ends where the gap to the next text is wider than two
 * letters (a table column, a label and its value far apart). Each cell keeps its left and right
 * edge in its text's frame. Text that runs another way than the page's main text (a landscape
 * table on a portrait page, a sideways note in the margin, an upside-down scan) is read in its
 * own reading order, the direction holding most text first.
 */
export function layoutCells(
  rawItems: readonly TextItemLike[],
  view: readonly number[] = [1, 0, 0, -1, 0, 0],
): TextCell[][] {
  const all = rawItems.map((raw) => toViewItem(raw, view)).filter((i): i is ViewItem => i !== null);
  // A person reads the page as it is shown first, unless clearly most of its text runs
  // another way: upright text counts twice.
  const weight = (group: { key: number; chars: number }) =>
    group.key === 0 ? 2 * group.chars : group.chars;
  return byDirection(all)
    .sort(
      (p, q) =>
        weight(q) - weight(p) || DIRECTION_ORDER.indexOf(p.key) - DIRECTION_ORDER.indexOf(q.key),
    )
    .flatMap((group) => linesOf(group.items));
}

/**
 * A gap of this share of the font size parts two cells when text on another line starts at the
 * same place: a browser prints a table's cells only their padding apart (about one letter),
 * row under row, while the wide gaps of justified words fall anywhere.
 */
const COLUMN_GAP = 0.8;
/** How far apart, in points, two starts of text still stand in one column. */
const COLUMN_ALIGN = 1;

/**
 * Where text starts on each line of a page: at the line's start and after every gap wider than
 * `COLUMN_GAP` of the font size.
 */
class ColumnStarts {
  /** Rounded x → the lines with a start there. */
  private readonly byX = new Map<number, { x: number; line: number }[]>();

  constructor(lines: Item[][]) {
    lines.forEach((items, line) => {
      let end = -Infinity;
      for (const item of [...items].sort((p, q) => p.x - q.x)) {
        if (item.str.trim() === '') continue;
        if (item.x - end > COLUMN_GAP * item.size) {
          const key = Math.round(item.x);
          const list = this.byX.get(key) ?? [];
          if (list.length < 2) list.push({ x: item.x, line });
          this.byX.set(key, list);
        }
        end = Math.max(end, item.x + item.width);
      }
    });
  }

  /** Another line has text starting at `x`. */
  aligned(x: number, line: number): boolean {
    for (let key = Math.round(x) - COLUMN_ALIGN; key <= Math.round(x) + COLUMN_ALIGN; key += 1)
      for (const start of this.byX.get(key) ?? [])
        if (start.line !== line && Math.abs(start.x - x) <= COLUMN_ALIGN) return true;
    return false;
  }
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
 * page number `1 / 1`, a unit `( € )`, digits an OCR layer writes one by one, and a spaced
 * word with one kerned pair (see `kernedSpaced`). The distance from one glyph to the next is
 * the cell's width over its glyph count. Returns the cell's text.
 */
function letterSpaced(text: string, width: number, size: number): string {
  if (!SPACED_GLYPHS.test(text) && !kernedSpaced(text)) return text;
  const glyphs = text.split(' ');
  const count = glyphs.join('').length;
  return width / count < LETTER_PITCH * size ? glyphs.join('') : text;
}

/** Single glyphs and letter pairs with a space between each: `FA C T U R A`. */
const SPACED_PIECES = /^\p{L}{1,2}(?: \p{L}{1,2}){3,}$/u;

/**
 * A letter-spaced word in which the font kerned one pair of letters together (a browser keeps
 * no gap in "FA" of "F A C T U R A"): one pair and at least four single letters.
 */
function kernedSpaced(text: string): boolean {
  if (!SPACED_PIECES.test(text)) return false;
  const pieces = text.split(' ');
  const pairs = pieces.filter((piece) => piece.length === 2).length;
  return pairs === 1 && pieces.length - pairs >= 4;
}

/** How far apart, in shares of a character's width, a character and its copy may start. */
const COPY_OFFSET = 0.4;
/** How far a copy may drift from what it copies over a run, in shares of the font size. */
const COPY_DRIFT = 0.5;
/** At most this many characters read near a place are compared with a copy's first one. */
const COPY_CANDIDATES = 16;

/**
 * The characters read so far on one line, by position (estimated within each item, see
 * `glyphsOf`), to tell text drawn again over itself from new text.
 */
class LineGlyphs {
  /** Sorted by x; spaces are not kept. */
  private readonly glyphs: { ch: string; x: number }[] = [];

  add(item: Item): void {
    for (const g of glyphsOf(item.str, item.width)) {
      if (g.ch.trim() === '') continue;
      const x = item.x + g.at;
      let at = this.glyphs.length;
      while (at > 0 && this.glyphs[at - 1]!.x > x) at -= 1;
      this.glyphs.splice(at, 0, { ch: g.ch, x });
    }
  }

  /** Index of the first glyph read at or after `x`. */
  private from(x: number): number {
    let lo = 0;
    let hi = this.glyphs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.glyphs[mid]!.x < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * How many of `glyphs` (from the first) repeat, in order, characters already read: the first
   * one stands over the same character, the next ones follow the characters read after it,
   * drifting less than `COPY_DRIFT` of the font size (both positions are estimates).
   */
  private copied(glyphs: readonly Glyph[], x: number, size: number): number {
    const head = glyphs.findIndex((g) => g.ch.trim() !== '');
    if (head < 0) return 0;
    const first = glyphs[head]!;
    const tolerance = COPY_OFFSET * Math.max(first.width, 0.1 * size);
    let best = 0;
    const start = this.from(x + first.at - tolerance);
    for (let k = start; k < this.glyphs.length && k < start + COPY_CANDIDATES; k += 1) {
      const candidate = this.glyphs[k]!;
      if (candidate.x > x + first.at + tolerance) break;
      if (candidate.ch !== first.ch) continue;
      let j = head;
      let r = k;
      while (j < glyphs.length && r < this.glyphs.length) {
        const g = glyphs[j]!;
        if (g.ch.trim() === '') {
          j += 1;
          continue;
        }
        const read = this.glyphs[r]!;
        if (read.ch !== g.ch || Math.abs(read.x - (x + g.at)) > COPY_DRIFT * size) break;
        j += 1;
        r += 1;
      }
      best = Math.max(best, j);
    }
    return best;
  }

  /**
   * The part of `item` that is not a copy of characters already read (see `copied`), with the
   * spaces before it; null when all of it is a copy.
   */
  newPart(item: Item): Item | null {
    const glyphs = glyphsOf(item.str, item.width);
    let first = this.copied(glyphs, item.x, item.size);
    if (first === 0) return item;
    if (glyphs.slice(first).every((g) => g.ch.trim() === '')) return null;
    // Keep the spaces before the new text: they part it from the copy.
    while (first > 0 && glyphs[first - 1]!.ch.trim() === '') first -= 1;
    const g = glyphs[first]!;
    return { ...item, str: item.str.slice(g.index), x: item.x + g.at, width: item.width - g.at };
  }
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
  const starts = new ColumnStarts(lines.map((line) => line.items));
  return lines
    .map((line, index) => {
      const sorted = [...line.items].sort((p, q) => p.x - q.x);
      const cells: (TextCell & { size: number })[] = [];
      let cell: (TextCell & { size: number }) | null = null;
      let end = -Infinity;
      let last: Item | null = null;
      const read = new LineGlyphs();
      for (const item of sorted) {
        // A drawn space separates words; its width (sometimes a whole column) moves nothing.
        if (item.str.trim() === '') {
          if (cell && !cell.text.endsWith(' ')) cell.text += ' ';
          continue;
        }
        // The same string drawn again over itself (fake bold, shadows) is read once.
        if (last && item.str === last.str && Math.abs(item.x - last.x) < 0.5 * item.size) continue;
        // Text drawn over what is already read: its leading characters that repeat the ones
        // under them (fake bold drawn glyph by glyph or word by word) are read once.
        const fresh: Item | null =
          cell && item.x < end - 0.05 * item.size ? read.newPart(item) : item;
        if (!fresh) continue;
        const gap = fresh.x - end;
        const column = gap > COLUMN_GAP * fresh.size && starts.aligned(fresh.x, index);
        if (!cell || gap > 2 * fresh.size || column) {
          cell = { x: fresh.x, end: fresh.x, text: '', size: fresh.size };
          cells.push(cell);
        } else if (
          (gap > 0.1 * fresh.size || gap < -0.5 * fresh.size) &&
          !cell.text.endsWith(' ')
        ) {
          // A gap, or a clear overlap (two runs of text drawn over each other), parts words.
          cell.text += ' ';
        }
        cell.text +=
          cell.text.endsWith(' ') || cell.text === '' ? fresh.str.trimStart() : fresh.str;
        end = Math.max(end, fresh.x + fresh.width);
        cell.end = Math.max(cell.end, fresh.x + fresh.width);
        cell.size = Math.max(cell.size, fresh.size);
        read.add(fresh);
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
        const content = (await page.getTextContent()).items as TextItemLike[];
        // Filled form fields and free text: a page whose annotations cannot be read keeps its
        // own text.
        const annotations = (await page
          .getAnnotations({ intent: 'display' })
          .catch(() => [])) as AnnotationLike[];
        lines = layoutCells(
          [...content, ...annotationItems(annotations, content, page.view)],
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
