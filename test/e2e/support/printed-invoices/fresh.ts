/**
 * Fourth round of browser-printed invoices, two per language, written before the reader was
 * looked at: layouts the rest of the battery does not have (item cells labelled one by one
 * without a header row, two-column tables with the quantity inside the description, number and
 * date in a coloured band, labels after their values, initials over the company name, service
 * period beside the invoice date, transport data, down-payment and credit invoices, a shop's
 * simplified invoice). Every name, number and address is invented.
 */
import { linesOf, money, page, table, type Item, type PrintedInvoice } from './model';

const eur = (v: number, locale: string) => `${money(v, locale)} €`;

/** A two-column table: "3 x description" left, the amount right, no header row. */
function twoColumns(items: Item[], locale: string, times = 'x'): string {
  const rows = items
    .map(
      (r) =>
        `<tr><td>${r.quantity} ${times} ${r.description}</td><td class="num">${eur(r.quantity * r.price, locale)}</td></tr>`,
    )
    .join('');
  return `<table class="lines">${rows}</table>`;
}

/** Items without a header row: each item a block of labelled cells. */
function labelledItems(items: Item[], labels: [string, string, string], locale: string): string {
  return items
    .map(
      (r) =>
        `<div class="item"><div><span class="muted">${labels[0]}</span> ${r.description}</div><div class="row"><span><span class="muted">${labels[1]}</span> ${r.quantity}</span><span><span class="muted">${labels[2]}</span> ${eur(r.price, locale)}</span></div></div>`,
    )
    .join('');
}

const ITEM_CSS = `.item { border-bottom: 1px solid #ccc; padding: 6px 0; } .item .row { justify-content: flex-start; gap: 40px; }`;
const BAND_CSS = `.band { background: #1f5d8c; color: #fff; padding: 8px 12px; margin: 14px 0; display: flex; justify-content: space-between; }`;

/* ---------------------------------- Italian ---------------------------------- */

const ceramics: Item[] = [
  {
    code: 'PT-30',
    description: 'Piatto piano in gres decorato a mano',
    quantity: 48,
    unit: 'pz',
    price: 6.4,
  },
  { code: 'TZ-12', description: 'Tazza mug smaltata 350 ml', quantity: 36, unit: 'pz', price: 4.1 },
  {
    code: 'CS-05',
    description: 'Ciotola da portata diametro 28 cm',
    quantity: 12,
    unit: 'pz',
    price: 14.9,
  },
];

const accompagnatoria: PrintedInvoice = {
  name: 'fresh it Fattura accompagnatoria: number and date in a coloured band, transport data with its own date, Destinatario beside Destinazione merce',
  html: page(
    `${BAND_CSS} .tr { display: grid; grid-template-columns: repeat(4, 1fr); border: 1px solid #999; margin-top: 12px; } .tr div { padding: 3px 6px; border-right: 1px solid #ccc; } .tr small { display: block; color: #666; }`,
    `<div><b style="font-size:14pt">Ceramiche Borgo Antico S.r.l.</b><br>Via della Fornace 8 · 06053 Deruta (PG)<br>P.IVA 03812240756 · REA PG-301122</div>
     <div class="band"><span>FATTURA ACCOMPAGNATORIA N. 214/A</span><span>DEL 17/02/2025</span></div>
     <div class="row">
       <div><span class="muted">Destinatario</span><br><b>Casa &amp; Tavola di Lucia Ferri</b><br>Via Emilia 140<br>40068 San Lazzaro di Savena (BO)<br>P.IVA 02291573042</div>
       <div><span class="muted">Destinazione merce</span><br>Magazzino Casa &amp; Tavola<br>Via dell'Industria 3<br>40068 San Lazzaro di Savena (BO)</div>
     </div>
     ${table<Item>(
       [
         { label: 'Codice', cell: (r) => r.code },
         { label: 'Descrizione', cell: (r) => r.description, width: '46%' },
         { label: 'U.M.', cell: (r) => r.unit },
         { label: 'Q.tà', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prezzo', cell: (r) => money(r.price, 'it-IT'), numeric: true },
         { label: 'Importo', cell: (r) => money(r.quantity * r.price, 'it-IT'), numeric: true },
       ],
       ceramics,
     )}
     <div class="tr">
       <div><small>Causale del trasporto</small>Vendita</div>
       <div><small>Trasporto a cura del</small>Vettore</div>
       <div><small>Colli / Peso</small>6 / 84 kg</div>
       <div><small>Inizio trasporto</small>18/02/2025 ore 9:30</div>
     </div>
     <p class="muted" style="margin-top:6px">Vettore: Trasporti Umbri S.n.c. · Aspetto dei beni: scatole</p>`,
  ),
  want: {
    number: '214/A',
    date: '2025-02-17',
    supplier: 'Ceramiche Borgo Antico S.r.l.',
    supplierVat: '03812240756',
    buyer: 'Casa & Tavola di Lucia Ferri',
    lines: linesOf(ceramics),
  },
};

