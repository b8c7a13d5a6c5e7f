/**
 * Invoice-text probes (see `invoice-text.variants.test.ts`): tables without a header row, titles
 * that qualify the invoice, and customer headings found on browser-printed invoices.
 */
import type { Probe } from './probe';

export const MORE_LAYOUTS: Probe[] = [
  [
    'two-column lines without a header: "3 x" before the item, its amount right',
    [
      'Rechnung Nr. 88',
      'Datum: 02.05.2025',
      '6 x Holzlöffel Buche, 30 cm  29,40 €',
      '2 × Schneidebrett Eiche  58,00 €',
      'Summe  87,40 €',
    ],
    {
      lines: [
        ['Holzlöffel Buche, 30 cm', 6],
        ['Schneidebrett Eiche', 2],
      ],
    },
  ],
  [
    'a line that only says "2 x" in prose is not an item',
    ['Invoice 12', 'Date: 02/05/2025', 'We visited 2 x per week as agreed'],
    { lines: [] },
  ],
  [
    'items as labelled cells: an item label, then its quantity label on the next line',
    [
      'Invoice INV-40',
      'Date: 02/05/2025',
      'Product  Linen tea towel, striped',
      'Qty 14  Price 5.50',
      'Product  Enamel mug',
      'Qty 6  Price 8.00',
    ],
    {
      lines: [
        ['Linen tea towel, striped', 14],
        ['Enamel mug', 6],
      ],
    },
  ],
  [
    'a title naming the kind of invoice before N° (facture d’acompte)',
    ["FACTURE D'ACOMPTE N° FA-25-3  Date : 14/10/2025"],
    { number: 'FA-25-3', date: '2025-10-14' },
  ],
  [
    'es abbreviated simplified-invoice label (Fact. Simpl.)',
    ['Fact. Simpl. A-0091 · 19/12/2025 18:42'],
    { number: 'A-0091', date: '2025-12-19' },
  ],
  [
    'a label after its value ("2025/40 — numero fattura")',
    ['Bottega Sole S.r.l.', '2025/40 — numero fattura', '05/05/2025 — data fattura'],
    { number: '2025/40', date: '2025-05-05' },
  ],
  [
    'pl Faktura VAT title with a number that reads like a date, issue date beside the sale date',
    [
      'Faktura VAT 4/11/2025',
      'Miejsce wystawienia  Data sprzedaży  Data wystawienia',
      'Radom                28.11.2025       01.12.2025',
    ],
    { number: '4/11/2025', date: '2025-12-01' },
  ],
  [
    'pl Nabywca: name, address on one line',
    [
      'Faktura nr 3/2025  Data wystawienia: 01.12.2025',
      'Sprzedawca: Drukarnia Lipa Sp. z o.o., ul. Krótka 2, 26-600 Radom, NIP 7962871234',
      'Nabywca: Kawiarnia Pod Lipą Jan Nowak, ul. Długa 1, 00-001 Warszawa',
    ],
    { supplier: 'Drukarnia Lipa Sp. z o.o.', buyer: 'Kawiarnia Pod Lipą Jan Nowak' },
  ],
  [
    'de "An" alone over the customer',
    [
      'Holzwerk Berg GmbH · Hauptstr. 1 · 10115 Berlin',
      'An',
      'Bäckerei Korn OHG',
      'Ringstr. 4',
      '10117 Berlin',
      'Rechnung Nr. 5',
      'Datum: 02.05.2025',
    ],
    { buyer: 'Bäckerei Korn OHG' },
  ],
  [
    'en Bill to right of Ship to: the buyer is the billed party',
    [
      'Invoice No. 77  Invoice Date 11/06/2025',
      'Ship to              Bill to',
      'Corner Café          Corner Café Holdings Ltd',
      '1 Main St            PO Box 4',
    ],
    { buyer: 'Corner Café Holdings Ltd' },
  ],
  [
    'en "Invoice for" over the customer',
    ['Invoice 9', 'Date: 02/05/2025', 'Invoice for', 'The Reading Nook', '3 Mill Lane'],
    { buyer: 'The Reading Nook' },
  ],
  [
    'nl Factuurnummer and Factuurdatum on one line read as an invoice',
    ['Factuurnummer 2025.0219  Factuurdatum 3 oktober 2025'],
    { number: '2025.0219', date: '2025-10-03' },
  ],
  [
    'a block of labels under the table (transport data) ends it',
    [
      'Fattura n. 7 del 17/02/2025',
      'Descrizione  Q.tà  Prezzo  Importo',
      'Vaso in cotto  4  10,00  40,00',
      'Causale del trasporto  Porto  Colli  Inizio trasporto',
      'Vendita  Franco  2  18/02/2025 ore 9:30',
    ],
    { lines: [['Vaso in cotto', 4]] },
  ],
  [
    'labels after their values, a payment term under them',
    [
      '                        2025/40 — numero fattura',
      'BS                      05/05/2025 — data fattura',
      'Bottega Sole            30 giorni — pagamento',
    ],
    { number: '2025/40', date: '2025-05-05' },
  ],
  [
    'initials of the company over its name, the customer block starting higher beside them',
    [
      '                              Aan:',
      'KdW                           Bakkerij Het Korenschoof',
      'Kaasmakerij De Weide          Dorpsstraat 3',
      'Polderweg 4, 2831 AB Gouderak 6811 HW Arnhem',
      'Factuurnummer 2025.12  Factuurdatum 3 oktober 2025',
    ],
    { supplier: 'Kaasmakerij De Weide', buyer: 'Bakkerij Het Korenschoof' },
  ],
  [
    'de letter: a sole trader’s letterhead, its shortened name on the return-address line, a GmbH in the window',
    [
      '                              Fotostudio Ilse Brandt',
      '                              Hafenweg 2 · 20457 Hamburg',
      '                              USt-IdNr. DE281194736',
      'Fotostudio · Hafenweg 2 · 20457 Hamburg',
      'Kaffeerösterei Nord GmbH',
      'Speicherstadt 3',
      '20457 Hamburg',
      'Rechnung Nr. 2025-9',
      'Rechnungsdatum: 04.04.2025',
    ],
    { supplier: 'Fotostudio Ilse Brandt', buyer: 'Kaffeerösterei Nord GmbH' },
  ],
];
