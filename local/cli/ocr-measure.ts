/**
 * How well the document reader reads scans and photos (OCR), measured on files with what a
 * person reads on them:
 *   npm run ocr:measure -- [folder ...]
 *
 * Each folder holds the files and an `expected.json` (file name → { number, date, supplier });
 * by default the development set's scans (`../shared/fixtures/documents-real/scans/`) and its
 * image-only invoice. A field counts when the page prints it (a key of expected.json) and is
 * right when the reader gives it: number by its letters and digits, date exactly, supplier when
 * one name holds the other (accents, case and punctuation aside). Prints one line per file, the
 * totals, and the time per file (wall time, engine started once). For the photos of
 * `npm run ocr:photos` (files named `<page>__<variant>.jpg`) it also sums up per variant.
 */
import fs from 'node:fs';
import path from 'node:path';
import { tesseractEngine } from '../../lambdas/adapters/ocr/tesseract';
import { readDocument, type DocumentReading } from '../../lambdas/domain/documents/read-document';

/** The development set: `DOCUMENTS_REAL` when set, else `shared/` next to the repository. */
const REAL =
  process.env.DOCUMENTS_REAL ?? path.resolve(__dirname, '../../../shared/fixtures/documents-real');
const FIELDS = ['number', 'date', 'supplier'] as const;
type Field = (typeof FIELDS)[number];
type Expected = Partial<Record<Field, string>>;

function key(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();
}

export function fieldRight(field: Field, expected: string, read: string | null): boolean {
  if (read === null) return false;
  if (field === 'date') return read === expected;
  if (field === 'number') return key(read) === key(expected);
  const [a, b] = [key(read), key(expected)];
  return a.length > 2 && (a.includes(b) || b.includes(a));
}

/** The best of the invoices read for each field (a page may hold more than one). */
function scoreOf(reading: DocumentReading, expected: Expected) {
  const out: Partial<Record<Field, boolean>> = {};
  for (const field of FIELDS) {
    const want = expected[field];
    if (want === undefined) continue;
    out[field] = reading.invoices.some((i) =>
      fieldRight(field, want, field === 'supplier' ? i.supplier.name : i[field]),
    );
  }
  return out;
}

function filesOf(folders: string[]): [string, Expected][] {
  if (!folders.length) {
    const scans = path.join(REAL, 'scans');
    const real = JSON.parse(fs.readFileSync(path.join(REAL, 'expected.json'), 'utf8')) as Record<
      string,
      Expected & { kind?: string }
    >;
    const imageOnly = Object.keys(real).filter((f) => f.includes('image_only'));
    return [
      ...filesOf([scans]),
      ...imageOnly.map((f): [string, Expected] => [path.join(REAL, f), real[f] ?? {}]),
    ];
  }
  return folders.flatMap((folder) => {
    const expected = JSON.parse(
      fs.readFileSync(path.join(folder, 'expected.json'), 'utf8'),
    ) as Record<string, Expected>;
    return Object.entries(expected).map(([f, e]): [string, Expected] => [path.join(folder, f), e]);
  });
}

/** The variant of a photo made by `npm run ocr:photos` ("p01__shadow.jpg": shadow), or null. */
export function variantOf(file: string): string | null {
  return /__([a-z0-9]+)\.[a-z]+$/.exec(path.basename(file))?.[1] ?? null;
}

async function main(argv: string[]): Promise<void> {
  const files = filesOf(argv.filter((a) => a !== '--'));
  const engine = tesseractEngine();
  const totals = Object.fromEntries(FIELDS.map((f) => [f, { right: 0, of: 0 }]));
  const variants = new Map<string, { right: number; of: number }>();
  try {
    for (const [file, expected] of files) {
      const started = Date.now();
      const reading = await readDocument(new Uint8Array(fs.readFileSync(file)), file, {
        ocr: engine,
        ocrDeadlineMs: 600_000,
      });
      const ms = Date.now() - started;
      const score = scoreOf(reading, expected);
      for (const [field, right] of Object.entries(score)) {
        const total = totals[field] as { right: number; of: number };
        total.of += 1;
        if (right) total.right += 1;
        const variant = variantOf(file);
        if (variant) {
          const v = variants.get(`${variant} ${field}`) ?? { right: 0, of: 0 };
          variants.set(`${variant} ${field}`, { right: v.right + (right ? 1 : 0), of: v.of + 1 });
        }
      }
      const first = reading.invoices[0];
      console.log(
        [
          path.basename(file),
          `${ms} ms`,
          `kind ${reading.kind}`,
          `ocr ${reading.ocr?.confidence ?? '-'}`,
          ...FIELDS.map((f) =>
            f in score
              ? `${f} ${score[f] ? 'right' : 'wrong'} (${JSON.stringify(f === 'supplier' ? (first?.supplier.name ?? null) : (first?.[f] ?? null))})`
              : `${f} -`,
          ),
        ].join('  '),
      );
    }
  } finally {
    await engine.close();
  }
  for (const [name, v] of [...variants].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`${name}: right on ${v.right} of ${v.of}`);
  for (const field of FIELDS) {
    const t = totals[field] as { right: number; of: number };
    console.log(`${field}: right on ${t.right} of ${t.of}`);
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`ocr:measure: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
