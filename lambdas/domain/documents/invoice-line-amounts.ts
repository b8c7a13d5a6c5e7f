/**
 * The amounts of an invoice table's rows (see `invoice-table.ts`): each row's unit price and line
 * total, and the currency they are in, read from the same positioned cells as its description and
 * quantity (a PDF's text layer, or an OCR engine's words). Generic: no rule names a file, a tool
 * or a supplier.
 *
 * - **columns**: the header's unit-price column ("Prezzo", "Price", "Preis", "Einzelpreis",
 *   "Precio", "Prix", "Prijs", "Cena", "Unit price", "Rate") and its line-total column ("Importo",
 *   "Amount", "Total", "Betrag", "Gesamt", "Importe", "Montant", "Bedrag", "Totaal", "Wartość",
 *   "Netto"); a header set over two or three lines ("Unit Price Excl." over "VAT", "Preis" over
 *   "(€)") is read whole. A cell naming a total wins over a price word in it ("Gesamtpreis",
 *   "Prezzo totale"); the line total is the rightmost total column.
 * - **figures**: a row's numbers under those columns, in EU (1.234,50) or US (1,234.50) form as
 *   the document writes its amounts; percentages, dates and times are no amounts; two amounts run
 *   together by the text layer ("130000.00130000.00") are told apart by their decimals.
 * - **trust**: a row's amounts are kept only when its quantity times its unit price gives its
 *   total within rounding (half a unit of the last decimal printed, at least half a cent, on each
 *   figure). A row with a discount, a negative or missing quantity, a negative figure or a figure
 *   past `MAX_AMOUNT` keeps none: a unit cost is never guessed from it.
 * - **currency**: a currency written in the row's price or total cell ("41,18 €"), else in the
 *   header of those columns ("Einzel/€", "Totaal(EUR)", "Amount USD"); the invoice's currency is
 *   the one its rows share, else the one every currency mark of the document names ("Beträge in
 *   EUR", "Total € Incl. VAT"). A bare "$" (or "kr", "¥") names no single currency: none.
 *
 * Every pattern runs on one cell (at most `MAX_CELL` characters) at a time.
 */
import type { InvoiceLine } from './fattura-pa';
import type { Page, TextCell } from './invoice-cells';

/** No unit price, total or quantity past this is read as a figure (hostile or broken text). */
export const MAX_AMOUNT = 1e9;
const MAX_CELL = 200;

/** A unit-price column's header word. */
const PRICE_HEADER =
  /(?:prezz|price|preis|precio|prix|prijs|\bcena|\beinzel|\bunit\s?(?:price|cost)|\brate\b|\bp\.\s?u\.|\bp\.\s?unit|\bvk\b)/g;
/** A line-total column's header word. */
const TOTAL_HEADER =
  /(?:import[oe]|amount|\btota(?:l|le|al)\b|totaal|betrag|gesamt|montant|bedrag|wartosc|\bnett?o\b|\bvalore\b|\bvalue\b|\bsumme\b)/g;
/** A header or a cell that is itself a tax, discount or rate column (its figures are no amounts). */
const PERCENT = /^\s?%/;

export interface Span {
  x: number;
  end: number;
}

export interface AmountColumns {
  price: Span;
  total: Span;
  /** The currency the columns' headers name, if one. */
  currency: string | null;
}

