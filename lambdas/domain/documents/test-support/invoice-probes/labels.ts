/** Invoice-text probes (see `invoice-text.variants.test.ts`): Number and date labels in seven languages, and the dates and numbers that are not the invoice's. */
import type { Probe } from './probe';

export const NUMBER_LABELS: Probe[] = [
  [
    'de Rechnungs-Nr.',
    ['Rechnungs-Nr.: RE-2024-0042', 'Rechnungsdatum: 05.03.2024'],
    { number: 'RE-2024-0042', date: '2024-03-05' },
  ],
  [
    'de Beleg-Nr.',
    ['Beleg-Nr. 2024/00017', 'Belegdatum 05.03.2024'],
    { number: '2024/00017', date: '2024-03-05' },
  ],
  [
    'de Rechnungsnummer in the next cell',
    ['Rechnungsnummer   RE0042', 'Datum             05.03.2024'],
    { number: 'RE0042', date: '2024-03-05' },
  ],
  [
    'de Rg.-Nr.',
    ['Rg.-Nr.: 2024-117', 'Rg.-Datum: 05.03.2024'],
    { number: '2024-117', date: '2024-03-05' },
  ],
  [
    'de Rechnung Nr. ... vom ...',
    ['Rechnung Nr. 2024-0042 vom 05.03.2024'],
    { number: '2024-0042', date: '2024-03-05' },
  ],
  [
    'en Invoice No.',
    ['Invoice No. INV-000123', 'Date: 5 March 2024'],
    { number: 'INV-000123', date: '2024-03-05' },
  ],
  [
    'en Invoice Number',
    ['Invoice Number: F2024-17', 'Invoice Date: 05/03/2024'],
    { number: 'F2024-17', date: '2024-03-05' },
  ],
  [
    'en Invoice-No.',
    ['Invoice-No.: 17/2024', 'Invoice-Date: 05.03.2024'],
    { number: '17/2024', date: '2024-03-05' },
  ],
  [
    'en Invoice #',
    ['Invoice #   A-17', 'Date of issue   5th March 2024'],
    { number: 'A-17', date: '2024-03-05' },
  ],
  [
    'en Tax invoice title, number on its own line after a hash (Zoho)',
    ['TAX INVOICE', '# INV-000123', 'Invoice Date :  05 Mar 2024', 'Due Date :  04 Apr 2024'],
    { number: 'INV-000123', date: '2024-03-05' },
  ],
  [
    'en Document No.',
    ['Document No.   SI-10042', 'Document Date  05/03/2024'],
    { number: 'SI-10042', date: '2024-03-05' },
  ],
  [
    'it Numero documento',
    ['Numero documento   17/2024', 'Data documento     05/03/2024'],
    { number: '17/2024', date: '2024-03-05' },
  ],
  [
    'it Fattura n. ... del ...',
    ['Fattura n. 17 del 05/03/2024'],
    { number: '17', date: '2024-03-05' },
  ],
  [
    'it No. fattura',
    ['No. fattura: A-17', 'Data fattura: 05/03/2024'],
    { number: 'A-17', date: '2024-03-05' },
  ],
  [
    'it header row Documento / Numero / Data with the values below (Danea)',
    [
      'Documento        Numero     Data          Pagina',
      'FATTURA          17         05/03/2024    1',
    ],
    { number: '17', date: '2024-03-05' },
  ],
  [
    'it Fattura N. with the number under the label',
    ['FATTURA N.        DEL', '2024/FE/17        05/03/2024'],
    { number: '2024/FE/17', date: '2024-03-05' },
  ],
  [
    'fr Facture N°',
    ['Facture N° 2024-017', 'Date de facture : 05/03/2024'],
    { number: '2024-017', date: '2024-03-05' },
  ],
  [
    'fr N° de facture',
    ['N° de facture : FA-2024-17', "Date d'émission : 1er mars 2024"],
    { number: 'FA-2024-17', date: '2024-03-01' },
  ],
  [
    'fr Numéro de facture',
    ['Numéro de facture   F2024-17', 'Date   05/03/2024'],
    { number: 'F2024-17', date: '2024-03-05' },
  ],
  [
    'fr title, then N° alone',
    ['FACTURE', 'N° : 2024-017', 'Date : 05/03/2024'],
    { number: '2024-017', date: '2024-03-05' },
  ],
  [
    'fr Facture n° ... du ...',
    ['Facture n° 2024-017 du 5 mars 2024'],
    { number: '2024-017', date: '2024-03-05' },
  ],
  [
    'es Nº factura',
    ['Nº factura: F240017', 'Fecha: 05/03/2024'],
    { number: 'F240017', date: '2024-03-05' },
  ],
  [
    'es Número de factura',
    ['Número de factura: A-17', 'Fecha de expedición: 3 de marzo de 2024'],
    { number: 'A-17', date: '2024-03-03' },
  ],
  [
    'es Factura nº',
    ['Factura nº 2024/17', 'Fecha de factura 05-03-2024'],
    { number: '2024/17', date: '2024-03-05' },
  ],
  [
    'es title, then Nº and Fecha in one line (Factusol)',
    ['FACTURA', 'Nº: 17        Fecha: 05/03/2024'],
    { number: '17', date: '2024-03-05' },
  ],
  [
    'nl Factuurnummer',
    ['Factuurnummer: 2024-0017', 'Factuurdatum: 3 maart 2024'],
    { number: '2024-0017', date: '2024-03-03' },
  ],
  [
    'nl Factuurnr.',
    ['Factuurnr.   F2024-17', 'Factuurdatum   05-03-2024'],
    { number: 'F2024-17', date: '2024-03-05' },
  ],
  [
    'nl Factuur title with its number',
    ['Factuur 2024-0017', 'Datum: 05-03-2024'],
    { number: '2024-0017', date: '2024-03-05' },
  ],
  [
    'pl Numer faktury',
    ['Numer faktury: FV/2024/03/17', 'Data wystawienia: 05.03.2024'],
    { number: 'FV/2024/03/17', date: '2024-03-05' },
  ],
  [
    'pl Faktura VAT nr with a prefix and a space',
    ['Faktura VAT nr FV 17/03/2024', 'Data wystawienia: 2024-03-31'],
    { number: 'FV 17/03/2024', date: '2024-03-31' },
  ],
  [
    'pl Faktura nr shaped like a date',
    ['Faktura nr 17/03/2024', 'Data wystawienia: 31.03.2024'],
    { number: '17/03/2024', date: '2024-03-31' },
  ],
  [
    'pl Faktura VAT title with its number',
    ['Faktura VAT 17/2024', 'Data wystawienia: 5 marca 2024 r.'],
    { number: '17/2024', date: '2024-03-05' },
  ],
  [
    'pl Nr faktury',
    ['Nr faktury: FV/1/2024', 'Data wystawienia: 05.03.2024'],
    { number: 'FV/1/2024', date: '2024-03-05' },
  ],
  [
    'de till receipt: Bon-Nr. on the line with the date and time',
    [
      'Bäckerei Sonnenkorn',
      'Lindenweg 4, 04109 Leipzig',
      'SUMME              EUR   7,40',
      '  12.02.2023     09:41     Bon-Nr.:8812',
      '  Filiale:17     Kasse:2',
    ],
    { number: '8812', date: '2023-02-12' },
  ],
  [
    'en Receipt No.',
    ['Harbour Lane Café', 'Receipt No. 40-1177', 'Date: 02/12/2023'],
    { number: '40-1177', date: '2023-12-02' },
  ],
  [
    'en INV# on a till receipt, the date after order and register numbers',
    ['Harbour Lane Café', 'INV# 000771204518', 'ORD #12 -REG #03- 21/06/2023  08:14:55'],
    { number: '000771204518', date: '2023-06-21' },
  ],
  [
    'en Inv. No.',
    ['Kestrel Foods Ltd', 'Inv. No. 4471', 'Date: 04/05/2023'],
    { number: '4471', date: '2023-05-04' },
  ],
];

