/**
 * Invoice fields from the text of a document that is not a FatturaPA (a PDF, mostly): number,
 * invoice date, whether it is a credit note, supplier name and VAT id, buyer name and VAT id,
 * and the lines of a table that shows quantities. Labels are read in Italian, English, German,
 * French, Spanish, Dutch and Polish; no rule names a file, a tool or a company.
 *
 * The text comes as lines of cells (a cell is text without a wide gap; PDFs give each cell its
 * position on the page, plain text gets positions from character offsets). A label's value is
 * looked for, in this order: after the label in its own cell, in the next cell of the line, in
 * the cell under the label on the next two lines (labels above values, several per row), and
 * last in the cell over it (captions printed under their values) or right of it on the line
 * above (a value set higher than its label). See `invoice-cells.ts`.
 *
 * - **number**: a label that names an invoice, credit-note or document number ("Rechnungs-Nr.",
 *   "Rg.-Nr.", "Invoice #", "Fattura n.", "N° de facture", "Nº factura", "Factuurnr.",
 *   "Numer faktury", "Gutschrift-Nr."...), unless it refers to another document ("zu Rechnung
 *   Nr.", "Rif. fattura", "Factura rectificada", "Original invoice"); else a title with its
 *   number ("Invoice 123", "Faktura VAT 17/2024"); else a bare "N°", "#", "Nr.", "Numero"
 *   that is not about a customer, an order, a phone or an account. The value must hold a digit
 *   ("FV 17/03/2024": a short capital prefix and a space are kept); a value shaped like a date
 *   is a number only after an explicit number label and when it is not the invoice date.
 * - **date**: a label that names the invoice or issue date ("Rechnungsdatum", "Invoice Date",
 *   "Date of issue", "Data emissione", "Date d'émission", "Fecha de expedición",
 *   "Factuurdatum", "Data wystawienia"...), else a plain date label ("Datum", "Date", "Data",
 *   "Fecha", "vom", "du", "del") that is not about an order, a due date, a payment, a delivery,
 *   a sale or a service period, or another document, else the first date of the text that is
 *   not next to such words. Date forms: see `invoice-dates.ts`; numeric dates are read day
 *   first unless another numeric date of the document can only be month first (US invoices).
 * - **credit notes** ("Gutschrift", "Nota di credito", "Avoir", "Factura rectificativa",
 *   "Creditnota", "Faktura korygująca", "Credit note" as a title before the table):
 *   `documentType` TD04, as FatturaPA codes them; the printable copy of an electronic invoice
 *   gives its own code ("TD01 fattura", "TD04 nota di credito"); other invoices have none.
 * - **supplier / buyer** (`invoice-parties.ts`): names from the columns under both parties'
 *   headings, a party's label ("Sold by", "Lieferant:", "Bill To", "Spett.le", "Nabywca:",
 *   "Denominazione:"), the supplier's own mail or web domain, a name beside the supplier's VAT
 *   id, the first name with a legal form outside the customer's block, or the letterhead; VAT
 *   ids in every EU format, compacted, the customer's told apart by its block, its column or
 *   its words ("Kunde", "Ihre", "cliente").
 * - **lines** (`invoice-table.ts`): under a header with a description and a quantity column in
 *   any order, each row's description and quantity (decimal marks and thousands separators read
 *   as the document writes amounts), up to the totals; a table that goes on over pages is read
 *   whole.
 * - **several invoices in one file**: pages that carry different invoice numbers (by a label
 *   that names an invoice, or a title) are read as separate invoices; a page without one
 *   belongs to the invoice before it.
 *
 * The labels are an invoice's (`INVOICE_LABELS`); a packing list is read by the same rules over
 * its own (`packing-list-text.ts`), so the labels of one kind never read the other.
 *
 * Every pattern runs on one cell at a time, and none of them can backtrack over a long run of its
 * input.
 */
import type { Invoice } from './fattura-pa';
import {
  cellAcross,
  fold,
  labelHits,
  labelledValue,
  linesFromText,
  normalizeInvoiceText,
  pageOf,
  type Hit,
  type Page,
  type TextCell,
  type TextLine,
} from './invoice-cells';
import { dateAtStart, dateIn, dayOrderOf, type DayOrder } from './invoice-dates';
import { partiesOf } from './invoice-parties';
import { invoiceCurrency } from './invoice-line-amounts';
import { isTableHeader, tableLines } from './invoice-table';

