/** Polish invoices as web invoicing tools and shop plugins print them. */
import { linesOf, money, net, page, table, type Item, type PrintedInvoice } from './model';

const pln = (v: number) => `${money(v, 'pl-PL')} zł`;

const amber: Item[] = [
  {
    code: 'BR-11',
    description: 'Bransoletka z bursztynem bałtyckim, srebro 925',
    quantity: 25,
    unit: 'szt.',
    price: 64,
    vat: 23,
  },
  {
    code: 'KL-04',
    description: 'Kolczyki bursztynowe',
    quantity: 40,
    unit: 'szt.',
    price: 38.5,
    vat: 23,
  },
  {
    code: 'PD-02',
    description: 'Pudełko prezentowe',
    quantity: 65,
    unit: 'szt.',
    price: 2.2,
    vat: 23,
  },
];

const classic: PrintedInvoice = {
  name: 'pl Faktura VAT nr title, Sprzedawca and Nabywca columns with NIP, Lp. and J.m. columns, printed with the browser headers and footers',
  margins: {
    printed: '21.03.2025, 08:55',
    title: 'FV/41/03/2025',
    url: 'https://faktury.example.pl/faktura/41/druk',
  },
  html: page(
    `.two { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; margin-top: 18px; } .two b.h { display:block; border-bottom: 1px solid #999; }`,
    `<div class="row"><div class="muted">Miejsce wystawienia: Gdańsk</div><div class="right">Data wystawienia: 2025-03-21<br>Data sprzedaży: 2025-03-20</div></div>
     <h2 style="text-align:center; margin-top:16px">Faktura VAT nr FV/41/03/2025</h2>
     <div class="two">
       <div><b class="h">Sprzedawca</b>Bursztynowa Pracownia Sp. z o.o.<br>ul. Mariacka 15<br>80-833 Gdańsk<br>NIP: 583-318-20-47</div>
       <div><b class="h">Nabywca</b>Galeria Jantar Anna Wójcik<br>ul. Floriańska 8<br>31-019 Kraków<br>NIP: 676-228-14-09</div>
     </div>
     ${table<Item>(
       [
         { label: 'Lp.', cell: (_r, i) => String(i + 1) },
         { label: 'Nazwa towaru lub usługi', cell: (r) => r.description, width: '36%' },
         { label: 'Ilość', cell: (r) => String(r.quantity), numeric: true },
         { label: 'J.m.', cell: (r) => r.unit },
         { label: 'Cena netto', cell: (r) => money(r.price, 'pl-PL'), numeric: true },
         { label: 'Stawka VAT', cell: (r) => `${r.vat}%`, numeric: true },
         { label: 'Wartość netto', cell: (r) => money(net(r), 'pl-PL'), numeric: true },
       ],
       amber,
     )}
     <div class="totals"><div><span>Razem do zapłaty</span><span>${pln(amber.reduce((s, i) => s + net(i), 0) * 1.23)}</span></div></div>
     <p style="margin-top:12px">Sposób płatności: przelew, termin płatności 14 dni. Konto: 61 1090 1014 0000 0712 1981 2874</p>`,
  ),
  want: {
    number: 'FV/41/03/2025',
    date: '2025-03-21',
    supplier: 'Bursztynowa Pracownia Sp. z o.o.',
    supplierVat: '5833182047',
    buyer: 'Galeria Jantar Anna Wójcik',
    lines: linesOf(amber),
  },
};

const ceramics: Item[] = [
  {
    code: 'KB-1',
    description: 'Kubek ceramiczny ręcznie malowany, wzór pawie oczko',
    quantity: 36,
    unit: 'szt.',
    price: 29,
  },
  { code: 'TL-2', description: 'Talerz deserowy 20 cm', quantity: 24, unit: 'szt.', price: 22.5 },
];

const written: PrintedInvoice = {
  name: 'pl written date, Faktura nr with labels in a grid right, seller letterhead left, quantity with unit',
  html: page(
    `.logo { font-size: 15pt; color: #235; }`,
    `<div class="row">
       <div><div class="logo">Ceramika Bolesławiecka Kowalczyk</div>Ceramika Bolesławiecka Kowalczyk s.c.<br>ul. Garncarska 4, 59-700 Bolesławiec<br>NIP PL 6121829304</div>
       <div class="grid"><span>Faktura nr</span><span>112/2025</span><span>Data wystawienia</span><span>6 maja 2025 r.</span><span>Termin płatności</span><span>20 maja 2025 r.</span></div>
     </div>
     <div style="margin-top:20px"><b>Nabywca:</b><br>Sklep Dom i Smak Piotr Zieliński<br>ul. Długa 30<br>00-238 Warszawa</div>
     ${table<Item>(
       [
         { label: 'Nazwa', cell: (r) => r.description, width: '46%' },
         { label: 'Ilość', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Cena jedn.', cell: (r) => pln(r.price), numeric: true },
         { label: 'Wartość', cell: (r) => pln(net(r)), numeric: true },
       ],
       ceramics,
     )}
     <footer>Strona 1 z 1 · mBank 14 1140 2004 0000 3102 7714 0051</footer>`,
  ),
  want: {
    number: '112/2025',
    date: '2025-05-06',
    supplier: 'Ceramika Bolesławiecka Kowalczyk s.c.',
    supplierVat: 'PL6121829304',
    buyer: 'Sklep Dom i Smak Piotr Zieliński',
    lines: linesOf(ceramics),
  },
};

