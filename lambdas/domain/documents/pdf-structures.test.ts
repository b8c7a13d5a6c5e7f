/**
 * What a person sees on a PDF page, whatever structure carries it: filled form fields and
 * free-text annotations, turned pages and turned text, invisible OCR layers, Form XObjects,
 * marked content, Type3 fonts, text drawn twice, text outside the visible page.
 */
import { extractPdfText } from './pdf-text';
import {
  flate,
  formInvoice,
  handPdf,
  helvetica,
  ocrLayerPage,
  onePage,
  type OcrLine,
} from './test-support/pdf-bytes';

const textOf = async (bytes: Uint8Array) => (await extractPdfText(bytes)).text;

// ---------------------------------------------------------------------------------------------
// Form fields

const FORM_TEXT = [
  'Rossi Forniture S.r.l.',
  'Partita IVA IT01234567890',
  'Fattura n. F-2024-17  Data  14/03/2024',
  'Descrizione  Quantità',
  'Tazza ceramica rossa  24',
  'Totale documento  29,28',
  'Pagamento  Bonifico',
  'Note  Consegna entro',
  'venerdì',
].join('\n');

/** A one-page form written by hand: `fields` are annotation objects (numbered from 6). */
function handForm(content: string, fields: string[], pageExtra = ''): Uint8Array {
  const refs = fields.map((_, i) => `${6 + i} 0 R`).join(' ');
  return onePage(content, {
    page: `/Annots [${refs}] ${pageExtra}`,
    catalog: `/AcroForm << /Fields [${refs}] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 4 0 R >> >> >>`,
    objects: fields,
  });
}

/** An appearance stream drawing `text` in Helvetica at 10 pt, as viewers build for a field. */
const appearance = (text: string, width = 120, height = 18) =>
  `/AP << /N << /Type /XObject /Subtype /Form /BBox [0 0 ${width} ${height}] /Resources << /Font << /Helv 4 0 R >> >> /Length 0 >> >>` +
  ` /DA (/Helv 10 Tf 0 g) /V (${text})`;

describe('form fields and annotations', () => {
  it('reads filled fields where the page shows them, next to their printed labels', async () => {
    expect(await textOf(await formInvoice())).toBe(FORM_TEXT);
  });

  it('reads a flattened form the same as the filled one', async () => {
    expect(await textOf(await formInvoice({ flatten: true }))).toBe(FORM_TEXT);
  });

  it('reads a value once when the page content also draws it inside the field', async () => {
    // A tool that printed the values into the page and kept the fields (read-only) over them.
    const bytes = handForm(
      'BT /F1 10 Tf 50 700 Td (Fattura n.) Tj ET BT /F1 10 Tf 112 700 Td (F-2024-17) Tj ET',
      [
        `<< /Type /Annot /Subtype /Widget /FT /Tx /T (numero) /Ff 1 /Rect [110 694 230 712] /F 4 ${appearance('F-2024-17')} >>`,
      ],
    );
    expect(await textOf(bytes)).toBe('Fattura n. F-2024-17');
  });

  it('skips hidden fields, buttons, notes shown as icons, passwords and empty values', async () => {
    const bytes = handForm('BT /F1 10 Tf 50 700 Td (Fattura n.) Tj ET', [
      // Shown: a value without appearance (viewers draw it), right-aligned, automatic size.
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (numero) /V (F-2024-17) /Rect [110 694 230 712] /F 4 /DA (/Helv 0 Tf 0 g) /Q 2 >>',
      // Shown: free text typed on the page.
      '<< /Type /Annot /Subtype /FreeText /Contents (Pagato il 20/03/2024) /Rect [50 600 250 620] /DA (/Helv 10 Tf 0 g) /F 4 >>',
      // Not shown: hidden, no-view, a push button's caption, a sticky note, a password, blanks.
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (h) /V (NASCOSTO) /Rect [110 650 230 668] /F 6 >>',
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (n) /V (NONVISTO) /Rect [110 630 230 648] /F 36 >>',
      '<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (stampa) /Rect [50 50 150 80] /F 4 /MK << /CA (Stampa) >> >>',
      '<< /Type /Annot /Subtype /Text /Contents (nota interna) /Rect [300 560 320 580] /F 4 >>',
      '<< /Type /Annot /Subtype /Widget /FT /Tx /Ff 8192 /T (pin) /V (segreto) /Rect [110 560 230 578] /F 4 >>',
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (vuoto) /V (   ) /Rect [110 540 230 558] /F 4 >>',
      '<< /Type /Annot /Subtype /Widget /FT /Btn /T (off) /V /Off /AS /Off /Rect [300 694 312 706] /F 4 >>',
    ]);
    expect(await textOf(bytes)).toBe('Fattura n.  F-2024-17\nPagato il 20/03/2024');
  });

  /**
   * Maps a place on the page as a person sees it (`u` from the left, `v` down from the top) to
   * PDF space on a 595 × 842 page turned by `rotate`, with the text matrix that reads upright.
   */
  function seen(rotate: 0 | 90 | 180 | 270) {
    const point = (u: number, v: number): [number, number] =>
      rotate === 0
        ? [u, 842 - v]
        : rotate === 90
          ? [v, u]
          : rotate === 180
            ? [595 - u, v]
            : [595 - v, 842 - u];
    const matrix = { 0: '1 0 0 1', 90: '0 1 -1 0', 180: '-1 0 0 -1', 270: '0 -1 1 0' }[rotate];
    const text = (s: string, u: number, v: number) =>
      `BT /F1 10 Tf ${matrix} ${point(u, v).join(' ')} Tm (${s}) Tj ET`;
    const rect = (u1: number, v1: number, u2: number, v2: number) => {
      const [[x1, y1], [x2, y2]] = [point(u1, v1), point(u2, v2)];
      return [Math.min(x1, x2), Math.min(y1, y2), Math.max(x1, x2), Math.max(y1, y2)].join(' ');
    };
    return { text, rect };
  }

  it.each([0, 90, 180, 270] as const)(
    'reads fields turned with a page turned by /Rotate %i next to their labels',
    async (rotate) => {
      const { text, rect } = seen(rotate);
      // Labels on baselines 100 and 130; each field 18 high, centred on its label's letters.
      const bytes = handForm(
        `${text('Rechnungsnr.', 50, 100)} ${text('Datum', 50, 130)}`,
        [
          `<< /Type /Annot /Subtype /Widget /FT /Tx /T (nr) /V (R-2024-7) /Rect [${rect(160, 87.5, 280, 105.5)}] /F 4 /DA (/Helv 10 Tf 0 g) /MK << /R ${rotate} >> >>`,
          `<< /Type /Annot /Subtype /Widget /FT /Tx /T (datum) /V (07.05.2024) /Rect [${rect(160, 117.5, 280, 135.5)}] /F 4 /DA (/Helv 10 Tf 0 g) /MK << /R ${rotate} >> >>`,
        ],
        `/Rotate ${rotate}`,
      );
      expect(await textOf(bytes)).toBe('Rechnungsnr.  R-2024-7\nDatum  07.05.2024');
    },
  );
});