/** Currency marks and the ISO 4217 code each names (null: names several). */
const CURRENCY_MARKS: [RegExp, string | null][] = [
  [/€|(?<![A-Za-z])EUR(?![A-Za-z])|(?<![\p{L}])[Ee]uro(?:s)?(?![\p{L}])/u, 'EUR'],
  [/£|(?<![A-Za-z])GBP(?![A-Za-z])/, 'GBP'],
  [/(?<![A-Za-z])(?:USD|US\$|U\.S\.\$)(?![A-Za-z])/, 'USD'],
  [/(?<![\p{L}])zł|(?<![A-Za-z])PLN(?![A-Za-z])/u, 'PLN'],
  [/(?<![A-Za-z])SEK(?![A-Za-z])/, 'SEK'],
  [/(?<![A-Za-z])DKK(?![A-Za-z])/, 'DKK'],
  [/(?<![A-Za-z])NOK(?![A-Za-z])/, 'NOK'],
  [/(?<![A-Za-z])CHF(?![A-Za-z])/, 'CHF'],
  [/(?<![A-Za-z])CZK(?![A-Za-z])|(?<![\p{L}])Kč/u, 'CZK'],
  [/(?<![A-Za-z])(?:CNY|RMB)(?![A-Za-z])/, 'CNY'],
  [/(?<![A-Za-z])TRY(?![A-Za-z])/, 'TRY'],
  [/(?<![A-Za-z])(?:CAD|C\$)(?![A-Za-z])/, 'CAD'],
  [/(?<![A-Za-z])(?:AUD|A\$)(?![A-Za-z])/, 'AUD'],
  [/(?<![A-Za-z])HKD(?![A-Za-z])/, 'HKD'],
  [/(?<![A-Za-z])JPY(?![A-Za-z])/, 'JPY'],
  [/(?<![A-Z])\$|¥|(?<![\p{L}])kr\.?(?![\p{L}])/u, null],
];

/** The currencies a text names: ISO codes, and `?` for a mark that names several. */
export function currenciesIn(text: string): Set<string> {
  const out = new Set<string>();
  const cut = text.slice(0, MAX_CELL);
  for (const [mark, code] of CURRENCY_MARKS) if (mark.test(cut)) out.add(code ?? '?');
  // "US$" also holds a bare "$": the code says which dollar.
  if (out.has('USD') || out.has('CAD') || out.has('AUD')) out.delete('?');
  return out;
}

/** The one currency a set of marks names, or null (none, several, or an ambiguous mark). */
function single(currencies: Set<string>): string | null {
  if (currencies.size !== 1) return null;
  const [only] = currencies;
  return only === '?' ? null : only!;
}

/** The currency every currency mark of the document names, or null. */
export function documentCurrency(doc: Page): string | null {
  const all = new Set<string>();
  for (const line of doc.lines)
    for (const cell of line.cells) currenciesIn(cell.text).forEach((c) => all.add(c));
  return single(all);
}

/** The spans of the price and total words of a header cell, each up to the next such word. */
function headerWords(cell: TextCell, folded: string): { kind: 'price' | 'total'; span: Span }[] {
  const text = folded.slice(0, MAX_CELL);
  const hits: { kind: 'price' | 'total'; at: number }[] = [];
  for (const [kind, re] of [
    ['total', TOTAL_HEADER],
    ['price', PRICE_HEADER],
  ] as const) {
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      // A total word wins over a price word in the same words ("Gesamtpreis", "Prezzo totale").
      if (!hits.some((h) => Math.abs(h.at - m!.index) < 12)) hits.push({ kind, at: m.index });
    }
  }
  // A price word right before a total word names one column ("Prezzo totale"): the total's.
  hits.sort((a, b) => a.at - b.at);
  const len = Math.max(1, text.length);
  const width = cell.end - cell.x;
  // A cell that starts with its column's word ("Unit Price Excl.", "Amount USD") is that column.
  if (hits.length === 1 && !/\p{L}/u.test(text.slice(0, hits[0]!.at)))
    return [{ kind: hits[0]!.kind, span: { x: cell.x, end: cell.end } }];
  return hits.map((h, i) => ({
    kind: h.kind,
    span: {
      x: cell.x + (width * h.at) / len,
      end: cell.x + (width * (hits[i + 1]?.at ?? len)) / len,
    },
  }));
}

/** Whether a line holds no figure (a header's other line). */
function wordsOnly(doc: Page, l: number, page: number): boolean {
  const line = doc.lines[l];
  return !!line && line.page === page && !line.cells.some((c) => /\d/.test(c.text));
}

function overlap(a: Span, b: Span): number {
  return Math.min(a.end, b.end) - Math.max(a.x, b.x);
}

