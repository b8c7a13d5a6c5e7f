/**
 * Invoice fields from the text of a document that is not a FatturaPA (a PDF, mostly): number,
 * invoice date, supplier name and VAT id, buyer, and the lines of a table that shows quantities.
 * Labels are read in Italian, English, German, French, Spanish, Dutch and Polish.
 *
 * The text comes as lines of cells (a cell is text without a wide gap; PDFs give each cell its
 * position on the page, plain text gets positions from character offsets). A label's value is
 * looked for, in this order: after the label in its own cell, in the next cell of the line, in
 * the cell under the label on the next two lines (forms that print labels above values).
 *
 * - **number**: a label that names an invoice or document number ("Rechnungsnr.", "N°",
 *   "Invoice #", "Factuurnummer", "Faktura nr", "Nr Documento"...), else a bare "Invoice 123"
 *   / "Rechnung R-7" title; the value must hold a digit and not be a date.
 * - **date**: a label that names the invoice or issue date ("Rechnungsdatum", "Invoice Date",
 *   "Fecha de emisión"...), else a plain date label ("Datum", "Date", "Data", "den") that is not
 *   about an order, a due date, a delivery or a service period, else the first date of the text
 *   that is not next to such words. Dates are numeric (day first; month first when only that
 *   reading is valid, as in US invoices) or written ("7. Mai 2014", "August 3, 2014",
 *   "02 Juillet 2015", "3 sierpnia 2014").
 * - **supplier / buyer**: columns headed by the parties ("Aussteller" / "Empfänger", "Emisor" /
 *   "Destinatario"...) give both names and VAT ids; otherwise the supplier's name is the first
 *   early cell with a legal form (GmbH, S.p.A., Inc., B.V. ...), and its VAT id the first one
 *   labelled away from the customer's details (customer number, "Bill to"...).
 * - **lines**: under a table header with a description column and a quantity column, each row's
 *   description and quantity (decimal comma read), up to the totals.
 * - **several invoices in one file**: pages that carry different invoice numbers are read as
 *   separate invoices; a page without a number belongs to the invoice before it.
 *
 * Every pattern runs on one cell at a time, and none of them can backtrack over a long run of its
 * input.
 */
import type { Invoice, InvoiceLine, InvoiceParty } from './fattura-pa';

export interface TextCell {
  /** Left and right edge (PDF points, or character offsets for plain text). */
  x: number;
  end: number;
  text: string;
}
export interface TextLine {
  /** 0-based page. */
  page: number;
  cells: TextCell[];
}

/** Cells of plain text: runs separated by two or more spaces or a tab; pages by form feeds. */
export function linesFromText(text: string): TextLine[] {
  const out: TextLine[] = [];
  text.split('\f').forEach((pageText, page) => {
    for (const raw of pageText.split('\n')) {
      const cells: TextCell[] = [];
      const re = /\S+(?: \S+)*/g;
      let m: RegExpExecArray | null;
      while ((m = re.exec(raw))) {
        cells.push({ x: m.index, end: m.index + m[0].length, text: m[0] });
      }
      if (cells.length) out.push({ page, cells });
    }
  });
  return out;
}

/** Lowercase, accents removed, one character for one (so positions carry over to the original). */
function fold(text: string): string {
  let out = '';
  for (const c of text) {
    const base = c.normalize('NFKD')[0] ?? c;
    const lower = base.toLowerCase();
    // Keep one UTF-16 unit per unit of the original.
    out += lower.length === c.length ? lower : c.length === 1 ? (lower[0] ?? c) : c;
  }
  return out;
}

/** Unicode dashes and quotes as ASCII, other compatibility forms (№ → No) spelled out. */
export function normalizeInvoiceText(text: string): string {
  return text
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\u2116/g, 'N°');
}

// ---------------------------------------------------------------------------------------------
// Dates

