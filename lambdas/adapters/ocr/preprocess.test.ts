import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { encodeBmp } from '../../domain/documents/ocr';
import {
  decodeGray,
  evenOut,
  layoutOf,
  preparePage,
  rotate,
  scaleFor,
  type Gray,
} from './preprocess';

/** A white page with `lines` rows of dark "words" (dashes with gaps), like printed text. */
function textPage(width: number, height: number, lines: number): Gray {
  const data = new Uint8Array(width * height).fill(255);
  const pitch = Math.floor(height / (lines + 2));
  for (let l = 1; l <= lines; l += 1) {
    const top = l * pitch;
    for (let y = top; y < top + Math.round(pitch / 3); y += 1)
      for (let x = 40; x < width - 40; x += 1)
        if (x % 37 < 28 && x % 9 < 6) data[y * width + x] = 20;
  }
  return { data, width, height };
}

const at = (page: Gray, x: number, y: number) => page.data[y * page.width + x]!;

describe('preparing a page for the OCR engine', () => {
  it('enlarges a low-resolution page (at most three times) and reduces a large photo', () => {
    expect(scaleFor(750, 1061)).toBeCloseTo(2000 / 1061, 3);
    expect(scaleFor(300, 400)).toBe(3);
    expect(scaleFor(4000, 3000)).toBeCloseTo(3200 / 4000, 3);
    expect(scaleFor(2480, 3100)).toBe(1);
  });

  it('decodes PNG, JPEG and the BMP of a PDF page to grayscale; other formats are left alone', () => {
    const rgba = new Uint8Array(4 * 4 * 4);
    for (let i = 0; i < 16; i += 1) rgba.set(i < 8 ? [255, 0, 0, 255] : [0, 0, 255, 0], i * 4);
    const png = decodeGray(encodePng({ width: 4, height: 4, data: rgba, channels: 4 }), 1e6);
    // Red is a dark grey; a transparent pixel is the white under it.
    expect(png && [png.width, at(png, 0, 0), at(png, 0, 3)]).toEqual([4, 76, 255]);
    const jpg = decodeGray(jpeg.encode({ width: 4, height: 4, data: rgba }, 95).data, 1e6);
    expect(jpg?.height).toBe(4);
    const bmp = decodeGray(encodeBmp(new Uint8Array([0, 128, 255, 10, 20, 30]), 3, 2, 1), 1e6);
    expect(bmp && [at(bmp, 0, 0), at(bmp, 1, 0), at(bmp, 2, 0), at(bmp, 0, 1)]).toEqual([
      0, 128, 255, 10,
    ]);
    expect(decodeGray(new TextEncoder().encode('GIF89a....'), 1e6)).toBeNull();
  });

  it('lifts a shadow: the shaded paper turns white and the ink under it stays dark', () => {
    const page = textPage(800, 1000, 12);
    // The lower half in a shadow at 45 % brightness.
    for (let i = page.width * 500; i < page.data.length; i += 1)
      page.data[i] = Math.round(page.data[i]! * 0.45);
    const even = evenOut(page);
    expect(at(even, 20, 900)).toBeGreaterThan(235);
    const inkRow = Math.floor(1000 / 14) * 11 + 5;
    expect(at(even, 41, inkRow)).toBeLessThan(60);
  });

  it('keeps light letters on a dark band readable (the band is not taken for paper)', () => {
    const page = textPage(800, 1000, 4);
    for (let y = 600; y < 700; y += 1)
      for (let x = 0; x < 800; x += 1)
        page.data[y * 800 + x] = x % 50 < 8 && y % 30 < 20 ? 250 : 60;
    const even = evenOut(page);
    expect(at(even, 100, 605) - at(even, 110, 605)).toBeGreaterThan(100);
  });

  it('finds the skew of text lines', () => {
    const page = textPage(1000, 1300, 20);
    expect(layoutOf(page)).toEqual({ skew: 0, sideways: false });
    const skewed = layoutOf(rotate(page, 4));
    expect(skewed.sideways).toBe(false);
    expect(Math.abs(skewed.skew - 4)).toBeLessThanOrEqual(0.3);
  });

  it('gives the engine a page turned straight', () => {
    const page = textPage(1000, 1300, 20);
    const skewed = rotate(page, -5);
    const bmp = encodeBmp(skewed.data, skewed.width, skewed.height, 1);
    const prepared = preparePage(bmp, 40_000_000);
    expect(prepared.page).not.toBeNull();
    expect(Math.abs(prepared.skew + 5)).toBeLessThanOrEqual(0.3);
    expect(layoutOf(prepared.page!).skew).toBe(0);
  });
});
