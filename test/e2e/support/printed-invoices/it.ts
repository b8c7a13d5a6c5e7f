/** Italian invoices as web invoicing tools and shop plugins print them. */
import { linesOf, money, net, page, table, type Item, type PrintedInvoice } from './model';

const eur = (v: number) => `€ ${money(v, 'it-IT')}`;

const ceramics: Item[] = [
  {
    code: 'CR-118',
    description: 'Ciotola in gres smaltato blu notte diametro 16 cm',
    quantity: 24,
    unit: 'pz',
    price: 5.4,
  },
  { code: 'CR-204', description: 'Vassoio ovale', quantity: 6, unit: 'pz', price: 18.9 },
  {
    code: 'CR-311',
    description: 'Set 4 tazzine da caffè con piattino',
    quantity: 12,
    unit: 'conf',
    price: 14.2,
  },
];

const flexHeader: PrintedInvoice = {
  name: 'it flex header, Spett.le block, units after the quantity, terms under the table, printed with the browser headers and footers',
  margins: {
    printed: '14/03/25, 16:02',
    title: 'Fattura 218/2025 – Terrecotte Valdarno',
    url: 'https://app.fatturaweb.example/fatture/218/stampa',
  },
  html: page(
    `.sup b { font-size: 13pt; } .doc { text-align: right; } .doc h1 { font-size: 20pt; }
     .cust { margin-top: 22px; width: 45%; margin-left: auto; }`,
    `<div class="row">
       <div class="sup"><b>Terrecotte Valdarno S.r.l.</b><br>Via delle Fornaci 41<br>52027 San Giovanni Valdarno (AR)<br>P.IVA IT02918470514</div>
       <div class="doc"><h1>FATTURA</h1><div>Numero: <b>218/2025</b></div><div>Data: 14/03/2025</div></div>
     </div>
     <div class="cust">Spett.le<br><b>Bottega Anemone di Sara Fiumi</b><br>Corso Italia 7<br>56125 Pisa (PI)<br>P.IVA IT01745520503</div>
     ${table<Item>(
       [
         { label: 'Codice', cell: (r) => r.code, width: '14%' },
         { label: 'Descrizione', cell: (r) => r.description, width: '40%' },
         { label: 'Q.tà', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Prezzo', cell: (r) => eur(r.price), numeric: true },
         { label: 'Importo', cell: (r) => eur(net(r)), numeric: true },
       ],
       ceramics,
     )}
     <p style="margin-top:12px">Pagamento: bonifico bancario a 30 giorni data fattura. Merce resa franco destino, imballo compreso.</p>
     <div class="totals"><div><span>Imponibile</span><span>${eur(ceramics.reduce((s, i) => s + net(i), 0))}</span></div></div>
     <footer>IBAN IT60 X054 2811 1010 0000 0123 456 · REA AR-118204 · Capitale sociale € 20.000,00 i.v.</footer>`,
  ),
  want: {
    number: '218/2025',
    date: '2025-03-14',
    supplier: 'Terrecotte Valdarno S.r.l.',
    supplierVat: 'IT02918470514',
    buyer: 'Bottega Anemone di Sara Fiumi',
    lines: linesOf(ceramics),
  },
};

const textiles: Item[] = [
  {
    code: 'TV-77',
    description: 'Tovaglia in lino lavato 150x250',
    quantity: 10,
    unit: 'pz',
    price: 32,
    discount: 10,
    vat: 22,
  },
  {
    code: 'TV-78',
    description: 'Tovagliolo in lino lavato 45x45, colore salvia',
    quantity: 60,
    unit: 'pz',
    price: 4.5,
    discount: 0,
    vat: 22,
  },
];

