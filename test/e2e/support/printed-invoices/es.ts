/** Spanish invoices as web invoicing tools and shop plugins print them. */
import { linesOf, money, net, page, table, type Item, type PrintedInvoice } from './model';

const eur = (v: number) => `${money(v, 'es-ES')} €`;

const oils: Item[] = [
  {
    code: 'AC-500',
    description: 'Aceite de oliva virgen extra, botella de vidrio 500 ml',
    quantity: 48,
    unit: 'uds.',
    price: 7.35,
    vat: 10,
  },
  {
    code: 'AC-5L',
    description: 'Aceite de oliva virgen extra, garrafa 5 l',
    quantity: 12,
    unit: 'uds.',
    price: 41,
    vat: 10,
  },
];

const classic: PrintedInvoice = {
  name: 'es Nº de factura and written Fecha de emisión, Cliente block right, units after quantity, printed with the browser headers and footers',
  margins: {
    printed: '6/3/25, 12:05',
    title: 'Factura 2025/A/0091',
    url: 'https://facturas.example.es/f/91',
  },
  html: page(
    `h1 { font-size: 20pt; }`,
    `<div class="row">
       <div><b>Almazara Sierra Mágina S.L.</b><br>Calle Real 17<br>23560 Huelma (Jaén)<br>NIF: B23918405</div>
       <div class="right"><h1>FACTURA</h1><div>Nº de factura: 2025/A/0091</div><div>Fecha de emisión: 5 de marzo de 2025</div></div>
     </div>
     <div class="row" style="margin-top:18px"><div></div><div><b>Cliente</b><br>Ultramarinos La Alacena<br>Calle Mayor 62<br>28013 Madrid<br>CIF: B86120337</div></div>
     ${table<Item>(
       [
         { label: 'Código', cell: (r) => r.code },
         { label: 'Concepto', cell: (r) => r.description, width: '40%' },
         { label: 'Cant.', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Precio', cell: (r) => eur(r.price), numeric: true },
         { label: 'IVA', cell: (r) => `${r.vat}%`, numeric: true },
         { label: 'Importe', cell: (r) => eur(net(r)), numeric: true },
       ],
       oils,
     )}
     <div class="totals"><div><span>Base imponible</span><span>${eur(oils.reduce((s, i) => s + net(i), 0))}</span></div></div>
     <p style="margin-top:12px">Forma de pago: transferencia bancaria a 30 días. Inscrita en el Registro Mercantil de Jaén, tomo 1820, folio 41, hoja J-22190.</p>`,
  ),
  want: {
    number: '2025/A/0091',
    date: '2025-03-05',
    supplier: 'Almazara Sierra Mágina S.L.',
    supplierVat: 'B23918405',
    buyer: 'Ultramarinos La Alacena',
    lines: linesOf(oils),
  },
};

const shoes: Item[] = [
  {
    code: 'ESP-38',
    description: 'Alpargata de yute talla 38',
    quantity: 20,
    unit: 'pares',
    price: 14.5,
    discount: 10,
  },
  {
    code: 'ESP-40',
    description: 'Alpargata de yute talla 40',
    quantity: 24,
    unit: 'pares',
    price: 14.5,
    discount: 10,
  },
  {
    code: 'BOL-1',
    description: 'Bolsa de algodón con cordón',
    quantity: 44,
    unit: 'uds.',
    price: 0.9,
    discount: 0,
  },
];

