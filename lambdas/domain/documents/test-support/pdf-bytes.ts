/** PDFs written byte by byte for the reader's tests (not shipped in any Lambda). */
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** An object body, or a stream as [its dictionary without /Length, its data]. */
export type PdfObject = string | [string, Buffer];

/** Builds a PDF from object bodies (numbered from 1); the xref is left for the reader to rebuild. */
export function handPdf(objects: PdfObject[], trailer = '/Root 1 0 R'): Uint8Array {
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

/** A Flate stream of `text` (latin1). */
export const flate = (text: string, dict = ''): [string, Buffer] => [
  `${dict} /Filter /FlateDecode`.trim(),
  deflateSync(Buffer.from(text, 'latin1')),
];

export const helvetica =
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

export interface OnePageOptions {
  /** More entries of the page dictionary (the default MediaBox is [0 0 595 842]). */
  page?: string;
  /** More entries of the page's resources (Helvetica is /F1). */
  resources?: string;
  /** More entries of the catalog (an /AcroForm). */
  catalog?: string;
  /** Objects 6, 7... */
  objects?: PdfObject[];
}

/** One page (object 3) drawing `content` (object 5) with Helvetica as /F1 (object 4). */
export function onePage(
  content: string | [string, Buffer],
  { page = '', resources = '', catalog = '', objects = [] }: OnePageOptions = {},
): Uint8Array {
  const box = page.includes('/MediaBox') ? '' : '/MediaBox [0 0 595 842]';
  return handPdf([
    `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R ${box} ${page} /Resources << /Font << /F1 4 0 R >> ${resources} >> /Contents 5 0 R >>`,
    helvetica,
    typeof content === 'string' ? flate(content) : content,
    ...objects,
  ]);
}

/** A word of an OCR layer: its text, where it starts along the line and how wide the scan shows it. */
export type OcrWord = [text: string, x: number, width: number];
export interface OcrLine {
  /** Baseline at the line's first word, before the page's slant. */
  y: number;
  /** Font size: the height of the line on the scan. */
  size: number;
  words: OcrWord[];
}

const hex16 = (text: string) => Buffer.from(text, 'utf16le').swap16().toString('hex');

/**
 * A page as OCR software writes a scan's text layer: the invisible text (render mode 3) in a
 * font without glyphs, one word per `TJ`, each stretched with `Tz` to the width of the word on
 * the scan and moved with `Td` along the line; `angle` (degrees) is how far the scan is turned
 * (a slight slant, or 180 for a page scanned upside down). With `spaces`, each word but the last
 * ends with a space glyph, as some engines write.
 */
export function ocrLayerPage(
  lines: readonly OcrLine[],
  {
    angle = 0,
    spaces = false,
    page = '',
  }: { angle?: number; spaces?: boolean; page?: string } = {},
): Uint8Array {
  const t = (angle * Math.PI) / 180;
  const [cos, sin] = [Math.cos(t), Math.sin(t)].map((v) => Number(v.toFixed(5))) as [
    number,
    number,
  ];
  // The scan's slant turns the page about its centre.
  const [cx, cy] = [297.5, 421];
  let content = 'BT\n3 Tr\n';
  for (const line of lines) {
    const [, x0 = 0] = line.words[0] ?? [];
    const e = cx + cos * (x0 - cx) - sin * (line.y - cy);
    const f = cy + sin * (x0 - cx) + cos * (line.y - cy);
    content += `${cos} ${sin} ${-sin} ${cos} ${e.toFixed(2)} ${f.toFixed(2)} Tm\n/G0 ${line.size} Tf\n`;
    let at = x0;
    line.words.forEach(([text, x, width], i) => {
      const spaced = spaces && i < line.words.length - 1;
      if (i > 0) content += `${(x - at).toFixed(2)} 0 Td\n`;
      at = x;
      // Every glyph of the font is half an em wide: Tz stretches the word to its width.
      const glyphs = [...text].length + (spaced ? 1 : 0);
      const scale = (100 * width) / (glyphs * 0.5 * line.size);
      content += `${scale.toFixed(2)} Tz [<${hex16(text)}${spaced ? '0020' : ''}>] TJ\n`;
    });
  }
  content += 'ET';
  const toUnicode = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    '1 beginbfrange <0000> <FFFF> <0000> endbfrange',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  return handPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ${page} /Resources << /Font << /G0 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /GlyphLessFont /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>',
    flate(content),
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /GlyphLessFont /CIDToGIDMap /Identity /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 8 0 R /DW 500 >>',
    flate(toUnicode),
    '<< /Type /FontDescriptor /FontName /GlyphLessFont /Flags 5 /FontBBox [0 0 500 1000] /ItalicAngle 0 /Ascent 1000 /Descent 0 /CapHeight 1000 /StemV 80 >>',
  ]);
}