const stationery: Item[] = [
  {
    code: '',
    description: 'Quaderno rilegato A5 carta riciclata',
    quantity: 3,
    unit: '',
    price: 7.5,
  },
  { code: '', description: 'Set penne stilografiche', quantity: 2, unit: '', price: 18 },
];

const labelsAfter: PrintedInvoice = {
  name: 'fresh it initials over the company name, labels after their values, two-column table with "3 x" in the description',
  html: page(
    `.logo { font-size: 22pt; font-weight: bold; letter-spacing: 0.1em; color: #a33; }`,
    `<div class="row">
       <div><div class="logo">CF</div><b>Cartoleria Fiorentina di Giulio Bassi</b><br>Borgo Pinti 27, 50121 Firenze<br>P.IVA IT02291573042</div>
       <div class="right">2025/118 — numero fattura<br>05/05/2025 — data fattura<br>30 giorni — pagamento</div>
     </div>
     <div style="margin-top:20px">Intestata a: <b>Studio Grafico Lanterna S.r.l.</b>, Via Ricasoli 9, 50122 Firenze</div>
     ${twoColumns(stationery, 'it-IT')}
     <div class="totals"><div><span>Imponibile</span><span>${eur(58.5, 'it-IT')}</span></div></div>`,
  ),
  want: {
    number: '2025/118',
    date: '2025-05-05',
    supplier: 'Cartoleria Fiorentina di Giulio Bassi',
    supplierVat: 'IT02291573042',
    buyer: 'Studio Grafico Lanterna S.r.l.',
    lines: linesOf(stationery),
  },
};

/* ---------------------------------- English ---------------------------------- */

const hardware: Item[] = [
  {
    code: 'HB-220',
    description: 'Brass cabinet hinge, 50 mm',
    quantity: 400,
    unit: 'ea',
    price: 0.85,
  },
  {
    code: 'KN-14',
    description: 'Oak drawer knob, natural finish',
    quantity: 250,
    unit: 'ea',
    price: 1.6,
  },
];

const shipBill: PrintedInvoice = {
  name: 'fresh en Ship to left of Bill to, PO number and PO date above the invoice date, VAT Reg No. in the footer',
  html: page(
    `.meta { display: grid; grid-template-columns: auto auto; column-gap: 10px; margin-left: auto; }`,
    `<div class="row"><div><b style="font-size:15pt">Millbrook Fittings Ltd</b><br>Unit 4, Canal Side Works<br>Stockport SK4 2RT</div><h1 style="color:#555">INVOICE</h1></div>
     <div class="row" style="margin-top:18px">
       <div><b>Ship to</b><br>Harbour Joinery<br>Dock Road 12<br>Liverpool L3 4BB</div>
       <div><b>Bill to</b><br>Harbour Joinery Ltd<br>Accounts Payable<br>PO Box 881, Liverpool L2 9QQ</div>
       <div class="meta"><span>PO Number</span><span>HJ-7734</span><span>PO Date</span><span>02/06/2025</span><span>Invoice No.</span><span>MF-10582</span><span>Invoice Date</span><span>11/06/2025</span></div>
     </div>
     ${table<Item>(
       [
         { label: 'Part No.', cell: (r) => r.code },
         { label: 'Description', cell: (r) => r.description, width: '44%' },
         { label: 'Qty', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Unit Price', cell: (r) => `£${money(r.price, 'en-GB')}`, numeric: true },
         {
           label: 'Amount',
           cell: (r) => `£${money(r.quantity * r.price, 'en-GB')}`,
           numeric: true,
         },
       ],
       hardware,
     )}
     <footer>Millbrook Fittings Ltd · Registered in England No. 09921873 · VAT Reg No. GB 318 4421 07</footer>`,
  ),
  want: {
    number: 'MF-10582',
    date: '2025-06-11',
    supplier: 'Millbrook Fittings Ltd',
    supplierVat: 'GB318442107',
    buyer: 'Harbour Joinery Ltd',
    lines: linesOf(hardware),
  },
};

