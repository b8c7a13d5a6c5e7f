/** French invoices as web invoicing tools and shop plugins print them. */
import { linesOf, money, net, page, table, type Item, type PrintedInvoice } from './model';

const eur = (v: number) => `${money(v, 'fr-FR')} €`;

const soaps: Item[] = [
  {
    code: 'SV-LAV',
    description: 'Savon à froid lavande fine, 100 g',
    quantity: 80,
    unit: 'pièces',
    price: 3.6,
    vat: 20,
  },
  {
    code: 'SV-ARG',
    description: "Savon argile verte et huile d'olive bio pour peaux grasses",
    quantity: 50,
    unit: 'pièces',
    price: 4.1,
    vat: 20,
  },
  {
    code: 'PB-02',
    description: 'Porte-savon en bois',
    quantity: 30,
    unit: 'pièces',
    price: 2.75,
    vat: 20,
  },
];

const classic: PrintedInvoice = {
  name: 'fr FACTURE with N° and Date under it, Client block right, HT columns, legal footer',
  html: page(
    `h1 { font-size: 22pt; letter-spacing: 0.12em; } .client { border: 1px solid #bbb; padding: 8px; width: 40%; }`,
    `<div class="row">
       <div><b>Savonnerie des Alpilles SARL</b><br>12 chemin des Oliviers<br>13520 Maussane-les-Alpilles<br>contact@savonnerie-alpilles.example</div>
       <div><h1>FACTURE</h1><div>N° FA-2025-0317</div><div>Date : 11/03/2025</div></div>
     </div>
     <div class="row" style="margin-top:18px"><div></div><div class="client"><b>Client</b><br>L'Herbier de Margaux<br>5 place du Marché<br>26110 Nyons</div></div>
     ${table<Item>(
       [
         { label: 'Réf.', cell: (r) => r.code },
         { label: 'Désignation', cell: (r) => r.description, width: '38%' },
         { label: 'Qté', cell: (r) => String(r.quantity), numeric: true },
         { label: 'P.U. HT', cell: (r) => eur(r.price), numeric: true },
         { label: 'TVA', cell: (r) => `${r.vat} %`, numeric: true },
         { label: 'Total HT', cell: (r) => eur(net(r)), numeric: true },
       ],
       soaps,
     )}
     <div class="totals"><div><span>Total HT</span><span>${eur(soaps.reduce((s, i) => s + net(i), 0))}</span></div></div>
     <p style="margin-top:12px">Conditions de paiement : 30 jours fin de mois. En cas de retard, pénalités au taux légal et indemnité forfaitaire de 40 €.</p>
     <footer>SARL au capital de 8 000 € · SIRET 842 117 305 00019 · RCS Tarascon · TVA intracommunautaire FR 63 842117305</footer>`,
  ),
  want: {
    number: 'FA-2025-0317',
    date: '2025-03-11',
    supplier: 'Savonnerie des Alpilles SARL',
    supplierVat: 'FR63842117305',
    buyer: "L'Herbier de Margaux",
    lines: linesOf(soaps),
  },
};

const teas: Item[] = [
  {
    code: 'TH-11',
    description: 'Thé vert sencha, sachet de 100 g',
    quantity: 40,
    unit: 'sachets',
    price: 6.2,
  },
  {
    code: 'TH-27',
    description: 'Infusion verveine menthe',
    quantity: 25,
    unit: 'sachets',
    price: 4.8,
  },
];

const written: PrintedInvoice = {
  name: 'fr title with number and written date, Facturé à block left, quantity after description, printed with the browser headers and footers',
  margins: {
    printed: '06/05/2025 11:20',
    title: 'Facture 2025-0642',
    url: 'https://gestion.example.fr/factures/642/imprimer',
  },
  html: page(
    `.head { border-bottom: 3px solid #8a5; padding-bottom: 8px; }`,
    `<div class="row head"><b style="font-size:15pt">Maison Théière</b><span class="muted">SAS Maison Théière · 40 rue Lepic · 75018 Paris</span></div>
     <h2 style="margin-top:18px">Facture n° 2025-0642 du 5 mai 2025</h2>
     <div class="row" style="margin-top:14px">
       <div><b>Facturé à</b><br>Épicerie Bonne Graine<br>2 rue Nationale<br>37000 Tours</div>
       <div class="right muted">Commande n° 7713 du 29 avril 2025<br>Mode de règlement : virement</div>
     </div>
     ${table<Item>(
       [
         { label: 'Description', cell: (r) => r.description, width: '50%' },
         { label: 'Quantité', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prix unitaire', cell: (r) => eur(r.price), numeric: true },
         { label: 'Montant', cell: (r) => eur(net(r)), numeric: true },
       ],
       teas,
     )}
     <footer>SAS au capital de 15 000 € · RCS Paris 901 224 118 · N° TVA FR 27 901224118 · IBAN FR76 3000 4000 0312 3456 7890 143</footer>`,
  ),
  want: {
    number: '2025-0642',
    date: '2025-05-05',
    supplier: 'SAS Maison Théière',
    supplierVat: 'FR27901224118',
    buyer: 'Épicerie Bonne Graine',
    lines: linesOf(teas),
  },
};

