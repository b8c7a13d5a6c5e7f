/**
 * Text out of a PDF, without pdf.js (a Lambda bundle stays under 300 KB minified).
 *
 * What it reads:
 * - the objects, found by scanning for `n g obj` (so a broken or missing xref table does not
 *   matter; a later definition of the same object wins, as with incremental updates), and the
 *   objects packed in object streams (`/Type /ObjStm`);
 * - stream filters FlateDecode (PNG predictors included), ASCIIHexDecode, ASCII85Decode;
 * - the page tree from the catalog (or every `/Type /Page` when the catalog is unreadable),
 *   page content streams and the form XObjects they draw;
 * - text operators Tj, TJ, ', " with literal and hex strings, and the positioning operators
 *   Td, TD, T*, Tm, TL, Tc, Tw, Tz, cm, q/Q, which decide line breaks (a change of baseline)
 *   and spaces (a gap wider than a fraction of the font size, from the fonts' widths);
 * - fonts: a ToUnicode CMap (bfchar, bfrange, codespacerange) first, else the simple font's
 *   encoding (WinAnsi, MacRoman, Standard, with /Differences glyph names). A Type0 font
 *   without ToUnicode has no text to give: its glyphs are counted in `unmappedGlyphs`.
 *
 * Not read: encrypted files (`PdfError` 'encrypted'), LZW streams, text drawn as images.
 *
 * Bounded work and memory for any file (an upload is hostile until read): a stream inflates to
 * at most `MAX_STREAM_BYTES`, all the streams of a document together to `MAX_DECODED_BYTES`,
 * and the objects of a document hold at most `MAX_DOCUMENT_VALUES` values; past a document
 * limit the reading stops with `PdfError` 'too_large'. Decoded streams are kept for reuse only
 * up to `MAX_CACHED_BYTES` (fonts, CMaps, object streams), page contents are read and dropped.
 * Lookups keyed by names from the file use `Map` or `Object.hasOwn`, never a bare object.
 */
import { WINDOWS_1252 } from './charsets';
import { inflateRawSync, inflateSync, constants as zlibConstants } from 'node:zlib';

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
  /** Glyphs shown with a font whose codes have no Unicode mapping. */
  unmappedGlyphs: number;
}

// ---------------------------------------------------------------------------------------------
// Values and lexer

class PdfName {
  constructor(readonly name: string) {}
}
class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
class PdfOp {
  constructor(readonly op: string) {}
}
class PdfDict {
  constructor(readonly entries: Map<string, PdfValue>) {}
  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
}
class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly raw: Uint8Array,
  ) {}
}
type PdfValue =
  number | boolean | null | Uint8Array | PdfName | PdfRef | PdfDict | PdfStream | PdfValue[];

/** Decoded bytes of one stream; a longer stream counts as undecodable. */
const MAX_STREAM_BYTES = 64 * 1024 * 1024;
/** Decoded bytes of all the streams of a document (repeated decodings included). */
const MAX_DECODED_BYTES = 100 * 1024 * 1024;
/** Decoded bytes kept for reuse; streams past it are decoded again when needed. */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;
/** Values (numbers, names, strings, arrays, dictionaries) parsed into a document's objects. */
const MAX_DOCUMENT_VALUES = 2_000_000;
/** Values in the operands of one operator of a content stream or one block of a CMap. */
const MAX_OPERAND_VALUES = 100_000;
const MAX_NESTING = 100;

function tooLarge(): PdfError {
  return new PdfError('too_large', 'The PDF is too large to read.');
}

/** A count of parsed values with a ceiling; past it the reading stops ('too_large'). */
class ValueBudget {
  used = 0;
  constructor(readonly limit: number) {}
  spend(): void {
    this.used += 1;
    if (this.used > this.limit) throw tooLarge();
  }
}

/** Bytes appended one by one into a doubling buffer (a `number[]` costs 8 bytes a byte). */
class ByteSink {
  private buffer = new Uint8Array(32);
  private length = 0;
  push(byte: number): void {
    if (this.length === this.buffer.length) {
      const bigger = new Uint8Array(this.buffer.length * 2);
      bigger.set(this.buffer);
      this.buffer = bigger;
    }
    this.buffer[this.length] = byte;
    this.length += 1;
  }
  bytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/** The value of a hex digit, or -1. */
function hexDigit(c: number | undefined): number {
  if (c === undefined) return -1;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Escapes of literal strings: \n \r \t \b \f. */
const LITERAL_ESCAPES = new Map<number, number>([
  [0x6e, 10],
  [0x72, 13],
  [0x74, 9],
  [0x62, 8],
  [0x66, 12],
]);

function isWhite(c: number | undefined): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}
function isDelimiter(c: number | undefined): boolean {
  return (
    c === 0x28 ||
    c === 0x29 ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x2f ||
    c === 0x25
  );
}

/** Reads PDF values from bytes (files, object streams and content streams alike). */
class Lexer {
  pos: number;
  constructor(
    readonly bytes: Uint8Array,
    pos = 0,
    readonly budget = new ValueBudget(MAX_OPERAND_VALUES),
  ) {
    this.pos = pos;
  }

  skipWhite(): void {
    const b = this.bytes;
    for (;;) {
      while (this.pos < b.length && isWhite(b[this.pos])) this.pos += 1;
      if (b[this.pos] !== 0x25) return;
      while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos += 1;
    }
  }

