/** Invoice-text probes (see `invoice-text.variants.test.ts`): Layouts of labels and values, supplier and buyer blocks with their VAT ids, credit notes. */
import type { Probe } from './probe';

export const LAYOUTS: Probe[] = [
  [
    'de place and date right-aligned under a service-date label that has its value beside it',
    [
      'Leinenladen Kranich e.K.        Rechnungs-Nr.   2024-31',
      '20095 Hamburg                   Leistungsdatum  Februar 2024',
      '                                          Hamburg, 5. März 2024',
      'Rechnung',
    ],
    { number: '2024-31', date: '2024-03-05' },
  ],
  [
    'header row of labels, values on the row below',
    [
      'Rechnungsnr.     Kundennr.     Datum          Seite',
      'RE-2024-0042     10001         05.03.2024     1',
    ],
    { number: 'RE-2024-0042', date: '2024-03-05' },
  ],
  [
    'FreshBooks header: four labels, values below, a due date under the date',
    [
      'Billed To          Date of Issue     Invoice Number     Amount Due (EUR)',
      'Rossi Srl          05/03/2024        0000017            € 500,00',
      'Via Roma 1         Due Date',
      '20100 Milano       04/04/2024',
    ],
    { number: '0000017', date: '2024-03-05', buyer: 'Rossi Srl' },
  ],
  [
    'labels at the right edge, values right-aligned under them',
    [
      'ACME GmbH                                                 Rechnungsnummer',
      'Hauptstr. 1, 10115 Berlin                                   RE-2024-0042',
      '                                                          Rechnungsdatum',
      '                                                              05.03.2024',
    ],
    { number: 'RE-2024-0042', date: '2024-03-05', supplier: 'ACME GmbH' },
  ],
  [
    'captions under their values',
    ['RE-2024-0042        05.03.2024', 'Rechnungsnummer     Rechnungsdatum'],
    { number: 'RE-2024-0042', date: '2024-03-05' },
  ],
  [
    'customer block left, label/value pairs right',
    [
      'Rossi S.r.l.                             Invoice No.:     INV-17',
      'Via Roma 1                               Invoice Date:    05/03/2024',
      '20100 Milano                             Due Date:        04/04/2024',
    ],
    { number: 'INV-17', date: '2024-03-05' },
  ],
  [
    'label alone on its line, value at the start of the next',
    ['Invoice Number:', 'INV-17', 'Invoice Date:', '5 March 2024'],
    { number: 'INV-17', date: '2024-03-05' },
  ],
  [
    'a bare Numero label beside the supplier VAT line (a web shop printed from the browser)',
    [
      'Ferramenta Galli S.r.l.',
      'Corso Italia 8, 10121 Torino    FATTURA',
      'P.IVA IT09876543210             Numero: 2025/0042',
      '                                Data: 02/04/2025',
    ],
    { number: '2025/0042', date: '2025-04-02', supplierVat: 'IT09876543210' },
  ],
  [
    'a customer heading with no name the reader takes never names the table header under it',
    [
      'Ferramenta Galli S.r.l.             Fattura n. 88 del 02/04/2025',
      'Spett.le',
      'Codice  Descrizione          Q.tà  Prezzo  Importo',
      'V-12    Viti inox 4x40 (100)  3     6,20    18,60',
    ],
    { buyer: null, lines: [['Viti inox 4x40 (100)', 3]] },
  ],
  [
    'the customer named after Spett.le on the same line, the table header below',
    [
      'Ferramenta Galli S.r.l.             Fattura n. 88 del 02/04/2025',
      'Spett.le Bar Centrale di Neri Luca',
      'Codice  Descrizione          Q.tà  Prezzo  Importo',
      'V-12    Viti inox 4x40 (100)  3     6,20    18,60',
    ],
    { buyer: 'Bar Centrale di Neri Luca', lines: [['Viti inox 4x40 (100)', 3]] },
  ],
  [
    'a separate colon cell between label and value',
    ['Rechnungsnummer   :   RE-17', 'Rechnungsdatum    :   05.03.2024'],
    { number: 'RE-17', date: '2024-03-05' },
  ],
];

