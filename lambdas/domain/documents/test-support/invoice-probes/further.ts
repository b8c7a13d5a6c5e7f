/** Invoice-text probes (see `invoice-text.variants.test.ts`): Invoice titles, footers, quantities and what must not be read. */
import type { Probe } from './probe';

export const FURTHER_VARIANTS: Probe[] = [
  [
    'it qualified invoice titles (Fattura differita n.)',
    ['Fattura differita n. 2024/17 del 05/03/2024', 'Rif. DDT n. 45 del 01/03/2024'],
    { number: '2024/17', date: '2024-03-05' },
  ],
  [
    'es Factura simplificada nº',
    ['Factura simplificada nº T-2024-17', 'Fecha: 05/03/2024'],
    { number: 'T-2024-17', date: '2024-03-05' },
  ],
  [
    'cn PI No. on a proforma',
    ['PROFORMA INVOICE', 'PI No.: YW240305', 'Date: 2024-03-05'],
    { number: 'YW240305', date: '2024-03-05' },
  ],
  [
    'en Invoice Ref.',
    ['Invoice Ref.: INV-2024-17', 'Invoice Date: 05/03/2024'],
    { number: 'INV-2024-17', date: '2024-03-05' },
  ],
  [
    'de Rechnung-Nr. without the s',
    ['Rechnung-Nr.: 2024-17', 'Datum: 05.03.2024'],
    { number: '2024-17', date: '2024-03-05' },
  ],
  [
    'de title alone, Nummer below',
    ['RECHNUNG', 'Nummer: 2024-17', 'Datum: 05.03.2024'],
    { number: '2024-17', date: '2024-03-05' },
  ],
  [
    'only an order number: no invoice number',
    ['Rechnung', 'Bestell-Nr.: 4711', 'Auftrags-Nr.: 0815', 'Datum: 05.03.2024'],
    { number: null, date: '2024-03-05' },
  ],
  [
    'de combined Rechnungsdatum/Leistungsdatum label',
    ['Rechnung Nr. 1', 'Rechnungsdatum/Leistungsdatum: 05.03.2024'],
    { date: '2024-03-05' },
  ],
  [
    'pl place and date after the label',
    ['Faktura VAT nr FV/1/2024', 'Miejsce i data wystawienia: Warszawa, 2024-03-05'],
    { date: '2024-03-05' },
  ],
  [
    'de place and date after the label',
    ['Rechnung Nr. 1', 'Ort, Datum: Hamburg, 05.03.2024'],
    { date: '2024-03-05' },
  ],
  [
    'en Issued / Due labels',
    ['Invoice INV-7', 'Due: 04/04/2024', 'Issued: 05/03/2024'],
    { date: '2024-03-05' },
  ],
  [
    'en written date with a comma after the month',
    ['Invoice No. 1', 'Invoice date: 05 March, 2024'],
    { date: '2024-03-05' },
  ],
  [
    'en billing period in words, then the invoice date',
    ['Invoice No. 1', 'Billing period: Feb 1, 2024 - Feb 29, 2024', 'Invoice date: Mar 5, 2024'],
    { date: '2024-03-05' },
  ],
  [
    'it date and time after the label',
    ['Fattura n. 1', 'Data: 05/03/2024 12:34'],
    { date: '2024-03-05' },
  ],
  [
    'it customer P.IVA labelled after the word (P.IVA cliente)',
    [
      'ACME S.r.l.',
      'P.IVA cliente: 09876543210',
      'Fattura n. 1 del 05/03/2024',
      'P.IVA 01234567890',
    ],
    { supplier: 'ACME S.r.l.', supplierVat: '01234567890', buyerVat: '09876543210' },
  ],
  [
    'it Cod. Fisc. e P. IVA in the footer',
    ['Fattura n. 1 del 05/03/2024', 'Bianchi & C. S.n.c. - Cod. Fisc. e P. IVA 01234567890'],
    { supplier: 'Bianchi & C. S.n.c.', supplierVat: '01234567890' },
  ],
  [
    'de footer with registry and VAT id in one cell',
    [
      'Rechnung Nr. 1 vom 05.03.2024',
      'Nordlicht Handel GmbH | Amtsgericht Hamburg HRB 12345 | USt-IdNr. DE123456789',
    ],
    { supplier: 'Nordlicht Handel GmbH', supplierVat: 'DE123456789' },
  ],
  [
    'cn Company Limited',
    ['Guangzhou Bright Technology Company Limited', 'Invoice No.: GB-240305', 'Date: 2024-03-05'],
    { supplier: 'Guangzhou Bright Technology Company Limited' },
  ],
  [
    'cn Co.,Ltd without a space',
    ['Yiwu Star Import and Export Co.,Ltd', 'Invoice No.: YS-240305', 'Date: 2024-03-05'],
    { supplier: 'Yiwu Star Import and Export Co.,Ltd' },
  ],
  [
    'letterhead under the title, without a legal form',
    [
      'INVOICE',
      'Nordlicht Handel',
      'Hafenstraße 12, Hamburg',
      'Invoice No. 17',
      'Date: 05/03/2024',
    ],
    { supplier: 'Nordlicht Handel' },
  ],
  [
    'en From: heading with the supplier under it, To: with the customer',
    [
      'Invoice No. 17',
      'Date: 05/03/2024',
      'From:                     To:',
      'Nordlicht Handel          Rossi Trading S.r.l.',
      'Hafenstraße 12            Via Verdi 2',
    ],
    { supplier: 'Nordlicht Handel', buyer: 'Rossi Trading S.r.l.' },
  ],
  [
    "de delivery address block is the customer's, not the supplier's",
    [
      'Rechnung Nr. 1',
      'Datum: 05.03.2024',
      'Lieferanschrift:',
      'Lager Meier AG',
      'USt-IdNr.: DE999999999',
      'Schulz GmbH · USt-IdNr.: DE123456789',
    ],
    { supplier: 'Schulz GmbH', supplierVat: 'DE123456789' },
  ],
  [
    'a table that goes on over two pages, header repeated',
    [
      'Rechnung Nr. 1 vom 05.03.2024',
      'Pos.  Bezeichnung            Menge   Preis    Gesamt',
      '1     USB-Kabel 2 m             10    2,50     25,00',
      'Übertrag                                      25,00\fRechnung Nr. 1',
      'Pos.  Bezeichnung            Menge   Preis    Gesamt',
      '2     Netzteil 12 V              2   14,90     29,80',
      'Summe netto                                   54,80',
    ],
    {
      count: 1,
      lines: [
        ['USB-Kabel 2 m', 10],
        ['Netzteil 12 V', 2],
      ],
    },
  ],
  [
    'en quantities with three decimals (ERP style)',
    [
      'Invoice No. 1',
      'Date: 2024-03-05',
      'Item   Description           Quantity    Unit Price     Amount',
      '10     Water bottle 500 ml     24.000          6.50     156.00',
      'Total                                                 156.00',
    ],
    { lines: [['Water bottle 500 ml', 24]] },
  ],
  [
    'de quantities with three decimals',
    [
      'Rechnung Nr. 1 vom 05.03.2024',
      'Pos  Bezeichnung             Menge      Preis     Gesamt',
      '1    Thermosflasche 500 ml   24,000      6,50     156,00',
      'Summe                                            156,00',
    ],
    { lines: [['Thermosflasche 500 ml', 24]] },
  ],
];