const corrected: Item[] = [
  {
    code: 'SW-3',
    description: 'Świeca sojowa w szkle 180 g',
    quantity: 10,
    unit: 'szt.',
    price: 19.9,
  },
];

const correction: PrintedInvoice = {
  name: 'pl correcting invoice: Faktura korygująca nr, reference to the corrected one, Nabywca left Sprzedawca right',
  html: page(
    `.two { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; margin-top: 16px; }`,
    `<h2>Faktura korygująca nr KOR/3/2025</h2>
     <div>Data wystawienia: 14.07.2025</div>
     <div class="muted">Dotyczy faktury nr 77/2025 z dnia 01.07.2025</div>
     <div class="two">
       <div><b>Nabywca</b><br>Kwiaciarnia Storczyk Ewa Nowak<br>ul. Słoneczna 2, 40-001 Katowice<br>NIP 954-271-18-33</div>
       <div><b>Sprzedawca</b><br>Woskowa Chata Sp. j.<br>ul. Leśna 9, 43-300 Bielsko-Biała<br>NIP 547-219-30-88</div>
     </div>
     ${table<Item>(
       [
         { label: 'Lp.', cell: (_r, i) => String(i + 1) },
         { label: 'Nazwa towaru', cell: (r) => r.description, width: '44%' },
         { label: 'Ilość', cell: (r) => `-${r.quantity}`, numeric: true },
         { label: 'Cena netto', cell: (r) => money(r.price, 'pl-PL'), numeric: true },
         { label: 'Wartość netto', cell: (r) => money(-net(r), 'pl-PL'), numeric: true },
       ],
       corrected,
     )}
     <p style="margin-top:10px">Przyczyna korekty: zwrot towaru.</p>`,
  ),
  want: {
    number: 'KOR/3/2025',
    date: '2025-07-14',
    supplier: 'Woskowa Chata Sp. j.',
    supplierVat: '5472193088',
    buyer: 'Kwiaciarnia Storczyk Ewa Nowak',
    lines: [['Świeca sojowa w szkle 180 g', -10]],
  },
};

const wool: Item[] = [
  {
    code: 'WL-1',
    description: 'Włóczka merino 100 g, kolor grafit',
    quantity: 80,
    unit: 'szt.',
    price: 18.4,
  },
  { code: 'DR-5', description: 'Druty bambusowe 5 mm', quantity: 30, unit: 'kpl.', price: 12 },
];

const shop: PrintedInvoice = {
  name: 'pl shop invoice in euro: labels above values, buyer with EU VAT, Numer faktury',
  html: page(
    `.meta { display: grid; grid-template-columns: repeat(3, 1fr); margin-top: 14px; border-top: 1px solid #999; border-bottom: 1px solid #999; }
     .meta div { padding: 4px; } .meta small { display:block; color:#666; }`,
    `<div class="row"><b style="font-size:15pt">Owcza Wełna Sp. z o.o.</b><span class="right muted">ul. Zakopiańska 70, 34-400 Nowy Targ<br>VAT UE: PL7352118406</span></div>
     <div class="meta"><div><small>Numer faktury</small>FS 2025/09/118</div><div><small>Data wystawienia</small>22.09.2025</div><div><small>Waluta</small>EUR</div></div>
     <div style="margin-top:14px"><b>Nabywca</b><br>Strickladen Masche GmbH<br>Bahnhofstraße 4, 79098 Freiburg<br>USt-IdNr. DE291177305</div>
     ${table<Item>(
       [
         { label: 'Kod', cell: (r) => r.code },
         { label: 'Nazwa towaru', cell: (r) => r.description, width: '40%' },
         { label: 'Ilość', cell: (r) => String(r.quantity), numeric: true },
         { label: 'J.m.', cell: (r) => r.unit },
         { label: 'Cena', cell: (r) => `${money(r.price, 'pl-PL')} EUR`, numeric: true },
         { label: 'Wartość', cell: (r) => `${money(net(r), 'pl-PL')} EUR`, numeric: true },
       ],
       wool,
     )}
     <p style="margin-top:12px">Odwrotne obciążenie. Dostawa wewnątrzwspólnotowa.</p>`,
  ),
  want: {
    number: 'FS 2025/09/118',
    date: '2025-09-22',
    supplier: 'Owcza Wełna Sp. z o.o.',
    supplierVat: 'PL7352118406',
    buyer: 'Strickladen Masche GmbH',
    lines: linesOf(wool),
  },
};