const candles: Item[] = [
  {
    code: '',
    description: 'Soy wax candle, cedar and sage, 200 g',
    quantity: 24,
    unit: '',
    price: 6.2,
  },
  { code: '', description: 'Reed diffuser refill 100 ml', quantity: 18, unit: '', price: 4.75 },
  { code: '', description: 'Gift box, kraft, two candles', quantity: 10, unit: '', price: 2.1 },
];

const itemCells: PrintedInvoice = {
  name: 'fresh en items as labelled cells without a header row, number and date in a coloured band, buyer under "Invoice for"',
  html: page(
    `${BAND_CSS} ${ITEM_CSS}`,
    `<div><b style="font-size:14pt">Wick &amp; Willow Candle Co.</b><br>14 Rosemary Lane, Bath BA1 5JP · VAT GB 204 1187 33</div>
     <div class="band"><span>Invoice WW-2025-031</span><span>Issued 9 July 2025</span></div>
     <div><span class="muted">Invoice for</span><br><b>The Lavender Room</b><br>3 High Street, Frome BA11 1AB</div>
     <div style="margin-top:14px">${labelledItems(candles, ['Item', 'Quantity', 'Unit price'], 'en-GB')}</div>
     <div class="totals"><div><span>Total due</span><span>£${money(254.85, 'en-GB')}</span></div></div>`,
  ),
  want: {
    number: 'WW-2025-031',
    date: '2025-07-09',
    supplier: 'Wick & Willow Candle Co.',
    supplierVat: 'GB204118733',
    buyer: 'The Lavender Room',
    lines: linesOf(candles),
  },
};

/* ---------------------------------- German ---------------------------------- */

const consulting: Item[] = [
  {
    code: '1',
    description: 'Produktfotografie Freisteller',
    quantity: 35,
    unit: 'Stk.',
    price: 18,
  },
  { code: '2', description: 'Bildbearbeitung und Retusche', quantity: 6, unit: 'Std.', price: 65 },
];

const service: PrintedInvoice = {
  name: 'fresh de Leistungszeitraum and Rechnungsdatum side by side, Rechnungs-Nr. under them, Pos. column, USt-IdNr. in the letterhead',
  html: page(
    `.facts { display: grid; grid-template-columns: repeat(3, 1fr); margin-top: 16px; border-top: 1px solid #999; border-bottom: 1px solid #999; padding: 6px 0; } .facts small { display: block; color: #666; }`,
    `<div class="right"><b>Lichtwerk Studio Hanna Kessler</b><br>Schanzenstraße 40 · 20357 Hamburg<br>USt-IdNr. DE281194736</div>
     <div class="muted" style="margin-top:18px">Lichtwerk Studio · Schanzenstraße 40 · 20357 Hamburg</div>
     <div>Nordlicht Versand GmbH<br>z. Hd. Herrn Tobias Lange<br>Speicherstadt 3<br>20457 Hamburg</div>
     <h2 style="margin-top:18px">Rechnung</h2>
     <div class="facts"><div><small>Leistungszeitraum</small>01.03.2025 – 31.03.2025</div><div><small>Rechnungsdatum</small>04.04.2025</div><div><small>Rechnungs-Nr.</small>LW-2025-0042</div></div>
     ${table<Item>(
       [
         { label: 'Pos.', cell: (r) => r.code },
         { label: 'Leistung', cell: (r) => r.description, width: '46%' },
         { label: 'Menge', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Einzelpreis', cell: (r) => eur(r.price, 'de-DE'), numeric: true },
         { label: 'Gesamt', cell: (r) => eur(r.quantity * r.price, 'de-DE'), numeric: true },
       ],
       consulting,
     )}`,
  ),
  want: {
    number: 'LW-2025-0042',
    date: '2025-04-04',
    supplier: 'Lichtwerk Studio Hanna Kessler',
    supplierVat: 'DE281194736',
    buyer: 'Nordlicht Versand GmbH',
    lines: linesOf(consulting),
  },
};

