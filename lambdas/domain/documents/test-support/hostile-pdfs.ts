/**
 * PDFs built to make the reader work: the tests (pdf-text.test.ts) check what it answers, the
 * bench (test/bench/hostile-input.bench.ts) how long it takes.
 */
import { deflateSync } from 'node:zlib';
import { handPdf, helvetica, flate, type PdfObject } from './pdf-bytes';

/** 8 pages, each drawing 60 MB of spaces from a ~60 KB stream: 480 MB once inflated. */
export function inflatingPdf(): Uint8Array {
  const spaces = deflateSync(Buffer.alloc(60 * 1024 * 1024, 0x20), { level: 9 });
  const pages = 8;
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(' ')}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, (_, i): (string | [string, Buffer])[] => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + i * 2} 0 R >>`,
      ['/Filter /FlateDecode', spaces],
    ]).flat(),
  ]);
}

/** The most the reader may take to refuse `inflatingPdf`, on a quiet machine (the bench's goal). */
export const INFLATING_PDF_GOAL_MS = 3_000;

export const FORM_FIELD_PAGES = 20;

/** 20 pages of 500 filled form fields each, over a line of page text ("Pagina n"). */
export function formFieldsPdf(): Uint8Array {
  const [pages, perPage] = [FORM_FIELD_PAGES, 500];
  const objects: PdfObject[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, p) => `${4 + p * (perPage + 2)} 0 R`).join(' ')}] /Count ${pages} /Resources << /Font << /F1 3 0 R /Helv 3 0 R >> >> >>`,
    helvetica,
  ];
  for (let p = 0; p < pages; p += 1) {
    const first = 4 + p * (perPage + 2) + 2;
    const refs = Array.from({ length: perPage }, (_, i) => `${first + i} 0 R`).join(' ');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${first - 1} 0 R /Annots [${refs}] >>`,
      flate(`BT /F1 10 Tf 40 820 Td (Pagina ${p + 1}) Tj ET`),
      ...Array.from({ length: perPage }, (_, i) => {
        const [x, y] = [(i % 10) * 55, Math.floor(i / 10) * 16];
        return `<< /Type /Annot /Subtype /Widget /FT /Tx /T (f${p}-${i}) /V (V${i}) /Rect [${x} ${y} ${x + 50} ${y + 12}] /F 4 /DA (/Helv 8 Tf 0 g) >>`;
      }),
    );
  }
  return handPdf(objects);
}

/** The deadline the bench gives the reader to show it stops between pages once it has passed. */
export const STOP_DEADLINE_MS = 100;

/** The most stopping may take past that deadline, on a quiet machine (the bench's goal). */
export const STOP_GOAL_MS = 2_000;