export const NUMBER_DISTRACTORS: Probe[] = [
  [
    'a support ticket number above the invoice number (en)',
    ['Support ticket #3308', 'Invoice No. NW-7215', 'Date: 21/06/2023'],
    { number: 'NW-7215', date: '2023-06-21' },
  ],
  [
    'customer and order numbers before the invoice number (de)',
    ['Kunden-Nr.: 10001', 'Auftragsnr.: A-555', 'Rechnungsnr.: RE-17', 'Datum: 05.03.2024'],
    { number: 'RE-17' },
  ],
  [
    'an order number with a hash before the invoice number (en)',
    ['Order # 402-1234567-1234567', 'Invoice # INV-9', 'Invoice date 05/03/2024'],
    { number: 'INV-9' },
  ],
  [
    'order and delivery-note numbers before the invoice number (it)',
    ['N. ordine 55', 'N. DDT 12', 'Fattura N. 17', 'Data 05/03/2024'],
    { number: '17' },
  ],
  [
    'a customer number labelled N° before the invoice number (fr)',
    ['N° client : C-1002', 'Facture N° F-2024-17', 'Date : 05/03/2024'],
    { number: 'F-2024-17' },
  ],
  [
    'a header row with customer number first (de, lexoffice)',
    ['Kundennr.      Rechnungsnr.      Datum', '10001          RE0042            05.03.2024'],
    { number: 'RE0042', date: '2024-03-05' },
  ],
];

