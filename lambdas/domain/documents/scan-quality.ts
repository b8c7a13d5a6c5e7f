/**
 * Why a scan or photo could not be read, measured on the picture, so the seller learns what to
 * do (issue 33): a flat, well-lit photo of the whole page.
 *
 * Measures (`measureScan`):
 * - **size**: the shorter side in pixels, from the header (any format);
 * - **luminance**: the mean grey level (0-255) of the pixels, where they are decoded: 8-bit PNG
 *   (zlib and the five row filters), baseline and progressive JPEG (jpeg-js, plain JavaScript:
 *   a phone's photos) and the raw pixels of a PDF page; null otherwise (a GIF, a palette or
 *   16-bit PNG, a damaged file);
 * - **edges**: how sharp the strongest edges are against the picture's own contrast, 0-1: the
 *   step between neighbouring pixels that only 0.5 % of steps exceed, over the spread between
 *   the darkest and brightest 2 % of pixels. Printed text photographed in focus steps from ink
 *   to paper in a pixel or two (about 0.5 and more); blurred, the step spreads over many pixels.
 *
 * Advice (`scanAdvice`) is given only for a reading that came out poor (few words, a low mean
 * confidence, or neither number nor date read), in this order: `too_small`, `too_dark`,
 * `too_blurred`; when none of the measures explains it, `unreadable` (cause not measured).
 */
import { inflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';

export type ScanAdvice = 'too_small' | 'too_dark' | 'too_blurred' | 'unreadable';

export interface ScanMeasures {
  /** Shorter side in pixels; null when the header gives no size. */
  side: number | null;
  /** Mean grey level, 0-255; null when the pixels were not decoded. */
  luminance: number | null;
  /** Edge sharpness against contrast, 0-1; null when the pixels were not decoded. */
  edges: number | null;
}

export interface GreyPixels {
  width: number;
  height: number;
  /** One grey byte per pixel, rows top to bottom. */
  grey: Uint8Array;
}

/** Below this shorter side a page photo is too small to read (about 70 dpi for A4). */
export const MIN_SCAN_SIDE = 600;
/** Below this mean grey level a page is too dark (white paper reads well above 150). */
export const MIN_SCAN_LUMINANCE = 80;
/** Below this edge sharpness a page is too blurred. */
export const MIN_SCAN_EDGES = 0.35;
/** A reading with fewer words, or a lower mean confidence, is poor. */
export const POOR_READING_WORDS = 15;
export const POOR_READING_CONFIDENCE = 60;

/** Grey level of an RGB pixel (ITU-R BT.601). */
function luma(r: number, g: number, b: number): number {
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** Raw pixels of 1, 3 or 4 channels (a PDF page's picture) as grey. */
export function greyOf(
  data: Uint8Array | Uint8ClampedArray,
  width: number,
  height: number,
  channels: 1 | 3 | 4,
): GreyPixels {
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i += 1) {
    const at = i * channels;
    grey[i] =
      channels === 1 ? (data[at] ?? 0) : luma(data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0);
  }
  return { width, height, grey };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Channels of an 8-bit PNG colour type (grey, RGB, grey+alpha, RGBA); null for the others. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * The grey pixels of a non-interlaced 8-bit PNG; null for any other (palette, 16-bit,
 * interlaced, damaged) or past `maxPixels`.
 */
export function decodePngGrey(bytes: Uint8Array, maxPixels: number): GreyPixels | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 33 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const channels = PNG_CHANNELS[buf[25] ?? -1];
  if (!channels || buf[24] !== 8 || buf[28] !== 0 || width * height > maxPixels) return null;
  if (width === 0 || height === 0) return null;
  const chunks: Buffer[] = [];
  for (let at = 8; at + 8 <= buf.length;) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') chunks.push(buf.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  const stride = width * channels;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(chunks), { maxOutputLength: (stride + 1) * height });
  } catch {
    return null;
  }
  if (raw.length < (stride + 1) * height) return null;
  const grey = new Uint8Array(width * height);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = new Uint8Array(stride);
    for (let x = 0; x < stride; x += 1) {
      const a = x >= channels ? (row[x - channels] ?? 0) : 0;
      const b = previous[x] ?? 0;
      const c = x >= channels ? (previous[x - channels] ?? 0) : 0;
      const value = line[x] ?? 0;
      const predictor =
        filter === 1
          ? a
          : filter === 2
            ? b
            : filter === 3
              ? (a + b) >> 1
              : filter === 4
                ? paeth(a, b, c)
                : 0;
      row[x] = (value + predictor) & 0xff;
    }
    for (let x = 0; x < width; x += 1) {
      const at = x * channels;
      grey[y * width + x] =
        channels < 3 ? (row[at] ?? 0) : luma(row[at] ?? 0, row[at + 1] ?? 0, row[at + 2] ?? 0);
    }
    previous = row;
  }
  return { width, height, grey };
}

