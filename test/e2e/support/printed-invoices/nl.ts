/** Dutch invoices as web invoicing tools and shop plugins print them. */
import { linesOf, money, net, page, table, type Item, type PrintedInvoice } from './model';

const eur = (v: number) => `€ ${money(v, 'nl-NL')}`;

const plants: Item[] = [
  {
    code: 'PL-14',
    description: 'Terracotta bloempot 14 cm met schotel',
    quantity: 60,
    unit: 'st.',
    price: 3.25,
    vat: 21,
  },
  {
    code: 'PL-21',
    description: 'Terracotta bloempot 21 cm',
    quantity: 30,
    unit: 'st.',
    price: 5.9,
    vat: 21,
  },
  {
    code: 'GR-02',
    description: 'Potgrond universeel 20 liter',
    quantity: 25,
    unit: 'zak',
    price: 4.6,
    vat: 21,
  },
];

const classic: PrintedInvoice = {
  name: 'nl Factuurnummer and Factuurdatum grid right, customer left, KvK and BTW footer',
  html: page(
    `.logo { font-size: 17pt; font-weight: bold; color: #375; }`,
    `<div class="row"><div class="logo">Groen &amp; Zo</div><div class="right">Groen &amp; Zo B.V.<br>Kweekweg 12<br>2681 LP Monster</div></div>
     <h2 style="margin-top:20px">Factuur</h2>
     <div class="row" style="margin-top:10px">
       <div>Bloemenhuis De Linde<br>t.a.v. Fleur Jansen<br>Lindelaan 3<br>3512 JE Utrecht</div>
       <div class="grid"><span>Factuurnummer</span><span>F2025-0213</span><span>Factuurdatum</span><span>10-04-2025</span><span>Vervaldatum</span><span>24-04-2025</span><span>Klantnummer</span><span>30118</span></div>
     </div>
     ${table<Item>(
       [
         { label: 'Aantal', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Omschrijving', cell: (r) => r.description, width: '44%' },
         { label: 'Stukprijs', cell: (r) => eur(r.price), numeric: true },
         { label: 'BTW', cell: (r) => `${r.vat}%`, numeric: true },
         { label: 'Bedrag', cell: (r) => eur(net(r)), numeric: true },
       ],
       plants,
     )}
     <p style="margin-top:12px">Wij verzoeken u het bedrag binnen 14 dagen over te maken onder vermelding van het factuurnummer.</p>
     <footer>KvK 74120388 · BTW NL859912407B01 · IBAN NL91 ABNA 0417 1643 00</footer>`,
  ),
  want: {
    number: 'F2025-0213',
    date: '2025-04-10',
    supplier: 'Groen & Zo B.V.',
    supplierVat: 'NL859912407B01',
    buyer: 'Bloemenhuis De Linde',
    lines: linesOf(plants),
  },
};

const bikes: Item[] = [
  {
    code: 'FT-700',
    description: 'Fietstas waterdicht, 20 liter, reflecterend',
    quantity: 16,
    unit: 'st',
    price: 27.5,
  },
  { code: 'FL-05', description: 'Fietslamp LED set', quantity: 40, unit: 'st', price: 9.95 },
];

const written: PrintedInvoice = {
  name: 'nl written date, Factuur aan block, label and value on one line, quantity column last but one, printed with the browser headers and footers',
  margins: {
    printed: '04-06-2025 15:30',
    title: 'Factuur 25-0077 - Trapwerk',
    url: 'https://boekhouding.example.nl/facturen/77',
  },
  html: page(
    `.hdr { background: #223; color: #fff; padding: 10px; }`,
    `<div class="hdr row"><b>Trapwerk Fietsonderdelen</b><span>FACTUUR</span></div>
     <div class="row" style="margin-top:16px">
       <div><b>Factuur aan</b><br>Rijwielhandel Van Dam<br>Kerkstraat 19<br>8011 PA Zwolle</div>
       <div class="right">Trapwerk Fietsonderdelen V.O.F.<br>Industrieweg 7, 7521 PH Enschede<br>btw-nummer NL 8127.33.901.B01</div>
     </div>
     <div style="margin-top:14px">Factuurnummer: 25-0077<br>Datum: 3 juni 2025</div>
     ${table<Item>(
       [
         { label: 'Artikelnr.', cell: (r) => r.code },
         { label: 'Omschrijving', cell: (r) => r.description, width: '38%' },
         { label: 'Prijs', cell: (r) => eur(r.price), numeric: true },
         { label: 'Aantal', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Totaal', cell: (r) => eur(net(r)), numeric: true },
       ],
       bikes,
     )}
     <footer>Pagina 1 van 1 · Betaling binnen 30 dagen op NL20 INGB 0001 2345 67</footer>`,
  ),
  want: {
    number: '25-0077',
    date: '2025-06-03',
    supplier: 'Trapwerk Fietsonderdelen V.O.F.',
    supplierVat: 'NL812733901B01',
    buyer: 'Rijwielhandel Van Dam',
    lines: linesOf(bikes),
  },
};