const returned: Item[] = [
  { code: 'LP-3', description: 'Lampe baladeuse en rotin', quantity: 2, unit: 'u', price: 48 },
  { code: 'AB-7', description: 'Abat-jour en lin 30 cm', quantity: 5, unit: 'u', price: 19.5 },
];

const avoir: PrintedInvoice = {
  name: 'fr avoir: labels above values in a row, reference to the invoice, destinataire left',
  html: page(
    `.meta { display: grid; grid-template-columns: repeat(3, 1fr); border: 1px solid #999; margin-top: 14px; }
     .meta div { padding: 4px 6px; } .meta small { display: block; color: #666; }`,
    `<div class="row"><div><b>Atelier Rotin &amp; Lin</b><br>18 quai de la Fosse<br>44000 Nantes<br>N° TVA : FR 08 877 301 442</div><h1 class="caps" style="font-size:18pt">Avoir</h1></div>
     <div style="margin-top:16px">Destinataire<br><b>Boutique Les Passantes</b><br>9 rue Sainte-Catherine<br>33000 Bordeaux</div>
     <div class="meta"><div><small>Numéro d'avoir</small>AV-0019</div><div><small>Date d'émission</small>14/10/2025</div><div><small>Facture d'origine</small>FA-0411</div></div>
     ${table<Item>(
       [
         { label: 'Désignation', cell: (r) => r.description, width: '46%' },
         { label: 'Qté', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'PU HT', cell: (r) => eur(r.price), numeric: true },
         { label: 'Montant HT', cell: (r) => eur(net(r)), numeric: true },
       ],
       returned,
     )}
     <p style="margin-top:12px">Avoir émis suite au retour de marchandise du 8 octobre 2025.</p>`,
  ),
  want: {
    number: 'AV-0019',
    date: '2025-10-14',
    supplier: 'Atelier Rotin & Lin',
    supplierVat: 'FR08877301442',
    buyer: 'Boutique Les Passantes',
    lines: linesOf(returned),
  },
};

const belgian: Item[] = [
  {
    code: 'CH-70',
    description: 'Tablette chocolat noir 70 %',
    quantity: 150,
    unit: 'pcs',
    price: 2.45,
  },
  {
    code: 'PR-12',
    description: 'Coffret de 12 pralines assorties',
    quantity: 40,
    unit: 'pcs',
    price: 11.9,
  },
];

const belgium: PrintedInvoice = {
  name: 'be invoice: customer right with its own VAT, N° de facture and Date de facture in a grid left',
  html: page(
    `.logo { font-size: 16pt; font-style: italic; }`,
    `<div class="logo">Chocolaterie Verhaegen SRL</div><div class="muted">Rue de la Station 44 · 5000 Namur · TVA BE 0742.118.906</div>
     <div class="row" style="margin-top:20px">
       <div class="grid"><span>N° de facture</span><span>V25-1180</span><span>Date de facture</span><span>02/12/2025</span><span>Échéance</span><span>01/01/2026</span></div>
       <div>Le Comptoir Gourmand SPRL<br>Avenue Louise 120<br>1050 Bruxelles<br>TVA BE 0688.240.715</div>
     </div>
     ${table<Item>(
       [
         { label: 'Article', cell: (r) => r.code },
         { label: 'Libellé', cell: (r) => r.description, width: '40%' },
         { label: 'Quantité', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prix', cell: (r) => eur(r.price), numeric: true },
         { label: 'Total', cell: (r) => eur(net(r)), numeric: true },
       ],
       belgian,
     )}
     <footer>Page 1/1 · IBAN BE68 5390 0754 7034 · RPM Namur</footer>`,
  ),
  want: {
    number: 'V25-1180',
    date: '2025-12-02',
    supplier: 'Chocolaterie Verhaegen SRL',
    supplierVat: 'BE0742118906',
    buyer: 'Le Comptoir Gourmand SPRL',
    lines: linesOf(belgian),
  },
};