const MONTH_NAMES: [string, number][] = [
  // en, it, de, fr, es, nl, pl (nominative and genitive), folded
  ...[
    'january gennaio januar janner janvier enero januari styczen stycznia',
    'february febbraio februar fevrier febrero februari luty lutego',
    'march marzo marz mars maart marzec marca',
    'april aprile avril abril kwiecien kwietnia',
    'may maggio mai mayo mei maj maja',
    'june giugno juni juin junio czerwiec czerwca',
    'july luglio juli juillet julio lipiec lipca',
    'august agosto aout augustus sierpien sierpnia',
    'september settembre septembre septiembre setiembre wrzesien wrzesnia',
    'october ottobre oktober octobre octubre pazdziernik pazdziernika',
    'november novembre noviembre listopad listopada',
    'december dicembre dezember decembre diciembre grudzien grudnia',
  ].flatMap((names, i) => names.split(' ').map((name): [string, number] => [name, i + 1])),
];

/** The month a word names, in full or abbreviated to at least three letters ("Sept", "Juil"). */
function monthOf(word: string): number | null {
  const w = fold(word).replace(/\.$/, '');
  if (w.length < 3) return null;
  for (const [name, month] of MONTH_NAMES) if (name === w) return month;
  for (const [name, month] of MONTH_NAMES) if (name.startsWith(w)) return month;
  return null;
}

function isoDate(year: number, month: number, day: number): string | null {
  const y = year < 100 ? 2000 + year : year;
  const date = new Date(Date.UTC(y, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || y < 1990 || y > 2100)
    return null;
  return date.toISOString().slice(0, 10);
}

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/;
const NUMERIC = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?!\d)/;
const DAY_MONTH_YEAR = /^(\d{1,2})\.?\s?(?:de\s)?([\p{L}]{3,12}\.?)\s?(?:de\s)?(\d{4})(?!\d)/u;
const MONTH_DAY_YEAR = /^([\p{L}]{3,12}\.?)\s(\d{1,2}),?\s(\d{4})(?!\d)/u;

/** A date at the start of `text`, as yyyy-mm-dd, or null. */
export function dateAtStart(text: string): string | null {
  const t = text.trim();
  let m = ISO.exec(t);
  if (m) return isoDate(+m[1]!, +m[2]!, +m[3]!);
  m = NUMERIC.exec(t);
  if (m) return isoDate(+m[3]!, +m[2]!, +m[1]!) ?? isoDate(+m[3]!, +m[1]!, +m[2]!);
  m = DAY_MONTH_YEAR.exec(t);
  if (m) {
    const month = monthOf(m[2]!);
    if (month) return isoDate(+m[3]!, month, +m[1]!);
  }
  m = MONTH_DAY_YEAR.exec(t);
  if (m) {
    const month = monthOf(m[1]!);
    if (month) return isoDate(+m[3]!, month, +m[2]!);
  }
  return null;
}

