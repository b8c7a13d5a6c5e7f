/**
 * The pictures of a PDF's pages, for reading a page without a text layer by OCR. A scanned page
 * is, in practice, one image drawn over the page: pdf.js decodes the page's images (no canvas,
 * no native code) and the largest one of each page is taken as that page.
 *
 * Limits: the first `maxPages` pages only; pdf.js refuses an image over `maxPixels`
 * (`maxImageSize`), which is then skipped.
 */
export interface PageImage {
  /** 0-based page. */
  page: number;
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/** pdf.js's ImageKind.GRAYSCALE_1BPP: 8 pixels a byte, rows padded to a byte. */
const GRAYSCALE_1BPP = 1;

interface DecodedImage {
  data?: Uint8Array | Uint8ClampedArray;
  width?: number;
  height?: number;
  kind?: number;
}

function unpack1bpp(data: Uint8Array | Uint8ClampedArray, width: number, height: number) {
  const rowBytes = (width + 7) >> 3;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      out[y * width + x] = ((data[y * rowBytes + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1 ? 255 : 0;
  return out;
}

function asPageImage(page: number, image: DecodedImage): PageImage | null {
  const { data, width, height } = image;
  if (!data || !width || !height) return null;
  if (image.kind === GRAYSCALE_1BPP && data.length === ((width + 7) >> 3) * height)
    return { page, data: unpack1bpp(data, width, height), width, height, channels: 1 };
  const channels = data.length / (width * height);
  if (channels !== 1 && channels !== 3 && channels !== 4) return null;
  return { page, data, width, height, channels };
}

/** The largest image of each of the first `maxPages` pages (pages without one are left out). */
export async function pdfPageImages(
  bytes: Uint8Array,
  limits: { maxPages: number; maxPixels: number },
): Promise<PageImage[]> {
  const pdfjs = await import('unpdf/pdfjs');
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    password: '',
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    maxImageSize: limits.maxPixels,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const out: PageImage[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, limits.maxPages); n += 1) {
      const page = await doc.getPage(n);
      const ops = await page.getOperatorList();
      let best: PageImage | null = null;
      for (let i = 0; i < ops.fnArray.length; i += 1) {
        if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
        const key = String((ops.argsArray[i] as unknown[])[0]);
        const objs = key.startsWith('g_') ? page.commonObjs : page.objs;
        const image = await new Promise<DecodedImage | null>((resolve) => {
          objs.get(key, (decoded: unknown) => resolve(decoded as DecodedImage | null));
        });
        const candidate = image ? asPageImage(n - 1, image) : null;
        if (candidate && (!best || candidate.width * candidate.height > best.width * best.height))
          best = candidate;
      }
      if (best) out.push(best);
      page.cleanup();
    }
    return out;
  } finally {
    await task.destroy().catch(() => undefined);
  }
}
