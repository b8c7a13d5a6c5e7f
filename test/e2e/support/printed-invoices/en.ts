/** English invoices as web invoicing tools and shop plugins print them. */
import { linesOf, money, net, page, table, type Item, type PrintedInvoice } from './model';

const gbp = (v: number) => `£${money(v, 'en-GB')}`;
const usd = (v: number) => `$${money(v, 'en-US')}`;

const candles: Item[] = [
  {
    code: 'CN-220',
    description: 'Soy wax candle in amber jar, fig and cedar, 220 g',
    quantity: 36,
    unit: 'pcs',
    price: 6.75,
  },
  { code: 'CN-090', description: 'Travel tin candle', quantity: 48, unit: 'pcs', price: 3.2 },
];

const spacedTitle: PrintedInvoice = {
  name: 'en letter-spaced title right, Bill To left, item column before description',
  html: page(
    `.t { font-size: 22pt; font-weight: 300; }`,
    `<div class="row">
       <div><b style="font-size:13pt">Harbourlight Candle Co Ltd</b><br>Unit 4, Quayside Works<br>Whitby YO21 3PT<br>VAT Reg No. GB 274 8813 06</div>
       <div class="right"><div class="t caps">Invoice</div><div class="grid" style="margin-top:8px">
         <span>Invoice Number</span><span>HL-1187</span>
         <span>Invoice Date</span><span>12 June 2025</span>
         <span>Due Date</span><span>12 July 2025</span></div></div>
     </div>
     <div style="margin-top:20px"><b>Bill To</b><br>Pennywort Gifts<br>18 Castle Street<br>Conwy LL32 8AY</div>
     ${table<Item>(
       [
         { label: 'Item', cell: (r) => r.code },
         { label: 'Description', cell: (r) => r.description, width: '42%' },
         { label: 'Unit Cost', cell: (r) => gbp(r.price), numeric: true },
         { label: 'Quantity', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Line Total', cell: (r) => gbp(net(r)), numeric: true },
       ],
       candles,
     )}
     <div class="totals"><div><span>Subtotal</span><span>${gbp(candles.reduce((s, i) => s + net(i), 0))}</span></div></div>
     <p style="margin-top:14px">Notes: please quote the invoice number with your payment. Thank you for your business!</p>
     <footer>Registered in England and Wales No. 09918273 · Sort code 20-00-00 · Account 43218765</footer>`,
  ),
  want: {
    number: 'HL-1187',
    date: '2025-06-12',
    supplier: 'Harbourlight Candle Co Ltd',
    supplierVat: 'GB274881306',
    buyer: 'Pennywort Gifts',
    lines: linesOf(candles),
  },
};

const tools: Item[] = [
  {
    code: 'BK-3',
    description: 'Bamboo kitchen utensil set (5 pieces)',
    quantity: 120,
    unit: 'sets',
    price: 4.15,
  },
  {
    code: 'BK-8',
    description: 'Silicone spatula, heat resistant',
    quantity: 200,
    unit: 'pcs',
    price: 1.35,
  },
  {
    code: 'BK-11',
    description: 'Acacia serving board with handle and leather strap for hanging',
    quantity: 40,
    unit: 'pcs',
    price: 9.6,
  },
];

const numbered: PrintedInvoice = {
  name: 'en numbered rows, "# INV-" under TAX INVOICE, written US date, quantity with unit, printed with the browser headers and footers',
  margins: {
    printed: '7/9/25, 10:14 AM',
    title: 'INV-000482 | Copperfield Home Supply',
    url: 'https://books.example.com/app#/invoices/4410093/print',
  },
  html: page(
    `.hd { display: grid; grid-template-columns: 1fr 1fr; } .big { font-size: 24pt; }`,
    `<div class="hd">
       <div><b>Copperfield Home Supply Inc.</b><br>2200 Alder Ave, Suite 5<br>Portland, OR 97209<br>EIN 93-1827364</div>
       <div class="right"><div class="big">TAX INVOICE</div><div># INV-000482</div><div class="muted">Balance Due</div><b>${usd(1275)}</b></div>
     </div>
     <div class="hd" style="margin-top:18px">
       <div><span class="muted">Bill To</span><br><b>Maplewood Kitchen Store LLC</b><br>41 Birch Road<br>Burlington, VT 05401</div>
       <div class="grid" style="justify-content:end"><span>Invoice Date :</span><span>July 8, 2025</span><span>Terms :</span><span>Net 30</span><span>Due Date :</span><span>August 7, 2025</span></div>
     </div>
     ${table<Item>(
       [
         { label: '#', cell: (_r, i) => String(i + 1) },
         { label: 'Item &amp; Description', cell: (r) => r.description, width: '46%' },
         { label: 'Qty', cell: (r) => `${money(r.quantity, 'en-US')} ${r.unit}`, numeric: true },
         { label: 'Rate', cell: (r) => money(r.price, 'en-US'), numeric: true },
         { label: 'Amount', cell: (r) => money(net(r), 'en-US'), numeric: true },
       ],
       tools,
     )}
     <p style="margin-top:12px">Terms &amp; Conditions: goods remain our property until paid in full.</p>
     <footer>Page 1 of 1</footer>`,
  ),
  want: {
    number: 'INV-000482',
    date: '2025-07-08',
    supplier: 'Copperfield Home Supply Inc.',
    supplierVat: null,
    buyer: 'Maplewood Kitchen Store LLC',
    lines: linesOf(tools),
  },
};