const tea: Item[] = [
  { code: '', description: 'Grüntee Sencha lose, 250 g', quantity: 12, unit: '', price: 9.9 },
  { code: '', description: 'Teekanne Gusseisen 0,8 l', quantity: 4, unit: '', price: 34.5 },
];

const initials: PrintedInvoice = {
  name: 'fresh de initials logo over the company name, two-column table with "12 x" in the description, Rechnung Nr. and Datum after the customer',
  html: page(
    `.logo { font-size: 24pt; font-weight: bold; color: #396; }`,
    `<div class="logo">TK</div><div><b>Teekontor Krämer e.K.</b> · Am Markt 6 · 04109 Leipzig</div>
     <div style="margin-top:18px">An<br>Café Blattgold UG<br>Karl-Liebknecht-Str. 81<br>04275 Leipzig</div>
     <div style="margin-top:14px">Rechnung Nr. 2025-311<br>Datum: 22.09.2025</div>
     ${twoColumns(tea, 'de-DE')}
     <footer>Teekontor Krämer e.K. · USt-IdNr. DE314720590 · Amtsgericht Leipzig HRA 17733</footer>`,
  ),
  want: {
    number: '2025-311',
    date: '2025-09-22',
    supplier: 'Teekontor Krämer e.K.',
    supplierVat: 'DE314720590',
    buyer: 'Café Blattgold UG',
    lines: linesOf(tea),
  },
};

/* ---------------------------------- French ---------------------------------- */

const deposit: Item[] = [
  {
    code: '',
    description: 'Acompte de 30 % sur le devis D-2025-044',
    quantity: 1,
    unit: '',
    price: 1260,
  },
];

const acompte: PrintedInvoice = {
  name: "fresh fr Facture d'acompte: number and date in a coloured band, quote reference, Client block right, one deposit line",
  html: page(
    `${BAND_CSS}`,
    `<div class="row">
       <div><b>Atelier Sellier Marceau SARL</b><br>12 rue des Tanneurs<br>69002 Lyon<br>TVA intracom. FR 47 812447309</div>
       <div><span class="muted">Client</span><br><b>Maison Orsay Équitation</b><br>4 chemin des Haras<br>14000 Caen</div>
     </div>
     <div class="band"><span>FACTURE D'ACOMPTE N° FA-2025-019</span><span>Date : 14/10/2025</span></div>
     <p>Commande du 10/10/2025 · Devis D-2025-044 accepté le 08/10/2025</p>
     ${table<Item>(
       [
         { label: 'Désignation', cell: (r) => r.description, width: '60%' },
         { label: 'Qté', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Montant HT', cell: (r) => eur(r.price, 'fr-FR'), numeric: true },
       ],
       deposit,
     )}
     <footer>SARL au capital de 8 000 € · SIRET 812 447 309 00021 · APE 1512Z</footer>`,
  ),
  want: {
    number: 'FA-2025-019',
    date: '2025-10-14',
    supplier: 'Atelier Sellier Marceau SARL',
    supplierVat: 'FR47812447309',
    buyer: 'Maison Orsay Équitation',
    lines: linesOf(deposit),
  },
};

const soaps: Item[] = [
  { code: '', description: "Savon d'Alep 20 % laurier", quantity: 40, unit: '', price: 3.8 },
  { code: '', description: 'Porte-savon en olivier', quantity: 15, unit: '', price: 7.2 },
];