export const SUPPLIERS: Probe[] = [
  [
    'nl payment note naming the payee after t.n.v. (no legal form in it)',
    [
      'Studio Kwast                                  Factuur 2024-12',
      'Duinweg 3, 2042 AB Zandvoort',
      'Factuurdatum: 05-03-2024',
      'Gelieve te betalen op rekening NL02 RABO 0123 4567 89 t.n.v. Studio Kwast.',
    ],
    { supplier: 'Studio Kwast' },
  ],
  [
    "it sole trader: the brand as letterhead, its full name 'di' the owner beside the VAT id",
    [
      'Frantoio Valle Oscura',
      'Frantoio Valle Oscura di Bruno Serra · Via Olivi 2 · 06049 Spoleto · P.IVA 03120450541',
      'Fattura n. 88 del 05/03/2024',
    ],
    { supplier: 'Frantoio Valle Oscura di Bruno Serra', supplierVat: '03120450541' },
  ],
  [
    'de entrepreneurial company with its legal form written out, UG (haftungsbeschränkt)',
    [
      '                                    Kaffeerösterei Morgenrot UG (haftungsbeschränkt)',
      'morgenrot                           Lindenweg 2 · 01067 Dresden',
      'Rechnung Nr. 2024-88',
      'Datum: 05.03.2024',
    ],
    { supplier: 'Kaffeerösterei Morgenrot UG (haftungsbeschränkt)' },
  ],
  [
    'es Mexican S.A. de C.V. in the letterhead',
    [
      'Cerámica Talavera Poblana S.A. de C.V.',
      'Av. Reforma 410, Puebla',
      'Factura nº T-771',
      'Fecha: 05/03/2024',
    ],
    { supplier: 'Cerámica Talavera Poblana S.A. de C.V.' },
  ],
  [
    'it simplified S.r.l.s. written with its last dot, on a letterhead line with the VAT id',
    [
      '                         FORNO ANTICO',
      'Forno Antico S.r.l.s. · Via Appia 12 · 04100 Latina · Partita IVA 02981120594',
      'Fattura n. 17 del 05/03/2024',
    ],
    { supplier: 'Forno Antico S.r.l.s.', supplierVat: '02981120594' },
  ],
  [
    'fr legal form before the name on the letterhead address line, brand name under it',
    [
      '                              SAS Atelier Clair-Obscur · 12 rue Victor Hugo · 69002 Lyon',
      'Atelier Clair-Obscur',
      'Facture n° 2024-31 du 5 mars 2024',
      'Facturé à                               Commande n° 881 du 1 mars 2024',
      'Librairie du Quai',
    ],
    { number: '2024-31', date: '2024-03-05', supplier: 'SAS Atelier Clair-Obscur' },
  ],
  [
    'fr legal footer that opens with the legal form and the share capital beside the VAT id',
    [
      'Fromagerie du Vieux Pont SARL                  FACTURE',
      '3 rue des Halles                               N° 2024-117',
      '74000 Annecy                                   Date : 05/03/2024',
      'Désignation                 Qté      Total HT',
      'Tomme de Savoie 1 kg          12      168,00',
      'SARL au capital de 10 000 € · RCS Annecy 812 334 105 · TVA intracommunautaire FR 44 812334105',
    ],
    { supplier: 'Fromagerie du Vieux Pont SARL', supplierVat: 'FR44812334105' },
  ],
  [
    'it S.r.l. and P.IVA with prefix',
    [
      'Rossi Trading S.r.l.',
      'Via Roma 1, Milano',
      'P.IVA IT01234567890',
      'Fattura n. 1 del 05/03/2024',
    ],
    { supplier: 'Rossi Trading S.r.l.', supplierVat: 'IT01234567890' },
  ],
  [
    'de GmbH & Co. KG, USt-IdNr. with spaces',
    ['Müller Handels GmbH & Co. KG', 'USt-IdNr.: DE 123 456 789', 'Rechnung Nr. 1 vom 05.03.2024'],
    { supplier: 'Müller Handels GmbH & Co. KG', supplierVat: 'DE123456789' },
  ],
  [
    'fr SAS, N° TVA intracommunautaire with its key',
    ['Dupont SAS', 'N° TVA intracommunautaire : FR 12 345678901', 'Facture N° 1 du 05/03/2024'],
    { supplier: 'Dupont SAS', supplierVat: 'FR12345678901' },
  ],
  [
    'es S.L., CIF with its letter',
    ['Distribuciones García S.L.', 'CIF: B-12345678', 'Factura nº 1', 'Fecha: 05/03/2024'],
    { supplier: 'Distribuciones García S.L.', supplierVat: 'B12345678' },
  ],
  [
    'es NIF with the country and letter',
    ['Suministros Pérez S.A.', 'NIF: ESA12345678', 'Factura nº 1', 'Fecha: 05/03/2024'],
    { supplier: 'Suministros Pérez S.A.', supplierVat: 'ESA12345678' },
  ],
  [
    'nl B.V., BTW-nummer with B01, KvK beside it',
    [
      'Jansen Groothandel B.V.',
      'KvK: 12345678',
      'BTW-nummer: NL123456789B01',
      'Factuurnummer 1',
      'Factuurdatum 05-03-2024',
    ],
    { supplier: 'Jansen Groothandel B.V.', supplierVat: 'NL123456789B01' },
  ],
  [
    'nl BTW id with dots',
    [
      'De Vries Techniek B.V.',
      'Btw-id: NL 1234.56.789.B.01',
      'Factuurnummer 1',
      'Factuurdatum 05-03-2024',
    ],
    { supplierVat: 'NL123456789B01' },
  ],
  [
    'pl Sp. z o.o., NIP with dashes',
    [
      'Kowalski Sp. z o.o.',
      'NIP: 123-456-78-90',
      'Faktura VAT nr FV/1/2024',
      'Data wystawienia: 2024-03-05',
    ],
    { supplier: 'Kowalski Sp. z o.o.', supplierVat: '1234567890' },
  ],
  [
    'pl NIP with PL prefix and a space',
    ['Nowak S.A.', 'NIP: PL 1234567890', 'Faktura nr 1/2024', 'Data wystawienia: 2024-03-05'],
    { supplier: 'Nowak S.A.', supplierVat: 'PL1234567890' },
  ],
  [
    'at GmbH, UID-Nr. ATU',
    ['Wiener Handel GmbH', 'UID-Nr.: ATU12345678', 'Rechnung Nr. 1', 'Datum: 05.03.2024'],
    { supplier: 'Wiener Handel GmbH', supplierVat: 'ATU12345678' },
  ],
  [
    'be BV, BTW BE0 with dots',
    ['Brussels Trading BV', 'BTW BE 0123.456.789', 'Factuurnummer 1', 'Factuurdatum 05-03-2024'],
    { supplier: 'Brussels Trading BV', supplierVat: 'BE0123456789' },
  ],
  [
    'gb Ltd, VAT Reg No with groups',
    [
      'London Supplies Ltd',
      'VAT Reg No: GB 123 4567 89',
      'Invoice No. 1',
      'Invoice date 05/03/2024',
    ],
    { supplier: 'London Supplies Ltd', supplierVat: 'GB123456789' },
  ],
  [
    'ch AG, CHE-...MWST',
    ['Zürcher Handels AG', 'MWST-Nr.: CHE-123.456.789 MWST', 'Rechnung Nr. 1', 'Datum: 05.03.2024'],
    { supplier: 'Zürcher Handels AG', supplierVat: 'CHE123456789' },
  ],
  [
    'cn Co., Ltd. after a Seller label (Alibaba)',
    [
      'PROFORMA INVOICE',
      'Seller: Shenzhen Bright Electronics Co., Ltd.',
      'Buyer: Rossi Trading S.r.l.',
      'Invoice No.: SB20240305-01        Date: Mar. 5, 2024',
    ],
    {
      supplier: 'Shenzhen Bright Electronics Co., Ltd.',
      buyer: 'Rossi Trading S.r.l.',
      number: 'SB20240305-01',
      date: '2024-03-05',
    },
  ],
  [
    'a sole trader without a legal form, in the letterhead',
    ['Mario Rossi', 'Via Garibaldi 3, Torino', 'P.IVA 01234567890', 'Fattura n. 1 del 05/03/2024'],
    { supplier: 'Mario Rossi', supplierVat: '01234567890' },
  ],
  [
    'it customer block on the right (Spett.le), supplier left, both P.IVA on one line',
    [
      'ACME S.r.l.                                   Spett.le',
      'Via Roma 1                                    Rossi Trading S.r.l.',
      '20100 Milano (MI)                             Via Verdi 2',
      'P.IVA 01234567890                             P.IVA 09876543210',
      'Fattura n. 17 del 05/03/2024',
    ],
    {
      supplier: 'ACME S.r.l.',
      supplierVat: '01234567890',
      buyer: 'Rossi Trading S.r.l.',
      buyerVat: '09876543210',
    },
  ],
  [
    'it customer block on the left (Spett.le), supplier right',
    [
      'Spett.le                                  ACME S.r.l.',
      'Rossi Trading S.r.l.                      Via Roma 1',
      'Via Verdi 2                               20100 Milano (MI)',
      'P.IVA 09876543210                         P.IVA 01234567890',
      'Fattura n. 17 del 05/03/2024',
    ],
    {
      supplier: 'ACME S.r.l.',
      supplierVat: '01234567890',
      buyer: 'Rossi Trading S.r.l.',
      buyerVat: '09876543210',
    },
  ],
  [
    'de customer VAT id ("Ihre USt-IdNr.") printed before the supplier',
    [
      'Schulz GmbH · Hauptstr. 1 · 10115 Berlin',
      'Meier AG',
      'Ihre USt-IdNr.: DE999999999',
      'Rechnung Nr. 1',
      'Datum: 05.03.2024',
      'USt-IdNr.: DE123456789',
    ],
    { supplier: 'Schulz GmbH', supplierVat: 'DE123456789' },
  ],
  [
    'de supplier from a labelled block (Lieferant) after the customer',
    ['Rechnung Nr. 1', 'Kunde: Meier AG', 'Lieferant: Schulz Elektro GmbH', 'Datum: 05.03.2024'],
    { supplier: 'Schulz Elektro GmbH', buyer: 'Meier AG' },
  ],
  [
    'en Bill To block with the buyer under it',
    [
      'Orange Trading Ltd',
      'Invoice No. 1',
      'Invoice Date 05/03/2024',
      'Bill To',
      'Rossi Trading S.r.l.',
      'Via Verdi 2, Milano',
    ],
    { supplier: 'Orange Trading Ltd', buyer: 'Rossi Trading S.r.l.' },
  ],
  [
    'pl Sprzedawca / Nabywca columns with NIPs',
    [
      'Faktura VAT nr FV/17/2024',
      'Data wystawienia: 2024-03-05',
      'Sprzedawca:                        Nabywca:',
      'Kowalski Sp. z o.o.                Rossi Trading S.r.l.',
      'ul. Długa 1, 00-001 Warszawa       Via Verdi 2, Milano',
      'NIP: 123-456-78-90                 VAT: IT09876543210',
    ],
    {
      supplier: 'Kowalski Sp. z o.o.',
      supplierVat: '1234567890',
      buyer: 'Rossi Trading S.r.l.',
      buyerVat: 'IT09876543210',
    },
  ],
  [
    'de address window left, sender block right, sender named by its mail domain',
    [
      'Rechnung 2024-17',
      '5. März 2024',
      'Rossi Trading S.r.l.                                  Nordlicht Handel',
      'Via Verdi 2                                           Hafenstraße 12',
      '20100 Milano                                          20097 Hamburg',
      'Vielen Dank für Ihren Auftrag.',
      'USt-IdNr. DE123456789        www.nordlicht-handel.de        info@nordlicht-handel.de',
    ],
    { supplier: 'Nordlicht Handel', supplierVat: 'DE123456789', date: '2024-03-05' },
  ],
  [
    'en Issuer: label before the number and date',
    ['Issuer: Bluefjord Trading', 'Invoice number: BT-88/2023', 'Issue date: 2023-11-14'],
    { supplier: 'Bluefjord Trading', number: 'BT-88/2023', date: '2023-11-14' },
  ],
  [
    'en Issued by: label with the supplier name in the next cell',
    ['Invoice No. 5521', 'Issued by:      Copperleaf Studio Ltd', 'Date: 14/11/2023'],
    { supplier: 'Copperleaf Studio Ltd', number: '5521', date: '2023-11-14' },
  ],
  [
    'en Billed by: and Billed to: blocks one under the other',
    [
      'Billed by: Marlow & Finch Ltd',
      'Billed to: Tern Harbour Shop',
      'Invoice No. MF-301',
      'Date: 09/05/2023',
    ],
    { supplier: 'Marlow & Finch Ltd', buyer: 'Tern Harbour Shop', number: 'MF-301' },
  ],
  [
    'a stray number line above the letterhead',
    [
      '  12',
      'Bramble & Rye Bakery',
      '4 Mill Lane, Leeds LS1 4AB',
      'Invoice 2207',
      'Date: 03/02/2023',
    ],
    { supplier: 'Bramble & Rye Bakery', number: '2207' },
  ],
  [
    'Malaysian legal form Sdn Bhd under the title and receipt number',
    [
      'TAX INVOICE',
      'Receipt No. 7781',
      'TERATAI HARDWARE SUPPLY SDN BHD',
      '(801234-X)',
      'NO 8, JALAN MERANTI 3, 47100 PUCHONG',
      'Date: 14/08/2022',
    ],
    { supplier: 'TERATAI HARDWARE SUPPLY SDN BHD', number: '7781', date: '2022-08-14' },
  ],
  [
    'a brand line above the full name (S/B), both spelled by the web address',
    [
      'KEMBANG',
      'KEMBANG BATIK CRAFTS S/B',
      'GST ID NO: 001234567890',
      '05/11/2022 14:02          C771204',
      'THANK YOU',
      'WWW.KEMBANG.COM.MY',
    ],
    { supplier: 'KEMBANG BATIK CRAFTS S/B', supplierVat: '001234567890' },
  ],
  [
    'en company number in brackets after the legal form',
    [
      'TAX INVOICE',
      'Receipt No. 5512',
      'HOLLOWAY PRINTWORKS LTD (CO. NO: 08812345)',
      '(VAT REG NO: GB123456789)',
      'Date: 19/09/2022',
    ],
    { supplier: 'HOLLOWAY PRINTWORKS LTD', supplierVat: 'GB123456789', number: '5512' },
  ],
  [
    'de register entry in brackets after the name',
    [
      'Rechnung Nr. 2022-318',
      'Datum: 19.09.2022',
      'Weberei Lindner GmbH (HRB 4711, Amtsgericht Ulm)',
      'USt-IdNr. DE298765432',
    ],
    { supplier: 'Weberei Lindner GmbH', supplierVat: 'DE298765432' },
  ],
];

