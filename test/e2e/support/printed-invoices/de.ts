/** German invoices as web invoicing tools and shop plugins print them. */
import { linesOf, money, net, page, table, type Item, type PrintedInvoice } from './model';

const eur = (v: number) => `${money(v, 'de-DE')} €`;

const coffee: Item[] = [
  {
    code: '10021',
    description: 'Espressobohnen Hausmischung, 1 kg Beutel',
    quantity: 30,
    unit: 'Stk.',
    price: 17.9,
  },
  {
    code: '10034',
    description: 'Filterkaffee gemahlen 500 g',
    quantity: 45,
    unit: 'Stk.',
    price: 8.4,
  },
  {
    code: '20007',
    description: 'Handmühle aus Edelstahl mit Keramikmahlwerk und Kurbel',
    quantity: 6,
    unit: 'Stk.',
    price: 39,
  },
];

const din: PrintedInvoice = {
  name: 'de letter layout: sender line over the address window, info block right, positions with units',
  html: page(
    `.sender { font-size: 7pt; text-decoration: underline; color: #555; } .win { width: 85mm; }
     .info { display: grid; grid-template-columns: auto auto; column-gap: 12px; font-size: 9pt; }
     h1 { font-size: 15pt; margin-top: 26px; } .foot { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 12px; }`,
    `<div class="right"><b style="font-size:14pt">Röstwerk Elbufer GmbH</b></div>
     <div class="row" style="margin-top:16px">
       <div class="win"><div class="sender">Röstwerk Elbufer GmbH · Am Sandtorkai 8 · 20457 Hamburg</div>
         <div style="margin-top:6px">Café Lindenblüte<br>Inh. Jonas Brenner<br>Lindenstraße 31<br>04109 Leipzig</div></div>
       <div class="info">
         <span>Rechnungsnr.</span><span>RE-2025-0412</span>
         <span>Kundennr.</span><span>K-1093</span>
         <span>Rechnungsdatum</span><span>18.06.2025</span>
         <span>Lieferdatum</span><span>16.06.2025</span>
         <span>Seite</span><span>1 von 1</span>
       </div>
     </div>
     <h1>Rechnung Nr. RE-2025-0412</h1>
     <p style="margin-top:8px">Sehr geehrte Damen und Herren,<br>wir berechnen Ihnen wie folgt:</p>
     ${table<Item>(
       [
         { label: 'Pos.', cell: (_r, i) => String(i + 1) },
         { label: 'Art.-Nr.', cell: (r) => r.code },
         { label: 'Bezeichnung', cell: (r) => r.description, width: '40%' },
         { label: 'Menge', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Einzelpreis', cell: (r) => eur(r.price), numeric: true },
         { label: 'Gesamt', cell: (r) => eur(net(r)), numeric: true },
       ],
       coffee,
     )}
     <div class="totals"><div><span>Nettobetrag</span><span>${eur(coffee.reduce((s, i) => s + net(i), 0))}</span></div><div><span>zzgl. 7 % USt.</span><span>${eur(77.3)}</span></div></div>
     <p style="margin-top:12px">Zahlbar innerhalb von 14 Tagen ohne Abzug. Es gelten unsere Allgemeinen Geschäftsbedingungen.</p>
     <footer class="foot">
       <div>Röstwerk Elbufer GmbH<br>Am Sandtorkai 8<br>20457 Hamburg</div>
       <div>Hamburger Sparkasse<br>IBAN DE44 2005 0550 1234 5678 90<br>BIC HASPDEHHXXX</div>
       <div>Amtsgericht Hamburg HRB 160233<br>Geschäftsführer: Mara Vogt<br>USt-IdNr. DE318220476</div>
     </footer>`,
  ),
  want: {
    number: 'RE-2025-0412',
    date: '2025-06-18',
    supplier: 'Röstwerk Elbufer GmbH',
    supplierVat: 'DE318220476',
    buyer: 'Café Lindenblüte',
    lines: linesOf(coffee),
  },
};