  /** The next value or operator, or undefined at the end. */
  next(depth = 0): PdfValue | PdfOp | undefined {
    if (depth > MAX_NESTING) throw new Error('nesting too deep');
    this.budget.spend();
    this.skipWhite();
    const b = this.bytes;
    if (this.pos >= b.length) return undefined;
    const c = b[this.pos] as number;
    if (c === 0x2f) return this.name();
    if (c === 0x28) return this.literal();
    if (c === 0x3c) {
      if (b[this.pos + 1] === 0x3c) {
        this.pos += 2;
        return this.dictionary(depth);
      }
      return this.hex();
    }
    if (c === 0x5b) {
      this.pos += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhite();
        if (this.pos >= b.length) return items;
        if (b[this.pos] === 0x5d) {
          this.pos += 1;
          return items;
        }
        const item = this.next(depth + 1);
        if (item === undefined) return items;
        if (!(item instanceof PdfOp)) items.push(item);
      }
    }
    if (c === 0x5d || c === 0x3e || c === 0x29 || c === 0x7b || c === 0x7d) {
      this.pos += 1;
      return new PdfOp(String.fromCharCode(c));
    }
    const start = this.pos;
    while (this.pos < b.length && !isWhite(b[this.pos]) && !isDelimiter(b[this.pos])) this.pos += 1;
    if (this.pos === start) {
      this.pos += 1;
      return new PdfOp(String.fromCharCode(c));
    }
    const word = Buffer.from(b.subarray(start, this.pos)).toString('latin1');
    // Linear on a long run of digits (`\d+\.?\d*` would backtrack quadratically).
    if (/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(word)) {
      const value = Number(word);
      if (/^\d+$/.test(word)) {
        // `num gen R`
        const save = this.pos;
        this.skipWhite();
        const m = /^(\d+)\s*R(?=[\s/<>[\]()%]|$)/.exec(this.peekText(24));
        if (m) {
          this.skipTo(m[0].length);
          return new PdfRef(value, Number(m[1]));
        }
        this.pos = save;
      }
      return value;
    }
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    return new PdfOp(word);
  }

  private peekText(n: number): string {
    return Buffer.from(this.bytes.subarray(this.pos, this.pos + n)).toString('latin1');
  }
  private skipTo(n: number): void {
    this.pos += n;
  }

  private name(): PdfName {
    const b = this.bytes;
    this.pos += 1;
    const start = this.pos;
    while (this.pos < b.length && !isWhite(b[this.pos]) && !isDelimiter(b[this.pos])) this.pos += 1;
    const raw = Buffer.from(b.subarray(start, this.pos)).toString('latin1');
    return new PdfName(
      raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
  }

  private literal(): Uint8Array {
    const b = this.bytes;
    const out = new ByteSink();
    let depth = 1;
    this.pos += 1;
    while (this.pos < b.length) {
      const c = b[this.pos++] as number;
      if (c === 0x5c) {
        const e = b[this.pos++];
        if (e === undefined) break;
        const escaped = LITERAL_ESCAPES.get(e);
        if (escaped !== undefined) out.push(escaped);
        else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (
            let k = 0;
            k < 2 && (b[this.pos] ?? 0) >= 0x30 && (b[this.pos] ?? 0) <= 0x37;
            k += 1
          ) {
            v = v * 8 + ((b[this.pos++] as number) - 0x30);
          }
          out.push(v & 0xff);
        } else if (e === 0x0d) {
          if (b[this.pos] === 0x0a) this.pos += 1;
        } else if (e !== 0x0a) out.push(e);
      } else if (c === 0x28) {
        depth += 1;
        out.push(c);
      } else if (c === 0x29) {
        depth -= 1;
        if (depth === 0) break;
        out.push(c);
      } else out.push(c);
    }
    return out.bytes();
  }

  private hex(): Uint8Array {
    const b = this.bytes;
    this.pos += 1;
    const out = new ByteSink();
    let high = -1;
    while (this.pos < b.length && b[this.pos] !== 0x3e) {
      const digit = hexDigit(b[this.pos++]);
      if (digit < 0) continue;
      if (high < 0) high = digit;
      else {
        out.push(high * 16 + digit);
        high = -1;
      }
    }
    this.pos += 1;
    // An odd number of digits: the last one is followed by 0.
    if (high >= 0) out.push(high * 16);
    return out.bytes();
  }

  private dictionary(depth: number): PdfDict {
    const entries = new Map<string, PdfValue>();
    const b = this.bytes;
    for (;;) {
      this.skipWhite();
      if (this.pos >= b.length) break;
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        break;
      }
      const key = this.next(depth + 1);
      if (key === undefined) break;
      if (!(key instanceof PdfName)) continue;
      const value = this.next(depth + 1);
      if (value === undefined) break;
      if (!(value instanceof PdfOp)) entries.set(key.name, value);
    }
    return new PdfDict(entries);
  }
}

// ---------------------------------------------------------------------------------------------
// Document: objects, streams, filters

function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

function indexOfText(bytes: Uint8Array, text: string, from: number): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(
    text,
    from,
    'latin1',
  );
}

/** A filter's output would pass the bytes it may produce. */
class OutputLimitError extends Error {}