export { linesFromText, normalizeInvoiceText, type TextCell, type TextLine } from './invoice-cells';
export { dateAtStart } from './invoice-dates';

// ---------------------------------------------------------------------------------------------
// Labels

const INVOICE_WORD =
  '(?:invoice|fattura|rechnung|facture|factura rectificativa|factura|factuur|faktura korygujaca|faktura(?:\\s?vat)?|gutschrift|nota di credito|nota credito|avoir|credit\\s?note|creditnota|creditfactuur)' +
  // A kind of invoice between the word and its number ("Fattura differita n.").
  '(?:\\s(?:differita|immediata|accompagnatoria|elettronica|proforma|pro-forma|commerciale|commercial|simplificada|simplifiee|fiscale|di vendita|d.acompte|di acconto|de anticipo|zaliczkowa))?';
/** A number word after the invoice word, never the start of a longer word ("note"). */
export const NUMBER_WORD =
  '(?:number|numero|nummer|num\\.?|nr\\.?|no\\.?|n°|n\\.|n|#|id|ref\\.?)(?![a-z])';

const NUMBER_LABELS: RegExp[] = [
  new RegExp(`${INVOICE_WORD}[\\s-]?${NUMBER_WORD}`),
  /\b(?:rechnungs|beleg|factuur|faktura|gutschrifts?|creditnota|rg\.?|re\.?)[\s-]?(?:nummer|nr\.?)(?![a-z])/,
  /\b(?:numero|numer|n°|nr\.?|no\.?|n\.|num\.?)\s?(?:de\s|di\s|de la\s|della\s|del\s)?(?:fattura|facture|factura|faktury|factuur|documento|document|beleg|nota di credito|avoir|credit note)(?![a-z])/,
  /\b(?:id de factura|invoice id|document (?:no|number|nr)\.?)(?![a-z])/,
  // A proforma's "PI No." / "P/I No.".
  /\bp\/?i\.?\s?(?:no|nr|number|#)(?![a-z])/,
  // The invoice word cut short: "Inv. No.", "INV#", a simplified invoice's "Fact. Simpl.".
  /\binv\.?\s?(?:#|no\.?|nr\.?|number)(?![a-z])/,
  /\bfact\.\s?simpl\.?(?![a-z])/,
];
/**
 * A till receipt's own number ("Bon-Nr.", "Receipt No.", "Scontrino n.", "Ticket n°"): read
 * only when no invoice number label or title gives one, as an invoice may quote a ticket.
 */
const RECEIPT_NUMBER_LABEL = new RegExp(
  `\\b(?:receipt|ricevuta|scontrino|recibo|ticket|quittungs?|kassenbon|kassabon|paragon|bon)[\\s-]?${NUMBER_WORD}`,
);
/** A title that carries the number in its own cell: "Invoice 103767", "Faktura VAT 17/2024". */
const TITLE = new RegExp(`\\b${INVOICE_WORD}(?![a-z])`);
/** A bare number label at the start of a cell: "N°", "#", "Nr.", "Numero". */
const PLAIN_NUMBER_LABEL = /^(?:#|n°|no\.?|nr\.?|n\.|numero|number|nummer|numer|num\.?)(?![a-z])/;
/**
 * Numbers of other things than the document, whatever its kind: a plain number label next to
 * these is not the document's (alternatives of a pattern, folded).
 */
export const OTHER_NUMBERS =
  'kunde|customer|client|klant|klient|order|ordine|bestell|auftrag|commande|pedido|zamowien|tel|fax|phone|mobil|iban|konto|conto|account|cuenta|rekening|iva|vat|ust|tva|btw|nip|nif|cif|steuer|tax|siret|siren|rcs|kvk|krs|regon|pagina|page|seite|artikel|article|articolo|item|sku|ean|asin|ref|rif|contract|vertrag|contratto|tracking|sendung';
/** A plain number label next to these (or a transport document's words) is not the invoice's. */
const OTHER_NUMBER_WORDS = new RegExp(
  `(?:${OTHER_NUMBERS}|ddt|lieferschein|deliver|livraison|albaran|pakbon)`,
);
/** Words that point at another document: its number and date are not this one's. */
const REFERENCE_WORDS =
  /(?:\bzu\b|\bzur\b|bezug|riferimento|\brif\b|origin|rectificad|dotyczy|korygowan|referencia|betreft|related|korrigiert|storniert|relativ)/;

const DATE_LABELS: RegExp[] = [
  /(?:rechnungs|factuur|faktura|ausstellungs|beleg|gutschrifts?|creditnota|rg\.?)[\s-]?datum/,
  /\b(?:invoice|tax point|document|credit note)[\s-]?date\b/,
  /\bdate (?:of (?:issue|invoice)|issued)\b/,
  /\bissue date\b/,
  /\bdata (?:della |di |del )?(?:fattura|documento|emissione|nota)\b/,
  /\bdate (?:de (?:la |l')?)?(?:facture|facturation|avoir)\b/,
  /\bdate d'?\s?emission\b/,
  /\bfecha (?:de (?:la )?)?(?:emision|factura|expedicion)\b/,
  /\bdata (?:wystawienia|faktury)\b/,
  /\bdatum (?:faktury|rechnung|factuur)\b/,
];
const PLAIN_DATE_LABEL = /\b(?:datum|date|data|fecha|dated|den|del|dnia|vom|du|d\.d\.)(?![a-z])/;
/**
 * Dates next to these words are not the document's, whatever its kind: due, order, print,
 * payment and period dates (alternatives of a pattern, folded).
 */
export const OTHER_DATES =
  'due|fallig|scadenz|echeance|vencim|vto\\b|plazo|verval|termin|order|bestell|auftrag|ordine|commande|pedido|zamowien|druck|print|payment|zahl|pagamento|paiement|pago|betaling|platnos|period|zeitraum|periodo|von|bis|until|valid|gultig|ontvangst|received';
/** Dates next to these words (also delivery, service, sale and shipping dates) are not the invoice's. */
const OTHER_DATE_WORDS = new RegExp(
  `(?:${OTHER_DATES}|liefer|leistung|deliver|consegna|livraison|entrega|lever|dostaw|sprzedaz|wykonan|ddt|trasporto|ship|versand|spedizion|expedi|envio)`,
);

/** A credit note's title ("Gutschrift", "Nota di credito", "Avoir", "Creditnota"...). */
const CREDIT_NOTE =
  /^(?:tax\s)?(?:gutschrift|rechnungskorrektur|korrekturrechnung|stornorechnung|nota di credito|nota credito|avoir|facture d'avoir|factura rectificativa|factura abono|abono|creditnota|creditfactuur|credit\s?note|faktura korygujaca|korekta)(?![a-z])/;

/**
 * The labels one kind of document is read by (folded patterns): an invoice's below, a packing
 * list's in `packing-list-text.ts`. The rules that use them are the same for every kind.
 */
export interface DocumentLabels {
  /** Labels of the document's own number ("Rechnungs-Nr.", "DDT n."). */
  number: RegExp[];
  /** Number labels read only when no `number` label or title gives one (a till receipt's). */
  laterNumber: RegExp[];
  /** A title that may carry the number in its own cell ("Invoice 103767", "Lieferschein 4711"). */
  title: RegExp;
  /** Labels of the document's own date ("Rechnungsdatum", "Data DDT"). */
  date: RegExp[];
  /** Words beside a bare number label that make it another thing's number. */
  otherNumberWords: RegExp;
  /** Words beside a date that make it another date than the document's. */
  otherDateWords: RegExp;
  /** A credit note's title; null for a kind that has no credit notes. */
  creditNote: RegExp | null;
}

export const INVOICE_LABELS: DocumentLabels = {
  number: NUMBER_LABELS,
  laterNumber: [RECEIPT_NUMBER_LABEL],
  title: TITLE,
  date: DATE_LABELS,
  otherNumberWords: OTHER_NUMBER_WORDS,
  otherDateWords: OTHER_DATE_WORDS,
  creditNote: CREDIT_NOTE,
};

/** Whether a folded cell is a label, or the title, of a document of this kind. */
function labelRules(labels: DocumentLabels) {
  return {
    isLabel: (folded: string): boolean =>
      labels.number.some((re) => re.test(folded)) ||
      labels.laterNumber.some((re) => re.test(folded)) ||
      labels.date.some((re) => re.test(folded)) ||
      PLAIN_NUMBER_LABEL.test(folded) ||
      /^(?:datum|date|data|fecha)(?![a-z])/.test(folded),
    isTitle: (folded: string): boolean =>
      labels.title.test(folded) || (labels.creditNote?.test(folded) ?? false),
  };
}

// ---------------------------------------------------------------------------------------------
// Number

const MAX_NUMBER_CHARS = 40;
const DATE_SHAPE = /^(?:\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{4}-\d{2}-\d{2})$/;

/**
 * The number at the start of `text`; a value shaped like a date only when `dateShaped` accepts
 * it.
 */
function numberValue(text: string, dateShaped: (value: string) => boolean): string | null {
  const m = /^#?\s?(?:([A-Z]{1,4}) (?=\d))?([\p{L}\d][\p{L}\d_./-]*)/u.exec(text);
  if (!m) return null;
  let value = m[1] ? `${m[1]} ${m[2]!}` : m[2]!;
  while (/[.\-/]$/.test(value)) value = value.slice(0, -1);
  if (!/\d/.test(value) || value.length > MAX_NUMBER_CHARS) return null;
  if (DATE_SHAPE.test(value) && !dateShaped(value)) return null;
  return value;
}

/**
 * The text before a label in its cell and the cell before it on the line. With `waiting`, the
 * cell before counts only while it waits for a value ("Kunde  Nr. 10001"): what qualifies a
 * bare label, which a cell holding its own value ("P.IVA IT01234567890  Numero: 17") does not.
 */
function before(doc: Page, hit: Hit, waiting = false): string {
  const cells = doc.folded[hit.line]!;
  const previous = hit.cell > 0 ? cells[hit.cell - 1]! : '';
  const context = waiting && /\d/.test(previous) ? '' : previous;
  return `${context} ${cells[hit.cell]!.slice(0, hit.start)}`;
}

/** A number value, never one shaped like a date. */
const undatedNumber = (text: string) => numberValue(text, () => false);

/**
 * The invoice number; `plain` also tries the bare labels ("N°", "#", "Nr."), which are not
 * enough to tell one invoice of a file from the next.
 */
function findNumber(
  doc: Page,
  date: string | null,
  order: DayOrder,
  labels: DocumentLabels,
  plain = true,
): string | null {
  const refers = (hit: Hit) => REFERENCE_WORDS.test(before(doc, hit));
  // After an explicit number label, "17/03/2024" is a number unless it is the invoice date.
  const notTheDate = (value: string) => dateAtStart(value, order) !== date;
  // A label printed after its value ("2025/118 — numero fattura") has no value of its own.
  const after = labelAfter(doc, labels.number, notTheDate);
  if (after) return after;
  const labelled = labelledValue(doc, labels.number, (t) => numberValue(t, notTheDate), refers);
  if (labelled) return labelled;
  for (const hit of labelHits(doc, [labels.title])) {
    if (refers(hit)) continue;
    const rest = doc.lines[hit.line]!.cells[hit.cell]!.text.slice(hit.end).replace(/^[\s:#]+/, '');
    // A title that holds only its number may number like a date ("Faktura VAT 17/11/2025")
    // when the invoice's date is another.
    const titleOnly = (value: string) => date !== null && value === rest && notTheDate(value);
    const value = rest ? numberValue(rest, titleOnly) : null;
    if (value && /^\S*\d|^[A-Z]{1,4} \d/.test(rest)) return value;
  }
  const later = labelledValue(doc, labels.laterNumber, undatedNumber, refers);
  if (later) return later;
  if (!plain) return null;
  return labelledValue(
    doc,
    [PLAIN_NUMBER_LABEL],
    undatedNumber,
    (hit) =>
      refers(hit) ||
      isTableHeader(doc.folded[hit.line]!) ||
      labels.otherNumberWords.test(before(doc, hit, true)) ||
      labels.otherNumberWords.test(doc.folded[hit.line]![hit.cell]!),
  );
}

/** A value with its label after it: "2025/118 — numero fattura". */
const VALUE_THEN_LABEL = /^(\S{1,40})\s[—–-]\s(\S.{0,30})$/;

/** The number a cell prints before its number label. */
function labelAfter(
  doc: Page,
  numberLabels: RegExp[],
  dateShaped: (value: string) => boolean,
): string | null {
  for (let l = 0; l < doc.lines.length; l += 1)
    for (const cell of doc.lines[l]!.cells) {
      const m = VALUE_THEN_LABEL.exec(cell.text.trim());
      if (!m || /\d/.test(m[2]!) || !numberLabels.some((re) => re.test(fold(m[2]!)))) continue;
      const value = numberValue(m[1]!, dateShaped);
      if (value === m[1]) return value;
    }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Date

/** The date after an invoice-date label, also past a second label joined to it by a slash. */
function labelledDate(text: string, order: DayOrder): string | null {
  const date = dateAtStart(text, order);
  if (date) return date;
  // "Rechnungsdatum/Leistungsdatum: 05.03.2024", "Invoice date / Delivery date: ..."
  const joined = /^\/[^:\d]{1,40}:\s?/.exec(text);
  return joined ? dateAtStart(text.slice(joined[0].length), order) : null;
}

/** A place before the date of a letter: "Berlin, 4. August 2024", "Firenze, 12 marzo 2025". */
const PLACE = /^\p{Lu}[\p{L}.' -]{1,40}$/u;
/** A word a place and its date may have between them ("Berlin, den …", "Kraków, dnia …"). */
const PLACE_DATE_WORD = /^(?:den|dnia|le|il|li|lì|el|am|on)\s/;

/**
 * The date of a letter's place-and-date line, a cell of nothing else, when no label names the
 * invoice date: it wins over dates the page prints without a word (a print date and time in
 * the page's margin).
 */
function placeAndDate(doc: Page, order: DayOrder, otherDateWords: RegExp): string | null {
  for (const line of doc.lines)
    for (const cell of line.cells) {
      const comma = cell.text.indexOf(',');
      if (comma < 2 || !PLACE.test(cell.text.slice(0, comma))) continue;
      if (otherDateWords.test(fold(cell.text.slice(0, comma)))) continue;
      let rest = cell.text.slice(comma + 1).trim();
      const word = PLACE_DATE_WORD.exec(rest);
      if (word) rest = rest.slice(word[0].length);
      if (rest.length > 30 || /:/.test(rest)) continue;
      const date = dateAtStart(rest, order);
      if (date) return date;
    }
  return null;
}

/** The cell after `cell` on line `l` holds a digit: `cell` is a label with its value. */
function valueBeside(doc: Page, l: number, cell: TextCell): boolean {
  const cells = doc.lines[l]!.cells;
  return /\d/.test(cells[cells.indexOf(cell) + 1]?.text ?? '');
}

function findDate(doc: Page, order: DayOrder, labels: DocumentLabels): string | null {
  const parse = (t: string) => dateAtStart(t, order);
  const other = labels.otherDateWords;
  const labelled =
    labelledValue(doc, labels.date, (t) => labelledDate(t, order)) ??
    labelledValue(doc, [PLAIN_DATE_LABEL], parse, (hit) => {
      const context = before(doc, hit);
      // The label and the words after it up to its value ("Fecha de entrega  02/03/2024").
      const cell = doc.folded[hit.line]![hit.cell]!;
      const own = cell.slice(0, hit.end) + cell.slice(hit.end).split(/\d/)[0]!;
      return (
        other.test(own) || REFERENCE_WORDS.test(context) || isTableHeader(doc.folded[hit.line]!)
      );
    });
  if (labelled) return labelled;
  const placed = placeAndDate(doc, order, other);
  if (placed) return placed;
  // No label: the first date that no other kind of date's words stand next to or over.
  const { lines, folded } = doc;
  for (let l = 0; l < lines.length; l += 1) {
    for (let c = 0; c < lines[l]!.cells.length; c += 1) {
      const previous = c > 0 ? folded[l]![c - 1]! : '';
      const over =
        lines[l - 1]?.page === lines[l]!.page && cellAcross(doc, l - 1, lines[l]!.cells[c]!);
      // Only a heading over a value column counts ("Order Date" over "01/03/2024"), not a
      // label with its own value beside it ("Leistungsdatum  Februar 2024").
      const heading = over && !/\d/.test(over.text) && !valueBeside(doc, l - 1, over);
      if (heading && other.test(fold(over.text))) continue;
      if ([folded[l]![c]!, previous].some((t) => other.test(t))) continue;
      const date = dateIn(lines[l]!.cells[c]!.text, order);
      if (date) return date;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

/** After a credit-note word in a title: nothing, or its number ("Gutschrift Nr. 5", "Avoir 17"). */
const CREDIT_NOTE_TITLE_REST = /^\s?(?:$|[-:#(]|n°|no\b|nr\b|n\.|num|\d)/;

/**
 * A credit note: its title, alone or with its number, stands before the table (in the first
 * lines without one); prose that starts with the same word ("Gutschrift erfolgt ...") does not.
 */
function isCreditNote(doc: Page, creditNote: RegExp): boolean {
  for (let l = 0; l < Math.min(doc.lines.length, 30); l += 1) {
    if (isTableHeader(doc.folded[l]!)) return false;
    for (const f of doc.folded[l]!) {
      const m = creditNote.exec(f);
      if (m && CREDIT_NOTE_TITLE_REST.test(f.slice(m[0].length))) return true;
    }
  }
  return false;
}

/**
 * The FatturaPA document type a printable copy of an electronic invoice shows in its
 * "Tipologia documento" column ("TD01 fattura", "TD04 nota di credito").
 */
function printedDocumentType(doc: Page): string | null {
  for (const line of doc.lines)
    for (const cell of line.cells) {
      const m = /^(TD\d{2})\s\p{L}/u.exec(cell.text);
      if (m) return m[1]!;
    }
  return null;
}

function dayOrder(doc: Page): DayOrder {
  return dayOrderOf(doc.lines.flatMap((line) => line.cells.map((c) => c.text)));
}

/** The number and date of a page or a run of pages. */
function numberAndDate(
  doc: Page,
  labels: DocumentLabels,
  plain = true,
): { number: string | null; date: string | null } {
  const order = dayOrder(doc);
  const date = findDate(doc, order, labels);
  return { number: findNumber(doc, date, order, labels, plain), date };
}

/** A credit note's FatturaPA code (see the module comment); null for other documents. */
function documentTypeOf(doc: Page, creditNote: RegExp | null): string | null {
  if (!creditNote) return null;
  return printedDocumentType(doc) ?? (isCreditNote(doc, creditNote) ? 'TD04' : null);
}

function invoiceOf(lines: TextLine[], labels: DocumentLabels): Invoice | null {
  const doc = pageOf(lines);
  const { number, date } = numberAndDate(doc, labels);
  if (!number && !date) return null;
  const { supplier, buyer } = partiesOf(doc, labelRules(labels));
  const items = tableLines(doc);
  const currency = invoiceCurrency(items, doc);
  return {
    documentType: documentTypeOf(doc, labels.creditNote),
    number,
    date,
    supplier,
    buyer,
    lines: items,
    ...(currency ? { currency } : {}),
    source: 'pdf',
  };
}

/**
 * The invoices in a text: one per run of pages that carries its own invoice number (a page
 * without a number belongs to the run before it). Empty when no number or date is found. With
 * another kind's `labels`, the documents of that kind (packing lists), read the same way.
 */
export function invoicesFromLines(
  input: TextLine[],
  labels: DocumentLabels = INVOICE_LABELS,
): Invoice[] {
  const lines = input.map((line) => ({
    page: line.page,
    cells: line.cells.map((c) => ({ ...c, text: normalizeInvoiceText(c.text) })),
  }));
  const pages = [...new Set(lines.map((l) => l.page))];
  const runs: { number: string | null; lines: TextLine[] }[] = [];
  for (const page of pages) {
    const pageLines = lines.filter((l) => l.page === page);
    const { number } = numberAndDate(pageOf(pageLines), labels, false);
    const run = runs[runs.length - 1];
    if (run && (number === null || number === run.number)) run.lines.push(...pageLines);
    else runs.push({ number, lines: pageLines });
  }
  if (runs.length > 1) {
    const invoices = runs
      .map((run) => invoiceOf(run.lines, labels))
      .filter((i): i is Invoice => !!i);
    if (invoices.length > 1) return invoices;
  }
  const one = invoiceOf(lines, labels);
  return one ? [one] : [];
}

/** Number, date, parties and lines of an invoice written as plain text, or null. */
export function invoiceFromText(text: string): Invoice | null {
  return invoicesFromLines(linesFromText(text))[0] ?? null;
}