const pluginInvoice: PrintedInvoice = {
  name: 'it shop plugin: billing address left, meta grid right with order number and written date',
  html: page(
    `.shop { font-size: 16pt; font-weight: bold; } .title { font-size: 18pt; margin: 22px 0 10px; }`,
    `<div class="row">
       <div class="shop">Lini di Casa Moretti</div>
       <div class="right muted">Lini di Casa Moretti S.a.s.<br>Via Garibaldi 12, 25121 Brescia<br>Partita IVA 03817260987<br>info@linimoretti.example</div>
     </div>
     <div class="title">Fattura</div>
     <div class="row">
       <div><b>Indirizzo di fatturazione</b><br>Ostello La Pergola<br>Via dei Mille 3<br>40121 Bologna</div>
       <div class="grid">
         <span>Numero fattura:</span><span>LM-2025-0093</span>
         <span>Data fattura:</span><span>3 aprile 2025</span>
         <span>Numero ordine:</span><span>10442</span>
         <span>Data ordine:</span><span>28 marzo 2025</span>
         <span>Metodo di pagamento:</span><span>Carta di credito</span>
       </div>
     </div>
     ${table<Item>(
       [
         { label: 'Cod.', cell: (r) => r.code },
         { label: 'Prodotto', cell: (r) => r.description, width: '34%' },
         { label: 'Quantità', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prezzo', cell: (r) => eur(r.price), numeric: true },
         { label: 'Sconto', cell: (r) => `${r.discount}%`, numeric: true },
         { label: 'IVA', cell: (r) => `${r.vat}%`, numeric: true },
         { label: 'Totale', cell: (r) => eur(net(r)), numeric: true },
       ],
       textiles,
     )}
     <div class="totals"><div><span>Subtotale</span><span>${eur(textiles.reduce((s, i) => s + net(i), 0))}</span></div><div><span>Spedizione</span><span>${eur(9.9)}</span></div></div>
     <footer>Grazie per il tuo acquisto. Pagina 1 di 1</footer>`,
  ),
  want: {
    number: 'LM-2025-0093',
    date: '2025-04-03',
    supplier: 'Lini di Casa Moretti S.a.s.',
    supplierVat: '03817260987',
    buyer: 'Ostello La Pergola',
    lines: linesOf(textiles),
  },
};

const refund: Item[] = [
  {
    code: 'LG-5',
    description: 'Tagliere in olivo 40 cm',
    quantity: 3,
    unit: 'pz',
    price: 27.5,
    vat: 22,
  },
  { code: 'LG-9', description: 'Mestolo in faggio', quantity: 8, unit: 'pz', price: 3.1, vat: 22 },
];

const creditNote: PrintedInvoice = {
  name: 'it credit note: title with number and date on one line, customer right, U.M. column',
  html: page(
    `.head { border-bottom: 2px solid #333; padding-bottom: 8px; } .nc { font-size: 14pt; margin: 18px 0; }`,
    `<div class="row head">
       <div><b>OFFICINA DEL LEGNO DI PAOLO GRECO</b><br>Contrada Serra 22 · 87036 Rende (CS)<br>P.IVA 02774130783 · C.F. GRCPLA71C12D086K</div>
       <div class="right">Tel. 0984 000 118<br>www.officinagreco.example</div>
     </div>
     <div class="row">
       <div class="nc"><b>NOTA DI CREDITO N. NC/7 del 19/05/2025</b><br><span class="muted">Rif. fattura n. 142 del 02/05/2025</span></div>
       <div style="margin-top:18px">Cliente<br><b>Enoteca Il Grappolo S.n.c.</b><br>Via Roma 90<br>89127 Reggio Calabria<br>P.IVA 01938840801</div>
     </div>
     ${table<Item>(
       [
         { label: 'Descrizione', cell: (r) => r.description, width: '40%' },
         { label: 'U.M.', cell: (r) => r.unit },
         { label: 'Quantità', cell: (r) => money(r.quantity, 'it-IT'), numeric: true },
         { label: 'Prezzo unitario', cell: (r) => money(r.price, 'it-IT'), numeric: true },
         { label: 'IVA %', cell: (r) => String(r.vat), numeric: true },
         { label: 'Totale', cell: (r) => money(net(r), 'it-IT'), numeric: true },
       ],
       refund,
     )}
     <p style="margin-top:10px">Storno per merce resa danneggiata durante il trasporto.</p>`,
  ),
  want: {
    number: 'NC/7',
    date: '2025-05-19',
    supplier: 'OFFICINA DEL LEGNO DI PAOLO GRECO',
    supplierVat: '02774130783',
    buyer: 'Enoteca Il Grappolo S.n.c.',
    lines: linesOf(refund),
  },
};

const spices: Item[] = [
  { code: 'SP-01', description: 'Zafferano in pistilli 1 g', quantity: 50, unit: 'pz', price: 6.8 },
  {
    code: 'SP-14',
    description: 'Origano di montagna essiccato in busta da 50 g',
    quantity: 40,
    unit: 'pz',
    price: 2.9,
  },
  { code: 'SP-22', description: 'Peperoncino macinato', quantity: 25, unit: 'pz', price: 2.1 },
];

