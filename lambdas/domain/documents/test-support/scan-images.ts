import { deflateSync } from 'node:zlib';
import jpeg from 'jpeg-js';
import type { GreyPixels } from '../scan-quality';

/**
 * Generated pictures of a printed page, for the scan measures: white paper with rows of dark
 * "words" (blocks the height of a printed line), and the ways a phone photo goes wrong: too
 * dark, out of focus, too small.
 */
export function printedPage(width = 640, height = 860): GreyPixels {
  const grey = new Uint8Array(width * height).fill(235);
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let top = 80; top + 20 < height - 80; top += 40) {
    let x = 80;
    while (x < width - 120) {
      const word = 20 + Math.floor(random() * 90);
      for (let y = top; y < top + 18; y += 1)
        for (let dx = 0; dx < word; dx += 1)
          // Letters: strokes of ink with paper between them.
          if (dx % 6 < 3) grey[y * width + x + dx] = 25;
      x += word + 14;
    }
  }
  return { width, height, grey };
}

/** The page under poor light: every level scaled down. */
export function darkened(page: GreyPixels, factor = 0.2): GreyPixels {
  return { ...page, grey: page.grey.map((v) => Math.round(v * factor)) };
}

/** The page out of focus: a box blur of `radius`, across then down. */
export function blurred(page: GreyPixels, radius = 5): GreyPixels {
  const { width, height } = page;
  const pass = (from: Uint8Array, horizontal: boolean) => {
    const out = new Uint8Array(from.length);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1) {
        let sum = 0;
        let n = 0;
        for (let d = -radius; d <= radius; d += 1) {
          const xx = horizontal ? x + d : x;
          const yy = horizontal ? y : y + d;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          sum += from[yy * width + xx] ?? 0;
          n += 1;
        }
        out[y * width + x] = Math.round(sum / n);
      }
    return out;
  };
  return { width, height, grey: pass(pass(page.grey, true), false) };
}

/** The page shrunk by `factor` (nearest pixel). */
export function shrunk(page: GreyPixels, factor: number): GreyPixels {
  const width = Math.floor(page.width / factor);
  const height = Math.floor(page.height / factor);
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      grey[y * width + x] =
        page.grey[Math.floor(y * factor) * page.width + Math.floor(x * factor)] ?? 0;
  return { width, height, grey };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = 0xffffffff;
  for (const b of body) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * The page as an 8-bit PNG, grey or RGB (grey copied to the three channels), each row with the
 * next of the five filters in turn, as encoders mix them.
 */
export function encodePng(page: GreyPixels, colour: 'grey' | 'rgb' = 'grey'): Uint8Array {
  const channels = colour === 'grey' ? 1 : 3;
  const stride = page.width * channels;
  const raw = Buffer.alloc((stride + 1) * page.height);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < page.height; y += 1) {
    const row = new Uint8Array(stride);
    for (let x = 0; x < page.width; x += 1)
      row.fill(page.grey[y * page.width + x] ?? 0, x * channels, (x + 1) * channels);
    const filter = y % 5;
    raw[y * (stride + 1)] = filter;
    for (let i = 0; i < stride; i += 1) {
      const a = i >= channels ? (row[i - channels] ?? 0) : 0;
      const b = previous[i] ?? 0;
      const c = i >= channels ? (previous[i - channels] ?? 0) : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter] ?? 0;
      raw[y * (stride + 1) + 1 + i] = ((row[i] ?? 0) - predictor) & 0xff;
    }
    previous = row;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(page.width, 0);
  ihdr.writeUInt32BE(page.height, 4);
  ihdr[8] = 8;
  ihdr[9] = colour === 'grey' ? 0 : 2;
  return Uint8Array.from(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** The page as a phone saves it: an RGB JPEG (grey copied to the three channels) of `quality`. */
export function encodeJpeg(page: GreyPixels, quality = 80): Uint8Array {
  const data = Buffer.alloc(page.width * page.height * 4);
  for (let i = 0; i < page.grey.length; i += 1) {
    const v = page.grey[i] ?? 0;
    data.fill(v, i * 4, i * 4 + 3);
    data[i * 4 + 3] = 255;
  }
  return Uint8Array.from(
    jpeg.encode({ data, width: page.width, height: page.height }, quality).data,
  );
}
