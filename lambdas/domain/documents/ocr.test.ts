import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import {
  confidenceOfDate,
  confidenceOfValue,
  encodeBmp,
  linesFromOcr,
  MAX_OCR_PIXELS,
  type OcrEngine,
  type OcrLine,
  type OcrPage,
} from './ocr';
import { needsOcr } from './background-reading';
import { readDocument } from './read-document';
import { pngBytes } from './test-support/fixtures';

/** Words laid out as a person writes them: each row a line, `|` a column gap. */
function page(rows: string[], confidenceOf: (word: string) => number = () => 95): OcrPage {
  const lines: OcrLine[] = rows.map((row, r) => {
    let x = 10;
    const words = [];
    for (const column of row.split('|')) {
      for (const word of column.trim().split(' ')) {
        words.push({
          text: word,
          confidence: confidenceOf(word),
          x0: x,
          y0: r * 30,
          x1: x + word.length * 10,
          y1: r * 30 + 20,
        });
        x += word.length * 10 + 8;
      }
      x += 120;
    }
    return { words };
  });
  return { lines, confidence: 95, rotation: 0 };
}

/** An engine that gives the same page for every image, and remembers what it was given. */
function fakeEngine(
  result: OcrPage | Error,
): OcrEngine & { images: Uint8Array[]; sources: (string | undefined)[] } {
  const images: Uint8Array[] = [];
  const sources: (string | undefined)[] = [];
  return {
    images,
    sources,
    read(image, options) {
      images.push(image);
      sources.push(options.source);
      return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
    },
  };
}

const INVOICE_ROWS = [
  'Rossi Forniture S.r.l.',
  'Via Roma 1, 20100 Milano',
  'P.IVA 01234567890',
  'FATTURA N. 2024/118 | Data 12/03/2024',
  'Codice | Descrizione | Quantità | Prezzo',
  'SKU-ABC-1 | Tazza in ceramica bianca | 120 | 2,50',
  'Imponibile | 300,00',
  'IVA 22% | 66,00',
  'Totale fattura | 366,00',
];