/**
 * The price and total columns of the table whose header is line `l`, with the lines over and
 * under it that hold no figure (a header set over several lines), or null without both.
 */
export function amountColumns(doc: Page, l: number): AmountColumns | null {
  const page = doc.lines[l]!.page;
  const headerLines = [l];
  if (wordsOnly(doc, l - 1, page)) headerLines.push(l - 1);
  for (let k = l + 1; k <= l + 2 && wordsOnly(doc, k, page); k += 1) headerLines.push(k);
  // The header line's own words first; its other lines' only for a column it does not name.
  const words = (lines: number[], kind: 'price' | 'total') =>
    lines.flatMap((k) =>
      doc.lines[k]!.cells.flatMap((cell, c) =>
        headerWords(cell, doc.folded[k]![c]!)
          .filter((w) => w.kind === kind)
          .map((w) => w.span),
      ),
    );
  const column = (kind: 'price' | 'total') => {
    const own = words([l], kind);
    return own.length ? own : words(headerLines.slice(1), kind);
  };
  const prices = column('price');
  const totals = column('total');
  const total = totals.sort((a, b) => b.end - a.end)[0];
  if (!total) return null;
  const price = prices
    .filter((p) => overlap(p, total) <= 0 && p.end <= total.end)
    .sort((a, b) => b.end - a.end)[0];
  if (!price) return null;
  // The currency the two columns' headers name ("Einzel/€", "(€)" under "Preis", "Amount USD").
  const marks = new Set<string>();
  for (const k of headerLines)
    for (const cell of doc.lines[k]!.cells)
      if (overlap(cell, price) > 0 || overlap(cell, total) > 0)
        currenciesIn(cell.text).forEach((c) => marks.add(c));
  return { price, total, currency: single(marks) };
}

/** Two amounts run together with the same decimal mark: "130000.00130000.00". */
const RUN_TOGETHER = /(\d([.,])\d{2})(?=\d+\2\d{2}(?!\d))/g;
/** Dates and times, which are no amounts: 2024-03-20, 17.02.26, 02/17/26, 09.10., 08:44. */
const DATE_OR_TIME =
  /\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}\.\d{1,2}\.(?!\d)|\d{1,2}:\d{2}/g;
