/**
 * Invoice-text probes (see `invoice-text.variants.test.ts`): what a seller's own purchases
 * print: manufacturers' proformas, wholesalers' invoices, prep-centre and forwarding services.
 */
import type { Probe } from './probe';

export const PURCHASES: Probe[] = [
  [
    'en an item named "Signature …" is an item, not the signature line under the table',
    [
      'INVOICE   Invoice No.  HC-3310   Date  12/03/2025',
      'Description                         Qty     Unit price    Amount',
      'Signature soy candle 200 g          24      £4.10         £98.40',
      'Signature reed diffuser 100 ml      12      £6.50         £78.00',
      'Subtotal                                                  £176.40',
    ],
    {
      lines: [
        ['Signature soy candle 200 g', 24],
        ['Signature reed diffuser 100 ml', 12],
      ],
    },
  ],
  [
    'en "Customer Order" beside the meta data is an order number, not the customer',
    [
      'PROFORMA INVOICE',
      'Shipper:                               PI No.:          KT-2503-77',
      'Dongguan Kite Plastics Co., Ltd.       Date:            05-Mar-2025',
      "Chang'an Town, Dongguan, China         Customer Order:  PO-5518",
      'Bill To:',
      'Morrow Goods Ltd',
      '8 Tannery Lane, Norwich NR3 1AB',
    ],
    { number: 'KT-2503-77', buyer: 'Morrow Goods Ltd' },
  ],
  [
    'en "Customer Account" and its code name no customer',
    [
      'Fenwick Wholesale Ltd               INVOICE',
      '2 Quay Street, Hull HU1 1AA         Invoice Number     FW-2291',
      '                                    Invoice Date       5 March 2025',
      '                                    Customer Account C-118',
      'Invoice To',
      'Larkspur Home Ltd',
      '14 Elm Road, York YO1 7HH',
    ],
    { date: '2025-03-05', buyer: 'Larkspur Home Ltd' },
  ],
  [
    'fr "Adressée à" heads the customer',
    [
      'Savonnerie des Alpilles SARL             FACTURE',
      '3 chemin des Oliviers, 13210 Saint-Rémy  Facture n°  SA-2025-044',
      '                                         Date        05/03/2025',
      'Adressée à',
      'Boutique Mistral',
      '22 cours Mirabeau, 13100 Aix-en-Provence',
    ],
    { buyer: 'Boutique Mistral' },
  ],
  [
    "en service lines under Service, Units and Rate (a prep centre's month)",
    [
      'INVOICE   Invoice #  PC-2025-03   Date  31/03/2025',
      'Service                            Units     Rate      Total',
      'Pallet receiving                   4         £8.00     £32.00',
      'Bundle kitting per unit            1,250     £0.22     £275.00',
      'Subtotal                                               £307.00',
    ],
    {
      lines: [
        ['Pallet receiving', 4],
        ['Bundle kitting per unit', 1250],
      ],
    },
  ],
  [
    'pl header over two lines, its second line a "netto" under "Wartość"',
    [
      'Faktura VAT nr FV/3/2025',
      'Lp.  Nazwa towaru               J.m.  Ilość  Cena netto  Wartość  VAT',
      '                                                         netto',
      '1    Kubek termiczny 450 ml     szt.  40     21,00       840,00   23%',
      '2    Torba bawełniana           szt.  150    4,10        615,00   23%',
      'Razem netto:                                             1 455,00',
    ],
    {
      lines: [
        ['Kubek termiczny 450 ml', 40],
        ['Torba bawełniana', 150],
      ],
    },
  ],
  [
    'pl a legal form wrapped onto the next line of the letterhead',
    [
      'Drukarnia Wisła Sp. z            Faktura VAT',
      'o.o.',
      'ul. Papiernicza 4, 30-719 Kraków  Nr faktury:  FV/9/2025',
      'NIP: 676-110-42-87',
    ],
    { supplier: 'Drukarnia Wisła Sp. z o.o.' },
  ],
  [
    'de a legal form wrapped under the name, the larger title set between the two lines',
    [
      'Hanse Textilveredelung',
      '                                  RECHNUNG',
      'GmbH',
      'Kaistraße 9, 24103 Kiel           Rechnungsnr.  HT-2025-118',
    ],
    { supplier: 'Hanse Textilveredelung GmbH' },
  ],
  [
    'en "Customer PO" beside the meta data is the order number, not the customer',
    [
      'COMMERCIAL INVOICE',
      'Exporter:                          Invoice No.:  YT-0917',
      'Taizhou Yuantai Tools Co., Ltd.    Customer PO:  PO-7713',
      'Bill To:',
      'Alder & Finch Ltd',
      '3 Mill Yard, Leeds LS9 8AB',
    ],
    { buyer: 'Alder & Finch Ltd' },
  ],
  [
    'en a label of the other column wrapped beside the buyer heading ("Port of" over "Loading:")',
    [
      'COMMERCIAL INVOICE',
      'Seller / Exporter:                Invoice No.:  HX-2025-31',
      'Yiwu Hexing Crafts Co., Ltd.      Date:         2025-03-05',
      'Buyer / Consignee:                Port of       Shanghai',
      'Nordkap Living AB                 Loading:',
      'Storgatan 5, 111 51 Stockholm',
    ],
    { supplier: 'Yiwu Hexing Crafts Co., Ltd.', buyer: 'Nordkap Living AB' },
  ],
  [
    'en a unit-of-measure column headed "Units" before the Qty column: the quantity is under Qty',
    [
      'INVOICE   Invoice No.  PK-5521   Date  05/03/2025',
      'Description              Units   Qty   Price    Total',
      'Carton sealing tape      roll    36    1.20     43.20',
      'Stretch film 500 mm      roll    12    6.90     82.80',
      'Total                                           126.00',
    ],
    {
      lines: [
        ['Carton sealing tape', 36],
        ['Stretch film 500 mm', 12],
      ],
    },
  ],
  [
    'a wrapped description whose last part has no word, only a figure ("60W", "4)")',
    [
      'Invoice No.  AX-118   Date  2025-03-05',
      'Description                      Qty     Price     Amount',
      'Silicone phone case, clear,      250     1.10      275.00',
      '6.1"',
      'Gift box kraft (pack of          40      3.20      128.00',
      '12)',
      'Subtotal                                           403.00',
    ],
    {
      lines: [
        ['Silicone phone case, clear, 6.1"', 250],
        ['Gift box kraft (pack of 12)', 40],
      ],
    },
  ],
  [
    'en "Net" heads the totals beside a note under the table',
    [
      'Invoice No.  FR-2207   Date  2025-03-05',
      'Description                      Qty     Rate      Amount',
      'Ocean freight, 40ft container    1       2,150.00  2,150.00',
      'Terminal handling                1       185.00    185.00',
      'Carriage under our standard terms       Net       2,335.00',
      'VAT                                               0.00',
    ],
    {
      lines: [
        ['Ocean freight, 40ft container', 1],
        ['Terminal handling', 1],
      ],
    },
  ],
  [
    "a description over two lines centred on its row (an office suite's middle-aligned cells)",
    [
      'Invoice No.  MC-0312   Date  2025-03-05',
      'Model     Description                     Qty     Amount',
      'MC-10     Desk lamp LED, black            100     850.00',
      '          Monitor stand bamboo with',
      'MC-22                                     60      720.00',
      '          drawer',
      'MC-31     Cable tray under desk           80      320.00',
      'Total                                             1,890.00',
    ],
    {
      lines: [
        ['Desk lamp LED, black', 100],
        ['Monitor stand bamboo with drawer', 60],
        ['Cable tray under desk', 80],
      ],
    },
  ],
  [
    'en an order code beside a label wrapped in a narrow column ("Customer" over "Order:") names no customer',
    [
      'PROFORMA INVOICE',
      'Exporter:                          Invoice No.:  YT-0917',
      'Taizhou Yuantai Tools Co., Ltd.    Customer      PO-7713',
      '                                   Order:',
      'Bill To:',
      'Alder & Finch Ltd',
      '3 Mill Yard, Leeds LS9 8AB',
    ],
    { buyer: 'Alder & Finch Ltd' },
  ],
];
