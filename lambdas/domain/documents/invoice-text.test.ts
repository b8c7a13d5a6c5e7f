import { dateAtStart, invoiceFromText, invoicesFromLines, linesFromText } from './invoice-text';

describe('invoice number and date from text, in seven languages', () => {
  it.each([
    ['Rechnungsnr.: RE-2024-118\nRechnungsdatum: 7. Mai 2024', 'RE-2024-118', '2024-05-07'],
    ['Factuurnummer: 993548900\nFactuurdatum: 12-08-2009', '993548900', '2009-08-12'],
    ['Facture N° F2015/77\nDate de facture : 02 Juillet 2015', 'F2015/77', '2015-07-02'],
    ['Invoice #INV-0046\nInvoice Date: August 3, 2014', 'INV-0046', '2014-08-03'],
    ['Faktura VAT nr FV/12/2024\nData wystawienia: 3 sierpnia 2024', 'FV/12/2024', '2024-08-03'],
    ['Factura nº A-17\nFecha de emisión: 12 de marzo de 2024', 'A-17', '2024-03-12'],
    ['FATTURA N. 2024/17 del 03/02/2024', '2024/17', '2024-02-03'],
    ['Nr Documento:  30122583\nData:  30/11/2018', '30122583', '2018-11-30'],
    ['Invoice No:  #INV03051\nInvoice Date:  10/18/18', 'INV03051', '2018-10-18'],
  ])('%j', (text, number, date) => {
    expect(invoiceFromText(text)).toMatchObject({ number, date });
  });

  it('takes the invoice date, not an order, due, delivery or service date printed before it', () => {
    const text = [
      'Bestelldatum: 01.02.2024',
      'Lieferdatum: 03.02.2024',
      'Due date: 2024-03-01',
      'Leistungszeitraum vom 01.01.2024 bis 31.01.2024',
      'Rechnung Nr. 55',
      'Datum: 05.02.2024',
    ].join('\n');
    expect(invoiceFromText(text)).toMatchObject({ number: '55', date: '2024-02-05' });
  });

  it('reads a label printed above its value (forms in columns)', () => {
    const text = [
      'Invoice Date      Orange Demo Inc.',
      'Jun 3, 2013       23 Main Street',
      'Invoice Number',
      'INV-0046',
    ].join('\n');
    expect(invoiceFromText(text)).toMatchObject({ number: 'INV-0046', date: '2013-06-03' });
  });

  it('takes no number where the label is followed by none, and never a date as a number', () => {
    expect(
      invoiceFromText('Factura\nID de Factura: TODO\nFecha de Emisión: 2024-03-24'),
    ).toMatchObject({
      number: null,
      date: '2024-03-24',
    });
    expect(invoiceFromText('Invoice 12/03/2024')?.number).toBeNull();
  });

  it('reads the parties of a two-column header and the supplier VAT away from the customer', () => {
    const columns = invoiceFromText(
      [
        'Destinatario      Emisor',
        'John Doe          ACME Corporation',
        'GB987654321       GB123456789',
      ].join('\n'),
    );
    expect(columns).toBeNull(); // no number, no date: not an invoice
    const invoice = invoiceFromText(
      [
        'Hetzner Online GmbH • Industriestr. 25',
        'Kundennummer: K0100077603',
        'USt-IdNr.: DE199952957',
        'Rechnungsnummer: R0005532486',
        'Rechnungsdatum: 19.01.2016',
        'Destinatario      Emisor',
        'John Doe          ACME Corporation',
        'GB987654321       GB123456789',
        'USt-IdNr. DE812871812',
      ].join('\n'),
    );
    expect(invoice?.supplier).toMatchObject({ name: 'ACME Corporation', vat: 'GB123456789' });
    expect(invoice?.buyer).toMatchObject({ name: 'John Doe', vat: 'GB987654321' });
    const labelled = invoiceFromText(
      [
        'Hetzner Online GmbH • Industriestr. 25',
        'Kundennummer: K0100077603',
        'USt-IdNr.: DE199952957',
        'Rechnungsnummer: R0005532486',
        'USt-IdNr. DE812871812',
      ].join('\n'),
    );
    expect(labelled?.supplier).toMatchObject({ name: 'Hetzner Online GmbH', vat: 'DE812871812' });
    expect(labelled?.buyer.vat).toBe('DE199952957');
  });

  it('reads the lines of a table with quantities, a wrapped description and a line without one', () => {
    const invoice = invoiceFromText(
      [
        'Rechnung Nr. 42',
        'Nr.  Bezeichnung          Menge      Einzel/€   Gesamt/€',
        '1    Amboss 250 kg        1 Stück    1.000,00   1.000,00',
        '2    Kette aus Stahl      2,5 Meter  10,00      25,00',
        '     verzinkt Ref: 77',
        '3    Transport            Pauschal   120,00     120,00',
        'Summe netto                                     1.145,00',
      ].join('\n'),
    );
    expect(invoice?.lines.map((l) => [l.description, l.quantity])).toEqual([
      ['Amboss 250 kg', 1],
      ['Kette aus Stahl verzinkt', 2.5],
      ['Transport', null],
    ]);
  });

  it('reads several invoices in one file, one per page with its own number', () => {
    const text = [
      'Invoice No. A-1\nInvoice date: 2024-01-05',
      'Page 2 of invoice A-1, continued',
      'Invoice No. A-2\nInvoice date: 2024-02-05',
    ].join('\f');
    expect(invoicesFromLines(linesFromText(text)).map((i) => [i.number, i.date])).toEqual([
      ['A-1', '2024-01-05'],
      ['A-2', '2024-02-05'],
    ]);
  });
});

describe('dateAtStart', () => {
  it.each([
    ['2024-03-10', '2024-03-10'],
    ['31.01.2014', '2014-01-31'],
    ['02/17/26', '2026-02-17'],
    ['11. Juli 2014', '2014-07-11'],
    ['7. Mai 2014', '2014-05-07'],
    ['02 Juillet 2015', '2015-07-02'],
    ['August 3, 2014', '2014-08-03'],
    ['Sept 9, 2021', '2021-09-09'],
    ['3 agosto 2014', '2014-08-03'],
    ['1 maart 2020', '2020-03-01'],
    ['30.02.2024', null],
    ['Totale 12,50', null],
  ])('%s → %s', (text, date) => {
    expect(dateAtStart(text)).toBe(date);
  });
});