const labelsAbove: PrintedInvoice = {
  name: 'es labels above values (Número, Fecha, Forma de pago), Datos del cliente left, discount column',
  html: page(
    `.meta { display: grid; grid-template-columns: repeat(3, 1fr); background: #f3f3f3; margin-top: 14px; }
     .meta div { padding: 5px 8px; } .meta small { display: block; color: #666; text-transform: uppercase; font-size: 7.5pt; }`,
    `<div class="row"><div class="caps" style="font-size:16pt">Factura</div><div class="right"><b>Calzados Riera S.L.</b><br>Carrer de la Muralla 3, 07001 Palma<br>CIF ES B57281190</div></div>
     <div class="meta"><div><small>Número</small>F250118</div><div><small>Fecha</small>17/06/2025</div><div><small>Forma de pago</small>Recibo domiciliado</div></div>
     <div style="margin-top:16px"><b>Datos del cliente</b><br>Zapatería Ondarreta<br>Paseo de la Concha 8<br>20007 Donostia</div>
     ${table<Item>(
       [
         { label: 'Ref.', cell: (r) => r.code },
         { label: 'Descripción', cell: (r) => r.description, width: '34%' },
         { label: 'Unidades', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Precio ud.', cell: (r) => eur(r.price), numeric: true },
         { label: 'Dto.', cell: (r) => `${r.discount}%`, numeric: true },
         { label: 'Total', cell: (r) => eur(net(r)), numeric: true },
       ],
       shoes,
     )}
     <footer>Página 1 de 1 · IBAN ES91 2100 0418 4502 0005 1332</footer>`,
  ),
  want: {
    number: 'F250118',
    date: '2025-06-17',
    supplier: 'Calzados Riera S.L.',
    supplierVat: 'ESB57281190',
    buyer: 'Zapatería Ondarreta',
    lines: linesOf(shoes),
  },
};

const returned: Item[] = [
  { code: 'CE-9', description: 'Cesta de mimbre mediana', quantity: 3, unit: 'uds.', price: 22 },
];

const rectificativa: PrintedInvoice = {
  name: 'es corrective invoice: Factura rectificativa title, reference to the corrected invoice, Emisor / Receptor columns',
  html: page(
    `.two { display: grid; grid-template-columns: 1fr 1fr; gap: 20px; margin-top: 16px; }`,
    `<h2>Factura rectificativa R-2025-004</h2>
     <div>Fecha: 23/07/2025 · Rectifica a la factura 2025-0388 del 02/07/2025</div>
     <div class="two">
       <div><b>Emisor</b><br>Mimbres del Ebro S.C.<br>Avenida de Navarra 40<br>31500 Tudela<br>NIF J31822760</div>
       <div><b>Receptor</b><br>Casa Lúa Decoración S.L.<br>Rúa do Franco 11<br>15705 Santiago de Compostela<br>NIF B70231144</div>
     </div>
     ${table<Item>(
       [
         { label: 'Descripción', cell: (r) => r.description, width: '50%' },
         { label: 'Cantidad', cell: (r) => `-${r.quantity}`, numeric: true },
         { label: 'Precio', cell: (r) => eur(r.price), numeric: true },
         { label: 'Importe', cell: (r) => eur(-net(r)), numeric: true },
       ],
       returned,
     )}
     <p style="margin-top:12px">Motivo: devolución de mercancía defectuosa.</p>`,
  ),
  want: {
    number: 'R-2025-004',
    date: '2025-07-23',
    supplier: 'Mimbres del Ebro S.C.',
    supplierVat: 'J31822760',
    buyer: 'Casa Lúa Decoración S.L.',
    lines: [['Cesta de mimbre mediana', -3]],
  },
};

const mexican: Item[] = [
  {
    code: 'TX-01',
    description: 'Tapete bordado a mano 60 x 90 cm',
    quantity: 10,
    unit: 'pzas',
    price: 350,
  },
  {
    code: 'TX-02',
    description: 'Camino de mesa de telar de cintura, algodón teñido con tintes naturales',
    quantity: 15,
    unit: 'pzas',
    price: 280,
  },
];

const webShop: PrintedInvoice = {
  name: 'es web shop invoice in US dollars, Factura a block left, meta grid right, description wrapping',
  html: page(
    `.title { font-size: 18pt; color: #b44; }`,
    `<div class="row"><div class="title">Telares de Oaxaca</div><div class="right muted">Telares de Oaxaca S.A. de C.V.<br>Calle Macedonio Alcalá 210, Oaxaca<br>NIF ESN0012345G (registro UE)</div></div>
     <div class="row" style="margin-top:20px">
       <div><b>Factura a</b><br>Hogar Andino S.L.<br>Calle Larios 4<br>29005 Málaga</div>
       <div class="grid"><span>Factura nº</span><span>TO-3308</span><span>Fecha</span><span>1 de septiembre de 2025</span><span>Pedido nº</span><span>W-88120</span><span>Moneda</span><span>USD</span></div>
     </div>
     ${table<Item>(
       [
         { label: 'Producto', cell: (r) => r.description, width: '48%' },
         { label: 'Cantidad', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Precio', cell: (r) => `US$ ${money(r.price, 'es-ES')}`, numeric: true },
         { label: 'Total', cell: (r) => `US$ ${money(net(r), 'es-ES')}`, numeric: true },
       ],
       mexican,
     )}
     <p style="margin-top:12px">Gracias por su compra. Envío por mensajería con seguimiento.</p>`,
  ),
  want: {
    number: 'TO-3308',
    date: '2025-09-01',
    supplier: 'Telares de Oaxaca S.A. de C.V.',
    supplierVat: 'ESN0012345G',
    buyer: 'Hogar Andino S.L.',
    lines: linesOf(mexican),
  },
};

