import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractPdfText, PdfError } from './pdf-text';

/**
 * Runs blocking work, then yields to the event loop: jest's timeout (5 s) then fails a test whose
 * work blocked longer, which it cannot do while synchronous code runs.
 */
async function settled<T>(work: () => T): Promise<T> {
  const result = work();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return result;
}

/** Builds a PDF by hand from object bodies (1-based); streams are given as [dict, data]. */
function handPdf(objects: (string | [string, Buffer])[], trailer = '/Root 1 0 R'): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  objects.forEach((object, i) => {
    if (typeof object === 'string')
      parts.push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
    else {
      const [dict, data] = object;
      parts.push(
        Buffer.from(`${i + 1} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      );
    }
  });
  parts.push(
    Buffer.from(
      `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n0\n%%EOF\n`,
      'latin1',
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const flate = (text: string): [string, Buffer] => [
  '/Filter /FlateDecode',
  deflateSync(Buffer.from(text, 'latin1')),
];

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

describe('extractPdfText', () => {
  it.each([true, false])(
    'reads pdf-lib files page by page, standard fonts, object streams: %s',
    async (objectStreams) => {
      const bytes = await pdfLibDocument(objectStreams);
      expect(Buffer.from(bytes).toString('latin1').includes('/ObjStm')).toBe(objectStreams);
      const result = extractPdfText(bytes);
      expect(result.pages).toEqual([
        'Fattura n. 2024/17 del 03/02/2024\nPerché più città — € 10,50\nRiga uno\nRiga due\nQuantità 12',
        'Seconda pagina',
        'Terza pagina',
      ]);
      expect(result.text).toBe(result.pages.join('\n\n'));
      expect(result.unmappedGlyphs).toBe(0);
    },
  );

  it('reads a Type0 Identity-H font through its ToUnicode CMap (bfchar, bfrange, arrays, ligatures)', () => {
    const cmap = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap
/CMapName /Test-UCS def /CMapType 2 def
1 begincodespacerange <0000> <FFFF> endcodespacerange
3 beginbfchar
<0001> <0046>
<0005> <0072>
<0007> <00660069>
endbfchar
4 beginbfrange
<0002> <0002> <0061>
<0003> <0004> <0074>
<0006> <0006> [<00E8>]
<0008> <0009> [<20AC> <0024>]
endbfrange
endcmap CMapName currentdict /CMap defineresource pop end end`;
    const content = `BT /F1 12 Tf 72 700 Td [<0001000200030003000400050002> -300 <0006>] TJ 0 -20 Td [<0007> -400 <0008>] TJ ET
BT /F1 12 Tf 72 650 Td <0009000A> Tj ET`;
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
      '<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Roboto /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>',
      flate(content),
      '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Roboto /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 600 /W [1 [600 550] 3 8 500] >>',
      flate(cmap),
    ]);
    const result = extractPdfText(bytes);
    // <000A> has no mapping: counted, not invented.
    expect(result.text).toBe('Fattura è\nfi €\n$');
    expect(result.unmappedGlyphs).toBe(1);
  });

  it('reads simple-font strings with escapes, Differences, leading operators and positioning by cm', () => {
    const content = `q 1 0 0 1 72 700 cm BT /F1 10 Tf 14 TL 0 0 Td (Prezzo \\(IVA\\) \\200 5 \\\\ ok) Tj T* (secondo) Tj (rigo) ' ET Q
q 1 0 0 1 72 600 cm BT /F1 10 Tf (caff\\350) Tj ET Q
q 1 0 0 1 200 600 cm BT /F1 10 Tf <74E0> Tj ET Q`;
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources << /Font << /F1 4 0 R >> >> >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [5 0 R] >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [128 /Euro 232 /egrave] >> >>',
      [
        '/Filter /ASCIIHexDecode',
        Buffer.from(`${Buffer.from(content, 'latin1').toString('hex')}>`),
      ],
    ]);
    expect(extractPdfText(bytes).pages).toEqual([
      'Prezzo (IVA) € 5 \\ ok\nsecondo\nrigo\ncaffè tà',
    ]);
  });

  it('finds the pages without a catalog and after an incremental update', () => {
    const bytes = handPdf(
      [
        '<< /Type /Pages /Kids [2 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 1 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
        flate('BT /F1 12 Tf 72 700 Td (vecchio) Tj ET'),
      ],
      '',
    );
    const update = Buffer.from(
      `4 0 obj\n<< /Length 38 >>\nstream\nBT /F1 12 Tf 72 700 Td (nuovo) Tj ET\nendstream\nendobj\n`,
      'latin1',
    );
    expect(extractPdfText(bytes).text).toBe('vecchio');
    expect(extractPdfText(new Uint8Array(Buffer.concat([bytes, update]))).text).toBe('nuovo');
  });

  it('refuses what it cannot read, with a reason', () => {
    const code = (bytes: Uint8Array): string => {
      try {
        extractPdfText(bytes);
        return 'read';
      } catch (error) {
        return error instanceof PdfError ? error.code : String(error);
      }
    };
    expect(code(new Uint8Array(Buffer.from('hello')))).toBe('not_pdf');
    expect(code(new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catal')))).toBe(
      'no_pages',
    );
    const encrypted = handPdf(['<< /Type /Catalog /Pages 2 0 R >>'], '/Root 1 0 R /Encrypt 9 0 R');
    expect(code(encrypted)).toBe('encrypted');
  });

  it('stops reading a small file whose streams inflate to hundreds of megabytes (too_large)', () => {
    // 8 pages, each drawing 60 MB of spaces from a ~60 KB stream: 480 MB once inflated.
    const spaces = deflateSync(Buffer.alloc(60 * 1024 * 1024, 0x20), { level: 9 });
    const pages = 8;
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(' ')}] /Count ${pages} >>`,
      ...Array.from({ length: pages }, (_, i): (string | [string, Buffer])[] => [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + i * 2} 0 R >>`,
        ['/Filter /FlateDecode', spaces],
      ]).flat(),
    ]);
    expect(bytes.length).toBeLessThan(1024 * 1024);
    expect(() => extractPdfText(bytes)).toThrow(expect.objectContaining({ code: 'too_large' }));
  });

  it('reads pages whose streams together stay within the budget, each page read once', () => {
    // 6 pages of 12 MB each (72 MB): read, not cached page after page.
    const page = (n: number): [string, Buffer] =>
      flate(`BT /F1 12 Tf 72 700 Td (Pagina ${n}) Tj ET${' '.repeat(12 * 1024 * 1024)}`);
    const pages = 6;
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${4 + i * 2} 0 R`).join(' ')}] /Count ${pages} /Resources << /Font << /F1 3 0 R >> >> >>`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      ...Array.from({ length: pages }, (_, i): (string | [string, Buffer])[] => [
        `<< /Type /Page /Parent 2 0 R /Contents ${5 + i * 2} 0 R >>`,
        page(i + 1),
      ]).flat(),
    ]);
    expect(extractPdfText(bytes).pages).toEqual(
      Array.from({ length: pages }, (_, i) => `Pagina ${i + 1}`),
    );
  });

  it('reads a file holding long runs of digits (outside and inside the page content)', async () => {
    const digits = '7'.repeat(200_000);
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>\n%${digits}`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      flate(`BT /F1 12 Tf 72 700 Td (Totale 93,70) Tj ${digits}x ET`),
    ]);
    expect((await settled(() => extractPdfText(bytes))).text).toBe('Totale 93,70');
  });

  it('takes only real glyph names from /Differences, never properties every object has', () => {
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [65 /constructor /toString /__proto__ /hasOwnProperty /valueOf /Euro] >> >>',
      flate('BT /F1 12 Tf 72 700 Td (ABCDEF) Tj ET'),
    ]);
    // Unknown names keep the base encoding's characters; /Euro still maps.
    expect(extractPdfText(bytes).text).toBe('ABCDE€');
  });

  it('survives truncation of a real file at any point', async () => {
    const bytes = await pdfLibDocument(true);
    for (let cut = 0; cut < bytes.length; cut += 97) {
      try {
        extractPdfText(bytes.subarray(0, cut));
      } catch (error) {
        expect(error).toBeInstanceOf(PdfError);
      }
    }
  });
});