function isOutputLimit(error: unknown): boolean {
  // zlib's RangeError comes from Node's own realm: matched by its code, not `instanceof`.
  return (
    error instanceof OutputLimitError ||
    (typeof error === 'object' &&
      error !== null &&
      (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE')
  );
}

function inflate(data: Uint8Array, limit: number): Uint8Array {
  const options = { maxOutputLength: limit };
  try {
    return inflateSync(data, options);
  } catch (error) {
    // Too long is final: inflating again would only repeat the work.
    if (isOutputLimit(error)) throw error;
    try {
      // Truncated or slightly damaged streams: keep what inflates.
      return inflateSync(data, { ...options, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    } catch (again) {
      if (isOutputLimit(again)) throw again;
      return inflateRawSync(data, { ...options, finishFlush: zlibConstants.Z_SYNC_FLUSH });
    }
  }
}

function unpredict(data: Uint8Array, parms: PdfDict | undefined): Uint8Array {
  const predictor =
    typeof parms?.get('Predictor') === 'number' ? (parms?.get('Predictor') as number) : 1;
  if (predictor < 10) return data;
  const colors = (parms?.get('Colors') as number | undefined) ?? 1;
  const bpc = (parms?.get('BitsPerComponent') as number | undefined) ?? 8;
  const columns = (parms?.get('Columns') as number | undefined) ?? 1;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLength = Math.ceil((colors * bpc * columns) / 8);
  if (!(rowLength + 1 <= data.length)) return new Uint8Array(0);
  const out = new Uint8Array(Math.floor(data.length / (rowLength + 1)) * rowLength);
  let prev = new Uint8Array(rowLength);
  for (let row = 0; (row + 1) * (rowLength + 1) <= data.length; row += 1) {
    const type = data[row * (rowLength + 1)];
    const line = data.subarray(row * (rowLength + 1) + 1, (row + 1) * (rowLength + 1));
    const cur = new Uint8Array(rowLength);
    for (let i = 0; i < rowLength; i += 1) {
      const left = i >= bpp ? (cur[i - bpp] as number) : 0;
      const up = prev[i] as number;
      const upLeft = i >= bpp ? (prev[i - bpp] as number) : 0;
      let add = 0;
      if (type === 1) add = left;
      else if (type === 2) add = up;
      else if (type === 3) add = (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        add = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      cur[i] = ((line[i] as number) + add) & 0xff;
    }
    out.set(cur, row * rowLength);
    prev = cur;
  }
  return out;
}

function asciiHex(data: Uint8Array, limit: number): Uint8Array {
  const endMark = indexOfText(data, '>', 0);
  const end = endMark < 0 ? data.length : endMark;
  if (Math.ceil(end / 2) > limit) throw new OutputLimitError();
  const out = new Uint8Array(Math.ceil(end / 2));
  let length = 0;
  let high = -1;
  for (let i = 0; i < end; i += 1) {
    const digit = hexDigit(data[i]);
    if (digit < 0) continue;
    if (high < 0) high = digit;
    else {
      out[length++] = high * 16 + digit;
      high = -1;
    }
  }
  if (high >= 0) out[length++] = high * 16;
  return out.subarray(0, length);
}

function ascii85(data: Uint8Array, limit: number): Uint8Array {
  let start = 0;
  while (start < data.length && isWhite(data[start])) start += 1;
  if (data[start] === 0x3c && data[start + 1] === 0x7e) start += 2;
  const endMark = indexOfText(data, '~>', start);
  const end = endMark < 0 ? data.length : endMark;
  // At most 4 bytes for each character ('z' is four zeros), checked before allocating.
  let bound = 0;
  for (let i = start; i < end; i += 1) {
    const c = data[i] as number;
    if (c === 0x7a) bound += 4;
    else if (c >= 33 && c <= 117) bound += 1;
  }
  if (bound > limit) throw new OutputLimitError();
  const out = new Uint8Array(bound);
  let length = 0;
  const group: number[] = [];
  const flush = (count: number): void => {
    while (group.length < 5) group.push(84);
    let value = 0;
    for (const d of group) value = value * 85 + d;
    const bytes = [
      (value >>> 24) & 0xff,
      (value >>> 16) & 0xff,
      (value >>> 8) & 0xff,
      value & 0xff,
    ];
    for (let k = 0; k < count; k += 1) out[length++] = bytes[k] as number;
    group.length = 0;
  };
  for (let i = start; i < end; i += 1) {
    const c = data[i] as number;
    if (c === 0x7a && group.length === 0) {
      length += 4;
      continue;
    }
    const d = c - 33;
    if (d < 0 || d > 84) continue;
    group.push(d);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return out.subarray(0, length);
}

class PdfDocument {
  private readonly objects = new Map<number, PdfValue>();
  /** Decoded streams kept for reuse, up to `MAX_CACHED_BYTES` in all. */
  private readonly decoded = new Map<PdfStream, Uint8Array | null>();
  private cachedBytes = 0;
  /** Bytes decoded so far, against `MAX_DECODED_BYTES`. */
  private decodedBytes = 0;
  private readonly values = new ValueBudget(MAX_DOCUMENT_VALUES);
  readonly trailers: PdfDict[] = [];

  constructor(readonly bytes: Uint8Array) {
    this.scan();
  }

  private scan(): void {
    const text = latin1(this.bytes);
    // Bounded runs and no match starting inside a number: linear on any file (an unbounded
    // `(\d+)\s+(\d+)` retries every suffix of a long run of digits).
    const objectPattern = /(?<!\d)(\d{1,10})\s{1,10}(\d{1,5})\s{1,10}obj\b/g;
    const packed: PdfStream[] = [];
    let match: RegExpExecArray | null;
    while ((match = objectPattern.exec(text))) {
      const num = Number(match[1]);
      const lexer = new Lexer(this.bytes, match.index + match[0].length, this.values);
      let value: PdfValue | PdfOp | undefined;
      try {
        value = lexer.next();
      } catch (error) {
        if (error instanceof PdfError) throw error;
        // Too deeply nested: damaged or hostile; what was read is not read again.
        objectPattern.lastIndex = Math.max(objectPattern.lastIndex, lexer.pos);
        continue;
      }
      if (value instanceof PdfOp || value === undefined) continue;
      if (value instanceof PdfDict) {
        const save = lexer.pos;
        lexer.skipWhite();
        if (text.startsWith('stream', lexer.pos)) {
          let start = lexer.pos + 6;
          if (text[start] === '\r') start += 1;
          if (text[start] === '\n') start += 1;
          const declared = value.get('Length');
          let end = -1;
          if (typeof declared === 'number' && declared >= 0 && start + declared <= text.length) {
            const after = text.slice(start + declared, start + declared + 20).trimStart();
            if (after.startsWith('endstream')) end = start + declared;
          }
          if (end < 0) {
            const found = indexOfText(this.bytes, 'endstream', start);
            end = found < 0 ? text.length : found;
            while (end > start && (text[end - 1] === '\n' || text[end - 1] === '\r')) end -= 1;
          }
          const stream = new PdfStream(value, this.bytes.subarray(start, end));
          value = stream;
          objectPattern.lastIndex = end;
          const type = value.dict.get('Type');
          if (type instanceof PdfName && type.name === 'ObjStm') packed.push(stream);
          if (type instanceof PdfName && type.name === 'XRef') this.trailers.push(stream.dict);
        } else {
          lexer.pos = save;
          objectPattern.lastIndex = Math.max(objectPattern.lastIndex, lexer.pos);
        }
      } else {
        objectPattern.lastIndex = Math.max(objectPattern.lastIndex, lexer.pos);
      }
      this.objects.set(num, value);
    }
    const trailerPattern = /trailer\s*<</g;
    while ((match = trailerPattern.exec(text))) {
      try {
        const dict = new Lexer(this.bytes, match.index + 7, this.values).next();
        if (dict instanceof PdfDict) this.trailers.push(dict);
      } catch (error) {
        if (error instanceof PdfError) throw error;
        // a damaged trailer: the objects are enough
      }
    }
    for (const stream of packed) this.unpack(stream);
  }

  /** Objects of an object stream; objects written directly in the file keep precedence. */
  private unpack(stream: PdfStream): void {
    const data = this.decode(stream);
    const count = stream.dict.get('N');
    const first = stream.dict.get('First');
    if (!data || typeof count !== 'number' || typeof first !== 'number') return;
    const header = new Lexer(data, 0, this.values);
    const offsets: [number, number][] = [];
    for (let i = 0; i < count; i += 1) {
      const num = header.next();
      const offset = header.next();
      if (typeof num !== 'number' || typeof offset !== 'number') break;
      offsets.push([num, offset]);
    }
    for (const [num, offset] of offsets) {
      if (this.objects.has(num)) continue;
      try {
        const value = new Lexer(data, first + offset, this.values).next();
        if (value !== undefined && !(value instanceof PdfOp)) this.objects.set(num, value);
      } catch (error) {
        if (error instanceof PdfError) throw error;
        // skip a damaged object
      }
    }
  }

  get encrypted(): boolean {
    return this.trailers.some((t) => t.get('Encrypt') !== undefined);
  }

  resolve(value: PdfValue | undefined, depth = 0): PdfValue | undefined {
    let current = value;
    for (let i = depth; current instanceof PdfRef && i < 32; i += 1)
      current = this.objects.get(current.num);
    return current instanceof PdfRef ? undefined : current;
  }

  dict(value: PdfValue | undefined): PdfDict | undefined {
    const v = this.resolve(value);
    if (v instanceof PdfDict) return v;
    if (v instanceof PdfStream) return v.dict;
    return undefined;
  }

  get(dict: PdfDict | undefined, key: string): PdfValue | undefined {
    return dict ? this.resolve(dict.get(key)) : undefined;
  }

  /**
   * The decoded bytes of a stream, or null when a filter is not supported or fails, or the
   * stream passes `MAX_STREAM_BYTES`. Throws `PdfError` 'too_large' past `MAX_DECODED_BYTES`.
   */
  decode(stream: PdfStream): Uint8Array | null {
    if (this.decoded.has(stream)) return this.decoded.get(stream) ?? null;
    let data: Uint8Array | null = stream.raw;
    const filter = this.get(stream.dict, 'Filter');
    const filters = (Array.isArray(filter) ? filter : filter ? [filter] : []).map((f) =>
      this.resolve(f),
    );
    if (filters.length === 0) return data;
    const parmsValue = this.get(stream.dict, 'DecodeParms');
    const parmsList = Array.isArray(parmsValue) ? parmsValue : [parmsValue];
    for (const [i, f] of filters.entries()) {
      const name = f instanceof PdfName ? f.name : '';
      const remaining = MAX_DECODED_BYTES - this.decodedBytes;
      const limit = Math.max(1, Math.min(MAX_STREAM_BYTES, remaining));
      try {
        if (name === 'FlateDecode' || name === 'Fl')
          data = unpredict(inflate(data, limit), this.dict(parmsList[i] ?? undefined));
        else if (name === 'ASCIIHexDecode' || name === 'AHx') data = asciiHex(data, limit);
        else if (name === 'ASCII85Decode' || name === 'A85') data = ascii85(data, limit);
        else data = null;
      } catch (error) {
        if (!isOutputLimit(error)) data = null;
        else if (remaining <= MAX_STREAM_BYTES) throw tooLarge();
        else {
          // One stream too long: undecodable, and the work done counts.
          this.decodedBytes += limit;
          data = null;
        }
      }
      if (!data) break;
      this.decodedBytes += data.length;
    }
    if (!data || this.cachedBytes + data.length <= MAX_CACHED_BYTES) {
      this.decoded.set(stream, data);
      this.cachedBytes += data?.length ?? 0;
    }
    return data;
  }

  /** Pages in order, each with its inherited resources. */
  pages(): { page: PdfDict; resources: PdfDict | undefined }[] {
    const out: { page: PdfDict; resources: PdfDict | undefined }[] = [];
    const seen = new Set<PdfDict>();
    const walk = (
      node: PdfDict | undefined,
      resources: PdfDict | undefined,
      depth: number,
    ): void => {
      if (!node || seen.has(node) || depth > 64) return;
      seen.add(node);
      const own = this.dict(node.get('Resources')) ?? resources;
      const kids = this.get(node, 'Kids');
      if (Array.isArray(kids)) kids.forEach((kid) => walk(this.dict(kid), own, depth + 1));
      else out.push({ page: node, resources: own });
    };
    for (const trailer of [...this.trailers].reverse()) {
      const root = this.dict(trailer.get('Root'));
      walk(this.dict(root?.get('Pages')), undefined, 0);
      if (out.length) return out;
    }
    // No usable catalog: every page object, in object-number order.
    const numbers = [...this.objects.keys()].sort((a, b) => a - b);
    for (const num of numbers) {
      const d = this.dict(this.objects.get(num));
      const type = d?.get('Type');
      if (d && type instanceof PdfName && type.name === 'Catalog')
        walk(this.dict(d.get('Pages')), undefined, 0);
      if (out.length) return out;
    }
    for (const num of numbers) {
      const d = this.dict(this.objects.get(num));
      const type = d?.get('Type');
      if (d && type instanceof PdfName && type.name === 'Page') {
        out.push({ page: d, resources: this.dict(d.get('Resources')) });
      }
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Fonts

function tableFromDecoder(label: string): string[] {
  const decoder = new TextDecoder(label);
  return Array.from({ length: 256 }, (_, i) => decoder.decode(Uint8Array.of(i)));
}

let winAnsi: string[] | undefined;
let macRoman: string[] | undefined;
let standard: string[] | undefined;

/** StandardEncoding differs from ASCII/Latin-1 in these codes. */
const STANDARD_HIGH: Record<number, string> = {
  0x27: '’',
  0x60: '‘',
  0xa1: '¡',
  0xa2: '¢',
  0xa3: '£',
  0xa4: '⁄',
  0xa5: '¥',
  0xa6: 'ƒ',
  0xa7: '§',
  0xa8: '¤',
  0xa9: "'",
  0xaa: '“',
  0xab: '«',
  0xac: '‹',
  0xad: '›',
  0xae: 'ﬁ',
  0xaf: 'ﬂ',
  0xb1: '–',
  0xb2: '†',
  0xb3: '‡',
  0xb4: '·',
  0xb6: '¶',
  0xb7: '•',
  0xb8: '‚',
  0xb9: '„',
  0xba: '”',
  0xbb: '»',
  0xbc: '…',
  0xbd: '‰',
  0xbf: '¿',
  0xc1: '`',
  0xc2: '´',
  0xc3: 'ˆ',
  0xc4: '˜',
  0xc5: '¯',
  0xc6: '˘',
  0xc7: '˙',
  0xc8: '¨',
  0xca: '˚',
  0xcb: '¸',
  0xcd: '˝',
  0xce: '˛',
  0xcf: 'ˇ',
  0xd0: '—',
  0xe1: 'Æ',
  0xe3: 'ª',
  0xe8: 'Ł',
  0xe9: 'Ø',
  0xea: 'Œ',
  0xeb: 'º',
  0xf1: 'æ',
  0xf5: 'ı',
  0xf8: 'ł',
  0xf9: 'ø',
  0xfa: 'œ',
  0xfb: 'ß',
};

function baseEncoding(name: string | undefined): string[] {
  if (name === 'WinAnsiEncoding') return (winAnsi ??= [...WINDOWS_1252]);
  if (name === 'MacRomanEncoding') return (macRoman ??= tableFromDecoder('macintosh'));
  if (!standard) {
    standard = Array.from(
      { length: 256 },
      (_, i) => STANDARD_HIGH[i] ?? (i >= 0x20 && i < 0x7f ? String.fromCharCode(i) : ''),
    );
  }
  return standard;
}

const GLYPH_NAMES: Record<string, string> = {
  space: ' ',
  exclam: '!',
  quotedbl: '"',
  numbersign: '#',
  dollar: '$',
  percent: '%',
  ampersand: '&',
  quotesingle: "'",
  quoteright: '’',
  quoteleft: '‘',
  parenleft: '(',
  parenright: ')',
  asterisk: '*',
  plus: '+',
  comma: ',',
  hyphen: '-',
  minus: '−',
  period: '.',
  slash: '/',
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  colon: ':',
  semicolon: ';',
  less: '<',
  equal: '=',
  greater: '>',
  question: '?',
  at: '@',
  bracketleft: '[',
  backslash: '\\',
  bracketright: ']',
  asciicircum: '^',
  underscore: '_',
  grave: '`',
  braceleft: '{',
  bar: '|',
  braceright: '}',
  asciitilde: '~',
  bullet: '•',
  endash: '–',
  emdash: '—',
  quotedblleft: '“',
  quotedblright: '”',
  quotesinglbase: '‚',
  quotedblbase: '„',
  ellipsis: '…',
  Euro: '€',
  degree: '°',
  section: '§',
  copyright: '©',
  registered: '®',
  trademark: '™',
  fi: 'fi',
  fl: 'fl',
  germandbls: 'ß',
  ordfeminine: 'ª',
  ordmasculine: 'º',
  guillemotleft: '«',
  guillemotright: '»',
  periodcentered: '·',
  multiply: '×',
  divide: '÷',
  AE: 'Æ',
  ae: 'æ',
  OE: 'Œ',
  oe: 'œ',
  Oslash: 'Ø',
  oslash: 'ø',
  dotlessi: 'ı',
  sterling: '£',
  yen: '¥',
  cent: '¢',
  paragraph: '¶',
  dagger: '†',
  daggerdbl: '‡',
  perthousand: '‰',
  nbspace: '\u00a0',
  uni00A0: '\u00a0',
};
const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circumflex: '\u0302',
  dieresis: '\u0308',
  tilde: '\u0303',
  ring: '\u030a',
  cedilla: '\u0327',
  caron: '\u030c',
};

/** Unicode for a glyph name (Adobe Glyph List conventions, the common subset). */
function glyphToUnicode(name: string): string | undefined {
  const base = name.split('.')[0] ?? name;
  if (/^[A-Za-z]$/.test(base)) return base;
  // Own properties only: a glyph named `constructor` or `__proto__` is not in the list.
  if (Object.hasOwn(GLYPH_NAMES, base)) return GLYPH_NAMES[base];
  const uni = /^uni((?:[0-9A-F]{4})+)$/.exec(base);
  if (uni)
    return String.fromCharCode(...(uni[1]?.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
  const u = /^u([0-9A-F]{4,6})$/.exec(base);
  if (u) return String.fromCodePoint(parseInt(u[1] as string, 16));
  const accented = /^([A-Za-z])(acute|grave|circumflex|dieresis|tilde|ring|cedilla|caron)$/.exec(
    base,
  );
  if (accented) return `${accented[1]}${ACCENTS[accented[2] as string]}`.normalize('NFC');
  return undefined;
}

interface CMap {
  map: Map<number, string>;
  /** Byte lengths of codes, from the codespace ranges (by first byte). */
  ranges: { length: number; low: number; high: number }[];
}

function bytesToNumber(bytes: Uint8Array): number {
  let v = 0;
  for (const b of bytes) v = v * 256 + b;
  return v;
}

function utf16be(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2)
    out += String.fromCharCode(((bytes[i] as number) << 8) | (bytes[i + 1] as number));
  if (bytes.length % 2) out += String.fromCharCode(bytes[bytes.length - 1] as number);
  return out;
}

/** A ToUnicode CMap: codespacerange, bfchar and bfrange (both the offset and array forms). */
function parseCMap(data: Uint8Array): CMap {
  const map = new Map<number, string>();
  const ranges: CMap['ranges'] = [];
  const lexer = new Lexer(data);
  const operands: PdfValue[] = [];
  for (;;) {
    let token: PdfValue | PdfOp | undefined;
    try {
      token = lexer.next();
    } catch {
      break;
    }
    if (token === undefined) break;
    if (!(token instanceof PdfOp)) {
      operands.push(token);
      continue;
    }
    const op = token.op;
    if (op === 'endcodespacerange') {
      for (let i = 0; i + 1 < operands.length; i += 2) {
        const low = operands[i];
        const high = operands[i + 1];
        if (low instanceof Uint8Array && high instanceof Uint8Array && low.length > 0) {
          ranges.push({ length: low.length, low: bytesToNumber(low), high: bytesToNumber(high) });
        }
      }
    } else if (op === 'endbfchar') {
      for (let i = 0; i + 1 < operands.length; i += 2) {
        const src = operands[i];
        const dst = operands[i + 1];
        if (src instanceof Uint8Array && dst instanceof Uint8Array)
          map.set(bytesToNumber(src), utf16be(dst));
        else if (src instanceof Uint8Array && dst instanceof PdfName) {
          const u = glyphToUnicode(dst.name);
          if (u) map.set(bytesToNumber(src), u);
        }
      }
    } else if (op === 'endbfrange') {
      for (let i = 0; i + 2 < operands.length; i += 3) {
        const lo = operands[i];
        const hi = operands[i + 1];
        const dst = operands[i + 2];
        if (!(lo instanceof Uint8Array) || !(hi instanceof Uint8Array)) continue;
        const low = bytesToNumber(lo);
        const high = Math.min(bytesToNumber(hi), low + 65535);
        if (Array.isArray(dst)) {
          dst.forEach((d, k) => {
            if (d instanceof Uint8Array && low + k <= high) map.set(low + k, utf16be(d));
          });
        } else if (dst instanceof Uint8Array && dst.length > 0) {
          const prefix = utf16be(dst.subarray(0, dst.length - 2));
          const last = bytesToNumber(dst.subarray(Math.max(0, dst.length - 2)));
          for (let code = low; code <= high; code += 1) {
            map.set(code, prefix + String.fromCharCode((last + code - low) & 0xffff));
          }
        }
      }
    }
    if (op.startsWith('end') || op.startsWith('begin')) {
      operands.length = 0;
      lexer.budget.used = 0;
    }
  }
  return { map, ranges };
}

interface Font {
  /** Splits shown bytes into character codes. */
  codes(bytes: Uint8Array): number[];
  /** The text for a code, or undefined when it has no Unicode mapping. */
  text(code: number): string | undefined;
  /** Advance width in thousandths of the font size. */
  width(code: number): number;
  /** Single-byte code 32 gets the word spacing. */
  singleByte: boolean;
}

function makeFont(doc: PdfDocument, fontDict: PdfDict | undefined): Font {
  const subtype = doc.get(fontDict, 'Subtype');
  const isType0 = subtype instanceof PdfName && subtype.name === 'Type0';
  const toUnicodeStream = doc.get(fontDict, 'ToUnicode');
  const toUnicodeData = toUnicodeStream instanceof PdfStream ? doc.decode(toUnicodeStream) : null;
  const cmap = toUnicodeData ? parseCMap(toUnicodeData) : undefined;

  if (isType0) {
    const descendants = doc.get(fontDict, 'DescendantFonts');
    const cid = doc.dict(Array.isArray(descendants) ? descendants[0] : undefined);
    const dw = doc.get(cid, 'DW');
    const defaultWidth = typeof dw === 'number' ? dw : 1000;
    const widths = new Map<number, number>();
    const w = doc.get(cid, 'W');
    if (Array.isArray(w)) {
      for (let i = 0; i < w.length;) {
        const first = doc.resolve(w[i]);
        const next = doc.resolve(w[i + 1]);
        if (typeof first !== 'number') break;
        if (Array.isArray(next)) {
          next.forEach((v, k) => {
            const r = doc.resolve(v);
            if (typeof r === 'number') widths.set(first + k, r);
          });
          i += 2;
        } else {
          const last = next;
          const value = doc.resolve(w[i + 2]);
          if (typeof last === 'number' && typeof value === 'number') {
            for (let c = first; c <= last && c - first < 65536; c += 1) widths.set(c, value);
          }
          i += 3;
        }
      }
    }
    const ranges = cmap?.ranges.length ? cmap.ranges : [{ length: 2, low: 0, high: 0xffff }];
    return {
      singleByte: false,
      codes(bytes) {
        const out: number[] = [];
        for (let i = 0; i < bytes.length;) {
          let taken = 0;
          for (const r of ranges) {
            if (i + r.length > bytes.length) continue;
            const code = bytesToNumber(bytes.subarray(i, i + r.length));
            if (code >= r.low && code <= r.high) {
              out.push(code);
              taken = r.length;
              break;
            }
          }
          if (!taken) {
            taken = Math.min(2, bytes.length - i);
            out.push(bytesToNumber(bytes.subarray(i, i + taken)));
          }
          i += taken;
        }
        return out;
      },
      text: (code) => cmap?.map.get(code),
      width: (code) => widths.get(code) ?? defaultWidth,
    };
  }

  const encoding = doc.get(fontDict, 'Encoding');
  let baseName: string | undefined;
  const differences = new Map<number, string>();
  if (encoding instanceof PdfName) baseName = encoding.name;
  else if (encoding instanceof PdfDict) {
    const base = doc.get(encoding, 'BaseEncoding');
    if (base instanceof PdfName) baseName = base.name;
    const diffs = doc.get(encoding, 'Differences');
    if (Array.isArray(diffs)) {
      let code = 0;
      for (const item of diffs) {
        const v = doc.resolve(item);
        if (typeof v === 'number') code = v;
        else if (v instanceof PdfName) {
          const u = glyphToUnicode(v.name);
          if (u !== undefined) differences.set(code, u);
          code += 1;
        }
      }
    }
  }
  const table = baseEncoding(baseName);
  const firstChar = doc.get(fontDict, 'FirstChar');
  const widthsValue = doc.get(fontDict, 'Widths');
  const widths = Array.isArray(widthsValue) ? widthsValue.map((v) => doc.resolve(v)) : [];
  const first = typeof firstChar === 'number' ? firstChar : 0;
  return {
    singleByte: true,
    codes: (bytes) => Array.from(bytes),
    text(code) {
      const fromCMap = cmap?.map.get(code);
      if (fromCMap !== undefined) return fromCMap;
      const fromDiff = differences.get(code);
      if (fromDiff !== undefined) return fromDiff;
      const c = table[code];
      return c ? c : code < 0x20 ? '' : undefined;
    },
    width(code) {
      const w = widths[code - first];
      return typeof w === 'number' && w > 0 ? w : 500;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Content streams

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

class PageText {
  private out = '';
  private lastY: number | null = null;
  private lastEndX = 0;
  unmapped = 0;

  /** Appends shown text at a device-space position. */
  add(text: string, x: number, y: number, endX: number, size: number): void {
    if (this.lastY !== null) {
      const tolerance = Math.max(1, size * 0.4);
      if (Math.abs(y - this.lastY) > tolerance) this.out += '\n';
      else if (x - this.lastEndX > size * 0.2 && !/\s$/.test(this.out) && !/^\s/.test(text)) {
        this.out += ' ';
      }
    }
    this.out += text;
    this.lastY = y;
    this.lastEndX = endX;
  }

  space(): void {
    if (this.out && !/\s$/.test(this.out)) this.out += ' ';
  }

  result(): string {
    return this.out
      .split('\n')
      .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
      .filter((l, i, all) => l || (i > 0 && all[i - 1]))
      .join('\n')
      .trim();
  }
}

function number(v: PdfValue | undefined, fallback = 0): number {
  return typeof v === 'number' ? v : fallback;
}

function runContent(
  doc: PdfDocument,
  data: Uint8Array,
  resources: PdfDict | undefined,
  initialCtm: Matrix,
  page: PageText,
  depth: number,
): void {
  const fonts = new Map<string, Font>();
  const fontDicts = doc.dict(resources?.get('Font'));
  const xobjects = doc.dict(resources?.get('XObject'));
  let ctm = initialCtm;
  const saved: Matrix[] = [];
  let tm: Matrix = IDENTITY;
  let tlm: Matrix = IDENTITY;
  let font: Font | undefined;
  let size = 12;
  let leading = 0;
  let charSpacing = 0;
  let wordSpacing = 0;
  let scale = 1;
  const operands: PdfValue[] = [];
  const lexer = new Lexer(data);

  const moveLine = (tx: number, ty: number): void => {
    tlm = multiply([1, 0, 0, 1, tx, ty], tlm);
    tm = tlm;
  };
  const show = (bytes: Uint8Array): void => {
    if (!font) return;
    const m = multiply(tm, ctm);
    const effective = Math.abs(size) * Math.hypot(m[2], m[3]) || Math.abs(size);
    const startX = m[4];
    let text = '';
    let advance = 0;
    for (const code of font.codes(bytes)) {
      const t = font.text(code);
      if (t === undefined) page.unmapped += 1;
      else text += t;
      advance += (font.width(code) / 1000) * size + charSpacing;
      if (font.singleByte && code === 32) advance += wordSpacing;
    }
    tm = multiply([1, 0, 0, 1, advance * scale, 0], tm);
    const end = multiply(tm, ctm);
    if (text) page.add(text, startX, m[5], end[4], effective);
  };
  const fontFor = (name: string): Font => {
    let f = fonts.get(name);
    if (!f) {
      f = makeFont(doc, doc.dict(fontDicts?.get(name)));
      fonts.set(name, f);
    }
    return f;
  };

  for (;;) {
    let token: PdfValue | PdfOp | undefined;
    try {
      token = lexer.next();
    } catch {
      return;
    }
    if (token === undefined) return;
    if (!(token instanceof PdfOp)) {
      operands.push(token);
      if (operands.length > 64) operands.shift();
      continue;
    }
    const a = operands;
    const n = (i: number): number => number(a[a.length - i]);
    switch (token.op) {
      case 'q':
        saved.push(ctm);
        break;
      case 'Q':
        ctm = saved.pop() ?? ctm;
        break;
      case 'cm':
        if (a.length >= 6) ctm = multiply([n(6), n(5), n(4), n(3), n(2), n(1)], ctm);
        break;
      case 'BT':
        tm = IDENTITY;
        tlm = IDENTITY;
        break;
      case 'Tf': {
        const name = a[a.length - 2];
        if (name instanceof PdfName) font = fontFor(name.name);
        size = n(1) || size;
        break;
      }
      case 'TL':
        leading = n(1);
        break;
      case 'Tc':
        charSpacing = n(1);
        break;
      case 'Tw':
        wordSpacing = n(1);
        break;
      case 'Tz':
        scale = n(1) / 100;
        break;
      case 'Td':
        moveLine(n(2), n(1));
        break;
      case 'TD':
        leading = -n(1);
        moveLine(n(2), n(1));
        break;
      case 'Tm':
        if (a.length >= 6) {
          tlm = [n(6), n(5), n(4), n(3), n(2), n(1)];
          tm = tlm;
        }
        break;
      case 'T*':
        moveLine(0, -leading);
        break;
      case 'Tj': {
        const s = a[a.length - 1];
        if (s instanceof Uint8Array) show(s);
        break;
      }
      case "'": {
        moveLine(0, -leading);
        const s = a[a.length - 1];
        if (s instanceof Uint8Array) show(s);
        break;
      }
      case '"': {
        wordSpacing = n(3);
        charSpacing = n(2);
        moveLine(0, -leading);
        const s = a[a.length - 1];
        if (s instanceof Uint8Array) show(s);
        break;
      }
      case 'TJ': {
        const items = a[a.length - 1];
        if (!Array.isArray(items)) break;
        for (const item of items) {
          if (item instanceof Uint8Array) show(item);
          else if (typeof item === 'number') {
            tm = multiply([1, 0, 0, 1, (-item / 1000) * size * scale, 0], tm);
            if (item < -250) page.space();
          }
        }
        break;
      }
      case 'Do': {
        const name = a[a.length - 1];
        if (!(name instanceof PdfName) || depth >= 8) break;
        const xobject = doc.resolve(xobjects?.get(name.name));
        const subtype = xobject instanceof PdfStream ? xobject.dict.get('Subtype') : undefined;
        if (
          !(xobject instanceof PdfStream) ||
          !(subtype instanceof PdfName) ||
          subtype.name !== 'Form'
        )
          break;
        const content = doc.decode(xobject);
        const matrix = doc.get(xobject.dict, 'Matrix');
        const formMatrix =
          Array.isArray(matrix) && matrix.length === 6
            ? (matrix.map((v) => number(v)) as Matrix)
            : IDENTITY;
        if (content) {
          runContent(
            doc,
            content,
            doc.dict(xobject.dict.get('Resources')) ?? resources,
            multiply(formMatrix, ctm),
            page,
            depth + 1,
          );
        }
        break;
      }
      case 'BI': {
        // Inline image: skip its binary data up to `EI`.
        const id = indexOfText(data, 'ID', lexer.pos);
        if (id < 0) return;
        let ei = id + 3;
        for (;;) {
          ei = indexOfText(data, 'EI', ei);
          if (ei < 0) return;
          if (isWhite(data[ei - 1]) && (ei + 2 >= data.length || isWhite(data[ei + 2]))) break;
          ei += 2;
        }
        lexer.pos = ei + 2;
        break;
      }
      default:
        break;
    }
    operands.length = 0;
    lexer.budget.used = 0;
  }
}

function pageContents(doc: PdfDocument, page: PdfDict): Uint8Array {
  const contents = doc.get(page, 'Contents');
  const streams = (
    Array.isArray(contents) ? contents.map((c) => doc.resolve(c)) : [contents]
  ).filter((s): s is PdfStream => s instanceof PdfStream);
  const parts: Uint8Array[] = [];
  for (const s of streams) {
    const data = doc.decode(s);
    if (data) parts.push(data, Uint8Array.of(0x0a));
  }
  // One stream is read as it is (no copy); several are joined, each ending a line.
  return parts.length === 2 ? (parts[0] as Uint8Array) : Buffer.concat(parts);
}

/**
 * The text of a PDF, page by page. Throws `PdfError`: 'not_pdf' (no `%PDF-` header),
 * 'encrypted' (the content cannot be read without decrypting), 'no_pages' (no page found:
 * truncated or broken file).
 */
export function extractPdfText(bytes: Uint8Array): PdfText {
  const header = indexOfText(bytes, '%PDF-', 0);
  if (header < 0 || header > 1024) throw new PdfError('not_pdf', 'The file is not a PDF.');
  const doc = new PdfDocument(bytes);
  if (doc.encrypted) throw new PdfError('encrypted', 'The PDF is encrypted and cannot be read.');
  const pages = doc.pages();
  if (pages.length === 0) throw new PdfError('no_pages', 'The PDF has no readable page.');
  let unmapped = 0;
  const texts = pages.map(({ page, resources }) => {
    const text = new PageText();
    runContent(doc, pageContents(doc, page), resources, IDENTITY, text, 0);
    unmapped += text.unmapped;
    return text.result();
  });
  return { pages: texts, text: texts.join('\n\n').trim(), unmappedGlyphs: unmapped };
}