const credited: Item[] = [
  { code: 'KS-1', description: 'Kaasschaaf roestvrij staal', quantity: 6, unit: 'st', price: 8.75 },
  { code: 'KP-3', description: 'Kaasplank eikenhout', quantity: 2, unit: 'st', price: 24 },
];

const creditnota: PrintedInvoice = {
  name: 'nl credit note: Creditnota title, labels above values, Klant block right',
  html: page(
    `.meta { display: grid; grid-template-columns: repeat(3, 1fr); margin-top: 14px; } .meta small { display:block; color:#666; }`,
    `<div class="row">
       <div><b>Kaashandel Het Gouwe Wiel</b><br>Markt 22, 2801 JK Gouda<br>BTW-id NL003812447B77</div>
       <div><span class="muted">Klant</span><br>Delicatessen Noord<br>Zeedijk 41<br>1012 AS Amsterdam</div>
     </div>
     <h1 style="margin-top:22px; font-size: 18pt">Creditnota</h1>
     <div class="meta"><div><small>Creditnotanummer</small>CN-2025-006</div><div><small>Datum</small>28-08-2025</div><div><small>Betreft factuur</small>2025-0491</div></div>
     ${table<Item>(
       [
         { label: 'Omschrijving', cell: (r) => r.description, width: '50%' },
         { label: 'Aantal', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prijs', cell: (r) => eur(r.price), numeric: true },
         { label: 'Totaal', cell: (r) => eur(net(r)), numeric: true },
       ],
       credited,
     )}`,
  ),
  want: {
    number: 'CN-2025-006',
    date: '2025-08-28',
    supplier: 'Kaashandel Het Gouwe Wiel',
    supplierVat: 'NL003812447B77',
    buyer: 'Delicatessen Noord',
    lines: linesOf(credited),
  },
};

const flemish: Item[] = [
  {
    code: 'BR-01',
    description: 'Speciaalbier blond 33 cl, bak van 24 flessen',
    quantity: 10,
    unit: 'bak',
    price: 31.2,
  },
  { code: 'GL-2', description: 'Degustatieglas met logo', quantity: 48, unit: 'st', price: 2.8 },
];

const belgium: PrintedInvoice = {
  name: 'be Flemish invoice: supplier block right, Facturatieadres left, numeric date with slashes',
  html: page(
    `h1 { font-size: 16pt; letter-spacing: 0.25em; }`,
    `<div class="row"><h1>FACTUUR</h1><div class="right"><b>Brouwerij De Zwarte Kat BV</b><br>Molenstraat 5<br>9000 Gent<br>BTW BE 0781.442.309</div></div>
     <div class="row" style="margin-top:18px">
       <div><span class="muted">Facturatieadres</span><br>Café Het Anker<br>Grote Markt 2<br>2000 Antwerpen</div>
       <div class="grid"><span>Nummer</span><span>2025/311</span><span>Datum</span><span>15/10/2025</span><span>Vervaldag</span><span>14/11/2025</span></div>
     </div>
     ${table<Item>(
       [
         { label: 'Code', cell: (r) => r.code },
         { label: 'Omschrijving', cell: (r) => r.description, width: '42%' },
         { label: 'Hoeveelheid', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Eenheidsprijs', cell: (r) => eur(r.price), numeric: true },
         { label: 'Totaal excl.', cell: (r) => eur(net(r)), numeric: true },
       ],
       flemish,
     )}
     <footer>RPR Gent · IBAN BE71 0961 2345 6769 · Leeggoed wordt apart verrekend.</footer>`,
  ),
  want: {
    number: '2025/311',
    date: '2025-10-15',
    supplier: 'Brouwerij De Zwarte Kat BV',
    supplierVat: 'BE0781442309',
    buyer: 'Café Het Anker',
    lines: linesOf(flemish),
  },
};