const bags: Item[] = [
  {
    code: 'TB-01',
    description: 'Tragetasche Canvas natur',
    quantity: 100,
    unit: 'Stk.',
    price: 2.35,
    vat: 19,
  },
  {
    code: 'TB-05',
    description: 'Turnbeutel Baumwolle, bedruckt',
    quantity: 50,
    unit: 'Stk.',
    price: 3.9,
    vat: 19,
  },
];

const saas: PrintedInvoice = {
  name: 'de online accounting print: labels right of the window, VAT column, written date in the city line, printed with the browser headers and footers',
  margins: {
    printed: '05.08.25, 09:41',
    title: 'Rechnung 2025-117',
    url: 'https://app.rechnungsbuero.example/belege/2025-117/druck',
  },
  html: page(
    `.logo { font-size: 18pt; color: #2a6; } .meta span:nth-child(odd) { color: #666; }`,
    `<div class="row"><div class="logo">stoffwerk</div><div class="right muted">Stoffwerk Berlin UG (haftungsbeschränkt)<br>Kastanienallee 88 · 10435 Berlin</div></div>
     <div class="row" style="margin-top:24px">
       <div>Kiezladen Rosmarin e.K.<br>Frau Petra Albers<br>Bergmannstraße 5<br>10961 Berlin</div>
       <div class="grid meta"><span>Rechnungs-Nr.</span><span>2025-117</span><span>Kunden-Nr.</span><span>1044</span><span>Leistungsdatum</span><span>Juli 2025</span></div>
     </div>
     <div class="right" style="margin-top:14px">Berlin, 4. August 2025</div>
     <h2 style="margin-top:8px">Rechnung</h2>
     ${table<Item>(
       [
         { label: 'Beschreibung', cell: (r) => r.description, width: '40%' },
         { label: 'Anzahl', cell: (r) => money(r.quantity, 'de-DE'), numeric: true },
         { label: 'Einheit', cell: (r) => r.unit },
         { label: 'USt.', cell: (r) => `${r.vat} %`, numeric: true },
         { label: 'Preis', cell: (r) => eur(r.price), numeric: true },
         { label: 'Betrag', cell: (r) => eur(net(r)), numeric: true },
       ],
       bags,
     )}
     <p style="margin-top:12px">Bitte überweisen Sie den Rechnungsbetrag unter Angabe der Rechnungsnummer bis zum 18.08.2025.</p>
     <footer>USt-IdNr.: DE 327 118 402 · Steuernr. 37/412/50018 · Amtsgericht Charlottenburg HRB 198765 B</footer>`,
  ),
  want: {
    number: '2025-117',
    date: '2025-08-04',
    supplier: 'Stoffwerk Berlin UG (haftungsbeschränkt)',
    supplierVat: 'DE327118402',
    buyer: 'Kiezladen Rosmarin e.K.',
    lines: linesOf(bags),
  },
};

const credited: Item[] = [
  {
    code: 'HZ-12',
    description: 'Holzspielzeug Eisenbahn Starterset',
    quantity: 2,
    unit: 'Stk.',
    price: 34.5,
  },
  { code: 'HZ-19', description: 'Stapelturm Regenbogen', quantity: 4, unit: 'Stk.', price: 12.8 },
];

