/**
 * Reads a seller-feedback export (spec 3 "Imported feedback row", 2.10, 4.9, 5) as sellers
 * really download and edit it, with papaparse, in a streaming-capable way.
 *
 * - Files: `.tsv`, `.txt`, `.csv`, UTF-8 with or without BOM, UTF-16 LE or BE (with a BOM, or
 *   told by its NUL bytes), and Windows-1252 (a file that is not valid UTF-8, what Excel writes
 *   on Italian PCs; see `detectEncoding`), LF, CRLF or CR line endings.
 * - Delimiter: tab, semicolon, comma or pipe, chosen from the header line (the one that yields
 *   the most recognised column names). Fields may be quoted, with `""` for a quote and
 *   newlines inside.
 * - Header: the first non-empty line that names at least the order id and the date columns (a
 *   few lines of preamble before it are skipped; `MAX_PREAMBLE_LINES`). English, Italian,
 *   German, French and Spanish names; see `COLUMN_NAMES`. `Author Email` and the report's
 *   `Rater Email` both count. Unknown columns (`Arrived on Time`, `Item as Described`,
 *   `Customer Service`, ...) are ignored. No such line → `FeedbackFileError('no_header')`.
 * - Size: the spec sets no limit for feedback files; we refuse more than `FEEDBACK_MAX_BYTES`
 *   (20 MB, the product's upload limit of spec 9; a 100,000-row export is about 15 MB) with
 *   `FeedbackFileError('too_large')`.
 * - Comments: one longer than `FEEDBACK_COMMENT_MAX_LENGTH` (2,000 characters; our choice, the
 *   spec names no limit and buyers' feedback comments are a few sentences) is cut to it, at a word
 *   end, with "…" (the row is kept): the classifier and the table never get a novel-sized cell.
 * - Rows: the order id is required and must be Amazon's order number; the date must be readable (see dates.ts for the forms and
 *   the day-first rule); the rating is an integer 1-5, 0 when the cell is empty. A row that
 *   breaks one of these is reported as `{ line, error, code }` with the physical line it starts
 *   on (the header is on its line, usually 1) and parsing goes on. Empty lines are skipped.
 *   A row with more cells than the header (an unquoted delimiter inside a hand-edited comment)
 *   gets the extra cells joined back into the comment.
 * - Fulfilment: `is_fba` is true for Amazon/AFN/FBA, false for Seller/Merchant/Venditore/MFN,
 *   null when there is no such column or the cell is empty or unknown.
 * - Duplicate order ids within one file: the last row wins. The incremental parser yields every
 *   row as it reads it (a consumer that upserts by order id gets "last wins" by itself);
 *   `parseFeedbackText` and `parseFeedbackChunks` keep only the last row of each order id.
 *
 * Pure and isomorphic (TextDecoder, no Node APIs), so the web app can count rows on file pick.
 */
import Papa from 'papaparse';
import { decodeWindows1252 } from '../documents/charsets';
import { parseFeedbackDate } from './dates';

/** Largest export accepted, in bytes (our choice: the spec names no feedback limit). */
export const FEEDBACK_MAX_BYTES = 20 * 1024 * 1024;

/** Longest comment kept, in UTF-16 code units (our choice: the spec names no limit). */
export const FEEDBACK_COMMENT_MAX_LENGTH = 2000;

/**
 * `text` when it fits in `max` characters, else its beginning cut at the last word end in
 * sight (never inside a surrogate pair) followed by "…", at most `max` characters in all.
 */
export function truncateFeedbackComment(
  text: string,
  max: number = FEEDBACK_COMMENT_MAX_LENGTH,
): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  let head = text.slice(0, end);
  // Drop a word cut in half when a word end is near (bounded look-back: linear).
  const wordEnd = /\s\S{0,40}$/.exec(head);
  if (wordEnd && wordEnd.index > 0 && /\S/.test(text[end] ?? ' '))
    head = head.slice(0, wordEnd.index);
  return head.trimEnd() + '…';
}

/** Longest seller response kept (our choice). */
export const FEEDBACK_RESPONSE_MAX_LENGTH = 5000;

/** The rater's email cell; longer than any address can be (RFC 5321: 254), it is not one. */
function readAuthorEmail(value: string): string {
  const email = value.trim();
  return email.length > 254 ? '' : email;
}

/** Lines before the header row that may be skipped (titles some tools add). */
export const MAX_PREAMBLE_LINES = 5;