export const DATE_LABELS: Probe[] = [
  ['de Rechnungsdatum', ['Rechnung Nr. 1', 'Rechnungsdatum: 05.03.2024'], { date: '2024-03-05' }],
  ['de Datum, two-digit year', ['Rechnung Nr. 1', 'Datum: 05.03.24'], { date: '2024-03-05' }],
  [
    'de Datum with a weekday',
    ['Rechnung Nr. 1', 'Datum: Dienstag, 5. März 2024'],
    { date: '2024-03-05' },
  ],
  ['en Invoice date ISO', ['Invoice No. 1', 'Invoice date: 2024-03-05'], { date: '2024-03-05' }],
  [
    'en Date of issue, month first with a suffix',
    ['Invoice No. 1', 'Date of issue: March 5th, 2024'],
    { date: '2024-03-05' },
  ],
  ['en Issue date', ['Invoice No. 1', 'Issue date: 05-Mar-2024'], { date: '2024-03-05' }],
  ['en Mar 5, 2024', ['Invoice No. 1', 'Invoice Date: Mar 5, 2024'], { date: '2024-03-05' }],
  ['en Date: 2024/03/05', ['Invoice No. 1', 'Date: 2024/03/05'], { date: '2024-03-05' }],
  [
    'en combined "Invoice date / Delivery date" (Amazon)',
    ['Invoice # 1', 'Invoice date / Delivery date   05 March 2024'],
    { date: '2024-03-05' },
  ],
  ['it Data fattura', ['Fattura n. 1', 'Data fattura: 05/03/2024'], { date: '2024-03-05' }],
  ['it Data documento', ['Fattura n. 1', 'Data documento: 05/03/2024'], { date: '2024-03-05' }],
  ['it Data emissione', ['Fattura n. 1', 'Data emissione: 5 marzo 2024'], { date: '2024-03-05' }],
  ['fr Date de facture', ['Facture N° 1', 'Date de facture : 5 mars 2024'], { date: '2024-03-05' }],
  [
    "fr Date d'émission",
    ['Facture N° 1', "Date d'émission : 1er mars 2024"],
    { date: '2024-03-01' },
  ],
  ['es Fecha de factura', ['Factura nº 1', 'Fecha de factura: 05/03/2024'], { date: '2024-03-05' }],
  [
    'es Fecha de expedición',
    ['Factura nº 1', 'Fecha de expedición: 3 de marzo de 2024'],
    { date: '2024-03-03' },
  ],
  ['nl Factuurdatum', ['Factuurnummer 1', 'Factuurdatum: 3 maart 2024'], { date: '2024-03-03' }],
  ['nl Datum 5 mrt. 2024', ['Factuurnummer 1', 'Datum: 5 mrt. 2024'], { date: '2024-03-05' }],
  [
    'pl Data wystawienia',
    ['Faktura nr 1', 'Data wystawienia: 3 marca 2024 r.'],
    { date: '2024-03-03' },
  ],
  [
    'a place and date line (it)',
    ['Fattura n. 1', 'Milano, 05/03/2024', 'Data consegna: 02/03/2024'],
    { date: '2024-03-05' },
  ],
  [
    'a place and date line (de)',
    ['Rechnung Nr. 1', 'Berlin, den 05.03.2024', 'Lieferdatum: 02.03.2024'],
    { date: '2024-03-05' },
  ],
];