const returned: Item[] = [
  { code: 'YG-1', description: 'Cork yoga block', quantity: 15, unit: 'pcs', price: 7.5, vat: 20 },
  {
    code: 'YG-4',
    description: 'Cotton yoga strap 2.5 m',
    quantity: 10,
    unit: 'pcs',
    price: 4.4,
    vat: 20,
  },
];

const creditNote: PrintedInvoice = {
  name: 'en credit note, Bill to and Ship to side by side, VAT rate column, Page 1 of 1',
  html: page(
    `.addr { display: grid; grid-template-columns: 1fr 1fr 1fr; margin-top: 18px; }`,
    `<div class="row"><h2>CREDIT NOTE</h2><div class="muted">Page 1 of 1</div></div>
     <div class="grid" style="margin-top:8px"><span>Credit Note No:</span><span>CN-0031</span><span>Date:</span><span>02/09/2025</span><span>Original invoice:</span><span>INV-2291</span></div>
     <div class="addr">
       <div><b>From</b><br>Stillwater Wellness Ltd<br>9 Mill Lane<br>Bath BA1 5DQ<br>VAT No: GB 318 2207 44</div>
       <div><b>Bill to</b><br>Oakhouse Studio<br>27 Canal Walk<br>Leeds LS1 4BR</div>
       <div><b>Ship to</b><br>Oakhouse Studio (rear door)<br>27 Canal Walk<br>Leeds LS1 4BR</div>
     </div>
     ${table<Item>(
       [
         { label: 'Description', cell: (r) => r.description, width: '40%' },
         { label: 'Qty', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Unit price', cell: (r) => gbp(r.price), numeric: true },
         { label: 'VAT', cell: (r) => `${r.vat}%`, numeric: true },
         { label: 'Net', cell: (r) => gbp(net(r)), numeric: true },
       ],
       returned,
     )}
     <p style="margin-top:12px">Reason: items returned unopened within 14 days.</p>`,
  ),
  want: {
    number: 'CN-0031',
    date: '2025-09-02',
    supplier: 'Stillwater Wellness Ltd',
    supplierVat: 'GB318220744',
    buyer: 'Oakhouse Studio',
    lines: linesOf(returned),
  },
};

const printsEu: Item[] = [
  {
    code: 'A3-OAK',
    description: 'Framed botanical print A3, oak frame',
    quantity: 20,
    unit: 'pcs',
    price: 22,
  },
  {
    code: 'A4-BLK',
    description: 'Framed botanical print A4, black frame',
    quantity: 35,
    unit: 'pcs',
    price: 14.5,
    discount: 5,
  },
];

const euro: PrintedInvoice = {
  name: 'en Irish invoice in euro: labels left of values under the title, discount column, footer company data',
  html: page(
    `.t { font-size: 18pt; margin-bottom: 8px; }`,
    `<div class="row">
       <div><div class="t">Invoice</div><div class="grid"><span>Invoice no.</span><span>2025-0417</span><span>Date</span><span>21 Oct 2025</span><span>Your ref.</span><span>PO 5521</span></div></div>
       <div class="right"><b>Fernhill Prints Limited</b><br>Unit 12, Kiltiernan Business Park<br>Dublin 18, D18 X2K4<br>VAT IE 6388047V</div>
     </div>
     <div style="margin-top:20px"><b>Invoice to:</b><br>Lanterne Interiors SARL<br>14 rue des Tanneurs<br>67000 Strasbourg, France<br>VAT FR 41 829 114 507</div>
     ${table<Item>(
       [
         { label: 'SKU', cell: (r) => r.code },
         { label: 'Description', cell: (r) => r.description, width: '38%' },
         { label: 'Qty', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Price', cell: (r) => `€${money(r.price, 'en-IE')}`, numeric: true },
         { label: 'Disc.', cell: (r) => (r.discount ? `${r.discount}%` : '–'), numeric: true },
         { label: 'Total', cell: (r) => `€${money(net(r), 'en-IE')}`, numeric: true },
       ],
       printsEu,
     )}
     <p style="margin-top:12px">Intra-Community supply, reverse charge applies.</p>
     <footer>Fernhill Prints Limited · Registered in Ireland No. 651204 · IBAN IE29 AIBK 9311 5212 3456 78</footer>`,
  ),
  want: {
    number: '2025-0417',
    date: '2025-10-21',
    supplier: 'Fernhill Prints Limited',
    supplierVat: 'IE6388047V',
    buyer: 'Lanterne Interiors SARL',
    lines: linesOf(printsEu),
  },
};