const frLabelsAfter: PrintedInvoice = {
  name: 'fresh fr items as labelled cells without a header row, labels after their values in the header, Facturé à under them',
  html: page(
    ITEM_CSS,
    `<div class="row">
       <div><b>Savonnerie du Lubéron</b><br>Route d'Apt · 84400 Gargas<br>N° TVA FR61503118226</div>
       <div class="right"><b>FACTURE</b><br>2025-0457 — n° de facture<br>3 novembre 2025 — date de facturation</div>
     </div>
     <div style="margin-top:18px"><span class="muted">Facturé à</span><br>Boutique Lavande et Sel<br>9 quai Saint-Pierre<br>06400 Cannes</div>
     <div style="margin-top:14px">${labelledItems(soaps, ['Article', 'Quantité', 'Prix unitaire'], 'fr-FR')}</div>`,
  ),
  want: {
    number: '2025-0457',
    date: '2025-11-03',
    supplier: 'Savonnerie du Lubéron',
    supplierVat: 'FR61503118226',
    buyer: 'Boutique Lavande et Sel',
    lines: linesOf(soaps),
  },
};

/* ---------------------------------- Spanish ---------------------------------- */

const shop: Item[] = [
  { code: '', description: 'Aceite de oliva virgen extra 1 l', quantity: 2, unit: '', price: 9.45 },
  { code: '', description: 'Turrón de Jijona 300 g', quantity: 3, unit: '', price: 6.9 },
  { code: '', description: 'Bolsa de papel', quantity: 1, unit: '', price: 0.15 },
];

const simplificada: PrintedInvoice = {
  name: 'fresh es shop Factura simplificada: centred shop header with NIF, Fact. Simpl. number and date with time on one line, "2 x" before each product',
  html: page(
    `body { width: 80mm; margin: 0 auto; font-size: 9pt; } .c { text-align: center; }`,
    `<div class="c"><b>ULTRAMARINOS LA ALACENA</b><br>Carmen Ruiz Delgado<br>C/ Mayor 18 · 28013 Madrid<br>NIF 48211937G</div>
     <p class="c" style="margin-top:8px"><b>FACTURA SIMPLIFICADA</b></p>
     <p>Fact. Simpl. T1-004512 · 19/12/2025 18:42</p>
     ${twoColumns(shop, 'es-ES')}
     <p style="margin-top:6px">TOTAL (IVA incl.) ${eur(39.75, 'es-ES')}</p>
     <p class="c muted">Gracias por su visita</p>`,
  ),
  want: {
    number: 'T1-004512',
    date: '2025-12-19',
    supplier: 'Carmen Ruiz Delgado',
    supplierVat: '48211937G',
    lines: linesOf(shop),
  },
  // Not read yet: the reader takes the shop's trade name printed over the owner's name
  // ("ULTRAMARINOS LA ALACENA"), not the name the NIF belongs to; the centred lines give no
  // address block to climb from the NIF, and a rule for it would be a broad guess.
  unchecked: ['supplier'],
};

const tiles: Item[] = [
  {
    code: 'AZ-1',
    description: 'Azulejo hidráulico 20x20 modelo Alhambra',
    quantity: 120,
    unit: 'ud',
    price: 2.35,
  },
  {
    code: 'AZ-7',
    description: 'Cenefa cerámica pintada a mano',
    quantity: 30,
    unit: 'ud',
    price: 5.1,
  },
];

const esBand: PrintedInvoice = {
  name: 'fresh es number and date in a coloured band with labels, Facturar a beside Enviar a, CIF under the company',
  html: page(
    BAND_CSS,
    `<div><b style="font-size:14pt">Cerámicas del Guadalquivir S.L.</b><br>Polígono La Isla, nave 7 · 41703 Dos Hermanas (Sevilla)<br>CIF B86420130</div>
     <div class="band"><span>Nº Factura: CG-25/0873</span><span>Fecha: 27/08/2025</span><span>Vencimiento: 26/09/2025</span></div>
     <div class="row">
       <div><span class="muted">Facturar a</span><br>Reformas Albero S.L.<br>Av. de la Palmera 44<br>41012 Sevilla</div>
       <div><span class="muted">Enviar a</span><br>Obra Calle Feria 12<br>41003 Sevilla</div>
     </div>
     ${table<Item>(
       [
         { label: 'Ref.', cell: (r) => r.code },
         { label: 'Descripción', cell: (r) => r.description, width: '48%' },
         { label: 'Cant.', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Precio', cell: (r) => eur(r.price, 'es-ES'), numeric: true },
         { label: 'Importe', cell: (r) => eur(r.quantity * r.price, 'es-ES'), numeric: true },
       ],
       tiles,
     )}`,
  ),
  want: {
    number: 'CG-25/0873',
    date: '2025-08-27',
    supplier: 'Cerámicas del Guadalquivir S.L.',
    supplierVat: 'B86420130',
    buyer: 'Reformas Albero S.L.',
    lines: linesOf(tiles),
  },
};