// ---------------------------------------------------------------------------------------------
// Orientation

const LETTER: [string, number, number][] = [
  ['Fattura n. 17', 40, 40],
  ['del 03/02/2024', 200, 40],
  ['Totale 93,70', 40, 60],
  ['Grazie', 40, 80],
];
const LETTER_TEXT = 'Fattura n. 17  del 03/02/2024\nTotale 93,70\nGrazie';

/** LETTER drawn with `place` mapping a place as read (u right, v down) to a text matrix. */
const drawn = (place: (u: number, v: number) => number[]) =>
  LETTER.map(([s, u, v]) => `BT /F1 10 Tf ${place(u, v).join(' ')} Tm (${s}) Tj ET`).join('\n');

describe('orientation', () => {
  it.each([
    [
      '/Rotate 90, text drawn along the turned page',
      '/Rotate 90',
      (u: number, v: number) => [0, 1, -1, 0, v, u],
    ],
    ['/Rotate 180', '/Rotate 180', (u: number, v: number) => [-1, 0, 0, -1, 595 - u, v]],
    ['/Rotate 270', '/Rotate 270', (u: number, v: number) => [0, -1, 1, 0, 595 - v, 842 - u]],
    // No /Rotate: the page is seen turned, and a person turns it to read.
    [
      'a landscape invoice drawn running up the page',
      '',
      (u: number, v: number) => [0, 1, -1, 0, v, u],
    ],
    [
      'a landscape invoice drawn running down the page',
      '',
      (u: number, v: number) => [0, -1, 1, 0, 595 - v, 842 - u],
    ],
    ['a page upside down', '', (u: number, v: number) => [-1, 0, 0, -1, 595 - u, v]],
  ])('reads %s in reading order', async (_, page, place) => {
    expect(await textOf(onePage(drawn(place), { page }))).toBe(LETTER_TEXT);
  });

  it('reads a note running up the margin after the page, in its own reading order', async () => {
    const bytes = onePage(
      `${drawn((u, v) => [1, 0, 0, 1, u, 842 - v])}\n` +
        'BT /F1 8 Tf 0 1 -1 0 20 300 Tm (Documento generato da Gestionale) Tj ET\n' +
        'BT /F1 8 Tf 0 1 -1 0 30 300 Tm (Copia conforme) Tj ET',
    );
    expect(await textOf(bytes)).toBe(
      `${LETTER_TEXT}\nDocumento generato da Gestionale\nCopia conforme`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Invisible OCR layers

/** A line of an OCR layer from `word@x+width` entries: where each word stands on the scan. */
function ocrLine(y: number, size: number, words: string): OcrLine {
  return {
    y,
    size,
    words: words.split(' ').map((entry) => {
      const [, text = '', x = '0', width = '0'] = /^(.+)@([\d.]+)\+([\d.]+)$/.exec(entry) ?? [];
      return [text, Number(x), Number(width)];
    }),
  };
}

// Gaps between words of about a quarter of the line's height; the amount in its own column.
const RECEIPT: OcrLine[] = [
  ocrLine(760, 14, 'Taxi@60+31 Müller@95+46 GmbH@145+40 Nürnberg@189+66'),
  ocrLine(738, 12, 'Quittung@60+52 Nr.@115+17 4711@135+28 vom@166+25 12.03.2024@194+62'),
  ocrLine(700, 12, 'Fahrpreis@60+55 EUR@118+24 23,50@420+33'),
  ocrLine(680, 12, 'Vielen@60+36 Dank@99+29'),
];
const RECEIPT_TEXT = [
  'Taxi Müller GmbH Nürnberg',
  'Quittung Nr. 4711 vom 12.03.2024',
  'Fahrpreis EUR  23,50',
  'Vielen Dank',
].join('\n');

describe('invisible OCR layers', () => {
  it.each([
    ['straight', 0, false],
    ['with a space glyph after each word', 0, true],
    ['slanted up', 1.5, false],
    ['slanted down', -2.5, true],
    ['scanned upside down', 180, false],
  ])('reads words as words on their lines: %s', async (_, angle, spaces) => {
    expect(await textOf(ocrLayerPage(RECEIPT, { angle, spaces }))).toBe(RECEIPT_TEXT);
  });

  it('reads the layer of a scan turned upright by /Rotate 180', async () => {
    expect(await textOf(ocrLayerPage(RECEIPT, { angle: 180, page: '/Rotate 180' }))).toBe(
      RECEIPT_TEXT,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Other structures

describe('other structures', () => {
  it('reads text in Form XObjects, placed and scaled where they are drawn', async () => {
    const bytes = onePage(
      'BT /F1 10 Tf 50 750 Td (Intestazione) Tj ET q 1 0 0 1 50 600 cm /Fm1 Do Q q 1 0 0 1 300 600 cm /Fm2 Do Q',
      {
        resources: '/XObject << /Fm1 6 0 R /Fm2 7 0 R >>',
        objects: [
          flate(
            'BT /F1 10 Tf 0 20 Td (Fattura n. 42) Tj ET BT /F1 10 Tf 0 0 Td (Totale 10,00) Tj ET',
            '/Type /XObject /Subtype /Form /BBox [0 0 200 40] /Resources << /Font << /F1 4 0 R >> >>',
          ),
          // A form inside a form, drawn at half size.
          flate(
            'q 0.5 0 0 0.5 0 0 cm /Fm1 Do Q',
            '/Type /XObject /Subtype /Form /BBox [0 0 200 40] /Resources << /XObject << /Fm1 6 0 R >> >>',
          ),
        ],
      },
    );
    expect(await textOf(bytes)).toBe(
      'Intestazione\nFattura n. 42\nFattura n. 42\nTotale 10,00  Totale 10,00',
    );
  });

  it('reads text inside marked content, artifacts included', async () => {
    const bytes = onePage(
      '/Artifact << /Type /Pagination >> BDC BT /F1 10 Tf 50 800 Td (Pagina 1 di 2) Tj ET EMC ' +
        '/P << /MCID 0 >> BDC BT /F1 10 Tf 50 750 Td (Fattura n. 42) Tj ET EMC ' +
        '/Span << /Lang (it) >> BDC BT /F1 10 Tf 50 730 Td (Totale) Tj ET EMC BT /F1 10 Tf 120 730 Td (10,00) Tj ET',
    );
    expect(await textOf(bytes)).toBe('Pagina 1 di 2\nFattura n. 42\nTotale  10,00');
  });

  it('reads Type3 fonts, whatever their font matrix', async () => {
    const type3 = (matrix: string, bbox: string, widths: string, proc: string) =>
      handPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /T3 4 0 R /F1 7 0 R >> >> /Contents 5 0 R >>',
        `<< /Type /Font /Subtype /Type3 /FontBBox [${bbox}] /FontMatrix [${matrix}] /CharProcs << /N 6 0 R /r 6 0 R /one 6 0 R /seven 6 0 R >> /Encoding << /Type /Encoding /Differences [49 /one 55 /seven 78 /N 114 /r] >> /FirstChar 49 /LastChar 114 /Widths [${widths}] /Resources << >> >>`,
        flate('BT /T3 12 Tf 50 750 Td (Nr 17) Tj ET BT /F1 12 Tf 120 750 Td (Totale) Tj ET'),
        flate(proc),
        helvetica,
      ]);
    const widths = (w: number) =>
      Array.from({ length: 66 }, (_, i) => ([0, 6, 29, 65].includes(i) ? w : 0)).join(' ');
    const thousandth = type3(
      '0.001 0 0 0.001 0 0',
      '0 0 600 700',
      widths(600),
      '600 0 0 0 600 700 d1 0 0 600 700 re f',
    );
    const tenth = type3('0.1 0 0 0.1 0 0', '0 0 6 7', widths(6), '6 0 0 0 6 7 d1 0 0 6 7 re f');
    expect(await textOf(thousandth)).toBe('Nr 17  Totale');
    expect(await textOf(tenth)).toBe('Nr 17  Totale');
  });

  it.each([
    [
      'a line drawn twice, a little apart',
      'BT /F1 10 Tf 50 750 Td (Totale documento 93,70) Tj ET BT /F1 10 Tf 50.4 750 Td (Totale documento 93,70) Tj ET',
    ],
    [
      'each word drawn twice',
      'BT /F1 10 Tf 50 750 Td (Totale) Tj 0.3 0 Td (Totale) Tj 31.4 0 Td (documento) Tj 0.3 0 Td (documento) Tj 52.5 0 Td (93,70) Tj 0.3 0 Td (93,70) Tj ET',
    ],
    [
      'each glyph drawn twice (overstrike)',
      'BT /F1 10 Tf 50 750 Td [(T) 611 (T) (o) 556 (o) (t) 278 (t) (a) 556 (a) (l) 222 (l) (e) 556 (e) ( ) (d) 556 (d) (o) 556 (o) (c) 500 (c) (u) 556 (u) (m) 833 (m) (e) 556 (e) (n) 556 (n) (t) 278 (t) (o) 556 (o) ( ) (9) 556 (9) (3) 556 (3) (,) 278 (,) (7) 556 (7) (0) 556 (0)] TJ ET',
    ],
    [
      'a shadow under the line',
      'BT /F1 10 Tf 50.6 749.4 Td (Totale documento 93,70) Tj ET BT /F1 10 Tf 50 750 Td (Totale documento 93,70) Tj ET',
    ],
  ])('reads text drawn over itself (fake bold) once: %s', async (_, content) => {
    expect(await textOf(onePage(content))).toBe('Totale documento 93,70');
  });

  it('keeps letters that repeat side by side', async () => {
    const bytes = onePage(
      'BT /F1 10 Tf 50 750 Td (Mill) Tj (e 1100) Tj ET BT /F1 10 Tf 50 730 Td (aa) Tj 8.6 0 Td (aa) Tj ET',
    );
    expect(await textOf(bytes)).toBe('Mille 1100\naaaa');
  });

  it('reads only the text inside the visible page (MediaBox, CropBox, boxes not at 0,0)', async () => {
    const content =
      'BT /F1 10 Tf 150 500 Td (Dentro) Tj ET BT /F1 10 Tf 150 480 Td (Totale 5,00) Tj ET ' +
      'BT /F1 10 Tf 150 900 Td (Sopra la pagina) Tj ET BT /F1 10 Tf -300 480 Td (A sinistra) Tj ET ' +
      'BT /F1 10 Tf 150 -60 Td (Sotto lo zero) Tj ET';
    expect(await textOf(onePage(content))).toBe('Dentro\nTotale 5,00');
    expect(await textOf(onePage(content, { page: '/CropBox [100 100 500 700]' }))).toBe(
      'Dentro\nTotale 5,00',
    );
    expect(await textOf(onePage(content, { page: '/MediaBox [100 -100 400 520]' }))).toBe(
      'Dentro\nTotale 5,00\nSotto lo zero',
    );
    expect(
      await textOf(onePage(content, { page: '/MediaBox [100 -100 400 520] /Rotate 180' })),
    ).toBe('Dentro\nTotale 5,00\nSotto lo zero');
  });
});