const labelsAbove: PrintedInvoice = {
  name: 'it centred letterhead, labels above values in a boxed row, customer left',
  html: page(
    `.lh { text-align: center; } .lh h2 { letter-spacing: 0.3em; } .box { display: grid; grid-template-columns: repeat(4, 1fr); border: 1px solid #555; margin-top: 16px; }
     .box div { padding: 4px 6px; border-right: 1px solid #555; } .box small { display: block; color: #666; }`,
    `<div class="lh"><h2>SAPORI DEL SUD</h2><div>Sapori del Sud S.r.l.s. · Via Etnea 300 · 95129 Catania · Partita IVA 05512870871</div></div>
     <div style="margin-top:18px; width: 50%">Destinatario<br><b>Gastronomia Fratelli Ruggeri</b><br>Piazza Duomo 4<br>90134 Palermo</div>
     <div class="box">
       <div><small>Tipo documento</small>Fattura</div>
       <div><small>Numero documento</small>FT 61</div>
       <div><small>Data documento</small>07/02/2025</div>
       <div><small>Pagamento</small>RiBa 60 gg</div>
     </div>
     ${table<Item>(
       [
         { label: 'Articolo', cell: (r) => r.code },
         { label: 'Descrizione', cell: (r) => r.description, width: '36%' },
         { label: 'Prezzo', cell: (r) => money(r.price, 'it-IT'), numeric: true },
         { label: 'Qtà', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Importo', cell: (r) => money(net(r), 'it-IT'), numeric: true },
       ],
       spices,
     )}
     <footer>Banca di Credito Etneo · IBAN IT12 A030 6916 9001 0000 0004 321 · Pagina 1 di 1</footer>`,
  ),
  want: {
    number: 'FT 61',
    date: '2025-02-07',
    supplier: 'Sapori del Sud S.r.l.s.',
    supplierVat: '05512870871',
    buyer: 'Gastronomia Fratelli Ruggeri',
    lines: linesOf(spices),
  },
};

const honeyIt: Item[] = [
  {
    code: 'MI-01',
    description: 'Miele di castagno biologico in vasetto di vetro da 500 g',
    quantity: 36,
    unit: 'pz',
    price: 7.9,
    vat: 10,
  },
  {
    code: 'MI-02',
    description: 'Miele millefiori 250 g',
    quantity: 48,
    unit: 'pz',
    price: 4.2,
    vat: 10,
  },
];

const shopRight: PrintedInvoice = {
  name: 'it shop order print: Intestatario block right, order date before the invoice date, VAT column',
  html: page(
    `.brand { font-size: 17pt; color: #a60; } .cols { display: grid; grid-template-columns: 1fr 1fr; margin-top: 18px; }`,
    `<div class="brand">Apicoltura Colle Fiorito</div>
     <div class="muted">Apicoltura Colle Fiorito di Marta Lenzi · Loc. Poggio 5 · 53024 Montalcino (SI) · P.IVA 01488270527</div>
     <div class="cols">
       <div class="grid"><span>Ordine n.</span><span>5531</span><span>Data ordine</span><span>10/10/2025</span><span>Fattura n.</span><span>2025/340</span><span>Data fattura</span><span>12/10/2025</span></div>
       <div><b>Intestatario</b><br>Drogheria Sant'Ambrogio<br>Via Torino 51<br>20123 Milano<br>P.IVA 10833570963</div>
     </div>
     ${table<Item>(
       [
         { label: 'Descrizione', cell: (r) => r.description, width: '44%' },
         { label: 'Quantità', cell: (r) => `${r.quantity} ${r.unit}.`, numeric: true },
         { label: 'Prezzo unit.', cell: (r) => `€ ${money(r.price, 'it-IT')}`, numeric: true },
         { label: 'IVA', cell: (r) => `${r.vat}%`, numeric: true },
         { label: 'Totale', cell: (r) => `€ ${money(net(r), 'it-IT')}`, numeric: true },
       ],
       honeyIt,
     )}
     <p style="margin-top:12px">Spedizione con corriere espresso. Prodotto conforme alla normativa vigente.</p>`,
  ),
  want: {
    number: '2025/340',
    date: '2025-10-12',
    supplier: 'Apicoltura Colle Fiorito di Marta Lenzi',
    supplierVat: '01488270527',
    buyer: "Drogheria Sant'Ambrogio",
    lines: linesOf(honeyIt),
  },
};

const COLOURS = [
  'ambra',
  'verde bottiglia',
  'blu cobalto',
  'trasparente',
  'fumé',
  'rosa antico',
  'acquamarina',
];
/** A wholesaler's long order: 42 glasses and jugs in seven colours, two pages of rows. */
const glassware: Item[] = COLOURS.flatMap((colour, c) =>
  [20, 33, 45].flatMap((cl, s) => [
    {
      code: `BV-${c}${s}`,
      description: `Bicchiere in vetro soffiato ${colour} ${cl} cl`,
      quantity: 12 * (s + 1),
      unit: 'pz',
      price: 3.2 + s,
    },
    {
      code: `CA-${c}${s}`,
      description: `Caraffa ${colour} con beccuccio, capacità ${cl * 3} cl`,
      quantity: 6 + c,
      unit: 'pz',
      price: 14 + s,
    },
  ]),
);

