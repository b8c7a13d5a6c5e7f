/**
 * The lines of an invoice's table (see `invoice-text.ts`): under a header with a description
 * column and a quantity column, in whatever order, each row's description and quantity, up to
 * the totals. Every pattern runs on one cell at a time.
 */
import type { InvoiceLine } from './fattura-pa';
import { letterWidth, type Page, type TextCell } from './invoice-cells';
import { amountColumns, parseAmount, withAmounts } from './invoice-line-amounts';

/** A web address alone in a cell. */
const WEB_ADDRESS = /^(?:https?:\/\/|www\.)\S+$/;

/** A column that describes the item; an item or product column when no such column exists. */
const DESCRIPTION_HEADER =
  /\b(?:description|descrizione|beschreibung|artikelbeschreibung|bezeichnung|omschrijving|descripcion|designation|libelle|opis|nazwa|concepto|leistung|denominazione|prestation)/;
const ITEM_HEADER = /\b(?:produkt|product|prodotto|articolo|item|artikel|activity|service)/;
const QUANTITY_HEADER =
  /\b(?:menge|stuck|stk\.?|quantity|qty|q\.?\s?ta|q\.?\s?te|quantita|anzahl|quantite|qte|cantidad|cant\.|unidades|uds\.?|aantal|hoeveelheid|ilosc|pcs|pezzi|units)(?![a-z])/;
/**
 * A quantity header that counts packages, or pieces per package ("Qty/Ctn", "Ctn Qty", "Colli"):
 * a packing list prints it beside the pieces shipped, which are the line's quantity.
 */
const PACKAGE_HEADER =
  /(?:\bctns?\b|carton|\bcolli\b|karton|\bcolis\b|bultos|cajas|\bbox(?:es)?\b|scatol|dozen|paczk|opakowa|per\s(?:ctn|carton|box))/;
/** A quantity header of the units ordered, beside those shipped ("Qty ordered", "Bestellmenge"). */
const ORDERED_HEADER = /(?:order|ordinat|bestell|command|pedid|besteld|zamowion)/;
const TOTALS =
  /^(?:summe|total|sub\s?total|netto|zwischensumme|totale|imponibile|gesamt|sous-total|rechnungssumme|suma|razem|subtotaal|totaal|importe|base imponible|balance|net\s?:?$|net (?:amount|total|value)\b|amount due|invoice total|montant total|riepilog|recapitulatif|resumen|samenvatting|podsumowanie|zusammenfassung|summary|ubertrag|uebertrag|riporto|a reporter|carried forward|suma z przeniesienia|(?:excl(?:usief|usive|\.)?|incl(?:usief|usive|\.)?|zzgl\.?|inkl\.?)\s|(?:btw|vat|mwst|ust|iva|tva)\b)/;

/**
 * A line for a signature or a stamp under the items ("Firma del vettore", "Signature",
 * "Unterschrift", "Podpis"): a transport document's table ends there.
 */
const SIGNATURE =
  /^(?:firma|firme|signature|signed|unterschrift|handtekening|podpis|received by|ricevuto da|timbro|stempel|cachet|sello)(?![a-z])/;

/** A totals word further into a row's first cells ("Grand total", "Takeout total (incl. VAT)"). */
const TOTALS_WORD = /\b(?:total|totale|totaal|summe|gesamtsumme|gesamtbetrag|razem)\b/;

/** A line of the table as the reader gives it: no unit apart; the article code when a column has it. */
function itemLine(description: string, quantity: number | null, codes: string[] = []): InvoiceLine {
  return { description, quantity, unit: null, codes };
}

/**
 * The header of a column of article codes ("Codice", "Cod. art.", "Code", "Art.-Nr.", "SKU",
 * "EAN", "Ref."), on its own in its cell.
 */