/** A number: grouped thousands (space, point, comma, apostrophe) and decimals, or plain digits. */
const NUMBER = /[-−]?\d{1,3}(?:[ \u00a0\u202f.,'’]\d{3})+(?!\d)(?:[.,]\d+)?|[-−]?\d+(?:[.,]\d+)?/g;

export interface Figure extends Span {
  value: number;
  /** How many decimals it was printed with. */
  decimals: number;
}

/**
 * A number as the document writes it: the decimal mark is the last of two different marks, or
 * one mark used once unless it is the document's thousands separator before three digits.
 */
export function parseAmount(text: string, decimalComma: boolean): Figure | null {
  const m = /^([-−])?(\d[\d \u00a0\u202f.,'’]*)$/.exec(text.trim());
  if (!m) return null;
  const token = m[2]!.replace(/[ \u00a0\u202f'’]/g, '');
  if (!/^\d+(?:[.,]\d+)*$/.test(token)) return null;
  const marks = token.replace(/\d/g, '');
  let decimal = '';
  if (marks.includes('.') && marks.includes(',')) decimal = marks.at(-1)!;
  else if (marks.length === 1) {
    const groupOfThree = /[.,]\d{3}$/.test(token);
    if (!groupOfThree || marks !== (decimalComma ? '.' : ',')) decimal = marks;
  } else if (marks.length > 1 && new Set(marks).size === 1) {
    // "1.234.567": groups of three only.
    if (!/^\d{1,3}(?:[.,]\d{3})+$/.test(token)) return null;
  }
  const cut = decimal ? token.lastIndexOf(decimal) : token.length;
  const whole = token.slice(0, cut).replace(/[.,]/g, '');
  const fraction = decimal ? token.slice(cut + 1) : '';
  if (decimal && /[.,]/.test(fraction)) return null;
  const value = (m[1] ? -1 : 1) * Number(`${whole}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(value)) return null;
  return { value, decimals: fraction.length, x: 0, end: 0 };
}

/** The numbers of a cell with where each stands (by its share of the cell's characters). */
export function figuresOf(cell: TextCell, decimalComma: boolean): Figure[] {
  const text = cell.text
    .slice(0, MAX_CELL)
    .replace(DATE_OR_TIME, (d) => ' '.repeat(d.length))
    .replace(RUN_TOGETHER, '$1 ');
  const len = Math.max(1, text.length);
  const width = cell.end - cell.x;
  const out: Figure[] = [];
  NUMBER.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = NUMBER.exec(text))) {
    const after = text.slice(m.index + m[0].length);
    // A percentage, or a number inside a word or a code ("EQ4", "#57811", "12kg").
    if (PERCENT.test(after) || /^[\p{L}#/_]/u.test(after)) continue;
    if (m.index > 0 && /[\p{L}\d#/_]/u.test(text[m.index - 1]!)) continue;
    const figure = parseAmount(m[0].replace('−', '-'), decimalComma);
    if (!figure) continue;
    out.push({
      ...figure,
      x: cell.x + (width * m.index) / len,
      end: cell.x + (width * (m.index + m[0].length)) / len,
    });
  }
  return out;
}

/**
 * The figure of a row that stands in a column: the most overlap, else the nearest within the
 * header word's width (a figure set right of its header word).
 */
function figureIn(figures: Figure[], span: Span): Figure | null {
  let best: Figure | null = null;
  let bestScore = -(span.end - span.x);
  for (const f of figures) {
    const score = overlap(f, span);
    if (score > bestScore) {
      best = f;
      bestScore = score;
    }
  }
  return best;
}

/** Whether quantity × unit price gives the total within the rounding of the printed figures. */
export function agrees(quantity: number, price: Figure, total: Figure): boolean {
  const half = (decimals: number) => 0.5 * 10 ** -Math.max(2, decimals);
  const tolerance = Math.abs(quantity) * half(price.decimals) + half(total.decimals) + 1e-9;
  return Math.abs(quantity * price.value - total.value) <= tolerance;
}

/**
 * The line with its unit price, total and currency when its row states them and they agree with
 * its quantity (see the module comment); else the line as it was.
 */
export function withAmounts(
  line: InvoiceLine,
  cells: TextCell[],
  quantityCell: TextCell | undefined,
  columns: AmountColumns | null,
  decimalComma: boolean,
): InvoiceLine {
  const quantity = line.quantity;
  if (!columns || quantity === null || !(quantity > 0) || quantity > MAX_AMOUNT) return line;
  // The quantity's own figure is no amount (a cell may run on into the price: "2 3600.00").
  const figures = cells.flatMap((c) => {
    const found = figuresOf(c, decimalComma);
    return c === quantityCell && found[0]?.value === quantity ? found.slice(1) : found;
  });
  const price = figureIn(figures, columns.price);
  const total = figureIn(figures, columns.total);
  if (!price || !total || price === total) return line;
  if (price.value < 0 || total.value < 0 || price.value > MAX_AMOUNT || total.value > MAX_AMOUNT)
    return line;
  if (!agrees(quantity, price, total)) return line;
  const marks = new Set<string>();
  for (const c of cells)
    if (overlap(c, price) > 0 || overlap(c, total) > 0)
      currenciesIn(c.text).forEach((m) => marks.add(m));
  const currency = marks.size ? single(marks) : columns.currency;
  return { ...line, unitPrice: price.value, amount: total.value, currency };
}

/**
 * The currency of an invoice's amounts: the one its priced lines share (null when they differ),
 * else the document's.
 */
export function invoiceCurrency(lines: readonly InvoiceLine[], doc: Page): string | null {
  const named = new Set(
    lines.filter((l) => typeof l.amount === 'number' && l.currency).map((l) => l.currency!),
  );
  if (named.size > 1) return null;
  return [...named][0] ?? documentCurrency(doc);
}