const longOrder: PrintedInvoice = {
  name: 'it two-page invoice: the table header repeated on the second page, printed with the browser headers and footers',
  margins: {
    printed: '02/12/25, 09:12',
    title: 'Fattura 1207 - Vetreria Altare',
    url: 'https://gestionale.example.it/documenti/1207',
  },
  html: page(
    `table.lines td { padding: 3px 6px; }`,
    `<div class="row">
       <div><b style="font-size:13pt">Vetreria Artistica Altare S.r.l.</b><br>Via dei Vetrai 9, 17041 Altare (SV)<br>P.IVA IT01922430091</div>
       <div class="grid"><span>Fattura n.</span><span>1207</span><span>Data</span><span>01/12/2025</span><span>Pagina</span><span>1 di 2</span></div>
     </div>
     <div style="margin-top:14px; width: 50%; margin-left: auto">Spett.le<br><b>Casa e Tavola di Irene Gatti</b><br>Via Maggiore 14<br>40125 Bologna</div>
     ${table<Item>(
       [
         { label: 'Codice', cell: (r) => r.code },
         { label: 'Descrizione', cell: (r) => r.description, width: '48%' },
         { label: 'Q.tà', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prezzo', cell: (r) => money(r.price, 'it-IT'), numeric: true },
         { label: 'Importo', cell: (r) => money(net(r), 'it-IT'), numeric: true },
       ],
       glassware,
     )}
     <div class="totals"><div><span>Totale imponibile</span><span>€ ${money(
       glassware.reduce((t, i) => t + net(i), 0),
       'it-IT',
     )}</span></div></div>`,
  ),
  want: {
    number: '1207',
    date: '2025-12-01',
    supplier: 'Vetreria Artistica Altare S.r.l.',
    supplierVat: 'IT01922430091',
    buyer: 'Casa e Tavola di Irene Gatti',
    lines: linesOf(glassware),
  },
};

const candlesIt: Item[] = [
  {
    code: 'CAND-LAV-180',
    description: 'Candela profumata alla lavanda',
    quantity: 6,
    unit: 'pz',
    price: 12.9,
  },
  {
    code: 'CAND-FIC-180',
    description: 'Candela profumata al fico',
    quantity: 4,
    unit: 'pz',
    price: 12.9,
  },
  {
    code: 'DIFF-AGR-100',
    description: 'Diffusore con bastoncini agrumi 100 ml',
    quantity: 3,
    unit: 'pz',
    price: 18.5,
  },
];

const skuUnder: PrintedInvoice = {
  name: 'it shop plugin: SKU printed under each product name, Prodotto / Quantità / Prezzo, shop address right',
  html: page(
    `.sku { display: block; color: #777; font-size: 8pt; }`,
    `<div class="row"><div style="font-size:18pt">Cera d'Api Studio</div><div class="right">Cera d'Api Studio S.r.l.<br>Via Sarpi 30<br>20154 Milano<br>P.IVA 11290370961</div></div>
     <h2 style="margin-top:20px">FATTURA</h2>
     <div class="row" style="margin-top:10px">
       <div>Giorgia Ferri<br>Via Po 18<br>10123 Torino<br>giorgia.ferri@posta.example</div>
       <div class="grid"><span>Numero fattura:</span><span>CAS-0412</span><span>Data fattura:</span><span>3 dicembre 2025</span><span>Numero ordine:</span><span>9981</span><span>Data ordine:</span><span>1 dicembre 2025</span></div>
     </div>
     ${table<Item>(
       [
         {
           label: 'Prodotto',
           cell: (r) => `${r.description}<span class="sku">SKU: ${r.code}</span>`,
           width: '55%',
         },
         { label: 'Quantità', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prezzo', cell: (r) => `${money(net(r), 'it-IT')} €`, numeric: true },
       ],
       candlesIt,
     )}
     <div class="totals"><div><span>Subtotale</span><span>${money(
       candlesIt.reduce((t, i) => t + net(i), 0),
       'it-IT',
     )} €</span></div><div><span>Spedizione</span><span>6,90 € tramite Corriere</span></div></div>`,
  ),
  want: {
    number: 'CAS-0412',
    date: '2025-12-03',
    supplier: "Cera d'Api Studio S.r.l.",
    supplierVat: '11290370961',
    lines: linesOf(candlesIt),
  },
};

export const ITALIAN: PrintedInvoice[] = [
  flexHeader,
  pluginInvoice,
  creditNote,
  labelsAbove,
  shopRight,
  longOrder,
  skuUnder,
];