/* ---------------------------------- Dutch ---------------------------------- */

const returned: Item[] = [
  {
    code: 'LM-3',
    description: 'Leren messenrol voor 8 messen',
    quantity: 2,
    unit: 'st',
    price: 39,
  },
  {
    code: 'SP-1',
    description: 'Slijpsteen combinatie 1000/6000',
    quantity: 1,
    unit: 'st',
    price: 44.5,
  },
];

const creditfactuur: PrintedInvoice = {
  name: 'fresh nl Creditfactuur: original invoice and its date named, Creditfactuurnummer and datum stacked right, negative amounts',
  html: page(
    `.meta { display: grid; grid-template-columns: auto auto; column-gap: 12px; }`,
    `<div class="row">
       <div><b>Snijwerk Messenmakerij B.V.</b><br>Ambachtsweg 21<br>5301 KM Zaltbommel<br>BTW NL812034557B01 · KvK 80431177</div>
       <div class="meta"><span>Creditfactuurnummer</span><span>CF-2025-014</span><span>Datum</span><span>12-09-2025</span><span>Originele factuur</span><span>2025-0388 van 21-08-2025</span></div>
     </div>
     <h2 style="margin-top:20px">Creditfactuur</h2>
     <div style="margin-top:10px"><span class="muted">Klant</span><br>Kookwinkel De Pollepel<br>Oudegracht 150<br>3511 AZ Utrecht</div>
     ${table<Item>(
       [
         { label: 'Art.nr.', cell: (r) => r.code },
         { label: 'Omschrijving', cell: (r) => r.description, width: '46%' },
         { label: 'Aantal', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prijs', cell: (r) => `€ ${money(r.price, 'nl-NL')}`, numeric: true },
         {
           label: 'Bedrag',
           cell: (r) => `€ -${money(r.quantity * r.price, 'nl-NL')}`,
           numeric: true,
         },
       ],
       returned,
     )}
     <p style="margin-top:10px">Het bedrag wordt binnen 7 dagen teruggestort.</p>`,
  ),
  want: {
    number: 'CF-2025-014',
    date: '2025-09-12',
    supplier: 'Snijwerk Messenmakerij B.V.',
    supplierVat: 'NL812034557B01',
    buyer: 'Kookwinkel De Pollepel',
    lines: linesOf(returned),
  },
};

const cheese: Item[] = [
  {
    code: '',
    description: 'Boerenkaas belegen, hele kaas 12 kg',
    quantity: 4,
    unit: '',
    price: 168,
  },
  { code: '', description: 'Geitenkaas met honing 500 g', quantity: 20, unit: '', price: 8.6 },
];

const nlInitials: PrintedInvoice = {
  name: 'fresh nl initials logo over the company name, Factuurnummer and Factuurdatum in a coloured band, two-column table with "4 x"',
  html: page(
    `${BAND_CSS} .logo { font-size: 22pt; font-weight: bold; color: #c80; }`,
    `<div class="row">
       <div><div class="logo">KdW</div><b>Kaasboerderij De Wilgenhoeve</b><br>Polderweg 4 · 2831 AB Gouderak</div>
       <div class="right">Aan:<br>Delicatessenwinkel Het Proeflokaal<br>Nieuwstraat 12<br>6811 HW Arnhem</div>
     </div>
     <div class="band"><span>Factuurnummer 2025.0219</span><span>Factuurdatum 3 oktober 2025</span></div>
     ${twoColumns(cheese, 'nl-NL')}
     <footer>BTW-nr. NL601174288B01 · IBAN NL44 RABO 0123 4567 89</footer>`,
  ),
  want: {
    number: '2025.0219',
    date: '2025-10-03',
    supplier: 'Kaasboerderij De Wilgenhoeve',
    supplierVat: 'NL601174288B01',
    buyer: 'Delicatessenwinkel Het Proeflokaal',
    lines: linesOf(cheese),
  },
};

/* ---------------------------------- Polish ---------------------------------- */

