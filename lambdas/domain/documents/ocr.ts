/**
 * Reading scans and photos (OCR): what the document reader asks of an OCR engine, and how the
 * engine's words become the lines the invoice and packing-list readers work on.
 *
 * - The engine (`OcrEngine`, an adapter: tesseract.js with its language data from npm packages)
 *   gets one encoded image (PNG, JPEG, GIF or BMP) and gives its words with their boxes and
 *   confidence (0-100), already turned upright (a photo taken sideways or upside down).
 * - Words become `TextLine`s: the engine's own lines, words closer than about two characters'
 *   width joined into one cell (as two spaces split cells in plain text), `x` in pixels.
 * - **Honest confidence**: each field read from OCR text carries the lowest confidence of the
 *   words it was read from; under `OCR_TRUSTED_CONFIDENCE` it is "da verificare" (`unsure`):
 *   shown to the seller to confirm, never used by the checks (see `document-view.ts`).
 * - **Limits** (hostile input): an image over `MAX_OCR_PIXELS` or a PDF past `MAX_OCR_PAGES`
 *   pages without text is not read by OCR; the whole reading has `MAX_OCR_MS` of wall time.
 */
import type { TextCell, TextLine } from './invoice-cells';

export interface OcrWord {
  text: string;
  /** 0-100, the engine's own. */
  confidence: number;
  /** Box in pixels of the upright page. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface OcrLine {
  words: OcrWord[];
}

export interface OcrPage {
  lines: OcrLine[];
  /** Mean word confidence of the page, 0-100. */
  confidence: number;
  /** Clockwise turn (degrees) the page needed to read upright. */
  rotation: 0 | 90 | 180 | 270;
}

export interface OcrEngine {
  /**
   * Reads one encoded image (PNG, JPEG, GIF, BMP). Rejects past `deadlineMs` of wall time.
   * `source`: a picture the seller uploaded (a photo or a scan saved as an image), or the
   * picture of a PDF page (a scanner's or a printer's: flat and evenly lit). `enlarge`: read
   * the page scaled up to the size a 300 dpi scan would have (a low-resolution page's small
   * letters), with no other preparation.
   */
  read(
    image: Uint8Array,
    options: { deadlineMs: number; source?: 'picture' | 'pdf_page'; enlarge?: boolean },
  ): Promise<OcrPage>;
}

/** A field read at or above this word confidence is trusted; below, it is "da verificare". */
export const OCR_TRUSTED_CONFIDENCE = 75;
/** About 40 megapixels (a 12 MP phone photo is well under). */
export const MAX_OCR_PIXELS = 40_000_000;
/** Pages of an image-only PDF read by OCR. */
export const MAX_OCR_PAGES = 5;
/**
 * A PDF page picture whose long side is under this many pixels is a low-resolution scan (an A4
 * page under about 170 dpi): when its reading lacks the number or the date, it is read a second
 * time enlarged (the engine's `enlarge`), within the same wall time.
 */
export const LOW_RESOLUTION_LONG_SIDE = 2000;
/** Wall time for the OCR of one document. */
export const MAX_OCR_MS = 20_000;

/** The field names a reading may mark as unsure. */
export type OcrField = 'number' | 'date' | 'supplier';

/** What OCR adds to one invoice read from a scan: its unsure fields and line indexes. */
export interface OcrConfidence {
  /** Lowest word confidence among the fields read (0-100, rounded). */
  confidence: number;
  unsure: OcrField[];
  /** Indexes of the lines whose words are under the threshold. */
  unsureLines: number[];
}

