import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractPdfText, PdfError, type PdfErrorCode } from './pdf-text';
import { flate, handPdf, helvetica, onePage } from './test-support/pdf-bytes';
import {
  FORM_FIELD_PAGES,
  formFieldsPdf,
  inflatingPdf,
  STOP_DEADLINE_MS,
} from './test-support/hostile-pdfs';

async function pdfLibDocument(useObjectStreams: boolean): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const first = pdf.addPage();
  first.drawText('Fattura n. 2024/17 del 03/02/2024', { x: 50, y: 750, size: 16, font: bold });
  first.drawText('Perché più città — € 10,50', { x: 50, y: 720, size: 12, font });
  first.drawText('Riga uno\nRiga due', { x: 50, y: 690, size: 12, font, lineHeight: 14 });
  first.drawText('Quantità', { x: 50, y: 600, size: 12, font });
  first.drawText('12', { x: 200, y: 600, size: 12, font });
  pdf.addPage().drawText('Seconda pagina', { x: 50, y: 750, size: 12, font });
  pdf.addPage().drawText('Terza pagina', { x: 50, y: 750, size: 12, font });
  return pdf.save({ useObjectStreams });
}

async function errorCode(bytes: Uint8Array): Promise<PdfErrorCode | 'read' | string> {
  try {
    await extractPdfText(bytes);
    return 'read';
  } catch (error) {
    return error instanceof PdfError ? error.code : String(error);
  }
}

/** RC4, for a file encrypted the way old accounting tools still do (40-bit, revision 2). */
function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

/** A one-page file encrypted with an empty user password (standard handler, R2). */
function encryptedWithEmptyPassword(text: string): Uint8Array {
  const pad = Buffer.from(
    '28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
    'hex',
  );
  const owner = Buffer.alloc(32, 7);
  const id = Buffer.alloc(16, 9);
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-4);
  const fileKey = createHash('md5')
    .update(Buffer.concat([pad, owner, permissions, id]))
    .digest()
    .subarray(0, 5);
  const objectKey = (num: number) =>
    createHash('md5')
      .update(Buffer.concat([fileKey, Buffer.from([num & 255, num >> 8, 0, 0, 0])]))
      .digest()
      .subarray(0, 10);
  const user = rc4(fileKey, pad);
  const content = rc4(objectKey(5), Buffer.from(`BT /F1 12 Tf 72 700 Td (${text}) Tj ET`));
  return handPdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
      helvetica,
      ['', content],
      `<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P -4 >>`,
    ],
    `/Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>]`,
  );
}