export interface FeedbackRow {
  order_id: string;
  /** yyyy-mm-dd */
  comment_date: string;
  /** 1-5; 0 when the cell is empty. */
  rating: number;
  comment: string;
  /** true: fulfilled by Amazon; false: by the seller; null: no column or no value. */
  is_fba: boolean | null;
  /** The seller's public reply, '' when none. */
  response: string;
  /** The buyer's (anonymised) address, '' when none. */
  author_email: string;
  /** The physical line (1-based) the row starts on in the file. */
  line: number;
}

export type FeedbackRowErrorCode =
  'missing_order_id' | 'invalid_order_id' | 'invalid_date' | 'invalid_rating' | 'malformed_row';

export interface FeedbackRowError {
  line: number;
  /** English, for logs and the CLI; callers localise by `code`. */
  error: string;
  code: FeedbackRowErrorCode;
}

export interface FeedbackParseResult {
  rows: FeedbackRow[];
  errors: FeedbackRowError[];
}

export type FeedbackFileErrorCode = 'no_header' | 'too_large';

/** The whole file is refused: nothing in it may be imported. */
export class FeedbackFileError extends Error {
  constructor(
    readonly code: FeedbackFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FeedbackFileError';
  }
}

export function isFeedbackFileError(error: unknown): error is FeedbackFileError {
  return error instanceof FeedbackFileError;
}

export interface FeedbackParseOptions {
  /** Defaults to FEEDBACK_MAX_BYTES. */
  maxBytes?: number;
}

/**
 * Push-style parser: feed chunks with `write`, then call `end` once. Each call returns the rows
 * and errors completed by that chunk (not deduplicated). Throws FeedbackFileError.
 */
export interface FeedbackParser {
  write(chunk: string | Uint8Array): FeedbackParseResult;
  end(): FeedbackParseResult;
}

type Column = 'order_id' | 'date' | 'rating' | 'comment' | 'response' | 'email' | 'fulfilment';

/** Normalised header name → column (normaliseHeader: lowercase, no accents, words only). */
const COLUMN_NAMES: Record<Column, readonly string[]> = {
  order_id: [
    'order id',
    'orderid',
    'order number',
    'order no',
    'order',
    'amazon order id',
    'id ordine',
    'numero ordine',
    'numero d ordine',
    'numero dell ordine',
    'n ordine',
    'nr ordine',
    'ordine',
    'codice ordine',
    'bestellnummer',
    'bestell id',
    'numero de commande',
    'n de commande',
    'id de commande',
    'commande',
    'numero de pedido',
    'n de pedido',
    'id del pedido',
    'pedido',
  ],
  date: ['date', 'data', 'feedback date', 'data feedback', 'datum', 'fecha'],
  rating: [
    'rating',
    'stars',
    'valutazione',
    'voto',
    'stelle',
    'bewertung',
    'sterne',
    'evaluation',
    'note',
    'puntuacion',
    'calificacion',
    'valoracion',
  ],
  comment: [
    'comments',
    'comment',
    'commenti',
    'commento',
    'kommentare',
    'kommentar',
    'commentaires',
    'commentaire',
    'comentarios',
    'comentario',
    'feedback',
  ],
  response: [
    'response',
    'your response',
    'risposta',
    'la tua risposta',
    'antwort',
    'reponse',
    'votre reponse',
    'respuesta',
    'tu respuesta',
  ],
  email: [
    'rater email',
    'author email',
    'buyer email',
    'email',
    'e mail',
    'rater e mail',
    'author e mail',
    'e mail autore della valutazione',
    'email autore della valutazione',
    'e mail autore',
    'email autore',
    'email del valutatore',
    'e mail del valutatore',
    'email acquirente',
    'e mail acquirente',
    'e mail des bewerters',
    'e mail de l evaluateur',
    'correo electronico',
    'email del autor',
  ],
  fulfilment: [
    'fulfilled by',
    'fulfillment',
    'fulfilment',
    'fulfillment channel',
    'fulfilment channel',
    'gestito da',
    'spedito da',
    'logistica',
    'evaso da',
    'versand durch',
    'versand',
    'expedie par',
    'gere par',
    'enviado por',
    'gestionado por',
    'fba',
  ],
};

const HEADER_LOOKUP = new Map<string, Column>();
for (const [column, names] of Object.entries(COLUMN_NAMES) as [Column, readonly string[]][]) {
  for (const name of names) HEADER_LOOKUP.set(name, column);
}