/** A valid grayscale PNG of the given size (white), for an image-only PDF. */
function whitePng(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0;
  const rows = Buffer.alloc((width + 1) * height, 255);
  for (let y = 0; y < height; y += 1) rows[y * (width + 1)] = 0;
  return Uint8Array.from(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

describe('OCR words as lines', () => {
  it('joins close words into one cell and splits columns', () => {
    const { lines, text } = linesFromOcr([page(['FATTURA N. 118 | Data 12/03/2024'])]);
    expect(lines[0]?.cells.map((c) => c.text)).toEqual(['FATTURA N. 118', 'Data 12/03/2024']);
    expect(text).toBe('FATTURA N. 118  Data 12/03/2024');
  });

  it("gives a value the lowest confidence of the words it was read from, a date its year's word", () => {
    const words = page(['FATTURA N. 2024/118 | Data 12/03/2024'], (w) =>
      w.startsWith('2024/') ? 41 : 93,
    ).lines.flatMap((l) => l.words);
    expect(confidenceOfValue('2024/118', words)).toBe(41);
    expect(confidenceOfValue('Fattura', words)).toBe(93);
    expect(confidenceOfValue('Bianchi', words)).toBe(0);
    expect(confidenceOfDate('2024-03-12', words)).toBe(93);
    expect(confidenceOfDate('2023-03-12', words)).toBe(0);
  });

  it('encodes raw pixels as a 24-bit BMP the engine can read', () => {
    const bmp = encodeBmp(Uint8Array.from([0, 128, 255]), 3, 1, 1);
    expect(String.fromCharCode(bmp[0] as number, bmp[1] as number)).toBe('BM');
    expect(Buffer.from(bmp).readInt32LE(18)).toBe(3);
    expect(Array.from(bmp.subarray(54, 63))).toEqual([0, 0, 0, 128, 128, 128, 255, 255, 255]);
  });
});

describe('readDocument with OCR', () => {
  it('reads a photographed invoice with the same field readers as a PDF', async () => {
    const engine = fakeEngine(page(INVOICE_ROWS));
    const reading = await readDocument(pngBytes(1600, 1200), 'foto.png', { ocr: engine });
    expect(engine.images).toHaveLength(1);
    // A picture the seller uploaded: the engine may prepare it as a photo.
    expect(engine.sources).toEqual(['picture']);
    expect(reading).toMatchObject({ kind: 'fattura', quality: 'ok', ocr: { confidence: 95 } });
    expect(reading.invoices[0]).toMatchObject({
      number: '2024/118',
      date: '2024-03-12',
      supplier: { name: 'Rossi Forniture S.r.l.', vat: '01234567890' },
      ocr: { confidence: 95, unsure: [], unsureLines: [] },
    });
    expect(reading.invoices[0]?.lines[0]).toMatchObject({ quantity: 120 });
  });

  it('marks a field read from unsure words "da verificare" (unsure)', async () => {
    const engine = fakeEngine(page(INVOICE_ROWS, (w) => (w === '2024/118' ? 40 : 95)));
    const reading = await readDocument(pngBytes(1600, 1200), 'foto.png', { ocr: engine });
    expect(reading.invoices[0]?.number).toBe('2024/118');
    expect(reading.invoices[0]?.ocr).toMatchObject({ confidence: 40, unsure: ['number'] });
  });

  it('keeps a photo without text a photo, and one the engine fails on as before', async () => {
    const empty = await readDocument(pngBytes(1600, 1200), 'a.png', {
      ocr: fakeEngine({ lines: [], confidence: 0, rotation: 0 }),
    });
    expect(empty).toMatchObject({ kind: 'foto', quality: 'ok', invoices: [] });
    const failed = await readDocument(pngBytes(1600, 1200), 'a.png', {
      ocr: fakeEngine(new Error('OCR took too long.')),
    });
    expect(failed).toMatchObject({ kind: 'foto', quality: 'ok', invoices: [], text: '' });
  });

  it('does not give the engine an image over the pixel limit, a thumbnail or a cut file', async () => {
    const engine = fakeEngine(page(INVOICE_ROWS));
    const side = Math.ceil(Math.sqrt(MAX_OCR_PIXELS)) + 1;
    await readDocument(pngBytes(side, side), 'huge.png', { ocr: engine });
    await readDocument(pngBytes(120, 90), 'tiny.png', { ocr: engine });
    await readDocument(pngBytes(1600, 1200, false), 'cut.png', { ocr: engine });
    expect(engine.images).toHaveLength(0);
  });

  it("reads a PDF page without text through the page's picture", async () => {
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(whitePng(40, 30));
    pdf.addPage([400, 300]).drawImage(image, { x: 0, y: 0, width: 400, height: 300 });
    const engine = fakeEngine(page(INVOICE_ROWS));
    const reading = await readDocument(await pdf.save(), 'scan.pdf', { ocr: engine });
    expect(engine.images).toHaveLength(1);
    // A PDF page's picture is read as it is, not prepared as a photo.
    expect(engine.sources).toEqual(['pdf_page']);
    const bmp = Buffer.from(engine.images[0] as Uint8Array);
    expect([bmp.toString('latin1', 0, 2), bmp.readInt32LE(18), bmp.readInt32LE(22)]).toEqual([
      'BM',
      40,
      30,
    ]);
    expect(reading).toMatchObject({ kind: 'fattura', fileType: 'pdf' });
    expect(reading.invoices[0]?.number).toBe('2024/118');
    // Without an engine the same file gives no text, as before.
    expect((await readDocument(await pdf.save(), 'scan.pdf')).quality).toBe('illegible');
  }, 30_000);
});

describe('a low-resolution PDF page missing a field', () => {
  async function smallScan(): Promise<Uint8Array> {
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(whitePng(40, 30));
    pdf.addPage([400, 300]).drawImage(image, { x: 0, y: 0, width: 400, height: 300 });
    return pdf.save();
  }
  /** Gives `plain` for the page as it is and `enlarged` when asked to enlarge it. */
  function twoLookEngine(plain: OcrPage, enlarged: OcrPage) {
    const asked: (boolean | undefined)[] = [];
    const engine: OcrEngine = {
      read(_image, options) {
        asked.push(options.enlarge);
        return Promise.resolve(options.enlarge ? enlarged : plain);
      },
    };
    return { engine, asked };
  }
  const withoutDate = INVOICE_ROWS.map((r) => r.replace(' | Data 12/03/2024', ''));
  const withoutNumber = INVOICE_ROWS.map((r) => r.replace('FATTURA N. 2024/118 | ', 'FATTURA | '));

  it('is read again enlarged, and the field only the enlarged reading gives fills the gap', async () => {
    const { engine, asked } = twoLookEngine(page(withoutDate), page(withoutNumber));
    const reading = await readDocument(await smallScan(), 'scan.pdf', { ocr: engine });
    expect(asked).toEqual([undefined, true]);
    expect(reading.invoices[0]).toMatchObject({ number: '2024/118', date: '2024-03-12' });
    expect(reading.invoices[0]?.ocr?.unsure).toEqual([]);
  }, 30_000);

  it('keeps what the first reading gave when the enlarged one reads it otherwise', async () => {
    const other = INVOICE_ROWS.map((r) => r.replace('2024/118', '2024/113'));
    const { engine } = twoLookEngine(page(withoutDate), page(other));
    const reading = await readDocument(await smallScan(), 'scan.pdf', { ocr: engine });
    expect(reading.invoices[0]).toMatchObject({ number: '2024/118', date: '2024-03-12' });
  }, 30_000);

  it('is read once when the first reading has its number and date', async () => {
    const { engine, asked } = twoLookEngine(page(INVOICE_ROWS), page(withoutNumber));
    const reading = await readDocument(await smallScan(), 'scan.pdf', { ocr: engine });
    expect(asked).toEqual([undefined]);
    expect(reading.invoices[0]).toMatchObject({ number: '2024/118', date: '2024-03-12' });
  }, 30_000);
});

describe('which uploads wait for a reading in the background', () => {
  it('a picture OCR reads does; a thumbnail, a cut file or an image over the limit is confirmed at once', async () => {
    const side = Math.ceil(Math.sqrt(MAX_OCR_PIXELS)) + 1;
    const asUploaded = (bytes: Uint8Array, name: string) => readDocument(bytes, name);
    expect(needsOcr(await asUploaded(pngBytes(1600, 1200), 'foto.png'))).toBe(true);
    expect(needsOcr(await asUploaded(pngBytes(120, 90), 'tiny.png'))).toBe(false);
    expect(needsOcr(await asUploaded(pngBytes(1600, 1200, false), 'cut.png'))).toBe(false);
    expect(needsOcr(await asUploaded(pngBytes(side, side), 'huge.png'))).toBe(false);
  });
});

describe('a till receipt photographed', () => {
  it('stays a photo, with its date and shop read as a purchase document', async () => {
    const engine = fakeEngine(
      page([
        'Ferramenta Bianchi S.n.c.',
        'Via Roma 1, Milano',
        'DOCUMENTO COMMERCIALE | di vendita o prestazione',
        'VITI 4X40 | 3,20',
        'TOTALE COMPLESSIVO | 3,20',
        '14-02-2023 18:31 | DOC.N. 1104-0144',
      ]),
    );
    const reading = await readDocument(pngBytes(1600, 1200), 'scontrino.png', { ocr: engine });
    expect(reading.kind).toBe('foto');
    expect(reading.invoices[0]).toMatchObject({ date: '2023-02-14' });
  });
});
