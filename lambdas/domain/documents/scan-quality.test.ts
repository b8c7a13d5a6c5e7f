import {
  decodePictureGrey,
  decodePngGrey,
  measureScan,
  MIN_SCAN_EDGES,
  MIN_SCAN_LUMINANCE,
  scanAdvice,
  type OcrOutcome,
} from './scan-quality';
import {
  blurred,
  darkened,
  encodeJpeg,
  encodePng,
  printedPage,
  shrunk,
} from './test-support/scan-images';

/** What the measures make of a generated picture, read back from its PNG or JPEG file. */
function measured(file: Uint8Array) {
  const pixels = decodePictureGrey(file, 40_000_000);
  return measureScan(pixels ? Math.min(pixels.width, pixels.height) : null, pixels);
}

const POOR: OcrOutcome = { words: 4, confidence: 31, fieldsRead: false };
const GOOD: OcrOutcome = { words: 120, confidence: 88, fieldsRead: true };

describe('scan measures on generated pictures of a printed page', () => {
  const page = printedPage();

  it('decodes 8-bit PNG rows of every filter, grey and RGB, to the same pixels', () => {
    for (const colour of ['grey', 'rgb'] as const) {
      const decoded = decodePngGrey(encodePng(page, colour), 40_000_000);
      expect(decoded?.width).toBe(page.width);
      expect(decoded?.height).toBe(page.height);
      expect(Buffer.from(decoded!.grey).equals(Buffer.from(page.grey))).toBe(true);
    }
  });

  it('gives up on a PNG past the pixel limit instead of inflating it', () => {
    expect(decodePngGrey(encodePng(page), 100_000)).toBeNull();
  });

  it('finds a sharp, well-lit page bright and sharp', () => {
    const m = measured(encodePng(page));
    expect(m.luminance).toBeGreaterThan(150);
    expect(m.edges).toBeGreaterThanOrEqual(MIN_SCAN_EDGES);
  });

  it('finds the same page under poor light dark, however sharp', () => {
    const m = measured(encodePng(darkened(page)));
    expect(m.luminance).toBeLessThan(MIN_SCAN_LUMINANCE);
    expect(m.edges).toBeGreaterThanOrEqual(MIN_SCAN_EDGES);
  });

  it('finds the same page out of focus blurred, though well lit', () => {
    const m = measured(encodePng(blurred(page)));
    expect(m.luminance).toBeGreaterThan(150);
    expect(m.edges).toBeLessThan(MIN_SCAN_EDGES);
  });

  it('tells the seller which of small, dark, blurred when the reading came out poor', () => {
    expect(scanAdvice(measured(encodePng(shrunk(page, 2))), POOR)).toBe('too_small');
    expect(scanAdvice(measured(encodePng(darkened(page))), POOR)).toBe('too_dark');
    expect(scanAdvice(measured(encodePng(blurred(page))), POOR)).toBe('too_blurred');
    // Nothing measured explains it: the cause is not named.
    expect(scanAdvice(measured(encodePng(page)), POOR)).toBe('unreadable');
    expect(scanAdvice({ side: 1500, luminance: null, edges: null }, null)).toBe('unreadable');
  });

  it('says nothing about a scan that read well, whatever its measures', () => {
    expect(scanAdvice(measured(encodePng(darkened(page))), GOOD)).toBeNull();
    expect(scanAdvice({ side: 1500, luminance: null, edges: null }, GOOD)).toBeNull();
  });

  describe('a phone photo saved as JPEG', () => {
    it('decodes to the page it shows, within the compression', () => {
      const decoded = decodePictureGrey(encodeJpeg(page, 90), 40_000_000);
      expect([decoded?.width, decoded?.height]).toEqual([page.width, page.height]);
      let off = 0;
      page.grey.forEach((v, i) => (off += Math.abs(v - (decoded?.grey[i] ?? 0))));
      expect(off / page.grey.length).toBeLessThan(6);
    });

    it('gives up on a JPEG past the pixel limit, or cut short, instead of guessing', () => {
      expect(decodePictureGrey(encodeJpeg(page), 100_000)).toBeNull();
      const photo = encodeJpeg(page);
      expect(decodePictureGrey(photo.subarray(0, photo.length >> 1), 40_000_000)).toBeNull();
    });

    it('tells which of small, dark, blurred, as for a PNG', () => {
      expect(scanAdvice(measured(encodeJpeg(shrunk(page, 2))), POOR)).toBe('too_small');
      expect(scanAdvice(measured(encodeJpeg(darkened(page))), POOR)).toBe('too_dark');
      expect(scanAdvice(measured(encodeJpeg(blurred(page))), POOR)).toBe('too_blurred');
      // A sharp, well-lit photo at a phone's usual quality is none of them.
      expect(scanAdvice(measured(encodeJpeg(page, 75)), POOR)).toBe('unreadable');
    });
  });
});