const DELIMITERS = ['\t', ';', ',', '|'] as const;

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function normaliseHeader(value: string): string {
  return fold(value.replace(/^\uFEFF/, ''))
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function columnOf(header: string): Column | undefined {
  const name = normaliseHeader(header);
  if (!name) return undefined;
  return HEADER_LOOKUP.get(name);
}

interface Layout {
  delimiter: string;
  columns: Map<Column, number>;
  width: number;
}

/** The layout a header line gives with the best delimiter, if it names order id and date. */
function detectLayout(line: string): Layout | undefined {
  let best: (Layout & { score: number }) | undefined;
  for (const delimiter of DELIMITERS) {
    if (!line.includes(delimiter)) continue;
    const parsed = Papa.parse<string[]>(line, { delimiter, newline: '\n' });
    const cells = parsed.data[0] ?? [];
    const columns = new Map<Column, number>();
    cells.forEach((cell, index) => {
      const column = columnOf(cell);
      if (column && !columns.has(column)) columns.set(column, index);
    });
    const score = columns.size;
    if (!best || score > best.score) best = { delimiter, columns, width: cells.length, score };
  }
  if (!best || !best.columns.has('order_id') || !best.columns.has('date')) return undefined;
  if (!best.columns.has('rating') && !best.columns.has('comment')) return undefined;
  return { delimiter: best.delimiter, columns: best.columns, width: best.width };
}

const AMAZON_VALUES = /^(amazon|afn|fba|yes|y|true|si|sì|ja|oui|1)$|amazon/;
const SELLER_VALUES =
  /^(seller|merchant|mfn|fbm|no|n|false|0|nein|non)$|seller|merchant|venditore|verkaufer|vendeur|vendedor|haendler|handler/;

export function parseFulfilment(value: string): boolean | null {
  const v = fold(value.trim());
  if (!v) return null;
  if (SELLER_VALUES.test(v)) return false;
  if (AMAZON_VALUES.test(v)) return true;
  return null;
}

/** The star rating: 0 for an empty cell, else an integer 1-5 (`4`, `4.0`, `4,0`, `4 stelle`). */
export function parseRating(value: string): number | undefined {
  const v = value.trim();
  if (!v) return 0;
  const stars = /^[★⭐]{1,5}$/u.exec(v);
  if (stars) return [...v].length;
  const m =
    /^(\d+)(?:[.,]0+)?(?:\s*(?:\/\s*5|stars?|stelle|sterne|etoiles?|étoiles?|estrellas?))?$/i.exec(
      v,
    );
  if (!m) return undefined;
  const n = Number(m[1]);
  return n >= 1 && n <= 5 ? n : undefined;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

function tooLarge(maxBytes: number): FeedbackFileError {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new FeedbackFileError('too_large', `The file is larger than ${mb} MB.`);
}

function noHeader(): FeedbackFileError {
  return new FeedbackFileError(
    'no_header',
    'No recognisable header row: the file needs at least the order id, date and rating or comment columns (e.g. "Date, Rating, Comments, Order ID" or "Data, Valutazione, Commenti, Numero ordine").',
  );
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  let at = text.indexOf('\n', from);
  while (at !== -1 && at < to) {
    count += 1;
    at = text.indexOf('\n', at + 1);
  }
  return count;
}

/**
 * Amazon's order number: three digits (D01 for digital orders), seven, seven. Anything else
 * (a hand-edited cell, a shifted column) is a row error, never a key the table refuses.
 */
const AMAZON_ORDER_ID = /^[0-9A-Z]\d{2}-\d{7}-\d{7}$/;

/**
 * The encoding of an export from its first bytes: a byte-order mark says UTF-8 or UTF-16 (LE or
 * BE); without one, NUL bytes in every other position say UTF-16 (spreadsheets' "Unicode
 * text"); otherwise UTF-8, read on as Windows-1252 when a byte is not UTF-8.
 */
export function detectEncoding(
  head: Uint8Array,
): 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const sample = Math.min(head.length, 512) & ~1;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample; i += 2) {
    if (head[i] === 0) evenNul += 1;
    if (head[i + 1] === 0) oddNul += 1;
  }
  const pairs = sample / 2;
  if (pairs >= 2 && oddNul >= pairs * 0.4 && evenNul === 0) return 'utf-16le';
  if (pairs >= 2 && evenNul >= pairs * 0.4 && oddNul === 0) return 'utf-16be';
  return 'utf-8';
}