export const WRONG_DATES: Probe[] = [
  [
    'en a numeric date either way round on an invoice from a US address: month first',
    [
      'Lakeshore Candle Works Inc.',
      '220 Harbor Drive, Duluth, MN 55802',
      'Invoice #     Date          Terms',
      '20931         03/11/2025    Net 30',
    ],
    { number: '20931', date: '2025-03-11' },
  ],
  [
    'en a Customer ID heading in a header row is no customer block',
    [
      'Lakeshore Candle Works Inc.',
      'Invoice #     Date          Customer ID     Terms',
      '20931         15/03/2025    C-5520          Net 30',
      'Bill To:',
      'Driftwood Gift Shop',
      '8 Pier Road',
    ],
    { buyer: 'Driftwood Gift Shop' },
  ],
  [
    "de place and date line, not the browser's print date and time in the page margin",
    [
      '05.08.25, 09:41                  Rechnung 2024-117',
      'Nordwind Textil GmbH',
      'Rechnungs-Nr.  2024-117      Leistungsdatum  Juli 2024',
      '                                        Berlin, 4. August 2024',
      'Rechnung',
    ],
    { date: '2024-08-04' },
  ],
  [
    "it place and date line, not the browser's print date and time in the page margin",
    [
      '14/03/25, 16:02                    Fattura 31 - Bottega Verde',
      'Bottega Verde S.r.l.',
      'Fattura n. 31',
      '                                      Firenze, 12 marzo 2025',
    ],
    { date: '2025-03-12' },
  ],
  [
    'de order, delivery, due dates before Datum',
    [
      'Bestelldatum: 01.03.2024',
      'Lieferdatum: 02.03.2024',
      'Fällig am: 04.04.2024',
      'Zahlbar bis: 04.04.2024',
      'Rechnung Nr. 1',
      'Datum: 05.03.2024',
    ],
    { date: '2024-03-05' },
  ],
  [
    'de Leistungsdatum and Zahlbar bis in a header row',
    [
      'Rechnungsnr.   Leistungsdatum   Datum        Zahlbar bis',
      'RE-17          02.03.2024       05.03.2024   04.04.2024',
    ],
    { date: '2024-03-05' },
  ],
  [
    'de service period, then an unlabelled date',
    ['Rechnung RE-17', 'Leistungszeitraum: 01.02.2024 - 29.02.2024', 'Hamburg, 05.03.2024'],
    { date: '2024-03-05' },
  ],
  [
    'it Scadenza and Data consegna before Data',
    ['Fattura n. 1', 'Scadenza: 04/04/2024', 'Data consegna: 02/03/2024', 'Data: 05/03/2024'],
    { date: '2024-03-05' },
  ],
  [
    'it payment schedule on the value line under the date',
    ['Fattura n. 1', 'Scadenza        Data', '04/04/2024      05/03/2024'],
    { date: '2024-03-05' },
  ],
  [
    'fr Échéance and Date de livraison before Date',
    [
      'Facture N° 1',
      'Échéance : 04/04/2024',
      'Date de livraison : 02/03/2024',
      'Date : 05/03/2024',
    ],
    { date: '2024-03-05' },
  ],
  [
    'es Vencimiento and Fecha de entrega before Fecha',
    [
      'Factura nº 1',
      'Vencimiento: 04/04/2024',
      'Fecha de entrega: 02/03/2024',
      'Fecha: 05/03/2024',
    ],
    { date: '2024-03-05' },
  ],
  [
    'nl Vervaldatum and Leverdatum before Datum',
    ['Factuurnummer 1', 'Vervaldatum: 04-04-2024', 'Leverdatum: 02-03-2024', 'Datum: 05-03-2024'],
    { date: '2024-03-05' },
  ],
  [
    'pl Termin płatności, Data sprzedaży, Data dostawy before Data wystawienia',
    [
      'Faktura nr 1',
      'Termin płatności: 2024-04-04',
      'Data sprzedaży: 2024-03-02',
      'Data dostawy: 2024-03-02',
      'Data wystawienia: 2024-03-05',
    ],
    { date: '2024-03-05' },
  ],
  [
    'pl Data sprzedaży in a header row with Data wystawienia',
    ['Faktura nr 1', 'Data sprzedaży    Data wystawienia', '2024-03-02        2024-03-05'],
    { date: '2024-03-05' },
  ],
  [
    'en order date in a header row before the invoice date',
    [
      'Invoice No. 1',
      'Order Date     Invoice Date   Due Date',
      '01/03/2024     05/03/2024     30/04/2024',
    ],
    { date: '2024-03-05' },
  ],
  [
    'en service period before an unlabelled date',
    ['Invoice INV-1', 'Service period: 01/02/2024 – 29/02/2024', 'London, 05/03/2024'],
    { date: '2024-03-05' },
  ],
  [
    'en Payment due first, then Date',
    ['Invoice No. 1', 'Payment due: 04/04/2024', 'Date: 05/03/2024'],
    { date: '2024-03-05' },
  ],
  [
    'en US invoice: ambiguous numeric dates read month first when another date shows it',
    ['INVOICE #   1001', 'DATE        03/05/2024', 'DUE DATE    04/30/2024'],
    { number: '1001', date: '2024-03-05' },
  ],
];
