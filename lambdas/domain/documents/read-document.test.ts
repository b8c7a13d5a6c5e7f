import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  classifyText,
  DocumentReadError,
  invoiceFromText,
  readDocument,
  textQuality,
} from './read-document';
import { fixture, jpegBytes, pngBytes } from './test-support/fixtures';
import { formInvoice, INVOICE, pdfWith } from './test-support/pdf-bytes';

/**
 * Runs blocking work, then yields to the event loop: jest's timeout (5 s) then fails a test whose
 * work blocked longer, which it cannot do while synchronous code runs.
 */
async function settled<T>(work: () => T): Promise<T> {
  const result = work();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return result;
}

async function errorCode(bytes: Uint8Array): Promise<string> {
  try {
    await readDocument(bytes, 'x');
    return 'read';
  } catch (error) {
    return error instanceof DocumentReadError ? error.code : String(error);
  }
}

describe('readDocument', () => {
  it.each([
    ['IT01234567890_FPR02.xml', 1, 4],
    ['IT01234567890_FPA02.xml', 1, 4],
    ['IT02182030391_31.xml.p7m', 1, 1],
  ])('reads the sample %s as an ok invoice', async (name, invoices, lines) => {
    const reading = await readDocument(fixture(name), name);
    expect(reading).toMatchObject({
      kind: 'fattura',
      quality: 'ok',
      proForma: false,
      fileType: 'xml',
    });
    expect(reading.invoices).toHaveLength(invoices);
    expect(reading.invoices[0]?.lines).toHaveLength(lines);
    expect(reading.text_chars).toBe(reading.text.length);
    expect(reading.text_chars).toBeGreaterThan(200);
  });

  it('reads a PDF invoice: kind, quality from the text, number, date, parties and table lines', async () => {
    const reading = await readDocument(await pdfWith(INVOICE), 'fattura.pdf');
    expect(reading).toMatchObject({
      kind: 'fattura',
      quality: 'ok',
      proForma: false,
      fileType: 'pdf',
    });
    expect(reading.invoices).toEqual([
      {
        documentType: null,
        number: 'A-2024/118',
        date: '2024-03-14',
        supplier: { name: 'Rossi Forniture S.r.l.', vat: 'IT01234567890', taxCode: null },
        // "Spett.le" introduces the customer: the name after it and its VAT number are the buyer's.
        buyer: { name: 'Bianchi Commerce', vat: '09876543210', taxCode: null },
        lines: [
          { description: 'Tazza ceramica rossa 350 ml', quantity: 24, unit: null, codes: [] },
        ],
        source: 'pdf',
      },
    ]);
    expect(reading.text).toContain('Tazza ceramica rossa 350 ml');
  });

  it.each([false, true])(
    'reads an invoice whose values are filled in form fields (flattened: %s)',
    async (flatten) => {
      // A supplier's template: the labels are printed, number, date and lines are field values.
      const reading = await readDocument(await formInvoice({ flatten }), 'modulo.pdf');
      expect(reading).toMatchObject({ kind: 'fattura', quality: 'ok' });
      expect(reading.invoices).toEqual([
        expect.objectContaining({
          number: 'F-2024-17',
          date: '2024-03-14',
          supplier: { name: 'Rossi Forniture S.r.l.', vat: 'IT01234567890', taxCode: null },
          lines: [{ description: 'Tazza ceramica rossa', quantity: 24, unit: null, codes: [] }],
        }),
      ]);
    },
  );

  it.each([
    ['Numero fattura', 'Data fattura'],
    ['Invoice number', 'Invoice date'],
    ['Rechnungsnummer', 'Rechnungsdatum'],
  ])('reads form fields under their labels (%s, %s)', async (numberLabel, dateLabel) => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    page.drawText('Bianchi Trading S.r.l. - P.IVA IT09876543210', {
      x: 50,
      y: 790,
      size: 11,
      font,
    });
    page.drawText(numberLabel, { x: 50, y: 722, size: 8, font });
    page.drawText(dateLabel, { x: 220, y: 722, size: 8, font });
    const form = pdf.getForm();
    for (const [name, value, x] of [
      ['number', '2024/0042', 50],
      ['date', '05/06/2024', 220],
    ] as const) {
      const field = form.createTextField(name);
      field.setText(value);
      field.addToPage(page, { x, y: 702, width: 150, height: 16, font });
    }
    const reading = await readDocument(await pdf.save(), 'modulo.pdf');
    expect(reading.invoices).toEqual([
      expect.objectContaining({ number: '2024/0042', date: '2024-06-05' }),
    ]);
  });

  it('flags a pro forma invoice', async () => {
    const reading = await readDocument(
      await pdfWith(['FATTURA PRO-FORMA n. 5 del 01/02/2024', ...INVOICE.slice(3)]),
      'p.pdf',
    );
    expect(reading.proForma).toBe(true);
  });

  it.each([
    ['Creditnota', 'Creditnotanummer: CN-2024-5', 'Datum: 05-03-2024'],
    ['Gutschrift', 'Gutschrift-Nr.: GS-2024-5', 'Datum: 05.03.2024'],
  ])('reads a credit note that never says "invoice": %s', async (...lines) => {
    const reading = await readDocument(await pdfWith(lines), 'credit.pdf');
    expect(reading.kind).toBe('fattura');
    expect(reading.invoices[0]).toMatchObject({ documentType: 'TD04', date: '2024-03-05' });
  });

  it('tells transport documents and proofs of delivery from invoices', async () => {
    const ddt = await readDocument(
      await pdfWith([
        'DOCUMENTO DI TRASPORTO (D.d.T.) n. 45 del 10/03/2024',
        'Causale del trasporto: vendita    Trasporto a cura del: mittente    Vettore: BRT S.p.A.',
        'Aspetto esteriore dei beni: scatole    N. colli 4    Peso lordo 12 kg',
        'Articolo MUG-RED-01 Tazza ceramica rossa 350 ml quantità 24',
      ]),
      'ddt.pdf',
    );
    expect(ddt.kind).toBe('ddt');
    // Its own number and date; the carrier it names is not the sender.
    expect(ddt.invoices).toMatchObject([
      { number: '45', date: '2024-03-10', supplier: { name: null }, documentType: null },
    ]);
    expect(
      classifyText('PACKING LIST - Shipment FBA15ABC - Carton 1 of 3 - SKU MUG-RED-01 qty 24'),
    ).toBe('ddt');
    expect(classifyText('CMR lettera di vettura internazionale')).toBe('ddt');
    // A packing list that prints its totals and the invoice's payment terms is still one.
    expect(
      classifyText(
        "DISTINTA D'IMBALLAGGIO - Documento di trasporto - Totale imponibile EUR 1.250,00 - IVA 22% - P.IVA IT01234567890 - pagamento a 30 giorni data fattura",
      ),
    ).toBe('ddt');
    expect(
      classifyText('Proof of Delivery - Tracking 1Z999 - Delivered 12/03/2024, signed by J. SMITH'),
    ).toBe('pod');
    expect(classifyText('Prova di consegna: consegnato il 12/03/2024, firmato da magazzino')).toBe(
      'pod',
    );
    expect(classifyText('Fattura n. 12 - Rif. DDT n. 45 del 10/03 - Imponibile 100 IVA 22')).toBe(
      'fattura',
    );
    expect(classifyText('Lorem ipsum dolor sit amet')).toBe('unknown');
  });

  it("reads a manufacturer's PDF packing list: number, date, sender, consignee and the pieces shipped", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    const items: [string, number, number, number?][] = [
      ['Ningbo Brightwave Housewares Co., Ltd.', 50, 800, 14],
      ['No. 88 Xingning Road, Ningbo, Zhejiang, China', 50, 784],
      ['PACKING LIST', 240, 750, 14],
      ['Packing List No.:', 50, 720],
      ['BW-PL-25031', 150, 720],
      ['Date:', 330, 720],
      ['06/03/2025', 380, 720],
      ['Invoice No.:', 50, 706],
      ['BW-CI-25031', 150, 706],
      ['Invoice Date:', 330, 706],
      ['20/03/2025', 400, 706],
      ['Consignee:', 50, 680],
      ['Alder & Finch Ltd', 50, 668],
      ['3 Mill Yard, Leeds LS9 8AB', 50, 656],
      ['Item No.', 50, 620],
      ['Description', 120, 620],
      ['Qty/Ctn', 300, 620],
      ['Ctns', 350, 620],
      ['Total Qty (pcs)', 390, 620],
      ['G.W. (kg)', 490, 620],
      ['BW-MUG-12', 50, 606],
      ['Enamel camping mug 350 ml', 120, 606],
      ['24', 310, 606],
      ['20', 355, 606],
      ['480', 405, 606],
      ['104.0', 495, 606],
      ['BW-PLT-20', 50, 592],
      ['Enamel side plate 20 cm', 120, 592],
      ['36', 310, 592],
      ['10', 355, 592],
      ['360', 405, 592],
      ['126.0', 495, 592],
      ['TOTAL', 50, 570],
      ['30', 355, 570],
      ['840', 405, 570],
      ['Signature and stamp of the shipper:', 50, 520],
    ];
    for (const [text, x, y, size = 9] of items) page.drawText(text, { x, y, size, font });
    const reading = await readDocument(await pdf.save(), 'packing-list.pdf');
    expect(reading).toMatchObject({ kind: 'ddt', quality: 'ok', fileType: 'pdf' });
    // The invoice it cites gives neither its number nor its date; cartons are not the quantity.
    expect(reading.invoices).toEqual([
      {
        documentType: null,
        number: 'BW-PL-25031',
        date: '2025-03-06',
        supplier: { name: 'Ningbo Brightwave Housewares Co., Ltd.', vat: null, taxCode: null },
        buyer: { name: 'Alder & Finch Ltd', vat: null, taxCode: null },
        lines: [
          // The article code column is read into the line's codes.
          {
            description: 'Enamel camping mug 350 ml',
            quantity: 480,
            unit: null,
            codes: ['BW-MUG-12'],
          },
          {
            description: 'Enamel side plate 20 cm',
            quantity: 360,
            unit: null,
            codes: ['BW-PLT-20'],
          },
        ],
        source: 'pdf',
      },
    ]);
  });

  it('knows an invoice that names itself only in its labels (Factuurnummer, Rechnungsdatum)', () => {
    expect(
      classifyText('Factuurnummer 2025.0219  Factuurdatum 3 oktober 2025  BTW-nr. NL601174288B01'),
    ).toBe('fattura');
    expect(classifyText('Rechnungsnummer 2025-7  Rechnungsdatum 02.05.2025')).toBe('fattura');
    expect(classifyText('Lieferscheinnummer 45  Lieferdatum 02.05.2025')).toBe('unknown');
  });

  it('applies the 4.5 thresholds to the extracted text', async () => {
    expect(textQuality('x'.repeat(49))).toBe('illegible');
    expect(textQuality('x'.repeat(50))).toBe('low');
    expect(textQuality('x'.repeat(199))).toBe('low');
    expect(textQuality('x'.repeat(200))).toBe('ok');
    expect(textQuality(`${'x'.repeat(300)} ??? `)).toBe('low');
    expect(textQuality(`${' \n '.repeat(100)}${'x'.repeat(49)}`)).toBe('illegible');
    const line = 'Fattura n. 3 del 02/02/2024 Totale 10 euro IVA inclusa';
    const short = await readDocument(await pdfWith([line]), 's.pdf');
    expect(short).toMatchObject({ kind: 'fattura', quality: 'low', text_chars: line.length });
    const empty = await readDocument(await pdfWith([]), 'e.pdf');
    expect(empty).toMatchObject({ kind: 'unknown', quality: 'illegible', text_chars: 0 });
  });

  it('checks the readability of photos from their headers', async () => {
    expect(await readDocument(pngBytes(1600, 1200), 'a.png')).toMatchObject({
      kind: 'foto',
      quality: 'ok',
      image: { format: 'png', width: 1600, height: 1200, truncated: false },
    });
    expect((await readDocument(pngBytes(640, 480), 'a.png')).quality).toBe('low');
    expect((await readDocument(pngBytes(1600, 1200, false), 'a.png')).quality).toBe('low');
    expect((await readDocument(pngBytes(120, 90), 'a.png')).quality).toBe('illegible');
    expect((await readDocument(pngBytes(1600, 1200).subarray(0, 16), 'a.png')).quality).toBe(
      'illegible',
    );
    expect(await readDocument(jpegBytes(3000, 2000), 'a.jpg')).toMatchObject({
      kind: 'foto',
      quality: 'ok',
      image: { format: 'jpeg', width: 3000, height: 2000, truncated: false },
    });
    expect((await readDocument(jpegBytes(3000, 2000, false), 'a.jpg')).quality).toBe('low');
  });

  it('refuses what it cannot read', async () => {
    expect(await errorCode(new Uint8Array(0))).toBe('empty');
    expect(await errorCode(new Uint8Array(Buffer.from('MZ\x90\x00 not a document')))).toBe(
      'unsupported_type',
    );
    expect(await errorCode(new Uint8Array(Buffer.from('%PDF-1.4\ngarbage')))).toBe('broken_pdf');
    expect(await errorCode(new Uint8Array(Buffer.from('<?xml version="1.0"?><a><b></a>')))).toBe(
      'broken_xml',
    );
    expect(await errorCode(fixture('IT02182030391_31.xml.p7m').subarray(0, 300))).toBe(
      'broken_p7m',
    );
  });

  it('refuses as a broken PDF a small file whose streams inflate past the reading budget', async () => {
    const spaces = deflateSync(Buffer.alloc(60 * 1024 * 1024, 0x20), { level: 9 });
    const parts: Buffer[] = [
      Buffer.from(
        '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj\n' +
          '3 0 obj << /Type /Page /Parent 2 0 R /Contents 5 0 R >> endobj\n4 0 obj << /Type /Page /Parent 2 0 R /Contents 6 0 R >> endobj\n',
        'latin1',
      ),
    ];
    for (const num of [5, 6]) {
      parts.push(
        Buffer.from(`${num} 0 obj << /Filter /FlateDecode /Length ${spaces.length} >>\nstream\n`),
        spaces,
        Buffer.from('\nendstream\nendobj\n'),
      );
    }
    parts.push(Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n'));
    expect(await errorCode(new Uint8Array(Buffer.concat(parts)))).toBe('broken_pdf');
  });

  it('finds number, date and VAT numbers of a text with long runs of tabs and dots', async () => {
    const tabs = '\t'.repeat(100_000);
    const dots = '.'.repeat(120_000);
    const read = (text: string) => settled(() => invoiceFromText(text));
    expect(await read(`FATTURA#${tabs}`)).toBeNull();
    expect((await read(`FATTURA#${tabs}:\t A-7`))?.number).toBe('A-7');
    expect(await read(`FATTURA N. 7 del 01/02/2024 P.IVA${tabs}!`)).toMatchObject({
      number: '7',
      date: '2024-02-01',
      supplier: { vat: null },
    });
    const vat = await read(`Fattura n. 8 del 01/02/2024 P.IVA${tabs}: IT01234567890`);
    expect(vat?.supplier.vat).toBe('IT01234567890');
    expect((await read(`Fattura 12${dots}`))?.number).toBe('12');
    // 120,000 characters are no invoice number.
    expect((await read(`Fattura 12${dots}a`))?.number ?? null).toBeNull();
  });

  it('reads a ZIP as an unknown, illegible document (it is stored, not opened)', async () => {
    expect(
      await readDocument(new Uint8Array(Buffer.from('PK\x03\x04rest')), 'a.zip'),
    ).toMatchObject({
      kind: 'unknown',
      quality: 'illegible',
    });
  });

  it('refuses XML nested too deep or with too many elements as too complex, not as broken', async () => {
    const deep = `<?xml version="1.0"?>${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}`;
    expect(await errorCode(new Uint8Array(Buffer.from(deep)))).toBe('xml_too_complex');
    const wide = `<FatturaElettronica>${'<b/>'.repeat(250_000)}</FatturaElettronica>`;
    expect(await errorCode(new Uint8Array(Buffer.from(wide)))).toBe('xml_too_complex');
    const fine = `<?xml version="1.0"?>${'<a>'.repeat(90)}fattura${'</a>'.repeat(90)}`;
    expect(await errorCode(new Uint8Array(Buffer.from(fine)))).toBe('read');
  });
});