/** Turns one record into a row or an error. */
function readRecord(cells: string[], layout: Layout, line: number): FeedbackRow | FeedbackRowError {
  let fields = cells;
  const commentIndex = layout.columns.get('comment');
  if (fields.length > layout.width && commentIndex !== undefined) {
    const extra = fields.length - layout.width;
    fields = [
      ...fields.slice(0, commentIndex),
      fields.slice(commentIndex, commentIndex + extra + 1).join(layout.delimiter),
      ...fields.slice(commentIndex + extra + 1),
    ];
  }
  const cell = (column: Column): string => {
    const index = layout.columns.get(column);
    return index === undefined ? '' : (fields[index] ?? '');
  };
  const orderId = cell('order_id').trim();
  if (!orderId) return { line, code: 'missing_order_id', error: 'missing order id' };
  if (!AMAZON_ORDER_ID.test(orderId)) {
    return {
      line,
      code: 'invalid_order_id',
      error: `order id "${orderId.slice(0, 40)}" is not an Amazon order number (123-1234567-1234567)`,
    };
  }
  const rawDate = cell('date').trim();
  const date = parseFeedbackDate(rawDate);
  if (!date) {
    return {
      line,
      code: 'invalid_date',
      error: rawDate ? `unreadable date "${rawDate.slice(0, 40)}"` : 'missing date',
    };
  }
  const rawRating = cell('rating');
  const rating = parseRating(rawRating);
  if (rating === undefined) {
    return {
      line,
      code: 'invalid_rating',
      error: `rating "${rawRating.trim().slice(0, 20)}" is not a number from 1 to 5`,
    };
  }
  return {
    order_id: orderId,
    comment_date: date,
    rating,
    comment: truncateFeedbackComment(cell('comment').trim()),
    is_fba: layout.columns.has('fulfilment') ? parseFulfilment(cell('fulfilment')) : null,
    // Bounded like the comment: a row stays far inside the table's 400 KB item limit.
    response: truncateFeedbackComment(cell('response').trim(), FEEDBACK_RESPONSE_MAX_LENGTH),
    author_email: readAuthorEmail(cell('email')),
    line,
  };
}

function isRowError(value: FeedbackRow | FeedbackRowError): value is FeedbackRowError {
  return 'code' in value;
}

export function createFeedbackParser(options: FeedbackParseOptions = {}): FeedbackParser {
  const maxBytes = options.maxBytes ?? FEEDBACK_MAX_BYTES;
  let bytes = 0;
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  let decoderLabel = 'utf-8';
  let started = false;
  let ended = false;
  /** Text not yet parsed, line endings already LF. */
  let buffer = '';
  /** A CR at the end of the last chunk: its LF may start the next one. */
  let pendingCr = false;
  /** Physical line number of buffer[0]. */
  let bufferLine = 1;
  let layout: Layout | undefined;
  let papa: Papa.Parser | undefined;
  let preambleLines = 0;
  /** Do not retry an incomplete record before the buffer holds this much. */
  let retryAt = 0;

  function decode(chunk: Uint8Array, final: boolean): string {
    if (!decoder) {
      decoderLabel = detectEncoding(chunk);
      if (decoderLabel === 'windows-1252') return decodeWindows1252(chunk);
      decoder = new TextDecoder(decoderLabel, { fatal: decoderLabel === 'utf-8' });
    } else if (decoderLabel === 'windows-1252') {
      return decodeWindows1252(chunk);
    }
    try {
      return decoder.decode(chunk, { stream: !final });
    } catch {
      // Not UTF-8: what came before was ASCII (a Windows-1252 export's header is), so the rest
      // of the file is read as Windows-1252, what Excel writes on Italian PCs.
      decoderLabel = 'windows-1252';
      decoder = undefined;
      return decodeWindows1252(chunk);
    }
  }

  function append(text: string): void {
    let t = text;
    if (!started) {
      if (t.length === 0) return;
      started = true;
      t = t.replace(/^\uFEFF/, '');
    }
    if (pendingCr) {
      t = '\r' + t;
      pendingCr = false;
    }
    if (t.endsWith('\r') && !ended) {
      pendingCr = true;
      t = t.slice(0, -1);
    }
    buffer += t.includes('\r') ? t.replace(/\r\n?/g, '\n') : t;
  }

  function findHeader(final: boolean): void {
    while (!layout) {
      const newline = buffer.indexOf('\n');
      if (newline === -1 && !final) {
        if (buffer.length > 64 * 1024) throw noHeader();
        return;
      }
      const lineText = newline === -1 ? buffer : buffer.slice(0, newline);
      const consumed = newline === -1 ? buffer.length : newline + 1;
      if (lineText.trim() === '') {
        buffer = buffer.slice(consumed);
        bufferLine += 1;
        if (newline === -1) throw noHeader();
        continue;
      }
      const found = detectLayout(lineText);
      buffer = buffer.slice(consumed);
      bufferLine += 1;
      if (found) {
        layout = found;
        papa = new Papa.Parser({ delimiter: found.delimiter, newline: '\n', step: onRecord });
        return;
      }
      preambleLines += 1;
      if (preambleLines >= MAX_PREAMBLE_LINES || newline === -1) throw noHeader();
    }
  }

  let out: FeedbackParseResult = { rows: [], errors: [] };
  let parsedUpTo = 0;
  let lineCursor = 1;
  let parseInput = '';

  function onRecord(result: Papa.ParseStepResult<string[]>): void {
    const end = result.meta.cursor;
    const line = lineCursor;
    lineCursor += countNewlines(parseInput, parsedUpTo, end);
    parsedUpTo = end;
    const cells = (result.data as unknown as string[][])[0] ?? [];
    if (cells.every((c) => c.trim() === '')) return;
    if (result.errors.some((e) => e.code === 'MissingQuotes')) {
      out.errors.push({ line, code: 'malformed_row', error: 'a quoted field is never closed' });
      return;
    }
    const record = readRecord(cells, layout as Layout, line);
    if (isRowError(record)) out.errors.push(record);
    else out.rows.push(record);
  }

  function drain(final: boolean): FeedbackParseResult {
    out = { rows: [], errors: [] };
    findHeader(final);
    if (!layout || !papa) {
      if (final) throw noHeader();
      return out;
    }
    if (!final && buffer.length < retryAt) return out;
    if (buffer.length === 0) return out;
    parseInput = buffer;
    parsedUpTo = 0;
    lineCursor = bufferLine;
    papa.parse(parseInput, 0, !final);
    if (final) {
      buffer = '';
    } else {
      buffer = parseInput.slice(parsedUpTo);
      // An unfinished record (a long quoted field): wait for twice the data before re-reading it.
      retryAt = parsedUpTo === 0 ? parseInput.length * 2 : 0;
    }
    bufferLine = lineCursor;
    parseInput = '';
    return out;
  }

  function count(chunkBytes: number): void {
    bytes += chunkBytes;
    if (bytes > maxBytes) throw tooLarge(maxBytes);
  }

  return {
    write(chunk) {
      if (ended) throw new Error('feedback parser: write after end');
      if (typeof chunk === 'string') {
        count(utf8Length(chunk));
        append(chunk);
      } else {
        count(chunk.byteLength);
        append(decode(chunk, false));
      }
      return drain(false);
    },
    end() {
      if (ended) return { rows: [], errors: [] };
      ended = true;
      if (decoder && decoderLabel !== 'windows-1252') append(decoder.decode());
      if (pendingCr) {
        pendingCr = false;
        buffer += '\n';
      }
      if (!started) throw noHeader();
      return drain(true);
    },
  };
}