export const CREDIT_NOTES: Probe[] = [
  [
    'de Gutschrift with a reference to the invoice',
    [
      'Gutschrift',
      'Gutschrift-Nr.: GS-2024-5',
      'Datum: 05.03.2024',
      'zu Rechnung Nr. RE-2024-0042 vom 01.02.2024',
    ],
    { number: 'GS-2024-5', date: '2024-03-05', documentType: 'TD04' },
  ],
  [
    'it Nota di credito',
    ['NOTA DI CREDITO N. 5/2024 DEL 05/03/2024', 'Rif. fattura n. 17/2024 del 01/02/2024'],
    { number: '5/2024', date: '2024-03-05', documentType: 'TD04' },
  ],
  [
    'fr Avoir',
    ['AVOIR N° AV-2024-5', 'Date : 05/03/2024', "Facture d'origine N° F2024-17"],
    { number: 'AV-2024-5', date: '2024-03-05', documentType: 'TD04' },
  ],
  [
    'es Factura rectificativa',
    [
      'FACTURA RECTIFICATIVA',
      'Nº factura: R-2024-5',
      'Fecha: 05/03/2024',
      'Factura rectificada: F-2024-17',
    ],
    { number: 'R-2024-5', date: '2024-03-05', documentType: 'TD04' },
  ],
  [
    'nl Creditnota',
    [
      'Creditnota',
      'Creditnotanummer: CN-2024-5',
      'Datum: 05-03-2024',
      'Betreft factuur: 2024-0017',
    ],
    { number: 'CN-2024-5', date: '2024-03-05', documentType: 'TD04' },
  ],
  [
    'pl Faktura korygująca',
    [
      'Faktura korygująca nr FK 5/2024',
      'Data wystawienia: 2024-03-05',
      'Dotyczy faktury nr FV 17/2024 z dnia 2024-02-01',
    ],
    { number: 'FK 5/2024', date: '2024-03-05', documentType: 'TD04' },
  ],
  [
    'en Credit note',
    [
      'CREDIT NOTE',
      'Credit Note Number: CN-0005',
      'Date: 05/03/2024',
      'Original invoice: INV-0017',
    ],
    { number: 'CN-0005', date: '2024-03-05', documentType: 'TD04' },
  ],
  [
    'an invoice whose terms mention credit notes is still an invoice',
    ['Fattura n. 17 del 05/03/2024', 'Eventuali note di credito saranno emesse entro 30 giorni.'],
    { number: '17', documentType: null },
  ],
];