/** A supplier's invoice template: labels printed, values in form fields. */
export async function formInvoice({ flatten = false } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const label = (text: string, x: number, y: number, size = 10) =>
    page.drawText(text, { x, y, size, font });
  label('Rossi Forniture S.r.l.', 50, 780, 14);
  label('Partita IVA IT01234567890', 50, 764);
  label('Fattura n.', 50, 700);
  label('Data', 300, 700);
  label('Descrizione', 50, 640);
  label('Quantità', 300, 640);
  label('Totale documento', 50, 580);
  label('Pagamento', 50, 560);
  label('Note', 50, 530);
  const form = pdf.getForm();
  const field = (
    name: string,
    value: string,
    box: { x: number; y: number; width: number; height: number },
    multiline = false,
  ) => {
    const f = form.createTextField(name);
    if (multiline) f.enableMultiline();
    if (value) f.setText(value);
    f.addToPage(page, { ...box, font, borderWidth: 0 });
    f.setFontSize(10);
  };
  field('numero', 'F-2024-17', { x: 104, y: 694, width: 120, height: 18 });
  field('data', '14/03/2024', { x: 360, y: 694, width: 100, height: 18 });
  field('descrizione1', 'Tazza ceramica rossa', { x: 50, y: 614, width: 220, height: 18 });
  field('quantita1', '24', { x: 300, y: 614, width: 60, height: 18 });
  field('descrizione2', '', { x: 50, y: 594, width: 220, height: 18 });
  field('totale', '29,28', { x: 300, y: 574, width: 60, height: 18 });
  field('note', 'Consegna entro\nvenerdì', { x: 110, y: 500, width: 200, height: 40 }, true);
  const payment = form.createDropdown('pagamento');
  payment.addOptions(['Bonifico', 'Contanti']);
  payment.select('Bonifico');
  payment.addToPage(page, { x: 130, y: 554, width: 100, height: 18, font, borderWidth: 0 });
  payment.setFontSize(10);
  // A ticked box and an empty one: neither is text.
  const paid = form.createCheckBox('pagata');
  paid.addToPage(page, { x: 370, y: 558, width: 12, height: 12 });
  paid.check();
  form.createCheckBox('contanti').addToPage(page, { x: 400, y: 558, width: 12, height: 12 });
  if (flatten) form.flatten();
  return pdf.save();
}

/** A one-page PDF (pdf-lib, Helvetica 11 pt) with one line of text per entry. */
export async function pdfWith(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  lines.forEach((line, i) => page.drawText(line, { x: 40, y: 800 - i * 16, size: 11, font }));
  return pdf.save();
}

/** A short Italian supplier invoice, as text lines: number, date, parties, one table line. */
export const INVOICE = [
  'Rossi Forniture S.r.l. - Via Roma 1, Milano - P.IVA IT01234567890',
  'Spett.le Bianchi Commerce - Partita IVA 09876543210',
  'FATTURA N. A-2024/118 del 14/03/2024',
  'Descrizione articolo                 Quantità    Prezzo    Importo',
  'Tazza ceramica rossa 350 ml            24          3,20      76,80',
  'Imponibile 76,80   IVA 22% 16,90   Totale documento 93,70',
];