/** Keeps the last row of each order id, in the order the kept rows appear. */
class LastWins {
  private readonly rows = new Map<string, FeedbackRow>();
  readonly errors: FeedbackRowError[] = [];

  add(result: FeedbackParseResult): void {
    for (const row of result.rows) {
      this.rows.delete(row.order_id);
      this.rows.set(row.order_id, row);
    }
    for (const error of result.errors) this.errors.push(error);
  }

  result(): FeedbackParseResult {
    return { rows: [...this.rows.values()], errors: this.errors };
  }
}

/** Parses a whole export held in memory. Throws FeedbackFileError. */
export function parseFeedbackText(
  text: string,
  options: FeedbackParseOptions = {},
): FeedbackParseResult {
  const parser = createFeedbackParser(options);
  const collected = new LastWins();
  collected.add(parser.write(text));
  collected.add(parser.end());
  return collected.result();
}

/**
 * Streams an export (a Node Readable, a web ReadableStream's async iterator, an array of
 * Buffers...) and yields the rows and errors of each chunk as soon as they are complete, not
 * deduplicated. Throws FeedbackFileError, before yielding anything for `no_header`.
 */
export async function* parseFeedbackStream(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: FeedbackParseOptions = {},
): AsyncGenerator<FeedbackParseResult> {
  const parser = createFeedbackParser(options);
  for await (const chunk of source) {
    const result = parser.write(chunk);
    if (result.rows.length || result.errors.length) yield result;
  }
  const last = parser.end();
  if (last.rows.length || last.errors.length) yield last;
}

/** Reads a whole stream and returns its rows (last row wins per order id) and errors. */
export async function parseFeedbackChunks(
  source: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  options: FeedbackParseOptions = {},
): Promise<FeedbackParseResult> {
  const collected = new LastWins();
  for await (const result of parseFeedbackStream(source, options)) collected.add(result);
  return collected.result();
}