/** The first date anywhere in `text` (tried at the start of each word). */
function dateIn(text: string): string | null {
  const starts = /(?:^|[\s(,;])(?=[\p{L}\d])/gu;
  let m: RegExpExecArray | null;
  while ((m = starts.exec(text))) {
    const date = dateAtStart(text.slice(m.index + m[0].length, m.index + m[0].length + 40));
    if (date) return date;
    if (m[0].length === 0) starts.lastIndex += 1;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Labels

const INVOICE_WORD = '(?:invoice|fattura|rechnung|facture|factura|factuur|faktura)';
/** A number word after the invoice word, never the start of a longer word ("note"). */
const NUMBER_WORD = '(?:number|numero|nummer|num\\.?|nr\\.?|no\\.?|n°|n\\.|n|#|id)(?![a-z])';

const NUMBER_LABELS: RegExp[] = [
  new RegExp(`${INVOICE_WORD}(?:\\s?vat)?\\s?${NUMBER_WORD}`),
  /\b(?:rechnungs|factuur|faktura)(?:nummer|nr\.?)(?![a-z])/,
  /\b(?:numero|n°|nr\.?|no\.?|n\.|num\.?)\s?(?:de\s|di\s|de la\s|della\s)?(?:fattura|facture|factura|faktury|documento|document|beleg)(?![a-z])/,
  /\b(?:numer|nr)\s?faktury\b/,
  /\b(?:id de factura|invoice id|belegnummer|belegnr\.?|document (?:no|number)\.?)(?![a-z])/,
];
const BARE_NUMBER_LABEL = new RegExp(`\\b${INVOICE_WORD}(?![a-z])`);

const DATE_LABELS: RegExp[] = [
  /(?:rechnungs|factuur|faktura|ausstellungs|beleg)datum/,
  /\b(?:invoice|tax point) date\b/,
  /\bdate (?:of (?:issue|invoice)|issued)\b/,
  /\bissue date\b/,
  /\bdata (?:della |di )?(?:fattura|documento|emissione)\b/,
  /\bdate (?:de (?:la )?)?(?:facture|facturation)\b/,
  /\bdate d'?\s?emission\b/,
  /\bfecha (?:de )?(?:emision|factura|expedicion)\b/,
  /\bdata (?:wystawienia|faktury)\b/,
  /\bdatum (?:faktury|rechnung)\b/,
];
const PLAIN_DATE_LABEL = /\b(?:datum|date|data|fecha|dated|den|del|dnia)\b/;
/** Dates next to these words are not the invoice's. */
const OTHER_DATE_WORDS =
  /(?:due|fallig|scadenz|echeance|vencimiento|verval|termin|liefer|leistung|deliver|consegna|livraison|entrega|lever|dostaw|order|bestell|auftrag|ordine|commande|pedido|druck|print|payment|zahl|pagamento|paiement|pago|betaling|platnos|ship|versand|spedizion|expedi|envio|period|zeitraum|periodo|von|bis|until|valid|gultig|ontvangst|received)/;

const BUYER_WORDS =
  /(?:kunde|customer|cliente|client|spett|bill to|sold to|ship to|empfanger|destinatari|destinataire|afnemer|debiteur|nabywca|odbiorca|cessionario|buyer|klant|acquirente|committente|factureren aan|facturer a)/;
const SUPPLIER_HEADINGS =
  /^(?:aussteller|rechnungssteller|emisor|emetteur|emittente|fornitore|cedente|prestatore|supplier|seller|vendor|from|leverancier|crediteur|sprzedawca|verkaufer|lieferant|prestataire|vendeur|proveedor)\b/;
const BUYER_HEADINGS =
  /^(?:empfanger|rechnungsempfanger|destinatario|destinataire|bill to|sold to|customer|cliente|client|buyer|afnemer|nabywca|kunde|acquirente|committente|cessionario|to)\b/;

const VAT_LABEL =
  /(?:ust\.?\s?-?\s?id\.?\s?-?\s?nr|ust-?id|\bid-?nr|\bvat\b(?:\s?(?:reg(?:istration)?\.?)?\s?(?:no|number|id|nr)?\.?)?|partita iva|\bp\.?\s?iva|\bbtw\b(?:\s?(?:nummer|nr|id))?|\btva\b(?: intracom\w*)?|\bnif\b|\bcif\b|\bnip\b|mwst-?nr|vat identification|tax id)/;
const VAT_VALUE = /^(?:[A-Z]{2})?[0-9A-Z]{7,14}$/;

const LEGAL_FORM =
  /\b(?:gmbh(?: & co\.? kg)?|mbh|ag|kg|ohg|e\.k\.|ug|s\.?p\.?a\.?|s\.?r\.?l\.?s?|s\.?n\.?c\.?|s\.?a\.?s\.?|s\.?a\.?r\.?l\.?|s\.?l\.?u?|s\.?a\.?|inc\.?|ltd\.?|llc|plc|corp(?:oration)?\.?|b\.?v\.?|n\.?v\.?|bvba|sp\. z o\.o\.|s\.c\.|company|co\.)(?=$|[\s,|•·])/;

interface Hit {
  line: number;
  cell: number;
  /** Where the label ends in the cell. */
  end: number;
}

function* labelHits(lines: TextLine[], folded: string[][], labels: RegExp[]): Generator<Hit> {
  for (let l = 0; l < lines.length; l += 1) {
    for (let c = 0; c < lines[l]!.cells.length; c += 1) {
      for (const label of labels) {
        const m = label.exec(folded[l]![c]!);
        if (m) {
          yield { line: l, cell: c, end: m.index + m[0].length };
          break;
        }
      }
    }
  }
}

/** Nothing but punctuation: a separator cell such as ":" or "#". */
const PUNCTUATION_ONLY = /^[\s:.#\-–|]*$/;

/** The texts a label's value may be in, in the order they are tried (see the module comment). */
function candidates(lines: TextLine[], hit: Hit): string[] {
  const line = lines[hit.line]!;
  const cell = line.cells[hit.cell]!;
  const out: string[] = [];
  const rest = cell.text.slice(hit.end).replace(/^[\s:.#\-|]+/, '');
  if (rest) out.push(rest);
  else {
    const next = line.cells.slice(hit.cell + 1).find((c) => !PUNCTUATION_ONLY.test(c.text));
    if (next) out.push(next.text.replace(/^[\s:#|]+/, ''));
    for (let l = hit.line + 1; l <= hit.line + 2 && l < lines.length; l += 1) {
      if (lines[l]!.page !== line.page) break;
      const under = lines[l]!.cells.find((c) => c.x < cell.end && c.end > cell.x);
      if (under) out.push(under.text);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fields

const MAX_NUMBER_CHARS = 40;

function numberValue(text: string): string | null {
  const m = /^#?\s?([\p{L}\d][\p{L}\d_./-]*)/u.exec(text);
  if (!m) return null;
  let value = m[1]!;
  while (/[.\-/]$/.test(value)) value = value.slice(0, -1);
  if (!/\d/.test(value) || value.length > MAX_NUMBER_CHARS) return null;
  // A date is not a number.
  if (/^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}$/.test(value) || /^\d{4}-\d{2}-\d{2}$/.test(value))
    return null;
  return value;
}

/** The first value a label gives that `parse` accepts; `skip` passes over some label hits. */
function labelledValue(
  lines: TextLine[],
  folded: string[][],
  labels: RegExp[],
  parse: (text: string) => string | null,
  skip: (hit: Hit) => boolean = () => false,
): string | null {
  for (const hit of labelHits(lines, folded, labels)) {
    if (skip(hit)) continue;
    for (const text of candidates(lines, hit)) {
      const value = parse(text);
      if (value) return value;
    }
  }
  return null;
}

function findNumber(lines: TextLine[], folded: string[][]): string | null {
  const labelled = labelledValue(lines, folded, NUMBER_LABELS, numberValue);
  if (labelled) return labelled;
  // A title such as "Invoice 103767" or "Rechnung R0005532486": the value in the same cell.
  for (const hit of labelHits(lines, folded, [BARE_NUMBER_LABEL])) {
    const rest = lines[hit.line]!.cells[hit.cell]!.text.slice(hit.end).replace(/^[\s:#]+/, '');
    const value = rest ? numberValue(rest) : null;
    if (value && /^\S*\d/.test(rest)) return value;
  }
  return null;
}

function findDate(lines: TextLine[], folded: string[][]): string | null {
  const labelled =
    labelledValue(lines, folded, DATE_LABELS, dateAtStart) ??
    labelledValue(lines, folded, [PLAIN_DATE_LABEL], dateAtStart, (hit) =>
      OTHER_DATE_WORDS.test(folded[hit.line]![hit.cell]!.slice(0, hit.end)),
    );
  if (labelled) return labelled;
  // No label: the first date that no other kind of date's words stand next to.
  for (let l = 0; l < lines.length; l += 1) {
    for (let c = 0; c < lines[l]!.cells.length; c += 1) {
      const previous = c > 0 ? folded[l]![c - 1]! : '';
      if (OTHER_DATE_WORDS.test(folded[l]![c]!) || OTHER_DATE_WORDS.test(previous)) continue;
      const date = dateIn(lines[l]!.cells[c]!.text);
      if (date) return date;
    }
  }
  return null;
}

function vatValue(text: string): string | null {
  const m = /^[A-Za-z]{0,2}[\s.]?[0-9][0-9A-Za-z .]{5,20}/.exec(text.trim());
  if (!m) return null;
  const value = m[0].replace(/[\s.]/g, '').toUpperCase();
  const digits = value.replace(/\D/g, '').length;
  return VAT_VALUE.test(value) && digits >= 7 ? value : null;
}

interface Columns {
  supplier: TextCell[];
  buyer: TextCell[];
}

/** The cells under a line headed by both parties ("Empfänger  Aussteller"), column by column. */
function partyColumns(lines: TextLine[], folded: string[][]): Columns | null {
  for (let l = 0; l < lines.length; l += 1) {
    const cells = lines[l]!.cells;
    const s = folded[l]!.findIndex((f) => SUPPLIER_HEADINGS.test(f));
    const b = folded[l]!.findIndex((f) => BUYER_HEADINGS.test(f));
    if (s < 0 || b < 0 || s === b) continue;
    const column = (heading: TextCell, other: TextCell): TextCell[] => {
      const out: TextCell[] = [];
      for (let k = l + 1; k < Math.min(lines.length, l + 9); k += 1) {
        const under = lines[k]!.cells.filter((c) =>
          heading.x < other.x ? c.x < other.x - 1 && c.end > heading.x : c.end > heading.x - 1,
        );
        const nearest = under.sort(
          (p, q) => Math.abs(p.x - heading.x) - Math.abs(q.x - heading.x),
        )[0];
        if (nearest) out.push(nearest);
      }
      return out;
    };
    return {
      supplier: column(cells[s]!, cells[b]!),
      buyer: column(cells[b]!, cells[s]!),
    };
  }
  return null;
}

function partyFromColumn(cells: TextCell[]): InvoiceParty {
  const vat = cells.map((c) => vatValue(c.text.replace(/^.*:\s?/, ''))).find(Boolean) ?? null;
  return { name: cells[0]?.text.trim() || null, vat, taxCode: null };
}

/** The supplier's name: the first early cell with a legal form, cut after it. */
function nameWithLegalForm(lines: TextLine[], folded: string[][]): string | null {
  for (let l = 0; l < Math.min(lines.length, 15); l += 1) {
    for (let c = 0; c < lines[l]!.cells.length; c += 1) {
      const f = folded[l]![c]!;
      if (BUYER_WORDS.test(f)) continue;
      const m = LEGAL_FORM.exec(f);
      if (m && m.index > 0) {
        const name = lines[l]!.cells[c]!.text.slice(0, m.index + m[0].length).trim();
        if (/\p{L}{2}/u.test(name.slice(0, m.index))) return name.replace(/^[\s|•·,]+/, '');
      }
    }
  }
  return null;
}

/**
 * The letterhead: the first cell of the first line, when it is a name (words, no digits, no
 * label, not the document's title, not the customer's block).
 */
function letterhead(lines: TextLine[], folded: string[][]): string | null {
  const first = lines[0]?.cells[0];
  const f = folded[0]?.[0] ?? '';
  if (!first || /[\d:@]/.test(first.text) || !/\p{L}{2,}.*\s.*\p{L}{2,}/u.test(first.text))
    return null;
  if (BARE_NUMBER_LABEL.test(f) || BUYER_WORDS.test(f) || /^(?:bill|page|seite|pagina)\b/.test(f))
    return null;
  return first.text.trim();
}

/** VAT ids by their labels, in reading order, each marked when it sits with the customer's data. */
function labelledVats(lines: TextLine[], folded: string[][]): { vat: string; buyer: boolean }[] {
  const out: { vat: string; buyer: boolean }[] = [];
  for (const hit of labelHits(lines, folded, [VAT_LABEL])) {
    for (const text of candidates(lines, hit)) {
      const vat = vatValue(text);
      if (!vat) continue;
      const context = [hit.line - 1, hit.line]
        .filter((k) => k >= 0)
        .map((k) => folded[k]!.join(' '))
        .join(' ');
      const sameCell = folded[hit.line]![hit.cell]!;
      if (!out.some((o) => o.vat === vat))
        out.push({ vat, buyer: BUYER_WORDS.test(context) || BUYER_WORDS.test(sameCell) });
      break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Lines of a table

const DESCRIPTION_HEADER =
  /\b(?:description|descrizione|beschreibung|artikelbeschreibung|bezeichnung|produkt|prodotto|omschrijving|descripcion|designation|opis|articolo|item|artikel|nazwa)/;
const QUANTITY_HEADER =
  /\b(?:menge|quantity|qty|qta|quantita|anzahl|quantite|cantidad|aantal|ilosc|pcs)(?![a-z])/;
const TOTALS =
  /^(?:summe|total|subtotal|netto|zwischensumme|totale|imponibile|gesamt|sous-total|rechnungssumme|suma|razem|subtotaal|totaal|importe)/;

function quantityOf(text: string): number | null {
  const m = /^(\d{1,6}(?:[.,]\d{1,3})?)(?![\d.,])/.exec(text.trim());
  return m ? Number(m[1]!.replace(',', '.')) : null;
}

/** Where a header word stands: its share of its cell's width (cells keep only their edges). */
function wordSpan(cell: TextCell, foldedCell: string, word: RegExp): { x: number; end: number } {
  // A header cell of one word ("QTY/HR") is the column itself.
  if (!/\s/.test(foldedCell.trim())) return { x: cell.x, end: cell.end };
  const m = word.exec(foldedCell);
  const len = Math.max(1, foldedCell.length);
  const at = m ? m.index + (m[0].length - m[0].trimStart().length) : 0;
  const width = cell.end - cell.x;
  return {
    x: cell.x + (width * at) / len,
    end: cell.x + (width * (at + (m?.[0].trim().length ?? len))) / len,
  };
}

function overlap(c: TextCell, span: { x: number; end: number }): number {
  return Math.min(c.end, span.end) - Math.max(c.x, span.x);
}

/** The cell of a row that stands in a column: the most overlap, else the nearest, if near. */
function cellInColumn(
  cells: TextCell[],
  span: { x: number; end: number },
  accept: (c: TextCell) => boolean,
): number {
  let best = -1;
  let bestScore = -Infinity;
  const width = span.end - span.x;
  cells.forEach((c, i) => {
    if (!accept(c)) return;
    const score = overlap(c, span);
    if (score > bestScore && score > -(width + 20)) {
      best = i;
      bestScore = score;
    }
  });
  return best;
}

/** A row's description without its position number and a leading date column. */
function descriptionText(text: string): string {
  return text
    .replace(/^\d{1,4}\s+(?=\S)/u, '')
    .replace(/^(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})\s?(?=\p{L})/u, '')
    .trim();
}

function tableLines(lines: TextLine[], folded: string[][]): InvoiceLine[] {
  for (let l = 0; l < lines.length; l += 1) {
    const d = folded[l]!.findIndex((f) => DESCRIPTION_HEADER.test(f));
    const q = folded[l]!.findIndex((f) => QUANTITY_HEADER.test(f));
    if (d < 0 || q < 0) continue;
    const header = lines[l]!.cells;
    const descriptionSpan = wordSpan(header[d]!, folded[l]![d]!, DESCRIPTION_HEADER);
    const quantitySpan = wordSpan(header[q]!, folded[l]![q]!, QUANTITY_HEADER);
    const out: InvoiceLine[] = [];
    for (let k = l + 1; k < lines.length && k < l + 60; k += 1) {
      if (lines[k]!.page !== lines[l]!.page) break;
      const cells = lines[k]!.cells;
      if (TOTALS.test(folded[k]![0] ?? '') || TOTALS.test(folded[k]![1] ?? '')) break;
      // A number under another column's header (a price) is not the quantity.
      const quantityAt = cellInColumn(
        cells,
        quantitySpan,
        (c) =>
          quantityOf(c.text) !== null &&
          (overlap(c, quantitySpan) > 0 || !header.some((h, i) => i !== q && overlap(c, h) > 0)),
      );
      const hasLetters = (c: TextCell) => /\p{L}{2}/u.test(descriptionText(c.text));
      let descriptionAt = cellInColumn(
        cells,
        descriptionSpan,
        (c) => hasLetters(c) && c !== cells[quantityAt],
      );
      if (descriptionAt < 0) continue;
      // A row's description may start left of its header (a position number before it).
      if (overlap(cells[descriptionAt]!, descriptionSpan) <= 0) {
        const longest = cells
          .map((c, i) => [c, i] as const)
          .filter(([c, i]) => i !== quantityAt && hasLetters(c))
          .sort(([p], [r]) => r.text.length - p.text.length)[0];
        if (longest) descriptionAt = longest[1];
      }
      const text = descriptionText(cells[descriptionAt]!.text);
      const numbers = cells.some((c, i) => i !== descriptionAt && /\d/.test(c.text));
      if (quantityAt >= 0 || numbers) {
        out.push({
          description: text,
          quantity: quantityAt >= 0 ? quantityOf(cells[quantityAt]!.text) : null,
          unit: null,
          codes: [],
        });
      } else if (out.length && cells.length === 1) {
        // A wrapped description goes on under its row, up to a "Label: value" after it.
        const wrapped = text.replace(/(?:^|\s)\p{L}+\s?:.*$/u, '').trim();
        const last = out[out.length - 1]!;
        if (wrapped) last.description = `${last.description} ${wrapped}`;
      }
    }
    if (out.length) return out;
  }
  return [];
}

// ---------------------------------------------------------------------------------------------

function invoiceOf(lines: TextLine[]): Invoice | null {
  const folded = lines.map((line) => line.cells.map((c) => fold(c.text)));
  const number = findNumber(lines, folded);
  const date = findDate(lines, folded);
  if (!number && !date) return null;
  const columns = partyColumns(lines, folded);
  const fromColumns = columns ? partyFromColumn(columns.supplier) : null;
  const vats = labelledVats(lines, folded);
  const supplierVat = fromColumns?.vat ?? vats.find((v) => !v.buyer)?.vat ?? vats[0]?.vat ?? null;
  const buyerFromColumns = columns ? partyFromColumn(columns.buyer) : null;
  return {
    documentType: null,
    number,
    date,
    supplier: {
      name: fromColumns?.name ?? nameWithLegalForm(lines, folded) ?? letterhead(lines, folded),
      vat: supplierVat,
      taxCode: null,
    },
    buyer: {
      name: buyerFromColumns?.name ?? null,
      vat: buyerFromColumns?.vat ?? vats.find((v) => v.buyer && v.vat !== supplierVat)?.vat ?? null,
      taxCode: null,
    },
    lines: tableLines(lines, folded),
    source: 'pdf',
  };
}

/**
 * The invoices in a text: one per run of pages that carries its own invoice number (a page
 * without a number belongs to the run before it). Empty when no number or date is found.
 */
export function invoicesFromLines(input: TextLine[]): Invoice[] {
  const lines = input.map((line) => ({
    page: line.page,
    cells: line.cells.map((c) => ({ ...c, text: normalizeInvoiceText(c.text) })),
  }));
  const pages = [...new Set(lines.map((l) => l.page))];
  const runs: { number: string | null; lines: TextLine[] }[] = [];
  for (const page of pages) {
    const pageLines = lines.filter((l) => l.page === page);
    const folded = pageLines.map((line) => line.cells.map((c) => fold(c.text)));
    const number = findNumber(pageLines, folded);
    const run = runs[runs.length - 1];
    if (run && (number === null || number === run.number)) run.lines.push(...pageLines);
    else runs.push({ number, lines: pageLines });
  }
  if (runs.length > 1) {
    const invoices = runs.map((run) => invoiceOf(run.lines)).filter((i): i is Invoice => !!i);
    if (invoices.length > 1) return invoices;
  }
  const one = invoiceOf(lines);
  return one ? [one] : [];
}

/** Number, date, parties and lines of an invoice written as plain text, or null. */
export function invoiceFromText(text: string): Invoice | null {
  return invoicesFromLines(linesFromText(text))[0] ?? null;
}