const herbs: Item[] = [
  {
    code: 'ZH-1',
    description: 'Herbata ziołowa z melisą, 20 saszetek',
    quantity: 50,
    unit: 'op.',
    price: 9.8,
  },
  {
    code: 'ZH-2',
    description: 'Mięta pieprzowa suszona 100 g',
    quantity: 40,
    unit: 'op.',
    price: 7.2,
  },
];

const herbShop: PrintedInvoice = {
  name: 'pl Nr: under a FAKTURA title, place and dates right, Sprzedawca and Nabywca left and right with NIP',
  html: page(
    `.two { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; margin-top: 16px; }`,
    `<div class="row"><div><h1 class="caps" style="font-size:18pt">Faktura</h1><div>Nr: FV 7/2025</div></div>
       <div class="grid"><span>Miejsce wystawienia:</span><span>Lublin</span><span>Data wystawienia:</span><span>11.02.2025</span><span>Data sprzedaży:</span><span>10.02.2025</span></div></div>
     <div class="two">
       <div><b>Sprzedawca:</b><br>Zielarnia Pod Lipą Marek Sowa<br>ul. Lipowa 3, 20-020 Lublin<br>NIP: 712-290-44-18</div>
       <div><b>Nabywca:</b><br>Apteka Rumianek Sp. z o.o.<br>ul. Ogrodowa 11, 30-301 Kraków<br>NIP: 679-311-05-27</div>
     </div>
     ${table<Item>(
       [
         { label: 'Lp.', cell: (_r, i) => String(i + 1) },
         { label: 'Nazwa', cell: (r) => r.description, width: '40%' },
         { label: 'J.m.', cell: (r) => r.unit },
         { label: 'Ilość', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Cena netto', cell: (r) => money(r.price, 'pl-PL'), numeric: true },
         { label: 'Wartość netto', cell: (r) => money(net(r), 'pl-PL'), numeric: true },
       ],
       herbs,
     )}
     <p style="margin-top:12px">Zapłacono przelewem. Termin płatności: 25.02.2025.</p>`,
  ),
  want: {
    number: 'FV 7/2025',
    date: '2025-02-11',
    supplier: 'Zielarnia Pod Lipą Marek Sowa',
    supplierVat: '7122904418',
    buyer: 'Apteka Rumianek Sp. z o.o.',
    lines: linesOf(herbs),
  },
};

const tools: Item[] = [
  {
    code: '25.73',
    description: 'Nóż ogrodniczy składany',
    quantity: 15,
    unit: 'szt.',
    price: 34,
    discount: 10,
  },
  {
    code: '25.73',
    description: 'Sekator nożycowy 20 cm',
    quantity: 10,
    unit: 'szt.',
    price: 52,
    discount: 0,
  },
];

const pkwiu: PrintedInvoice = {
  name: 'pl written date in the header grid, PKWiU and Rabat columns, Nabywca on the left, Sprzedawca on the right',
  html: page(
    `.two { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; margin-top: 14px; }`,
    `<h2 style="text-align:right">Faktura VAT nr FV/2025/12/004</h2>
     <div class="grid" style="justify-content:end"><span>Data wystawienia:</span><span>3 grudnia 2025 r.</span><span>Data dostawy:</span><span>2 grudnia 2025 r.</span></div>
     <div class="two">
       <div><b>Nabywca</b><br>Ogrody Wiśniewski Sp. k.<br>ul. Polna 40, 62-020 Swarzędz<br>NIP 777-310-22-91</div>
       <div><b>Sprzedawca</b><br>Narzędziownia Mazur Sp. z o.o.<br>ul. Kowalska 5, 90-001 Łódź<br>NIP 725-188-43-02</div>
     </div>
     ${table<Item>(
       [
         { label: 'Lp.', cell: (_r, i) => String(i + 1) },
         { label: 'Nazwa', cell: (r) => r.description, width: '34%' },
         { label: 'PKWiU', cell: (r) => r.code },
         { label: 'Ilość', cell: (r) => String(r.quantity), numeric: true },
         { label: 'J.m.', cell: (r) => r.unit },
         { label: 'Cena netto', cell: (r) => money(r.price, 'pl-PL'), numeric: true },
         { label: 'Rabat', cell: (r) => `${r.discount}%`, numeric: true },
         { label: 'Wartość netto', cell: (r) => money(net(r), 'pl-PL'), numeric: true },
       ],
       tools,
     )}`,
  ),
  want: {
    number: 'FV/2025/12/004',
    date: '2025-12-03',
    supplier: 'Narzędziownia Mazur Sp. z o.o.',
    supplierVat: '7251884302',
    buyer: 'Ogrody Wiśniewski Sp. k.',
    lines: linesOf(tools),
  },
};

export const POLISH: PrintedInvoice[] = [classic, written, correction, shop, herbShop, pkwiu];
