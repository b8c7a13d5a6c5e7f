/**
 * A page made ready for the OCR engine, in plain JavaScript (no native code, no canvas):
 *
 * 1. **Decoded** (PNG with fast-png, JPEG with jpeg-js, the 24-bit BMP of a PDF page) and turned
 *    to **grayscale** (transparent pixels over white). Any other format (GIF) goes to the engine
 *    as it is.
 * 2. **Scaled** so its long side is between `MIN_LONG_SIDE` and `MAX_LONG_SIDE` pixels: a
 *    low-resolution scan or fax is enlarged (at most three times) until its letters are tall
 *    enough for the engine; a large phone photo is reduced (the time per page).
 * 3. **Evened out**: the paper's brightness is estimated block by block (the brightest pixels of
 *    each block, smoothed) and every pixel divided by it, which lifts a phone's shadow and a
 *    scan's grey paper; the darkest ink is then stretched to black.
 * 4. **Turned upright by the text lines**: the dark pixels of a small copy are projected on
 *    lines at angles up to ±`MAX_SKEW_DEGREES`; the angle whose projection is sharpest (text lines
 *    fall into few rows) is the skew. The same projection turned a quarter tells a page lying
 *    sideways (its text lines run up the page), which is turned a quarter before reading; an
 *    upside-down page is left to the engine's reading by confidence.
 *
 * The result is an 8-bit grayscale BMP, which every engine reads.
 */
import { convertIndexedToRgb, decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';

export interface Gray {
  data: Uint8Array;
  width: number;
  height: number;
}

export const MIN_LONG_SIDE = 2000;
export const MAX_LONG_SIDE = 3200;
const MAX_UPSCALE = 3;
export const MAX_SKEW_DEGREES = 10;
const SIDEWAYS_RATIO = 2;
const MIN_SKEW_GAIN = 1.15;
/** A block whose lightest pixels are this much lighter than most holds light letters on a band. */
const LIGHT_ON_DARK = 60;

const luma = (r: number, g: number, b: number) => (r * 299 + g * 587 + b * 114) / 1000;

function grayOf(
  data: ArrayLike<number>,
  width: number,
  height: number,
  channels: number,
  max = 255,
): Gray {
  const out = new Uint8Array(width * height);
  const k = 255 / max;
  const hasAlpha = channels === 2 || channels === 4;
  for (let i = 0; i < width * height; i += 1) {
    const at = i * channels;
    const v =
      channels >= 3 ? luma(data[at]!, data[at + 1]!, data[at + 2]!) * k : (data[at] ?? 0) * k;
    const alpha = hasAlpha ? (data[at + channels - 1]! * k) / 255 : 1;
    out[i] = Math.round(v * alpha + 255 * (1 - alpha));
  }
  return { data: out, width, height };
}

function fromPng(bytes: Uint8Array): Gray | null {
  const png = decodePng(bytes);
  if (png.palette) {
    const rgb = convertIndexedToRgb(png);
    return grayOf(rgb, png.width, png.height, rgb.length / (png.width * png.height));
  }
  if (png.depth !== 8 && png.depth !== 16) return null;
  return grayOf(png.data, png.width, png.height, png.channels, png.depth === 16 ? 65535 : 255);
}

function fromBmp(bytes: Uint8Array): Gray | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offset = view.getUint32(10, true);
  const width = view.getInt32(18, true);
  const rawHeight = view.getInt32(22, true);
  const bits = view.getUint16(28, true);
  const compression = view.getUint32(30, true);
  if (bits !== 24 || compression !== 0 || width <= 0 || rawHeight === 0) return null;
  const height = Math.abs(rawHeight);
  const rowBytes = (width * 3 + 3) & ~3;
  if (offset + rowBytes * height > bytes.length) return null;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = offset + (rawHeight > 0 ? height - 1 - y : y) * rowBytes;
    for (let x = 0; x < width; x += 1) {
      const at = row + x * 3;
      out[y * width + x] = Math.round(luma(bytes[at + 2]!, bytes[at + 1]!, bytes[at]!));
    }
  }
  return { data: out, width, height };
}