const CODE_HEADER =
  /^(?:codice(?: articolo)?|cod\.?(?: art\.?)?|code|art\.?(?:-?\s?(?:nr|no|n)\.?)?|artikel-?\s?nr\.?|artikelnummer|sku|ean|gtin|asin|ref\.?|reference|referencia|item\s?(?:no\.?|#|code))$/;
/** What an article code looks like: one word of letters, digits and joiners. */
const CODE_CELL = /^[\p{L}\d][\p{L}\d\-./_]{1,39}$/u;

/** Whether the document writes amounts with a decimal comma (1.234,50) rather than a point. */
function decimalCommaOf(texts: Iterable<string>): boolean {
  let comma = 0;
  let point = 0;
  for (const text of texts) {
    comma += (text.match(/\d,\d{2}(?!\d)/g) ?? []).length;
    point += (text.match(/\d\.\d{2}(?!\d)/g) ?? []).length;
  }
  return comma > point;
}

/**
 * The quantity at the start of a cell: "24", "2,5", "1.00 pcs", "10 Stk"; a group of three digits
 * after a separator is a thousands group when the document does not use that separator for
 * decimals ("1,000 pcs" in English, "1.000" in German).
 */
function quantityOf(text: string, decimalComma: boolean): number | null {
  // A credit note's lines may print negative quantities ("-2").
  const m = /^(-\s?)?(\d[\d.,]{0,14})/.exec(text.trim());
  if (!m) return null;
  const token = m[2]!.replace(/[.,]$/, '');
  return parseAmount(`${m[1] ? '-' : ''}${token}`, decimalComma)?.value ?? null;
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

const DATE_HEADER = /\b(?:date|datum|data|fecha)\b/;
const TRAILING_DATE = /\s(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4})$/;

/** A row's description without its position number and a leading date column. */
function descriptionText(text: string): string {
  return text
    .replace(/^\d{1,4}\.?\s+(?=\S)/u, '')
    .replace(/^(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4})\s?(?=\p{L})/u, '')
    .trim();
}

/** Whether a line of folded cells is a table header (a description and a quantity column). */
export function isTableHeader(folded: string[]): boolean {
  return descriptionColumn(folded) >= 0 && folded.some((f) => QUANTITY_HEADER.test(f));
}

/** The header cell of the description column, else of the item column; -1 without either. */
function descriptionColumn(folded: string[]): number {
  const d = folded.findIndex((f) => DESCRIPTION_HEADER.test(f));
  return d >= 0 ? d : folded.findIndex((f) => ITEM_HEADER.test(f));
}

/**
 * The header cell of the quantity column, the first of the best: pieces over packages, shipped
 * or invoiced over ordered ("Qté commandée  Qté livrée"), and "Units" only without another
 * quantity header (beside "Qty" it heads the unit of measure).
 */
function quantityColumn(folded: string[]): number {
  let best = -1;
  let bestRank = 0;
  folded.forEach((f, i) => {
    if (!QUANTITY_HEADER.test(f)) return;
    const rank =
      1 +
      (PACKAGE_HEADER.test(f) ? 0 : 4) +
      (ORDERED_HEADER.test(f) ? 0 : 2) +
      (/^units$/.test(f.trim()) ? 0 : 1);
    if (rank > bestRank) {
      best = i;
      bestRank = rank;
    }
  });
  return best;
}

/**
 * Whether a line of one cell stands under a row's description, as its wrapped text does: it
 * starts where that description starts or right of it (less than half a letter left) and stops
 * before the next column's header. A note or footer set across the page under the table
 * (payment terms, a thank-you, "Page 1 of 1" at the margin, a cell's padding left of it) does
 * not.
 */
function under(cell: TextCell, described: TextCell, header: TextCell[], d: number): boolean {
  const letter = letterWidth(described);
  const next = header.slice(d + 1).find((h) => h.x > described.x);
  return cell.x >= described.x - letter / 2 && (!next || cell.end <= next.x + letter);
}

/**
 * The rows of every table of the document, in order: a table that goes on over several pages
 * repeats its header on each, and a carried-forward line ends each part like a total.
 */
export function tableLines(doc: Page): InvoiceLine[] {
  const { lines, folded } = doc;
  const decimalComma = decimalCommaOf(lines.flatMap((line) => line.cells.map((c) => c.text)));
  const all: InvoiceLine[] = [];
  for (let l = 0; l < lines.length; l += 1) {
    const d = descriptionColumn(folded[l]!);
    const q = quantityColumn(folded[l]!);
    if (d < 0 || q < 0) continue;
    const header = lines[l]!.cells;
    const descriptionWord = DESCRIPTION_HEADER.test(folded[l]![d]!)
      ? DESCRIPTION_HEADER
      : ITEM_HEADER;
    const descriptionSpan = wordSpan(header[d]!, folded[l]![d]!, descriptionWord);
    const quantitySpan = wordSpan(header[q]!, folded[l]![q]!, QUANTITY_HEADER);
    const dateColumn = folded[l]!.some((f, i) => i !== d && DATE_HEADER.test(f));
    const c = folded[l]!.findIndex((f, i) => i !== d && i !== q && CODE_HEADER.test(f.trim()));
    const columns = amountColumns(doc, l);
    const out: InvoiceLine[] = [];
    // A row's line with its unit price and total, when they agree with its quantity.
    const priced = (line: InvoiceLine, cells: TextCell[], quantityAt: number) =>
      withAmounts(line, cells, cells[quantityAt], columns, decimalComma);
    // The description cell of the last row read: what a wrapped line goes on under.
    let described: TextCell | null = null;
    // The first part of a description set over two lines centred on its row (an office
    // suite's middle-aligned cells): over the row's line, it waits for that row.
    let waiting: TextCell | null = null;
    // Whether line `m` is a row with figures whose description column is empty.
    const rowWithoutDescription = (m: number): boolean => {
      const row = lines[m];
      if (!row || row.page !== lines[l]!.page || row.cells.length < 2) return false;
      const first = [folded[m]![0] ?? '', folded[m]![1] ?? ''];
      if (first.some((f) => TOTALS.test(f) || TOTALS_WORD.test(f))) return false;
      return (
        row.cells.some((c) => /\d/.test(c.text)) &&
        !row.cells.some((c) => /\p{L}{2}/u.test(c.text) && overlap(c, descriptionSpan) > 0)
      );
    };
    // A wrapped description goes on under its row, up to a "Label: value" after it; a number
    // it starts with is part of it ("60 cl"), not a position number.
    const wrappedText = (cell: TextCell) => cell.text.replace(/(?:^|\s)\p{L}+\s?:.*$/u, '').trim();
    const goOn = (cell: TextCell) => {
      const wrapped = wrappedText(cell);
      const last = out[out.length - 1]!;
      if (wrapped) last.description = `${last.description} ${wrapped}`;
    };
    let k = l + 1;
    for (; k < lines.length && k < l + 60; k += 1) {
      if (lines[k]!.page !== lines[l]!.page) break;
      const cells = lines[k]!.cells;
      // A header set over two lines ("Wartość" over "netto", "Qty" over "(pcs)"): words under
      // its cells and no figure. Its second line names no total.
      if (
        k === l + 1 &&
        !cells.some((c) => /\d/.test(c.text)) &&
        cells.every((c) => header.some((h) => overlap(c, h) > 0))
      )
        continue;
      if (TOTALS.test(folded[k]![0] ?? '') || TOTALS.test(folded[k]![1] ?? '')) break;
      // A number under another column's header (a price) is not the quantity.
      const quantityAt = cellInColumn(
        cells,
        quantitySpan,
        (c) =>
          quantityOf(c.text, decimalComma) !== null &&
          (overlap(c, quantitySpan) > 0 || !header.some((h, i) => i !== q && overlap(c, h) > 0)),
      );
      const hasLetters = (c: TextCell) => /\p{L}{2}/u.test(descriptionText(c.text));
      let descriptionAt = cellInColumn(
        cells,
        descriptionSpan,
        (c) => hasLetters(c) && c !== cells[quantityAt],
      );
      // Another block of labels under the items (transport data, payment details: three or
      // more cells without a figure) ends the table.
      if (out.length && cells.length >= 3 && !cells.some((c) => /\d/.test(c.text))) break;
      // A row without a quantity whose first cells name a total ends the table, and so does
      // one that opens with a signature or a stamp (an item may be called "Signature …").
      if (quantityAt < 0 && [0, 1].some((i) => TOTALS_WORD.test(folded[k]![i] ?? ''))) break;
      if (quantityAt < 0 && SIGNATURE.test(folded[k]![0] ?? '')) break;
      // The row a centred description waits for: figures, nothing in the description column.
      const ownDescription =
        descriptionAt >= 0 && overlap(cells[descriptionAt]!, descriptionSpan) > 0;
      if (waiting && !ownDescription && cells.some((c) => /\d/.test(c.text))) {
        const quantity = quantityAt >= 0 ? quantityOf(cells[quantityAt]!.text, decimalComma) : null;
        out.push(priced(itemLine(wrappedText(waiting), quantity), cells, quantityAt));
        described = waiting;
        waiting = null;
        continue;
      }
      // Under a quantity column left of the items ("QTY ITEM"), a row may print its quantity
      // and item in one cell: "2 ALMOND CROISSANT", "1 6PC NUGGETS".
      if (descriptionAt < 0 && quantityAt >= 0 && quantitySpan.x < descriptionSpan.x) {
        const m = /^\d[\d.,]*\s?(?:x\s)?(\d{0,3}\p{L}.*)$/u.exec(cells[quantityAt]!.text.trim());
        if (m && /\p{L}{2}/u.test(m[1]!)) {
          out.push(itemLine(m[1]!.trim(), quantityOf(cells[quantityAt]!.text, decimalComma)));
        }
        continue;
      }
      if (descriptionAt < 0) {
        // The last part of a wrapped description may hold no word: "60W", "4)".
        const part = cells[0]!;
        if (described && quantityAt < 0 && cells.length === 1 && part.text.length <= 12) {
          if (under(part, described, header, d)) goOn(part);
        }
        continue;
      }
      // A row's description may start left of its header (a position number before it).
      if (overlap(cells[descriptionAt]!, descriptionSpan) <= 0) {
        const longest = cells
          .map((c, i) => [c, i] as const)
          .filter(([c, i]) => i !== quantityAt && hasLetters(c))
          .sort(([p], [r]) => r.text.length - p.text.length)[0];
        if (longest) descriptionAt = longest[1];
      }
      let text = descriptionText(cells[descriptionAt]!.text);
      // The browser's page footer (the page's web address, the page number) is no item.
      if (WEB_ADDRESS.test(text)) continue;
      // A date column set close to the description runs into it: the date is not the item's name.
      if (dateColumn) text = text.replace(TRAILING_DATE, '');
      const numbers = cells.some((c, i) => i !== descriptionAt && /\d/.test(c.text));
      if (quantityAt >= 0 || numbers) {
        const codeAt =
          c < 0
            ? -1
            : cellInColumn(
                cells,
                header[c]!,
                (cell) =>
                  cell !== cells[descriptionAt] &&
                  cell !== cells[quantityAt] &&
                  overlap(cell, header[c]!) > 0 &&
                  CODE_CELL.test(cell.text.trim()),
              );
        out.push(
          priced(
            itemLine(
              text,
              quantityAt >= 0 ? quantityOf(cells[quantityAt]!.text, decimalComma) : null,
              codeAt >= 0 ? [cells[codeAt]!.text.trim()] : [],
            ),
            cells,
            quantityAt,
          ),
        );
        described = cells[descriptionAt]!;
      } else if (
        cells.length === 1 &&
        (described
          ? under(cells[0]!, described, header, d)
          : overlap(cells[0]!, descriptionSpan) > 0)
      ) {
        if (rowWithoutDescription(k + 1)) waiting = cells[0]!;
        else if (described) goOn(cells[0]!);
      }
    }
    if (out.length) {
      all.push(...out);
      l = k - 1;
    }
  }
  return all.length ? all : headerlessLines(doc, decimalComma);
}

/** "3 x Item name" in a row's first cell, an amount in its last: a two-column table. */
const MULTIPLIED = /^(\d{1,5}(?:[.,]\d{1,3})?)\s?[x×]\s(\p{L}.*)$/u;
const AMOUNT_AT_END = /\d[.,]\d{2}(?:\s?\S{1,3})?$/;
/** An item label before the item's name ("Item  Soy wax candle", "Artikel: Holzlöffel"). */
const ITEM_LABEL =
  /^(?:item|article|articolo|artikel|product|produkt|prodotto|producto|produit|towar)\s?:?(?:\s|$)/;
/** A quantity label and its figure at the start of the next line ("Quantity 24", "Ilość: 30"). */
const QUANTITY_LABEL =
  /^(?:quantity|qty|quantite|quantita|q\.?\s?ta|qte|menge|anzahl|cantidad|cant\.|aantal|ilosc)\s?:?\s(?=\d)/;

/**
 * The lines of an invoice whose items stand without a header row: rows of a two-column table
 * that print the quantity before the item ("3 x Notebook A5  22,50 €"), or items set as
 * labelled cells, the item's name on one line and its quantity labelled on the next.
 */
function headerlessLines(doc: Page, decimalComma: boolean): InvoiceLine[] {
  const { lines, folded } = doc;
  const out: InvoiceLine[] = [];
  for (let l = 0; l < lines.length; l += 1) {
    const cells = lines[l]!.cells;
    const multiplied = MULTIPLIED.exec(cells[0]!.text.trim());
    if (multiplied && cells.length >= 2 && AMOUNT_AT_END.test(cells.at(-1)!.text.trim())) {
      out.push(itemLine(multiplied[2]!.trim(), quantityOf(multiplied[1]!, decimalComma)));
      continue;
    }
    const label = ITEM_LABEL.exec(folded[l]![0]!);
    const next = folded[l + 1]?.[0] ?? '';
    const quantity = QUANTITY_LABEL.exec(next);
    if (!label || !quantity) continue;
    const name = (cells[0]!.text.slice(label[0].length) || (cells[1]?.text ?? '')).trim();
    if (!/\p{L}{2}/u.test(name)) continue;
    out.push(
      itemLine(
        name,
        quantityOf(lines[l + 1]!.cells[0]!.text.slice(quantity[0].length), decimalComma),
      ),
    );
    l += 1;
  }
  return out;
}