const coffeeEs: Item[] = [
  {
    code: 'CF-1',
    description: 'Café en grano de Colombia 1 kg',
    quantity: 20,
    unit: 'uds.',
    price: 16.5,
  },
  {
    code: 'CF-2',
    description: 'Café molido descafeinado 250 g',
    quantity: 30,
    unit: 'uds.',
    price: 5.25,
  },
];

const tostadero: PrintedInvoice = {
  name: 'es supplier block right with CIF, Cliente block left with NIF, Fecha factura and Nº factura in a row',
  html: page(
    `.meta { display: grid; grid-template-columns: repeat(2, 1fr); margin-top: 14px; border: 1px solid #999; }
     .meta div { padding: 4px 6px; } .meta small { display:block; color:#666; }`,
    `<div class="row">
       <div><b>Cliente</b><br>Cafetería El Puerto<br>Muelle de Levante 2<br>46024 Valencia<br>NIF B98120775</div>
       <div class="right"><b>Tostadero La Molienda S.L.</b><br>Polígono Industrial 14, nave 3<br>50014 Zaragoza<br>CIF B50998431</div>
     </div>
     <div class="meta"><div><small>Nº factura</small>2025-0877</div><div><small>Fecha factura</small>28/11/2025</div></div>
     ${table<Item>(
       [
         { label: 'Artículo', cell: (r) => r.code },
         { label: 'Descripción', cell: (r) => r.description, width: '44%' },
         { label: 'Cantidad', cell: (r) => `${r.quantity} ${r.unit}`, numeric: true },
         { label: 'Precio', cell: (r) => `${money(r.price, 'es-ES')} €`, numeric: true },
         { label: 'Importe', cell: (r) => `${money(net(r), 'es-ES')} €`, numeric: true },
       ],
       coffeeEs,
     )}`,
  ),
  want: {
    number: '2025-0877',
    date: '2025-11-28',
    supplier: 'Tostadero La Molienda S.L.',
    supplierVat: 'B50998431',
    buyer: 'Cafetería El Puerto',
    lines: linesOf(coffeeEs),
  },
};

const ticket: Item[] = [
  { code: '1', description: 'Turrón de almendra 300 g', quantity: 10, unit: 'uds.', price: 8.9 },
  { code: '2', description: 'Polvorones caja surtida', quantity: 12, unit: 'uds.', price: 6.4 },
];

const simplificada: PrintedInvoice = {
  name: 'es simplified invoice: Nº and date with time, narrow receipt-like layout, Uds. column first',
  html: page(
    `body { width: 90mm; margin: 0 auto; } .c { text-align: center; }`,
    `<div class="c"><b>Dulces Artesanos Jijona S.L.</b><br>Av. de la Constitución 8<br>03100 Jijona (Alicante)<br>NIF B03991245</div>
     <div class="c" style="margin-top:10px"><b>FACTURA SIMPLIFICADA</b></div>
     <div>Nº: T-2025-000412<br>Fecha: 03/12/2025 18:41</div>
     ${table<Item>(
       [
         { label: 'Uds.', cell: (r) => String(r.quantity), numeric: true },
         { label: 'Descripción', cell: (r) => r.description },
         { label: 'Importe', cell: (r) => money(net(r), 'es-ES'), numeric: true },
       ],
       ticket,
     )}
     <div style="margin-top:8px">IVA incluido. Gracias por su visita.</div>`,
  ),
  want: {
    number: 'T-2025-000412',
    date: '2025-12-03',
    supplier: 'Dulces Artesanos Jijona S.L.',
    supplierVat: 'B03991245',
    lines: linesOf(ticket),
  },
};

export const SPANISH: PrintedInvoice[] = [
  classic,
  labelsAbove,
  rectificativa,
  webShop,
  tostadero,
  simplificada,
];