const gutschrift: PrintedInvoice = {
  name: 'de credit note: uppercase title, Gutschrift-Nr. and Datum in a grid, Kunde block right',
  html: page(
    `h1 { font-size: 20pt; letter-spacing: 0.2em; }`,
    `<div class="row">
       <div><b>Holzwerkstatt Alpenrand GmbH &amp; Co. KG</b><br>Säge 3 · 83483 Bischofswiesen<br>USt-IdNr. DE 281 904 336</div>
       <div><span class="muted">Kunde</span><br><b>Spielzeugkiste Meyer OHG</b><br>Marktplatz 2<br>97070 Würzburg</div>
     </div>
     <h1 style="margin-top:24px">GUTSCHRIFT</h1>
     <div class="grid" style="margin-top:6px"><span>Gutschrift-Nr.</span><span>GS-0088</span><span>Datum</span><span>30.09.2025</span><span>zu Rechnung Nr.</span><span>RE-7741</span></div>
     ${table<Item>(
       [
         { label: 'Artikel', cell: (r) => r.code },
         { label: 'Bezeichnung', cell: (r) => r.description, width: '42%' },
         { label: 'Menge', cell: (r) => String(r.quantity), numeric: true },
         { label: 'E-Preis', cell: (r) => eur(r.price), numeric: true },
         { label: 'Summe', cell: (r) => eur(net(r)), numeric: true },
       ],
       credited,
     )}
     <p style="margin-top:12px">Der Betrag wird mit Ihrer nächsten Zahlung verrechnet.</p>`,
  ),
  want: {
    number: 'GS-0088',
    date: '2025-09-30',
    supplier: 'Holzwerkstatt Alpenrand GmbH & Co. KG',
    supplierVat: 'DE281904336',
    buyer: 'Spielzeugkiste Meyer OHG',
    lines: linesOf(credited),
  },
};

const honey: Item[] = [
  {
    code: 'H-500',
    description: 'Blütenhonig cremig 500 g',
    quantity: 60,
    unit: 'Glas',
    price: 5.2,
  },
  { code: 'H-250', description: 'Waldhonig 250 g', quantity: 40, unit: 'Glas', price: 3.9 },
];

const austrian: PrintedInvoice = {
  name: 'at invoice: letterhead centred, Rechnung an block, Rechnungsnummer and Datum labels above values',
  html: page(
    `.lh { text-align: center; border-bottom: 1px solid #999; padding-bottom: 6px; }
     .meta { display: grid; grid-template-columns: repeat(3, 1fr); margin-top: 16px; } .meta small { display:block; color:#666; }`,
    `<div class="lh"><h2>Imkerei Sonnhang KG</h2>Oberdorf 14 · 6380 St. Johann in Tirol · UID ATU71829304</div>
     <div style="margin-top:18px"><span class="muted">Rechnung an</span><br>Bioladen Lärche<br>Hauptplatz 9<br>8010 Graz</div>
     <div class="meta"><div><small>Rechnungsnummer</small>2025/0219</div><div><small>Rechnungsdatum</small>07.11.2025</div><div><small>Zahlungsziel</small>21.11.2025</div></div>
     ${table<Item>(
       [
         { label: 'Menge', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Artikel', cell: (r) => r.description, width: '46%' },
         { label: 'Einzelpreis', cell: (r) => eur(r.price), numeric: true },
         { label: 'Gesamtpreis', cell: (r) => eur(net(r)), numeric: true },
       ],
       honey,
     )}
     <footer>Raiffeisenbank Kitzbühel · IBAN AT61 3600 0000 0123 4567 · FN 512233 k, Landesgericht Innsbruck</footer>`,
  ),
  want: {
    number: '2025/0219',
    date: '2025-11-07',
    supplier: 'Imkerei Sonnhang KG',
    supplierVat: 'ATU71829304',
    buyer: 'Bioladen Lärche',
    lines: linesOf(honey),
  },
};

const shopDe: Item[] = [
  {
    code: 'KS-200',
    description: 'Kräuterseife Rosmarin 100 g',
    quantity: 24,
    unit: 'Stk.',
    price: 4.5,
  },
  {
    code: 'BS-010',
    description: 'Badesalz Lavendel im Glas, 350 g, mit Holzlöffel',
    quantity: 12,
    unit: 'Stk.',
    price: 8.9,
  },
];