const linen: Item[] = [
  { code: '1', description: 'Obrus lniany 140x220 cm', quantity: 15, unit: 'szt.', price: 89 },
  { code: '2', description: 'Serwetka lniana 45x45 cm', quantity: 60, unit: 'szt.', price: 12.5 },
];

const fakturaVat: PrintedInvoice = {
  name: 'fresh pl Faktura VAT: Data wystawienia and Data sprzedaży side by side, Miejsce wystawienia, Sprzedawca over Nabywca',
  html: page(
    `.dates { display: grid; grid-template-columns: repeat(3, 1fr); margin-top: 10px; } .dates small { display:block; color:#666; }`,
    `<h2>Faktura VAT 17/11/2025</h2>
     <div class="dates"><div><small>Miejsce wystawienia</small>Żyrardów</div><div><small>Data sprzedaży</small>28.11.2025</div><div><small>Data wystawienia</small>01.12.2025</div></div>
     <div style="margin-top:14px"><b>Sprzedawca:</b> Lniarnia Mazowiecka Sp. z o.o., ul. Fabryczna 3, 96-300 Żyrardów, NIP 781-201-93-41</div>
     <div><b>Nabywca:</b> Pensjonat Pod Jodłami Marek Zięba, ul. Krupówki 70, 34-500 Zakopane, NIP 527-301-88-46</div>
     ${table<Item>(
       [
         { label: 'Lp.', cell: (r) => r.code },
         { label: 'Nazwa towaru', cell: (r) => r.description, width: '44%' },
         { label: 'Ilość', cell: (r) => String(r.quantity), numeric: true },
         { label: 'J.m.', cell: (r) => r.unit },
         { label: 'Cena netto', cell: (r) => money(r.price, 'pl-PL'), numeric: true },
         {
           label: 'Wartość netto',
           cell: (r) => money(r.quantity * r.price, 'pl-PL'),
           numeric: true,
         },
       ],
       linen,
     )}
     <p style="margin-top:10px">Termin płatności: 15.12.2025 · Sposób płatności: przelew</p>`,
  ),
  want: {
    number: '17/11/2025',
    date: '2025-12-01',
    supplier: 'Lniarnia Mazowiecka Sp. z o.o.',
    supplierVat: '7812019341',
    buyer: 'Pensjonat Pod Jodłami Marek Zięba',
    lines: linesOf(linen),
  },
};

const honey: Item[] = [
  { code: '', description: 'Miód lipowy 400 g', quantity: 30, unit: '', price: 24 },
  { code: '', description: 'Miód gryczany 900 g', quantity: 12, unit: '', price: 42 },
];

const plCells: PrintedInvoice = {
  name: 'fresh pl items as labelled cells without a header row, Faktura nr and Data wystawienia in a coloured band, seller with initials',
  html: page(
    `${BAND_CSS} ${ITEM_CSS} .logo { font-size: 22pt; font-weight: bold; color: #b80; }`,
    `<div class="row">
       <div><div class="logo">PB</div><b>Pasieka Bartnik Tomasz Wróbel</b><br>Kolonia 14, 22-400 Zamość<br>NIP 527-301-88-46</div>
       <div><span class="muted">Nabywca</span><br>Sklep Zielarski Melisa s.c.<br>ul. Lubelska 5<br>20-001 Lublin</div>
     </div>
     <div class="band"><span>Faktura nr FV 2025/09/07</span><span>Data wystawienia: 8 września 2025</span></div>
     ${labelledItems(honey, ['Towar', 'Ilość', 'Cena'], 'pl-PL')}`,
  ),
  want: {
    number: 'FV 2025/09/07',
    date: '2025-09-08',
    supplier: 'Pasieka Bartnik Tomasz Wróbel',
    supplierVat: '5273018846',
    buyer: 'Sklep Zielarski Melisa s.c.',
    lines: linesOf(honey),
  },
};

export const FRESH: PrintedInvoice[] = [
  accompagnatoria,
  labelsAfter,
  shipBill,
  itemCells,
  service,
  initials,
  acompte,
  frLabelsAfter,
  simplificada,
  esBand,
  creditfactuur,
  nlInitials,
  fakturaVat,
  plCells,
];
