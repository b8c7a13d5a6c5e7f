/**
 * What an image header says about readability, without decoding pixels (no image library in
 * a Lambda under 300 KB): the dimensions from the PNG IHDR, the JPEG SOFn or the GIF screen
 * descriptor, and whether the file is complete (PNG IEND chunk, JPEG EOI after the scan data,
 * GIF trailer).
 *
 * Readability rule (`imageQuality`), for photos of parcels and labels:
 * - no dimensions can be read, or the shorter side is under 200 px: **illegible** (a thumbnail
 *   or a broken file: no label, barcode or handwriting can be read at that size);
 * - truncated (the upload stopped mid-file, so the lower part is grey or missing), or the
 *   shorter side is under 600 px: **low** (the seller may send a better photo or go on);
 * - otherwise **ok**.
 */

export interface ImageInfo {
  format: 'png' | 'jpeg' | 'gif';
  /** Null when the header cannot be read. */
  width: number | null;
  height: number | null;
  /** The file ends before its end marker. */
  truncated: boolean;
}

/** Below this shorter side an image is illegible. */
export const ILLEGIBLE_IMAGE_SIDE = 200;
/** Below this shorter side an image is of low quality. */
export const LOW_IMAGE_SIDE = 600;

function u16be(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
}
function u32be(b: Uint8Array, at: number): number {
  return u16be(b, at) * 65536 + u16be(b, at + 2);
}

function png(b: Uint8Array): ImageInfo {
  const hasHeader = b.length >= 24 && String.fromCharCode(...b.subarray(12, 16)) === 'IHDR';
  const tail = Buffer.from(b.subarray(Math.max(0, b.length - 32))).toString('latin1');
  return {
    format: 'png',
    width: hasHeader ? u32be(b, 16) || null : null,
    height: hasHeader ? u32be(b, 20) || null : null,
    truncated: !tail.includes('IEND'),
  };
}

function jpeg(b: Uint8Array): ImageInfo {
  let width: number | null = null;
  let height: number | null = null;
  let scanStart = -1;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) break;
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = u16be(b, at + 2);
    const isSof =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof && at + 9 <= b.length) {
      height = u16be(b, at + 5) || null;
      width = u16be(b, at + 7) || null;
    }
    if (marker === 0xda) {
      scanStart = at + 2 + length;
      break;
    }
    if (length < 2) break;
    at += 2 + length;
  }
  let complete = false;
  if (scanStart > 0) {
    // Inside the scan, 0xFF is always followed by 0x00 or a restart marker: FF D9 is the end.
    complete =
      Buffer.from(b.buffer, b.byteOffset, b.byteLength).indexOf(
        Buffer.from([0xff, 0xd9]),
        scanStart,
      ) >= 0;
  }
  return { format: 'jpeg', width, height, truncated: !complete };
}

function gif(b: Uint8Array): ImageInfo {
  let end = b.length - 1;
  while (end > 0 && b[end] === 0) end -= 1;
  return {
    format: 'gif',
    width: b.length >= 10 ? ((b[7] ?? 0) << 8) | (b[6] ?? 0) || null : null,
    height: b.length >= 10 ? ((b[9] ?? 0) << 8) | (b[8] ?? 0) || null : null,
    truncated: b[end] !== 0x3b,
  };
}

/** Reads the header of a PNG, JPEG or GIF (the caller has detected the format). */
export function readImageInfo(bytes: Uint8Array, format: ImageInfo['format']): ImageInfo {
  if (format === 'png') return png(bytes);
  if (format === 'jpeg') return jpeg(bytes);
  return gif(bytes);
}

/** The readability of an image, per the rule in this module's comment. */
export function imageQuality(info: ImageInfo): 'ok' | 'low' | 'illegible' {
  if (info.width === null || info.height === null) return 'illegible';
  const side = Math.min(info.width, info.height);
  if (side < ILLEGIBLE_IMAGE_SIDE) return 'illegible';
  if (info.truncated || side < LOW_IMAGE_SIDE) return 'low';
  return 'ok';
}