export const NOT_READ: Probe[] = [
  [
    'an order and a ship date in a header row are not the invoice date',
    ['Invoice INV-1', 'Order Date     Ship Date', '01/03/2024     02/03/2024'],
    { number: 'INV-1', date: null },
  ],
  [
    'a date column of the line table is not the invoice date',
    [
      'Rechnung Nr. 17',
      'Hamburg, 05.03.2024',
      'Datum        Beschreibung        Menge',
      '01.03.2024   Beratung                2',
    ],
    { date: '2024-03-05' },
  ],
  [
    'a tax number and a registry number are not the invoice number',
    ['Rechnung', 'Steuernummer: 12/345/67890', 'HRB Nr. 12345', 'Datum: 05.03.2024'],
    { number: null },
  ],
  [
    'a phone number is not the invoice number',
    ['FACTURE', 'Tél. N° 01 23 45 67 89', 'Date : 05/03/2024'],
    { number: null },
  ],
  [
    'a VAT amount is not a VAT id',
    [
      'Invoice No. 1',
      'Date: 05/03/2024',
      'Subtotal        61728394.50',
      'VAT 20%         12345678.90',
      'MwSt. 19 %      12345678,90',
    ],
    { supplierVat: null },
  ],
  [
    'prose that starts with a credit word is not a credit note',
    [
      'Rechnung Nr. 17',
      'Datum: 05.03.2024',
      'Gutschrift erfolgt nach Wareneingang.',
      'Pos  Bezeichnung      Menge   Preis   Gesamt',
      '1    Retoure-Etikett      1    0,00     0,00',
    ],
    { documentType: null },
  ],
  [
    'a bank with a legal form in the footer is not the supplier',
    [
      'Nordlicht Handel',
      'Rechnung Nr. 17',
      'Datum: 05.03.2024',
      'Deutsche Bank AG   IBAN DE02 1203 0000 0000 2020 51   USt-IdNr. DE123456789',
    ],
    { supplier: 'Nordlicht Handel', supplierVat: 'DE123456789' },
  ],
  [
    "the customer's only VAT id is not the supplier's",
    [
      'Nordlicht Handel GmbH',
      'Rechnung Nr. 17',
      'Datum: 05.03.2024',
      'Kunde: Rossi Trading S.r.l.',
      'Ihre USt-IdNr.: IT09876543210',
    ],
    { supplierVat: null, buyerVat: 'IT09876543210' },
  ],
];