const linens: Item[] = [
  {
    code: 'TT-180',
    description: 'Torchon en lin lavé, rayures rouges',
    quantity: 60,
    unit: 'pièces',
    price: 6.4,
  },
  { code: 'NP-50', description: 'Nappe ronde 180 cm', quantity: 8, unit: 'pièces', price: 39 },
];

const quantityFirst: PrintedInvoice = {
  name: 'fr quantity column before the designation, Adresse de facturation left, label grid right',
  html: page(
    `.hd { border-bottom: 1px solid #333; padding-bottom: 6px; }`,
    `<div class="row hd"><div><b>Linge de Maison Berthelot EURL</b><br>7 rue du Moulin, 49300 Cholet</div><div class="caps" style="font-size:15pt">Facture</div></div>
     <div class="row" style="margin-top:16px">
       <div><span class="muted">Adresse de facturation</span><br>Hôtel Le Cormoran<br>1 boulevard de la Mer<br>17410 Saint-Martin-de-Ré</div>
       <div class="grid"><span>Numéro :</span><span>2025-1193</span><span>Date :</span><span>20 novembre 2025</span><span>Client :</span><span>C-0087</span></div>
     </div>
     ${table<Item>(
       [
         { label: 'Qté', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Désignation', cell: (r) => r.description, width: '50%' },
         { label: 'PU HT', cell: (r) => `${money(r.price, 'fr-FR')} €`, numeric: true },
         { label: 'Total HT', cell: (r) => `${money(net(r), 'fr-FR')} €`, numeric: true },
       ],
       linens,
     )}
     <footer>EURL au capital de 5 000 € · SIREN 851 240 337 · TVA FR 90 851240337</footer>`,
  ),
  want: {
    number: '2025-1193',
    date: '2025-11-20',
    supplier: 'Linge de Maison Berthelot EURL',
    supplierVat: 'FR90851240337',
    buyer: 'Hôtel Le Cormoran',
    lines: linesOf(linens),
  },
};

const ceramicsFr: Item[] = [
  { code: 'BL-12', description: 'Bol en grès émaillé 12 cm', quantity: 24, unit: 'u', price: 9.5 },
  {
    code: 'AS-27',
    description: 'Assiette plate en grès 27 cm',
    quantity: 18,
    unit: 'u',
    price: 14,
  },
];

const placeDate: PrintedInvoice = {
  name: 'fr place and date line "Lyon, le 3 décembre 2025", Facture N° in a box, client block right with SIRET',
  html: page(
    `.box { border: 2px solid #333; padding: 6px 10px; display: inline-block; margin-top: 16px; }`,
    `<div class="row"><div><b>Poterie des Monts d'Or</b><br>SARL Poterie des Monts d'Or<br>8 montée des Carrières<br>69450 Saint-Cyr-au-Mont-d'Or</div>
       <div style="margin-top:40px">Le Bazar Gourmand<br>22 rue Mercière<br>69002 Lyon<br>SIRET 912 448 301 00014</div></div>
     <div class="right" style="margin-top:14px">Lyon, le 3 décembre 2025</div>
     <div class="box">Facture N° PMO-2025-118</div>
     ${table<Item>(
       [
         { label: 'Désignation', cell: (r) => r.description, width: '50%' },
         { label: 'Quantité', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Prix unitaire HT', cell: (r) => `${money(r.price, 'fr-FR')} €`, numeric: true },
         { label: 'Total HT', cell: (r) => `${money(net(r), 'fr-FR')} €`, numeric: true },
       ],
       ceramicsFr,
     )}
     <footer>N° TVA intracommunautaire : FR 33 894221076 · Escompte pour paiement anticipé : néant</footer>`,
  ),
  want: {
    number: 'PMO-2025-118',
    date: '2025-12-03',
    supplier: "SARL Poterie des Monts d'Or",
    supplierVat: 'FR33894221076',
    buyer: 'Le Bazar Gourmand',
    lines: linesOf(ceramicsFr),
  },
};

export const FRENCH: PrintedInvoice[] = [
  classic,
  written,
  avoir,
  belgium,
  quantityFirst,
  placeDate,
];