describe('extractPdfText', () => {
  it.each([true, false])(
    'reads pdf-lib files page by page, standard fonts, object streams: %s',
    async (objectStreams) => {
      const bytes = await pdfLibDocument(objectStreams);
      expect(Buffer.from(bytes).toString('latin1').includes('/ObjStm')).toBe(objectStreams);
      const result = await extractPdfText(bytes);
      expect(result.pages).toEqual([
        'Fattura n. 2024/17 del 03/02/2024\nPerché più città — € 10,50\nRiga uno\nRiga due\nQuantità  12',
        'Seconda pagina',
        'Terza pagina',
      ]);
      expect(result.text).toBe(result.pages.join('\n\n'));
    },
  );

  it('puts text drawn right to left back in reading order, columns apart', async () => {
    // The value is drawn before its label, the second column before the first.
    const bytes = onePage(
      'BT /F1 10 Tf 200 700 Td (993548900) Tj ET BT /F1 10 Tf 72 700 Td (Factuurnummer:) Tj ET ' +
        'BT /F1 10 Tf 400 680 Td (24,99) Tj ET BT /F1 10 Tf 300 680 Td (29,99) Tj ET ' +
        'BT /F1 10 Tf 72 680 Td (Totale) Tj ET',
    );
    expect((await extractPdfText(bytes)).text).toBe(
      'Factuurnummer:  993548900\nTotale  29,99  24,99',
    );
  });

  it('parts runs a tenth of the font size apart, whatever order they are drawn in', async () => {
    // Helvetica-Bold widths at 12 pt: "Totale" 35.34, "Fat" 18.0. The label's value follows it
    // after 0.12 of the font size; a word set in two fonts has its second part 0.03 after.
    const bold =
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 6 0 R >> >> /Contents 5 0 R >>',
      helvetica,
      flate(
        // Each value is drawn before its label, as some tools fill a template.
        'BT /F1 12 Tf 108.78 700 Td (EUR 10,00) Tj ET BT /F2 12 Tf 72 700 Td (Totale) Tj ET ' +
          'BT /F1 12 Tf 90.36 680 Td (tura 17) Tj ET BT /F2 12 Tf 72 680 Td (Fat) Tj ET',
      ),
      bold,
    ]);
    expect((await extractPdfText(bytes)).text).toBe('Totale EUR 10,00\nFattura 17');
  });

  it('reads letter-spaced single glyphs as one word, and nothing else', async () => {
    const bytes = onePage(
      'BT /F1 12 Tf 72 700 Td (A N E X O) Tj ET ' +
        'BT /F1 12 Tf 72 680 Td (E X P O N E:) Tj ET ' +
        'BT /F1 12 Tf 72 660 Td (1 / 1) Tj ET ' +
        // Glyphs almost an em apart, with no space drawn between them.
        'BT /F1 12 Tf 72 640 Td [(A) -900 (B) -900 (C)] TJ ET ' +
        'BT /F1 12 Tf 72 620 Td (Menge 1 x 2) Tj ET',
    );
    expect((await extractPdfText(bytes)).text).toBe('ANEXO\nE X P O N E:\n1/1\nA B C\nMenge 1 x 2');
  });

  it('parts cells a padding apart where text on another line starts too, not justified words', async () => {
    // A browser prints "60 Stk." and the description in table cells 9 pt apart, row under row
    // (Helvetica 10 pt: "60 Stk." is 31.1 wide); justified words stand as far apart anywhere.
    const bytes = onePage(
      'BT /F1 10 Tf 72 700 Td (60 Stk.) Tj ET BT /F1 10 Tf 112.1 700 Td (Honig 500 g) Tj ET ' +
        'BT /F1 10 Tf 72 688 Td (40 Stk.) Tj ET BT /F1 10 Tf 112.1 688 Td (Wachs) Tj ET ' +
        'BT /F1 10 Tf 6 Tw 72 670 Td (Bitte zahlen Sie bald) Tj ET',
    );
    expect((await extractPdfText(bytes)).text).toBe(
      '60 Stk.  Honig 500 g\n40 Stk.  Wachs\nBitte zahlen Sie bald',
    );
  });

  it('reads a letter-spaced title whose first two letters are kerned together as one word', async () => {
    // A browser prints "FACTURA" in spaced capitals; the kerned pair "FA" keeps no gap.
    const bytes = onePage(
      'BT /F1 16 Tf 72 700 Td [(FA) -180 (C) -180 (T) -180 (U) -180 (R) -180 (A)] TJ ET ' +
        'BT /F1 12 Tf 72 680 Td (DI A B C) Tj ET',
    );
    expect((await extractPdfText(bytes)).text).toBe('FACTURA\nDI A B C');
  });

  it('reads a page turned by /Rotate upright', async () => {
    // Text drawn along the rotated page, as report engines do for landscape invoices.
    const bytes = onePage(
      'BT /F1 10 Tf 0 1 -1 0 100 72 Tm (Rechnungsnr.) Tj ET BT /F1 10 Tf 0 1 -1 0 100 200 Tm (R-7) Tj ET ' +
        'BT /F1 10 Tf 0 1 -1 0 120 72 Tm (Datum) Tj ET',
      { page: '/Rotate 90' },
    );
    expect((await extractPdfText(bytes)).text).toBe('Rechnungsnr.  R-7\nDatum');
  });

  it('reads a file encrypted with an empty user password', async () => {
    expect((await extractPdfText(encryptedWithEmptyPassword('Fattura 12/2024'))).text).toBe(
      'Fattura 12/2024',
    );
  });

  it('reads a page whose stream has a bad checksum, and the page after one cut short', async () => {
    const deflated = deflateSync(Buffer.from('BT /F1 12 Tf 72 700 Td (Invoice 2024-17) Tj ET'));
    const badChecksum = Buffer.from(deflated);
    badChecksum.writeUInt32BE(0xdeadbeef, badChecksum.length - 4);
    expect((await extractPdfText(onePage(['/Filter /FlateDecode', badChecksum]))).text).toBe(
      'Invoice 2024-17',
    );
    // A page whose stream is cut short loses at most its own text, never the next page's.
    const cut = deflateSync(
      Buffer.from(`BT /F1 12 Tf 72 700 Td (Pagina uno) Tj ET ${'% filler\n'.repeat(2000)}`),
    );
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 /Resources << /Font << /F1 4 0 R >> >> >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 5 0 R >>',
      helvetica,
      ['/Filter /FlateDecode', cut.subarray(0, Math.floor(cut.length / 2))],
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 7 0 R >>',
      flate('BT /F1 12 Tf 72 700 Td (Pagina due) Tj ET'),
    ]);
    expect((await extractPdfText(bytes)).pages[1]).toBe('Pagina due');
  });

  it('refuses what it cannot read, with a reason', async () => {
    expect(await errorCode(new Uint8Array(Buffer.from('hello')))).toBe('not_pdf');
    expect(await errorCode(new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catal')))).toBe(
      'no_pages',
    );
  });

  // How fast it refuses is timed by `npm run bench` (part `hostile`), not here.
  it('stops reading a small file whose streams inflate to hundreds of megabytes (too_large)', async () => {
    const bytes = inflatingPdf();
    expect(bytes.length).toBeLessThan(1024 * 1024);
    expect(await errorCode(bytes)).toBe('too_large');
  }, 30_000);

  it('reads pages whose streams together stay within the budget', async () => {
    // 4 pages of 12 MB each (48 MB).
    const page = (n: number): [string, Buffer] =>
      flate(`BT /F1 12 Tf 72 700 Td (Pagina ${n}) Tj ET${' '.repeat(12 * 1024 * 1024)}`);
    const pages = 4;
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages} /Resources << /Font << /F1 3 0 R >> >> >>`,
      helvetica,
      ...Array.from({ length: pages }, (_, i): (string | [string, Buffer])[] => [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${5 + i * 2} 0 R >>`,
        page(i + 1),
      ]).flat(),
    ]);
    expect((await extractPdfText(bytes)).pages).toEqual(
      Array.from({ length: pages }, (_, i) => `Pagina ${i + 1}`),
    );
  }, 20_000);

  it('gives up on a file that takes longer than its deadline (too_large)', async () => {
    const bytes = await pdfLibDocument(true);
    expect(await errorCode(bytes)).toBe('read');
    await expect(extractPdfText(bytes, { maxReadMs: 0 })).rejects.toMatchObject({
      code: 'too_large',
    });
  });

  // How long the reading and the stop take is timed by `npm run bench` (part `hostile`).
  it('reads pages of many form fields within the budgets, and stops at the deadline', async () => {
    const pages = FORM_FIELD_PAGES;
    const bytes = formFieldsPdf();
    // Within MAX_READ_MS, or the reading would have stopped with too_large.
    const { pages: read } = await extractPdfText(bytes);
    expect(read).toHaveLength(pages);
    expect(read[pages - 1]).toMatch(/^Pagina 20\nV490 {2}V491 .*\nV0 {2}V1 {2}V2 .* {2}V9$/s);
    // The deadline stops the reading between pages.
    await expect(extractPdfText(bytes, { maxReadMs: STOP_DEADLINE_MS })).rejects.toMatchObject({
      code: 'too_large',
    });
  }, 60_000);

  it('reads a file holding long runs of digits (outside and inside the page content)', async () => {
    const digits = '7'.repeat(200_000);
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>\n%${digits}`,
      helvetica,
      flate(`BT /F1 12 Tf 72 700 Td (Totale 93,70) Tj ${digits}x ET`),
    ]);
    expect((await extractPdfText(bytes)).text).toBe('Totale 93,70');
  });

  it('survives truncation of a real file at any point', async () => {
    const bytes = await pdfLibDocument(true);
    for (let cut = 0; cut < bytes.length; cut += 211) {
      try {
        await extractPdfText(bytes.subarray(0, cut));
      } catch (error) {
        expect(error).toBeInstanceOf(PdfError);
      }
    }
  }, 30_000);
});