/** The grey pixels of a JPEG (a phone photo); null when damaged or past `maxPixels`. */
export function decodeJpegGrey(bytes: Uint8Array, maxPixels: number): GreyPixels | null {
  try {
    const image = jpeg.decode(bytes, {
      useTArray: true,
      formatAsRGBA: false,
      tolerantDecoding: false,
      maxResolutionInMP: maxPixels / 1e6,
      maxMemoryUsageInMB: 1024,
    });
    const channels = image.data.length / (image.width * image.height);
    if (channels !== 1 && channels !== 3 && channels !== 4) return null;
    return greyOf(image.data, image.width, image.height, channels);
  } catch {
    return null;
  }
}

/** The grey pixels of a PNG or JPEG picture, by its signature; null for any other. */
export function decodePictureGrey(bytes: Uint8Array, maxPixels: number): GreyPixels | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return decodePngGrey(bytes, maxPixels);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return decodeJpegGrey(bytes, maxPixels);
  return null;
}

/** The value under which `share` of a histogram's counts lie. */
function percentile(histogram: Uint32Array, total: number, share: number): number {
  const target = total * share;
  let seen = 0;
  for (let value = 0; value < histogram.length; value += 1) {
    seen += histogram[value] ?? 0;
    if (seen >= target) return value;
  }
  return histogram.length - 1;
}

/** Mean grey level and edge sharpness of the pixels (see the module comment). */
export function pixelMeasures(pixels: GreyPixels): { luminance: number; edges: number } {
  const { width, height, grey } = pixels;
  const levels = new Uint32Array(256);
  const steps = new Uint32Array(256);
  let sum = 0;
  let stepCount = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const value = grey[y * width + x] ?? 0;
      sum += value;
      levels[value] = (levels[value] ?? 0) + 1;
      if (x + 1 < width) {
        const step = Math.abs(value - (grey[y * width + x + 1] ?? 0));
        steps[step] = (steps[step] ?? 0) + 1;
        stepCount += 1;
      }
    }
  }
  const count = width * height;
  const spread = percentile(levels, count, 0.98) - percentile(levels, count, 0.02);
  const strongStep = stepCount ? percentile(steps, stepCount, 0.995) : 0;
  return {
    luminance: Math.round(sum / count),
    edges: spread > 0 ? Math.min(1, strongStep / spread) : 0,
  };
}

/** The measures of a picture: its size, and what its pixels say when they were decoded. */
export function measureScan(side: number | null, pixels: GreyPixels | null): ScanMeasures {
  if (!pixels) return { side, luminance: null, edges: null };
  const { luminance, edges } = pixelMeasures(pixels);
  return { side: side ?? Math.min(pixels.width, pixels.height), luminance, edges };
}

/** How a reading by OCR came out. */
export interface OcrOutcome {
  words: number;
  /** Mean word confidence, 0-100. */
  confidence: number;
  /** A number or a date was read from it. */
  fieldsRead: boolean;
}

/** Whether an OCR reading came out too poor to rely on (see the module comment). */
export function isPoorReading(outcome: OcrOutcome | null): boolean {
  if (!outcome) return true;
  return (
    outcome.words < POOR_READING_WORDS ||
    outcome.confidence < POOR_READING_CONFIDENCE ||
    !outcome.fieldsRead
  );
}

/** What to tell the seller about a scan (null: it read well), per the module comment. */
export function scanAdvice(measures: ScanMeasures, outcome: OcrOutcome | null): ScanAdvice | null {
  if (!isPoorReading(outcome)) return null;
  if (measures.side !== null && measures.side < MIN_SCAN_SIDE) return 'too_small';
  if (measures.luminance !== null && measures.luminance < MIN_SCAN_LUMINANCE) return 'too_dark';
  if (measures.edges !== null && measures.edges < MIN_SCAN_EDGES) return 'too_blurred';
  return 'unreadable';
}
