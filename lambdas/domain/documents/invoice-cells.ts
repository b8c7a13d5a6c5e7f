/**
 * The text of a document as lines of cells, and how a label's value is found among them (see
 * `invoice-text.ts` for what is read). Every pattern runs on one cell at a time.
 */

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
export function fold(text: string): string {
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

/** Lines with their cells folded once (see `fold`). */
export interface Page {
  lines: TextLine[];
  folded: string[][];
}

export function pageOf(lines: TextLine[]): Page {
  return { lines, folded: lines.map((line) => line.cells.map((c) => fold(c.text))) };
}

export interface Hit {
  line: number;
  cell: number;
  /** Where the label starts and ends in the cell. */
  start: number;
  end: number;
}

/** Every cell a label matches, in reading order (the first matching label of each cell). */
export function* labelHits(doc: Page, labels: RegExp[]): Generator<Hit> {
  for (let l = 0; l < doc.lines.length; l += 1) {
    for (let c = 0; c < doc.lines[l]!.cells.length; c += 1) {
      for (const label of labels) {
        const m = label.exec(doc.folded[l]![c]!);
        if (m) {
          yield { line: l, cell: c, start: m.index, end: m.index + m[0].length };
          break;
        }
      }
    }
  }
}

/** Nothing but punctuation: a separator cell such as ":" or "#". */
const PUNCTUATION_ONLY = /^[\s:.#\-–|]*$/;

/** Whether two cells share some width on the page. */
export function overlaps(a: { x: number; end: number }, b: { x: number; end: number }): boolean {
  return a.x < b.end && a.end > b.x;
}

/** The average width of a letter of `cell`. */
export function letterWidth(cell: TextCell): number {
  return (cell.end - cell.x) / Math.max(1, cell.text.length);
}

/** The cell of line `l` that stands over or under `cell`, if any. */
export function cellAcross(doc: Page, l: number, cell: TextCell): TextCell | undefined {
  return doc.lines[l]?.cells.find((c) => overlaps(c, cell));
}

/**
 * The texts a label's value may be in, in the order they are tried: after the label in its own
 * cell, the next cell of the line, the cell under the label on the next two lines, and last the
 * cell over it (forms that print the caption under the value) or, when nothing follows the
 * label on its line, the first cell right of it on the line above (a value set higher). With
 * `nextWithin`, the next cell counts only when its gap to the label is at most that many times
 * the label's width; with `above: false`, nothing above the label is tried (a block's heading
 * has its value under it).
 */
export function candidates(
  doc: Page,
  hit: Hit,
  options: { nextWithin?: number; above?: boolean; stopAt?: (line: number) => boolean } = {},
): string[] {
  const line = doc.lines[hit.line]!;
  const cell = line.cells[hit.cell]!;
  const out: string[] = [];
  const rest = cell.text.slice(hit.end).replace(/^[\s:.#\-|]+/, '');
  if (rest) out.push(rest);
  let next: TextCell | undefined;
  for (let c = hit.cell + 1; c < line.cells.length && !next; c += 1)
    if (!PUNCTUATION_ONLY.test(line.cells[c]!.text)) next = line.cells[c];
  const near =
    options.nextWithin === undefined ||
    (next && next.x - cell.end <= options.nextWithin * (cell.end - cell.x));
  if (next && near) out.push(next.text.replace(/^[\s:#|]+/, ''));
  for (let l = hit.line + 1; l <= hit.line + 2 && l < doc.lines.length; l += 1) {
    if (doc.lines[l]!.page !== line.page || options.stopAt?.(l)) break;
    const under = cellAcross(doc, l, cell);
    if (under) out.push(under.text);
  }
  const above = doc.lines[hit.line - 1];
  if (!rest && options.above !== false && above?.page === line.page) {
    const over = cellAcross(doc, hit.line - 1, cell);
    if (over) out.push(over.text);
    // A value set higher than its label, to its right (a bigger font in a two-column header).
    const right = next ? undefined : above.cells.find((c) => c.x >= cell.end);
    if (right) out.push(right.text);
  }
  return out;
}

/** The first value a label gives that `parse` accepts; `skip` passes over some label hits. */
export function labelledValue(
  doc: Page,
  labels: RegExp[],
  parse: (text: string) => string | null,
  skip: (hit: Hit) => boolean = () => false,
): string | null {
  for (const hit of labelHits(doc, labels)) {
    if (skip(hit)) continue;
    for (const text of candidates(doc, hit)) {
      const value = parse(text);
      if (value) return value;
    }
  }
  return null;
}