/** The OCR text of pages: lines of cells (pixels), and the plain text (cells split by 2 spaces). */
export function linesFromOcr(pages: OcrPage[]): { lines: TextLine[]; text: string } {
  const lines: TextLine[] = [];
  const texts: string[] = [];
  pages.forEach((page, pageIndex) => {
    const pageText: string[] = [];
    for (const line of page.lines) {
      const words = line.words.filter((w) => w.text.trim() !== '');
      if (!words.length) continue;
      const height = Math.max(1, median(words.map((w) => w.y1 - w.y0)));
      const cells: TextCell[] = [];
      for (const word of words) {
        const last = cells[cells.length - 1];
        // A gap wider than about two characters (a character is about half the line's height).
        if (last && word.x0 - last.end < height) {
          last.text += ` ${word.text.trim()}`;
          last.end = word.x1;
        } else {
          cells.push({ x: word.x0, end: word.x1, text: word.text.trim() });
        }
      }
      lines.push({ page: pageIndex, cells });
      pageText.push(cells.map((c) => c.text).join('  '));
    }
    texts.push(pageText.join('\n'));
  });
  return { lines, text: texts.join('\n\f') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function alnum(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();
}

/**
 * The confidence of a value read from the words: for each of its tokens, the best word that
 * holds it (or that it holds); the lowest of those. A token no word holds counts as 0 (the value
 * does not come plainly from the page). Null when the value is null.
 */
export function confidenceOfValue(value: string | null, words: OcrWord[]): number | null {
  if (value === null) return null;
  const tokens = value
    .split(/[\s/.,:;-]+/)
    .map(alnum)
    .filter((t) => t.length > 0);
  if (!tokens.length) return 0;
  let lowest = 100;
  for (const token of tokens) {
    let best = 0;
    for (const word of words) {
      const w = alnum(word.text);
      if (w && (w.includes(token) || (w.length >= 2 && token.includes(w))))
        best = Math.max(best, word.confidence);
    }
    lowest = Math.min(lowest, best);
  }
  return lowest;
}

/**
 * The confidence of an ISO date (yyyy-mm-dd) read from the words: the best word that holds its
 * year (4 or 2 digits, as dates print it) and its day; 0 when none does.
 */
export function confidenceOfDate(iso: string | null, words: OcrWord[]): number | null {
  if (iso === null) return null;
  const [year = '', , day = ''] = iso.split('-');
  const dayNumber = String(Number(day));
  let best = 0;
  for (const word of words) {
    const digits = word.text.replace(/\D+/g, ' ').trim().split(' ');
    const hasYear = digits.some((d) => d === year || d === year.slice(2));
    const hasDay = digits.some((d) => d !== '' && String(Number(d)) === dayNumber);
    if (hasYear && (hasDay || digits.length === 1)) best = Math.max(best, word.confidence);
  }
  return best;
}

/** An invoice read from OCR text, as far as confidence goes. */
export interface OcrReadFields {
  number: string | null;
  date: string | null;
  supplier: { name: string | null };
  lines: { description: string }[];
}

/** Each field's confidence (see `confidenceOfValue`), and which are under the threshold. */
export function ocrConfidenceOf(invoice: OcrReadFields, words: OcrWord[]): OcrConfidence {
  const scores: [OcrField, number | null][] = [
    ['number', confidenceOfValue(invoice.number, words)],
    ['date', confidenceOfDate(invoice.date, words)],
    ['supplier', confidenceOfValue(invoice.supplier.name, words)],
  ];
  const read = scores.filter((s): s is [OcrField, number] => s[1] !== null);
  const unsureLines = invoice.lines.flatMap((line, index) =>
    (confidenceOfValue(line.description, words) ?? 0) < OCR_TRUSTED_CONFIDENCE ? [index] : [],
  );
  return {
    confidence: Math.round(Math.min(100, ...read.map(([, c]) => c))),
    unsure: read.filter(([, c]) => c < OCR_TRUSTED_CONFIDENCE).map(([field]) => field),
    unsureLines,
  };
}

/** All words of the pages. */
export function wordsOf(pages: OcrPage[]): OcrWord[] {
  return pages.flatMap((p) => p.lines.flatMap((l) => l.words));
}

/**
 * Raw pixels (1, 3 or 4 channels, as pdf.js gives an image) as a 24-bit BMP, which every
 * engine reads: bottom-up rows, BGR, each row padded to 4 bytes.
 */
export function encodeBmp(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: 1 | 3 | 4,
): Uint8Array {
  const rowBytes = (width * 3 + 3) & ~3;
  const size = 54 + rowBytes * height;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  view.setUint32(2, size, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  view.setUint32(34, rowBytes * height, true);
  for (let y = 0; y < height; y += 1) {
    const row = 54 + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels;
      const r = data[at] ?? 0;
      const g = channels === 1 ? r : (data[at + 1] ?? 0);
      const b = channels === 1 ? r : (data[at + 2] ?? 0);
      out[row + x * 3] = b;
      out[row + x * 3 + 1] = g;
      out[row + x * 3 + 2] = r;
    }
  }
  return out;
}