const stickers: Item[] = [
  {
    code: 'ST-1',
    description: 'Die-cut vinyl stickers, matte, 3 in',
    quantity: 500,
    unit: 'pcs',
    price: 0.42,
  },
  {
    code: 'ST-2',
    description: 'Holographic sticker sheet A6 with six designs and a backing card',
    quantity: 150,
    unit: 'pcs',
    price: 1.85,
  },
];

const checkout: PrintedInvoice = {
  name: 'en payment-platform invoice: Invoice number / Date of issue / Date due stacked left, Bill to under it',
  html: page(
    `.t { font-size: 20pt; font-weight: 600; } .pair { display: grid; grid-template-columns: 120px auto; }`,
    `<div class="row"><div class="t">Invoice</div><div><b>Lumen Paper Goods LLC</b></div></div>
     <div class="pair" style="margin-top:10px"><span>Invoice number</span><span>LPG-7F3A-0012</span><span>Date of issue</span><span>November 3, 2025</span><span>Date due</span><span>December 3, 2025</span></div>
     <div class="row" style="margin-top:16px">
       <div><b>Lumen Paper Goods LLC</b><br>85 Water Street<br>Brooklyn, NY 11201<br>hello@lumenpaper.example</div>
       <div><b>Bill to</b><br>Stationery Nook<br>300 Pine Avenue<br>Long Beach, CA 90802</div>
     </div>
     <h3 style="margin-top:16px">${usd(797.5)} due December 3, 2025</h3>
     ${table<Item>(
       [
         { label: 'Description', cell: (r) => r.description, width: '52%' },
         { label: 'Qty', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Unit price', cell: (r) => usd(r.price), numeric: true },
         { label: 'Amount', cell: (r) => usd(net(r)), numeric: true },
       ],
       stickers,
     )}
     <footer>Page 1 of 1 · LPG-7F3A-0012 · ${usd(797.5)} due December 3, 2025</footer>`,
  ),
  want: {
    number: 'LPG-7F3A-0012',
    date: '2025-11-03',
    supplier: 'Lumen Paper Goods LLC',
    supplierVat: null,
    buyer: 'Stationery Nook',
    lines: linesOf(stickers),
  },
};

const bulk: Item[] = [
  {
    code: 'BX-S',
    description: 'Corrugated mailer box, small',
    quantity: 1200,
    unit: 'pcs',
    price: 0.38,
  },
  {
    code: 'BX-M',
    description: 'Corrugated mailer box, medium',
    quantity: 800,
    unit: 'pcs',
    price: 0.52,
  },
  {
    code: 'TP-48',
    description: 'Packing tape 48 mm x 66 m',
    quantity: 144,
    unit: 'rolls',
    price: 1.1,
  },
];

const boxedHeader: PrintedInvoice = {
  name: 'en boxed header row (Invoice # / Date / Customer ID / Terms) over its values, Ship To beside Bill To, thousands in quantities',
  html: page(
    `.box { width: 100%; border-collapse: collapse; margin-top: 14px; } .box th, .box td { border: 1px solid #666; padding: 3px 6px; text-align: center; }`,
    `<div class="row"><div><b style="font-size:14pt">Northfield Packaging Corp.</b><br>1400 Industrial Pkwy<br>Columbus, OH 43219</div><h1 style="color:#357">INVOICE</h1></div>
     <table class="box"><tr><th>Invoice #</th><th>Date</th><th>Customer ID</th><th>Terms</th></tr>
       <tr><td>100871</td><td>12/04/2025</td><td>C-5520</td><td>Net 30</td></tr></table>
     <div class="row" style="margin-top:14px">
       <div><b>Bill To:</b><br>Harbor &amp; Pine Goods<br>77 Wharf St<br>Portland, ME 04101</div>
       <div><b>Ship To:</b><br>Harbor &amp; Pine Goods Warehouse<br>12 Depot Rd<br>Westbrook, ME 04092</div>
     </div>
     ${table<Item>(
       [
         { label: 'Item #', cell: (r) => r.code },
         { label: 'Description', cell: (r) => r.description, width: '40%' },
         { label: 'Qty', cell: (r) => r.quantity.toLocaleString('en-US'), numeric: true },
         { label: 'Unit Price', cell: (r) => money(r.price, 'en-US'), numeric: true },
         { label: 'Total', cell: (r) => money(net(r), 'en-US'), numeric: true },
       ],
       bulk,
     )}
     <p style="margin-top:10px">Make all checks payable to Northfield Packaging Corp. Thank you for your business!</p>`,
  ),
  want: {
    number: '100871',
    date: '2025-12-04',
    supplier: 'Northfield Packaging Corp.',
    supplierVat: null,
    buyer: 'Harbor & Pine Goods',
    lines: linesOf(bulk),
  },
};

export const ENGLISH: PrintedInvoice[] = [
  spacedTitle,
  numbered,
  creditNote,
  euro,
  checkout,
  boxedHeader,
];