/** The page in grayscale, or null for a format read by the engine as it is (GIF, HEIC...). */
export function decodeGray(bytes: Uint8Array, maxPixels: number): Gray | null {
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return fromPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) {
      const image = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: false,
        maxResolutionInMP: Math.ceil(maxPixels / 1e6),
        maxMemoryUsageInMB: 1024,
      });
      const channels = image.data.length / (image.width * image.height);
      return grayOf(image.data, image.width, image.height, channels);
    }
    if (bytes[0] === 0x42 && bytes[1] === 0x4d) return fromBmp(bytes);
  } catch {
    return null;
  }
  return null;
}

/** Bilinear resampling to `width` × `height`. */
export function resize(image: Gray, width: number, height: number): Gray {
  const out = new Uint8Array(width * height);
  const sx = image.width / width;
  const sy = image.height / height;
  const src = image.data;
  const w = image.width;
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const dy = fy - y0;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const dx = fx - x0;
      const top = src[y0 * w + x0]! * (1 - dx) + src[y0 * w + x1]! * dx;
      const bottom = src[y1 * w + x0]! * (1 - dx) + src[y1 * w + x1]! * dx;
      out[y * width + x] = Math.round(top * (1 - dy) + bottom * dy);
    }
  }
  return { data: out, width, height };
}

/** The scale that brings the long side between `MIN_LONG_SIDE` and `MAX_LONG_SIDE`. */
export function scaleFor(width: number, height: number): number {
  const long = Math.max(width, height);
  if (long < MIN_LONG_SIDE) return Math.min(MAX_UPSCALE, MIN_LONG_SIDE / long);
  if (long > MAX_LONG_SIDE) return MAX_LONG_SIDE / long;
  return 1;
}

/**
 * Each pixel divided by the paper's brightness around it (the 90th percentile of its block,
 * blocks of about 1/24 of the long side, smoothed with their neighbours), then the darkest ink
 * (1st percentile) stretched to black: shadows and grey paper become white, ink stays dark.
 */
export function evenOut(image: Gray): Gray {
  const { width, height, data } = image;
  const block = Math.max(16, Math.round(Math.max(width, height) / 24));
  const cols = Math.ceil(width / block);
  const rows = Math.ceil(height / block);
  const paper = new Float32Array(cols * rows);
  const histogram = new Uint32Array(256);
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < cols; bx += 1) {
      histogram.fill(0);
      let count = 0;
      for (let y = by * block; y < Math.min(height, (by + 1) * block); y += 2) {
        for (let x = bx * block; x < Math.min(width, (bx + 1) * block); x += 2) {
          histogram[data[y * width + x]!]! += 1;
          count += 1;
        }
      }
      // Light letters on a dark band: the band is no paper, its letters are as light as it is.
      const [usual, lightest] = [
        percentile(histogram, count, 0.9),
        percentile(histogram, count, 0.99),
      ];
      paper[by * cols + bx] = lightest - usual > LIGHT_ON_DARK ? lightest : usual;
    }
  }
  // Smooth the paper with its 3×3 neighbourhood's brightest (a block full of ink is not paper).
  const smooth = new Float32Array(cols * rows);
  for (let by = 0; by < rows; by += 1) {
    for (let bx = 0; bx < cols; bx += 1) {
      let best = 0;
      let sum = 0;
      let n = 0;
      for (let j = Math.max(0, by - 1); j <= Math.min(rows - 1, by + 1); j += 1) {
        for (let i = Math.max(0, bx - 1); i <= Math.min(cols - 1, bx + 1); i += 1) {
          const v = paper[j * cols + i]!;
          best = Math.max(best, v);
          sum += v;
          n += 1;
        }
      }
      smooth[by * cols + bx] = (best + sum / n) / 2;
    }
  }
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(rows - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(rows - 1, y0 + 1);
    const dy = fy - y0;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(cols - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(cols - 1, x0 + 1);
      const dx = fx - x0;
      const bg =
        (smooth[y0 * cols + x0]! * (1 - dx) + smooth[y0 * cols + x1]! * dx) * (1 - dy) +
        (smooth[y1 * cols + x0]! * (1 - dx) + smooth[y1 * cols + x1]! * dx) * dy;
      out[y * width + x] = Math.min(
        255,
        Math.round((255 * data[y * width + x]!) / Math.max(bg, 1)),
      );
    }
  }
  histogram.fill(0);
  for (let i = 0; i < out.length; i += 7) histogram[out[i]!]! += 1;
  const ink = percentile(histogram, Math.ceil(out.length / 7), 0.01);
  if (ink > 0 && ink < 200) {
    const k = 255 / (255 - ink);
    for (let i = 0; i < out.length; i += 1) out[i] = Math.max(0, Math.round((out[i]! - ink) * k));
  }
  return { data: out, width, height };
}

