/**
 * Our own "photographs" of printed invoices, for measuring the OCR on pages like the ones
 * sellers photograph with a phone:
 *   npm run ocr:photos -- <out folder> [--every N]
 *
 * Each invoice of the printed-invoice battery (test/e2e/support/printed-invoices, every N-th
 * one; default 6, about one per language) is shown by the real browser and captured as an A4
 * page at about 150 dpi, then turned into photo-like variants, all deterministic (no random
 * numbers: the same run gives the same files):
 *
 * - `clean`: the page as captured (JPEG, quality 90);
 * - `rot90`, `rot180`: taken sideways and upside down;
 * - `skew4`: turned 4 degrees;
 * - `perspective`: the top of the page farther away than the bottom (narrower by 12 %);
 * - `shadow`: a hand's shadow over the lower right half (down to 45 % brightness);
 * - `jpeg25`: compressed hard (JPEG quality 25);
 * - `lowres`: about 75 dpi (half size).
 *
 * It writes the images and an `expected.json` with what the page prints (number, date,
 * supplier) for `npm run ocr:measure -- <out folder>`, which also sums up per variant.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import jpeg from 'jpeg-js';
import { chromium } from 'playwright';
import {
  decodeGray,
  quarterTurn,
  resize,
  rotate,
  type Gray,
} from '../../lambdas/adapters/ocr/preprocess';
import { PRINTED_INVOICES } from '../../test/e2e/support/printed-invoices';

/** A4 at 96 CSS pixels an inch, captured at 1.5625 device pixels each: 1240 × 1754, 150 dpi. */
const A4 = { width: 794, height: 1123, scale: 1.5625 };

type Variant = (page: Gray) => { image: Gray; quality: number };

export const VARIANTS: Record<string, Variant> = {
  clean: (page) => ({ image: page, quality: 90 }),
  rot90: (page) => ({ image: quarterTurn(page), quality: 90 }),
  rot180: (page) => ({ image: quarterTurn(quarterTurn(page)), quality: 90 }),
  skew4: (page) => ({ image: rotate(page, 4), quality: 90 }),
  perspective: (page) => ({ image: perspective(page, 0.12), quality: 90 }),
  shadow: (page) => ({ image: shadow(page, 0.45), quality: 90 }),
  jpeg25: (page) => ({ image: page, quality: 25 }),
  lowres: (page) => ({
    image: resize(page, Math.round(page.width / 2), Math.round(page.height / 2)),
    quality: 90,
  }),
};

/** The top row narrower by `narrowing` of the width, the bottom row as it is (white around). */
export function perspective(page: Gray, narrowing: number): Gray {
  const { width, height, data } = page;
  const out = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < height; y += 1) {
    const shrink = 1 - narrowing * (1 - y / (height - 1));
    const margin = (width * (1 - shrink)) / 2;
    // The rows are squeezed towards the top too, as a far edge is.
    const sy = Math.min(
      height - 1,
      Math.round(height - 1 - (height - 1 - y) / (1 - narrowing / 2)),
    );
    if (sy < 0) continue;
    for (let x = 0; x < width; x += 1) {
      const sx = Math.round((x - margin) / shrink);
      if (sx >= 0 && sx < width) out[y * width + x] = data[sy * width + sx]!;
    }
  }
  return { data: out, width, height };
}

/** Brightness falling to `darkest` over the lower right, with a soft edge along a diagonal. */
export function shadow(page: Gray, darkest: number): Gray {
  const { width, height, data } = page;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const t = Math.min(1, Math.max(0, (x / width + y / height - 0.9) / 0.3));
      out[y * width + x] = Math.round(data[y * width + x]! * (1 - t * (1 - darkest)));
    }
  return { data: out, width, height };
}

function toJpeg(image: Gray, quality: number): Uint8Array {
  const rgba = new Uint8Array(image.width * image.height * 4);
  for (let i = 0; i < image.data.length; i += 1) {
    const v = image.data[i]!;
    rgba.set([v, v, v, 255], i * 4);
  }
  return jpeg.encode({ data: rgba, width: image.width, height: image.height }, quality).data;
}

async function main(argv: string[]): Promise<void> {
  const args = argv.filter((a) => a !== '--');
  const out = args[0];
  if (!out) throw new Error('usage: ocr:photos <out folder> [--every N]');
  const everyAt = args.indexOf('--every');
  const every = everyAt >= 0 ? Number(args[everyAt + 1]) : 6;
  fs.mkdirSync(out, { recursive: true });
  const found = JSON.parse(
    execFileSync(process.execPath, ['test/support/chromium.mjs'], { encoding: 'utf8' }),
  ) as { executable: string; args: string[]; env: Record<string, string> };
  const browser = await chromium.launch({
    executablePath: found.executable,
    args: found.args,
    env: { ...process.env, ...found.env } as Record<string, string>,
  });
  const expected: Record<string, { number: string; date: string; supplier: string }> = {};
  try {
    const tab = await browser.newPage({
      viewport: { width: A4.width, height: A4.height },
      deviceScaleFactor: A4.scale,
    });
    const chosen = PRINTED_INVOICES.filter((_, i) => i % every === 0);
    for (const [n, invoice] of chosen.entries()) {
      await tab.setContent(invoice.html);
      await tab.addStyleTag({ content: 'body { padding: 16mm 14mm; background: #fff; }' });
      const png = await tab.screenshot({ type: 'png' });
      const page = decodeGray(new Uint8Array(png), 40_000_000);
      if (!page) throw new Error(`could not decode the capture of ${invoice.name}`);
      const base = `p${String(n + 1).padStart(2, '0')}`;
      for (const [name, variant] of Object.entries(VARIANTS)) {
        const { image, quality } = variant(page);
        const file = `${base}__${name}.jpg`;
        fs.writeFileSync(path.join(out, file), toJpeg(image, quality));
        expected[file] = {
          number: invoice.want.number,
          date: invoice.want.date,
          supplier: invoice.want.supplier,
        };
      }
      console.log(`${base}: ${invoice.name}`);
    }
  } finally {
    await browser.close();
  }
  fs.writeFileSync(path.join(out, 'expected.json'), `${JSON.stringify(expected, null, 1)}\n`);
  console.log(`${Object.keys(expected).length} photos in ${out}`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`ocr:photos: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
