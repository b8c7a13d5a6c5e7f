/** Invoice-text probes (see `invoice-text.variants.test.ts`): Line tables, and files that hold several invoices. */
import type { Probe } from './probe';

export const TABLES: Probe[] = [
  [
    'it a wrapped description whose second line starts with a number (60 cl)',
    [
      'Fattura n. 77 del 05/03/2024',
      'Codice    Descrizione                          Q.tà    Importo',
      'CA-11     Caraffa ambra con beccuccio, capacità   6      84,00',
      '          60 cl',
      'BV-02     Bicchiere ambra 20 cl                  12      38,40',
    ],
    {
      lines: [
        ['Caraffa ambra con beccuccio, capacità 60 cl', 6],
        ['Bicchiere ambra 20 cl', 12],
      ],
    },
  ],
  [
    "the browser's page footer (the page's address and the page number) under the last item",
    [
      'Invoice No. 2024-51',
      'Date: 05/03/2024',
      'Description                        Qty     Amount',
      'Linen apron, natural                12     180.00',
      'https://app.invoices.example/invoices/51/print                   1/1',
    ],
    { lines: [['Linen apron, natural', 12]] },
  ],
  [
    'nl Flemish Hoeveelheid column with units after the quantity',
    [
      'Factuur 2024/77',
      'Datum: 05/03/2024',
      'Code     Omschrijving                 Hoeveelheid     Eenheidsprijs     Totaal',
      'KB-1     Kaarsenbak eik                      3 st           € 12,00    € 36,00',
      'KB-2     Houten dienblad                    10 st            € 8,50    € 85,00',
      'Totaal excl. btw                                                      € 121,00',
    ],
    {
      lines: [
        ['Kaarsenbak eik', 3],
        ['Houten dienblad', 10],
      ],
    },
  ],
  [
    'it a payment note after the table, starting at the left margin, is not the last line',
    [
      'Fattura n. 88 del 02/04/2025',
      'Codice  Descrizione                      Q.tà  Prezzo  Importo',
      'V-12    Viti inox 4x40 (100 pezzi)       3     6,20    18,60',
      'T-07    Tasselli in nylon 8 mm (50)      2     4,10     8,20',
      'Pagamento a 60 giorni fine mese con bonifico bancario; per i ritardi',
      'si applicano gli interessi di mora di legge.',
    ],
    {
      lines: [
        ['Viti inox 4x40 (100 pezzi)', 3],
        ['Tasselli in nylon 8 mm (50)', 2],
      ],
    },
  ],
  [
    'de Pos / Art.-Nr. / Bezeichnung / Menge / Einheit / Einzelpreis / Gesamt',
    [
      'Rechnung Nr. 1 vom 05.03.2024',
      'Pos.  Art.-Nr.  Bezeichnung           Menge  Einheit  Einzelpreis  Gesamtpreis',
      '1     10023     USB-Kabel 2 m            10  Stk            2,50        25,00',
      '2     10077     Netzteil 12 V             2  Stk           14,90        29,80',
      'Summe netto                                                           54,80',
    ],
    {
      lines: [
        ['USB-Kabel 2 m', 10],
        ['Netzteil 12 V', 2],
      ],
    },
  ],
  [
    'en Item & Description / Qty / Rate / Amount (Zoho)',
    [
      'Invoice # INV-1',
      'Invoice Date: 05/03/2024',
      '#   Item & Description                 Qty        Rate      Amount',
      '1   Phone case, black                  1.00 pcs   4.50      4.50',
      '2   Screen protector                   25.00 pcs  1.20      30.00',
      'Sub Total                                                   34.50',
    ],
    {
      lines: [
        ['Phone case, black', 1],
        ['Screen protector', 25],
      ],
    },
  ],
  [
    'en quantity first: Qty / Description / Unit Price / Total',
    [
      'Invoice No. 1',
      'Date: 05/03/2024',
      'Qty   Description              Unit Price    Total',
      '2     Widget, blue                  10.00    20.00',
      '12    Widget, red                    9.50   114.00',
      'Subtotal                                   134.00',
    ],
    {
      lines: [
        ['Widget, blue', 2],
        ['Widget, red', 12],
      ],
    },
  ],
  [
    'it Codice / Descrizione / Q.tà / U.M. / Prezzo / Importo / IVA',
    [
      'Fattura n. 17 del 05/03/2024',
      'Codice     Descrizione                Q.tà   U.M.   Prezzo   Importo   IVA',
      'AB-100     Borraccia termica 500 ml     24   pz      6,50    156,00    22',
      'AB-200     Tappo di ricambio            24   pz      0,80     19,20    22',
      'Imponibile                                                   175,20',
    ],
    {
      lines: [
        ['Borraccia termica 500 ml', 24],
        ['Tappo di ricambio', 24],
      ],
    },
  ],
  [
    'fr Désignation / Qté / P.U. HT / Montant HT',
    [
      'Facture N° 1 du 05/03/2024',
      'Désignation                 Qté     P.U. HT    Montant HT',
      'Gourde isotherme 500 ml      24       6,50        156,00',
      'Total HT                                          156,00',
    ],
    { lines: [['Gourde isotherme 500 ml', 24]] },
  ],
  [
    'es Concepto / Cantidad / Precio / Importe',
    [
      'Factura nº 1',
      'Fecha: 05/03/2024',
      'Concepto                     Cantidad    Precio    Importe',
      'Botella térmica 500 ml             24      6,50     156,00',
      'Base imponible                                      156,00',
    ],
    { lines: [['Botella térmica 500 ml', 24]] },
  ],
  [
    'nl Omschrijving / Aantal / Prijs / Bedrag',
    [
      'Factuurnummer 1',
      'Factuurdatum 05-03-2024',
      'Omschrijving                 Aantal    Prijs     Bedrag',
      'Thermosfles 500 ml               24     6,50     156,00',
      'Subtotaal                                        156,00',
    ],
    { lines: [['Thermosfles 500 ml', 24]] },
  ],
  [
    'pl Lp. / Nazwa / Ilość / J.m. / Cena netto / Wartość netto',
    [
      'Faktura VAT nr FV/1/2024',
      'Data wystawienia: 2024-03-05',
      'Lp.  Nazwa towaru lub usługi      Ilość   J.m.   Cena netto   Wartość netto',
      '1    Butelka termiczna 500 ml        24   szt.        6,50          156,00',
      'Razem                                                               156,00',
    ],
    { lines: [['Butelka termiczna 500 ml', 24]] },
  ],
  [
    'cn Alibaba proforma with thousands in the quantity',
    [
      'PROFORMA INVOICE',
      'Invoice No.: SB20240305-01',
      'Date: 2024-03-05',
      'No.  Product Name          Quantity     Unit Price (USD)    Amount (USD)',
      '1    LED strip 5 m         1,000 pcs    1.20                1,200.00',
      '2    Power adapter 12 V    200 pcs      3.10                620.00',
      'Total                                                       1,820.00',
    ],
    {
      lines: [
        ['LED strip 5 m', 1000],
        ['Power adapter 12 V', 200],
      ],
    },
  ],
  [
    'de quantity and unit before the description',
    [
      'Rechnung Nr. 1 vom 05.03.2024',
      'Pos   Menge   Einheit   Bezeichnung              Preis     Gesamt',
      '1     10      Stk       USB-Kabel 2 m             2,50      25,00',
      '2     1.000   Stk       Kabelbinder 200 mm        0,02      20,00',
      'Gesamtbetrag                                               45,00',
    ],
    {
      lines: [
        ['USB-Kabel 2 m', 10],
        ['Kabelbinder 200 mm', 1000],
      ],
    },
  ],
  [
    'en a date column set close to the description',
    [
      'Invoice 1017',
      'March 5, 2024',
      'No.       Description                 Date           Quantity    Unit Price    Amount',
      '1908-S    Office chair, blue 03/01/24          3 Piece          191.00       573.00',
      'Subtotal                                                                     573.00',
    ],
    { lines: [['Office chair, blue', 3]] },
  ],
  [
    'till receipt: QTY ITEM header, each row with its quantity before its item in one cell',
    [
      'Harbour Lane Café',
      'Receipt No. 40-1177',
      'Date: 02/12/2023',
      'QTY ITEM                      TOTAL',
      '1 LARGE OAT LATTE              4.20',
      '2 ALMOND CROISSANT             6.40',
      '1 4PC SHORTBREAD               2.10',
      'EAT-IN TOTAL (INCL VAT)       12.70',
      'CARD                          12.70',
    ],
    {
      lines: [
        ['LARGE OAT LATTE', 1],
        ['ALMOND CROISSANT', 2],
        ['4PC SHORTBREAD', 1],
      ],
    },
  ],
  [
    'en a totals row with a word before "total" ends the table',
    [
      'Invoice No. 3391',
      'Description                Qty      Price     Amount',
      'Garden hose 25 m             2      19.00      38.00',
      'Hose reel                    1      46.00      46.00',
      'Grand total                                    84.00',
      'Thank you for your order    2023',
    ],
    {
      lines: [
        ['Garden hose 25 m', 2],
        ['Hose reel', 1],
      ],
    },
  ],
];

export const SEVERAL: Probe[] = [
  [
    'a continuation page with a bare "Nr." is not another invoice',
    [
      'Rechnung Nr. RE-17',
      'Datum: 05.03.2024',
      'Pos  Bezeichnung           Menge',
      '1    USB-Kabel 2 m            10\fFortsetzung',
      'Nr. 2',
      'Pos  Bezeichnung           Menge',
      '2    Netzteil 12 V             2',
    ],
    { count: 1, number: 'RE-17' },
  ],
  [
    'three invoices, one per page',
    [
      'Fattura n. 1/2024 del 05/03/2024\fFattura n. 2/2024 del 06/03/2024\fFattura n. 3/2024 del 07/03/2024',
    ],
    { count: 3, number: '1/2024' },
  ],
  [
    'one invoice over two pages that repeat its header',
    [
      'Rechnung Nr. RE-17',
      'Datum: 05.03.2024',
      'Seite 1 von 2\fRechnung Nr. RE-17',
      'Seite 2 von 2',
    ],
    { count: 1, number: 'RE-17' },
  ],
];