function percentile(histogram: Uint32Array, count: number, p: number): number {
  const target = count * p;
  let seen = 0;
  for (let v = 0; v < 256; v += 1) {
    seen += histogram[v]!;
    if (seen >= target) return v;
  }
  return 255;
}

/** The dark pixels of a copy whose long side is about 900 pixels: x, y pairs. */
function inkPoints(image: Gray): { points: Int32Array; count: number } {
  const step = Math.max(1, Math.round(Math.max(image.width, image.height) / 900));
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < image.data.length; i += step * 3) {
    histogram[image.data[i]!]! += 1;
    count += 1;
  }
  const threshold = Math.min(128, otsu(histogram, count));
  const points: number[] = [];
  for (let y = 0; y < image.height; y += step)
    for (let x = 0; x < image.width; x += step)
      if (image.data[y * image.width + x]! < threshold) points.push(x / step, y / step);
  return { points: Int32Array.from(points), count: points.length / 2 };
}

function otsu(histogram: Uint32Array, count: number): number {
  let sum = 0;
  for (let v = 0; v < 256; v += 1) sum += v * histogram[v]!;
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let threshold = 128;
  for (let v = 0; v < 256; v += 1) {
    weightB += histogram[v]!;
    if (!weightB) continue;
    const weightF = count - weightB;
    if (!weightF) break;
    sumB += v * histogram[v]!;
    const between = weightB * weightF * (sumB / weightB - (sum - sumB) / weightF) ** 2;
    if (between > best) {
      best = between;
      threshold = v;
    }
  }
  return threshold;
}

/**
 * How sharply the points fall into rows when projected across `degrees`: the sum of squared
 * counts, against what the same points spread evenly over the same rows would give.
 */
