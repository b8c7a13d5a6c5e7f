/**
 * Browser-printed invoices: what each one prints, and the small shared pieces (page CSS, line
 * tables) their HTML is built from. Every name, number and address is invented.
 */

export type Line = [description: string, quantity: number];

/** The fields a person reads on the printed invoice. */
export interface Printed {
  number: string;
  /** ISO date. */
  date: string;
  supplier: string;
  /** Compacted, as the reader returns it. */
  supplierVat: string | null;
  /** Only where the invoice names one. */
  buyer?: string;
  lines: Line[];
}

/**
 * What the browser prints in the page margins when its "headers and footers" option is on:
 * the print date and time and the page's title at the top, its address and the page number at
 * the bottom.
 */
export interface BrowserMargins {
  printed: string;
  title: string;
  url: string;
}

export interface PrintedInvoice {
  name: string;
  html: string;
  want: Printed;
  margins?: BrowserMargins;
  /** Fields the reader is known not to read on this invoice yet: left out of its check. */
  unchecked?: (keyof Printed)[];
}

const MARGIN_STYLE =
  'font-size:8px;width:100%;display:flex;justify-content:space-between;margin:0 10mm;font-family:Arial,sans-serif';

/** The browser's print options for an invoice: its margins' header and footer, if any. */
export function printOptions(margins?: BrowserMargins) {
  if (!margins) return { preferCSSPageSize: true, printBackground: true };
  return {
    preferCSSPageSize: true,
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: `<div style="${MARGIN_STYLE}"><span>${margins.printed}</span><span>${margins.title}</span><span></span></div>`,
    footerTemplate: `<div style="${MARGIN_STYLE}"><span>${margins.url}</span><span><span class="pageNumber"></span>/<span class="totalPages"></span></span></div>`,
  };
}

/** Page CSS shared by every invoice; each adds its own layout on top. */
export const BASE_CSS = `
  @page { size: A4; margin: 16mm 14mm; }
  body { font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 10pt; color: #222; margin: 0; }
  h1, h2, h3, p { margin: 0; }
  .row { display: flex; justify-content: space-between; gap: 24px; }
  .muted { color: #666; font-size: 8.5pt; }
  .right { text-align: right; }
  .caps { text-transform: uppercase; letter-spacing: 0.18em; }
  .grid { display: grid; grid-template-columns: auto auto; column-gap: 14px; row-gap: 2px; }
  table.lines { width: 100%; border-collapse: collapse; margin-top: 18px; }
  table.lines th { text-align: left; border-bottom: 1px solid #444; padding: 4px 6px; font-size: 9pt; }
  table.lines td { padding: 4px 6px; border-bottom: 1px solid #ddd; vertical-align: top; }
  table.lines .num { text-align: right; white-space: nowrap; }
  .totals { margin-left: auto; width: 42%; margin-top: 10px; }
  .totals div { display: flex; justify-content: space-between; }
  footer { margin-top: 34px; border-top: 1px solid #aaa; padding-top: 6px; font-size: 8pt; color: #555; }
`;

/** A whole page: the shared CSS, the invoice's own, and its body. */
export function page(css: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>${BASE_CSS}${css}</style></head><body>${body}</body></html>`;
}

/** One column of a line table: its header and how a row shows in it. */
export interface Column<R> {
  label: string;
  cell: (row: R, index: number) => string;
  numeric?: boolean;
  width?: string;
}

/** A line table in the column order given; rows as the invoice writes them. */
export function table<R>(columns: Column<R>[], rows: R[]): string {
  const head = columns
    .map(
      (c) =>
        `<th${c.numeric ? ' class="num"' : ''}${c.width ? ` style="width:${c.width}"` : ''}>${c.label}</th>`,
    )
    .join('');
  const body = rows
    .map(
      (row, i) =>
        `<tr>${columns.map((c) => `<td${c.numeric ? ' class="num"' : ''}>${c.cell(row, i)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `<table class="lines"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/** An item row: code, description, quantity, unit and prices as numbers. */
export interface Item {
  code: string;
  description: string;
  quantity: number;
  unit: string;
  price: number;
  discount?: number;
  vat?: number;
}

/** Net amount of a row. */
export function net(item: Item): number {
  return item.quantity * item.price * (1 - (item.discount ?? 0) / 100);
}

/** An amount as a locale writes it ("1.234,50", "1,234.50", "1 234,50"). */
export function money(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** The description and quantity of each item, as the reader should return them. */
export function linesOf(items: Item[]): Line[] {
  return items.map((item) => [item.description, item.quantity]);
}