const shopOrder: PrintedInvoice = {
  name: 'de shop invoice: "Rechnung #" title, Rechnungsadresse and Lieferadresse side by side, order date',
  html: page(
    `.two { display: grid; grid-template-columns: 1fr 1fr 1fr; margin-top: 16px; }`,
    `<div class="row"><div><b style="font-size:14pt">Seifenkiste Allgäu</b><br>Seifenkiste Allgäu GmbH<br>Bahnhofstr. 9, 87435 Kempten</div><div class="right"><h2>Rechnung #1042</h2>Rechnungsdatum: 14.11.2025<br>Bestelldatum: 12.11.2025</div></div>
     <div class="two">
       <div><b>Rechnungsadresse</b><br>Naturkost Fuchs<br>Am Markt 3<br>89073 Ulm</div>
       <div><b>Lieferadresse</b><br>Naturkost Fuchs Lager<br>Industriestr. 40<br>89079 Ulm</div>
       <div><b>Zahlungsart</b><br>Vorkasse</div>
     </div>
     ${table<Item>(
       [
         { label: 'Artikel', cell: (r) => r.description, width: '46%' },
         { label: 'Artikelnummer', cell: (r) => r.code },
         { label: 'Menge', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Preis', cell: (r) => `${money(net(r), 'de-DE')} €`, numeric: true },
       ],
       shopDe,
     )}
     <footer>Seifenkiste Allgäu GmbH · HRB 14402 Kempten · USt-IdNr.: DE 305 771 248 · Seite 1/1</footer>`,
  ),
  want: {
    number: '1042',
    date: '2025-11-14',
    supplier: 'Seifenkiste Allgäu GmbH',
    supplierVat: 'DE305771248',
    buyer: 'Naturkost Fuchs',
    lines: linesOf(shopDe),
  },
};

const fabric: Item[] = [
  {
    code: 'LS-140',
    description: 'Leinenstoff naturweiß, 140 cm breit',
    quantity: 2.5,
    unit: 'm',
    price: 18.9,
    discount: 5,
  },
  {
    code: 'BW-150',
    description: 'Baumwollstoff Popeline, gemustert',
    quantity: 4,
    unit: 'm',
    price: 11.5,
    discount: 0,
  },
  {
    code: 'GN-01',
    description: 'Nähgarn Set 12 Farben',
    quantity: 3,
    unit: 'Stk.',
    price: 7.95,
    discount: 0,
  },
];

const meters: PrintedInvoice = {
  name: 'de decimal quantities with units (2,5 m), Rabatt column, Rechnungsdatum under Rechnungsnummer right, customer with Herrn line',
  html: page(
    `.info { display: grid; grid-template-columns: auto auto; column-gap: 10px; }`,
    `<div class="right"><b style="font-size:14pt">Stoffhaus Elbsand e.K.</b><br>Inh. Hanna Brüggemann · Elbchaussee 120 · 22763 Hamburg</div>
     <div class="row" style="margin-top:22px">
       <div>Herrn<br>Paul Okonkwo<br>Schanzenstraße 41<br>20357 Hamburg</div>
       <div class="info"><span>Rechnungsnummer</span><span>SE-25-0390</span><span>Rechnungsdatum</span><span>04.12.2025</span><span>Kundennummer</span><span>2201</span></div>
     </div>
     <h2 style="margin-top:18px">Rechnung</h2>
     ${table<Item>(
       [
         { label: 'Art.-Nr.', cell: (r) => r.code },
         { label: 'Bezeichnung', cell: (r) => r.description, width: '38%' },
         {
           label: 'Menge',
           cell: (r) => `${money(r.quantity, 'de-DE').replace(',00', '')} ${r.unit}`,
           numeric: true,
         },
         { label: 'Einzelpreis', cell: (r) => `${money(r.price, 'de-DE')} €`, numeric: true },
         { label: 'Rabatt', cell: (r) => `${r.discount} %`, numeric: true },
         { label: 'Gesamt', cell: (r) => `${money(net(r), 'de-DE')} €`, numeric: true },
       ],
       fabric,
     )}
     <p style="margin-top:12px">Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.</p>
     <footer>Stoffhaus Elbsand e.K. · USt-IdNr. DE 298 114 550 · Hamburger Volksbank · IBAN DE12 2019 0003 0012 3456 78</footer>`,
  ),
  want: {
    number: 'SE-25-0390',
    date: '2025-12-04',
    supplier: 'Stoffhaus Elbsand e.K.',
    supplierVat: 'DE298114550',
    buyer: 'Paul Okonkwo',
    lines: linesOf(fabric),
  },
};

export const GERMAN: PrintedInvoice[] = [din, saas, gutschrift, austrian, shopOrder, meters];