const design: Item[] = [
  {
    code: 'PO-A2',
    description: 'Poster A2 op mat papier, ontwerp Duinen',
    quantity: 25,
    unit: 'st',
    price: 12.5,
  },
  { code: 'KA-05', description: 'Wenskaart met envelop', quantity: 200, unit: 'st', price: 0.95 },
];

const bookkeeping: PrintedInvoice = {
  name: 'nl bookkeeping-app invoice: title with number, Factuurdatum and Vervaldatum stacked right, KvK under supplier',
  html: page(
    `.t { font-size: 19pt; }`,
    `<div class="row"><div><b>Studio Duinroos</b><br>Zeeweg 18<br>1971 HA IJmuiden<br>KvK 81229034<br>Btw-nr. NL004412873B55</div><div class="right"><div class="t">Factuur 2025-0044</div></div></div>
     <div class="row" style="margin-top:16px">
       <div>Boekhandel De Vuurtoren<br>Havenstraat 6<br>1781 AE Den Helder</div>
       <div class="grid"><span>Factuurdatum</span><span>12 februari 2025</span><span>Vervaldatum</span><span>26 februari 2025</span></div>
     </div>
     ${table<Item>(
       [
         { label: 'Omschrijving', cell: (r) => r.description, width: '50%' },
         { label: 'Aantal', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prijs', cell: (r) => `€ ${money(r.price, 'nl-NL')}`, numeric: true },
         { label: 'Bedrag', cell: (r) => `€ ${money(net(r), 'nl-NL')}`, numeric: true },
       ],
       design,
     )}
     <p style="margin-top:12px">Gelieve te betalen binnen 14 dagen op rekening NL02 RABO 0123 4567 89 t.n.v. Studio Duinroos.</p>`,
  ),
  want: {
    number: '2025-0044',
    date: '2025-02-12',
    supplier: 'Studio Duinroos',
    supplierVat: 'NL004412873B55',
    lines: linesOf(design),
  },
};

const curtains: Item[] = [
  {
    code: 'GD-1',
    description: 'Gordijnstof linnenlook, zandkleur',
    quantity: 7.5,
    unit: 'm',
    price: 16.95,
  },
  {
    code: 'RL-2',
    description: 'Gordijnrails aluminium 200 cm',
    quantity: 3,
    unit: 'st',
    price: 24,
  },
];

const headerRow: PrintedInvoice = {
  name: 'nl header row of labels (Factuurnummer / Factuurdatum / Klantnummer) over its values, decimal metres',
  html: page(
    `.meta { width: 100%; border-collapse: collapse; margin-top: 16px; } .meta th { text-align: left; font-weight: normal; color: #666; font-size: 8.5pt; } .meta td { font-weight: bold; }`,
    `<div class="row"><div><b style="font-size:14pt">Raamdecor Vermeulen</b><br>Vermeulen Raamdecoratie B.V.<br>Stationsplein 4, 5211 AP 's-Hertogenbosch</div><div class="caps" style="font-size:16pt">Factuur</div></div>
     <div style="margin-top:16px">Dhr. R. Koster<br>Beukenlaan 12<br>5616 VD Eindhoven</div>
     <table class="meta"><tr><th>Factuurnummer</th><th>Factuurdatum</th><th>Klantnummer</th><th>Vervaldatum</th></tr>
       <tr><td>2025-1487</td><td>03-12-2025</td><td>40912</td><td>17-12-2025</td></tr></table>
     ${table<Item>(
       [
         { label: 'Omschrijving', cell: (r) => r.description, width: '46%' },
         {
           label: 'Aantal',
           cell: (r) => `${money(r.quantity, 'nl-NL').replace(',00', '')} ${r.unit}`,
           numeric: true,
         },
         { label: 'Prijs', cell: (r) => `€ ${money(r.price, 'nl-NL')}`, numeric: true },
         { label: 'Totaal', cell: (r) => `€ ${money(net(r), 'nl-NL')}`, numeric: true },
       ],
       curtains,
     )}
     <footer>KvK 17044512 · BTW NL815502338B01 · IBAN NL55 INGB 0007 4412 90</footer>`,
  ),
  want: {
    number: '2025-1487',
    date: '2025-12-03',
    supplier: 'Vermeulen Raamdecoratie B.V.',
    supplierVat: 'NL815502338B01',
    buyer: 'Dhr. R. Koster',
    lines: linesOf(curtains),
  },
};

export const DUTCH: PrintedInvoice[] = [
  classic,
  written,
  creditnota,
  belgium,
  bookkeeping,
  headerRow,
];