function sharpness(points: Int32Array, degrees: number): number {
  const a = (degrees * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const bins = new Map<number, number>();
  for (let i = 0; i < points.length; i += 2) {
    const row = Math.round(points[i + 1]! * cos - points[i]! * sin);
    bins.set(row, (bins.get(row) ?? 0) + 1);
  }
  let sum = 0;
  let [low, high] = [Infinity, -Infinity];
  for (const [row, n] of bins) {
    sum += n * n;
    low = Math.min(low, row);
    high = Math.max(high, row);
  }
  // Against an even spread over the same rows (1): a tall page has more rows than columns.
  const count = points.length / 2;
  return (sum * (high - low + 1)) / (count * count);
}

function bestAngle(points: Int32Array, around: number): { angle: number; score: number } {
  let best = { angle: around, score: sharpness(points, around) };
  for (const [span, step] of [
    [MAX_SKEW_DEGREES, 0.5],
    [0.5, 0.1],
  ] as const) {
    const centre = best.angle;
    for (let d = -span; d <= span + 1e-9; d += step) {
      const angle = Math.round((centre + d) * 10) / 10;
      const score = sharpness(points, angle);
      if (score > best.score) best = { angle, score };
    }
  }
  return best;
}

/**
 * The page's skew (degrees, clockwise positive: the text lines go down to the right) and whether
 * it lies sideways (its lines run along the long side, up or down the page).
 */
export function layoutOf(image: Gray): { skew: number; sideways: boolean } {
  const { points, count } = inkPoints(image);
  if (count < 50) return { skew: 0, sideways: false };
  const level = bestAngle(points, 0);
  const turned = bestAngle(points, 90);
  // Lines across the page: the quarter-turned projection has to be clearly sharper to win.
  // Lines across the page: the quarter-turned projection has to be far sharper to win (the
  // columns of a receipt's fixed-width font line up too).
  if (turned.score > level.score * SIDEWAYS_RATIO)
    return { skew: turned.angle - 90, sideways: true };
  // A skew only where it is clearly sharper than the page as it is (a table's grain, a wooden
  // desk's, is not text).
  const flat = sharpness(points, 0);
  return { skew: level.score > flat * MIN_SKEW_GAIN ? level.angle : 0, sideways: false };
}

/** The image turned `degrees` clockwise about its centre, on a canvas that holds all of it. */
export function rotate(image: Gray, degrees: number): Gray {
  const a = (degrees * Math.PI) / 180;
  const sin = Math.sin(a);
  const cos = Math.cos(a);
  const width = Math.round(Math.abs(image.width * cos) + Math.abs(image.height * sin));
  const height = Math.round(Math.abs(image.width * sin) + Math.abs(image.height * cos));
  const out = new Uint8Array(width * height).fill(255);
  const [cx, cy] = [image.width / 2, image.height / 2];
  const [ox, oy] = [width / 2, height / 2];
  const src = image.data;
  const w = image.width;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // The source pixel: turned back by `degrees`.
      const dx = x - ox;
      const dy = y - oy;
      const sx = dx * cos + dy * sin + cx;
      const sy = -dx * sin + dy * cos + cy;
      if (sx < 0 || sy < 0 || sx > image.width - 1 || sy > image.height - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(image.height - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const top = src[y0 * w + x0]! * (1 - fx) + src[y0 * w + x1]! * fx;
      const bottom = src[y1 * w + x0]! * (1 - fx) + src[y1 * w + x1]! * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { data: out, width, height };
}

/** A quarter turn clockwise, exact. */
export function quarterTurn(image: Gray): Gray {
  const { width, height, data } = image;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) out[x * height + (height - 1 - y)] = data[y * width + x]!;
  return { data: out, width: height, height: width };
}

/** An 8-bit grayscale BMP (palette of 256 greys, bottom-up rows padded to 4 bytes). */
export function encodeGrayBmp(image: Gray): Uint8Array {
  const { width, height, data } = image;
  const rowBytes = (width + 3) & ~3;
  const offset = 54 + 256 * 4;
  const size = offset + rowBytes * height;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  out[0] = 0x42;
  out[1] = 0x4d;
  view.setUint32(2, size, true);
  view.setUint32(10, offset, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 8, true);
  view.setUint32(34, rowBytes * height, true);
  view.setUint32(46, 256, true);
  for (let v = 0; v < 256; v += 1) out.fill(v, 54 + v * 4, 54 + v * 4 + 3);
  for (let y = 0; y < height; y += 1)
    out.set(data.subarray(y * width, (y + 1) * width), offset + (height - 1 - y) * rowBytes);
  return out;
}

/** A quarter turns clockwise, exact. */
export function turned(image: Gray, rotation: 0 | 90 | 180 | 270): Gray {
  let page = image;
  for (let r = 0; r < rotation; r += 90) page = quarterTurn(page);
  return page;
}

export interface Prepared {
  /** The page, deskewed; null when the bytes could not be decoded (read as they are). */
  page: Gray | null;
  scale: number;
  skew: number;
  /** The page's text lines seem to run along its long side: try it turned a quarter first. */
  sideways: boolean;
}

/** The page ready for the engine (see the steps above). */
export function preparePage(bytes: Uint8Array, maxPixels: number): Prepared {
  const decoded = decodeGray(bytes, maxPixels);
  if (!decoded) return { page: null, scale: 1, skew: 0, sideways: false };
  const scale = scaleFor(decoded.width, decoded.height);
  let page =
    scale === 1
      ? decoded
      : resize(
          decoded,
          Math.max(1, Math.round(decoded.width * scale)),
          Math.max(1, Math.round(decoded.height * scale)),
        );
  page = evenOut(page);
  const { skew, sideways } = layoutOf(page);
  if (Math.abs(skew) >= 0.3) page = rotate(page, -skew);
  return { page, scale, skew, sideways };
}
