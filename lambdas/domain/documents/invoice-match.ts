/**
 * Does the invoice support the claim? (Beyond the spec.) Amazon accepts an invoice for lost
 * units when it predates the shipment and covers the units claimed, so the seller is warned
 * before sending when:
 * - an invoice is dated after the shipment (the day the shipment was created, or closed when
 *   the creation date is unknown; same day is fine);
 * - a SKU with missing units appears on no invoice line, or its lines add up to fewer units than
 *   are missing; or a line only resembles it (to be confirmed by the seller).
 *
 * The one way an invoice line is matched to a SKU, for the case checks, the supplier library
 * and (later) the unit costs alike. A line matches a SKU only by evidence:
 * - the seller said once that a line with this description is this SKU (`confirmed`);
 * - the SKU, the FNSKU, the EAN/GTIN or the ASIN among the line's article codes, or as a whole
 *   word (or a run of whole words) of its description, compared without case, spaces or
 *   hyphens (`MUG-RED-01`, `mug red 01`), never inside a longer code (`MUG-RED-012`); an
 *   all-digit GTIN also without leading zeros (UPC-12, EAN-13 and GTIN-14 are one code);
 * - a code the seller confirmed with a line before (the code of that line) on the line.
 * A description the seller rejected for a SKU never matches it. Two SKUs with the same evidence
 * make the line ambiguous: it matches neither by evidence (it may still be proposed).
 *
 * Title words (3+ letters, accents and case ignored, common words dropped; at least 60% of them,
 * and at least 2, or the only one, in the description) are no evidence: a line that resembles a
 * SKU's title that way is only proposed, "to be confirmed", and never counted for coverage, the
 * case checks or a unit cost. Quantities are summed over the lines that match by evidence only;
 * a line without a quantity counts as 1 (it names the product once). Each line counts for one
 * SKU. Warnings carry codes and data only: the caller words them in each language.
 */
import type { Invoice } from './fattura-pa';

export interface SkuToMatch {
  sku: string;
  title?: string | null;
  missing: number;
  /** Amazon's codes for the item, when held. */
  asin?: string | null;
  fnsku?: string | null;
  ean?: string | null;
}

export interface ShipmentToMatch {
  closedAt?: string | null;
  createdAt?: string | null;
  items: SkuToMatch[];
}

/** What the seller said about a line for a SKU, as remembered (per seller, SKU, description). */
export interface LineVerdictRecord {
  sku: string;
  /** `lineDescriptionKey` of the line's description. */
  description: string;
  /** The line's article codes, `codeKey`-normalised. */
  codes: string[];
  verdict: 'confirmed' | 'rejected';
}

export type InvoiceWarning =
  | {
      code: 'invoice_after_shipment';
      invoiceNumber: string | null;
      /** yyyy-mm-dd */
      invoiceDate: string;
      /** yyyy-mm-dd */
      shipmentDate: string;
    }
  | { code: 'sku_not_on_invoice'; sku: string; title: string | null; missing: number }
  | {
      code: 'units_not_covered';
      sku: string;
      title: string | null;
      missing: number;
      invoiced: number;
    }
  /** Lines resemble the SKU's title but name no code of it: the seller confirms them first. */
  | {
      code: 'sku_to_confirm';
      sku: string;
      title: string | null;
      missing: number;
      invoiced: number;
      /** The resembling lines' descriptions, as read. */
      lines: string[];
    }
  /** No invoice has lines (e.g. a PDF read as free text): coverage could not be checked. */
  | { code: 'lines_not_readable' };

export type InvoiceWarningCode = InvoiceWarning['code'];

const STOP_WORDS = new Set([
  'and',
  'the',
  'for',
  'with',
  'per',
  'con',
  'del',
  'della',
  'delle',
  'dei',
  'degli',
  'gli',
  'una',
  'uno',
  'pack',
  'pcs',
  'pezzi',
  'set',
  'und',
  'mit',
  'les',
  'des',
  'pour',
  'avec',
]);

function folded(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function tokens(text: string | null | undefined): string[] {
  if (!text) return [];
  return (folded(text).match(/[a-z0-9]+/g) ?? []).filter(
    (t) => t.length >= 3 && !STOP_WORDS.has(t),
  );
}

/** The longest description a remembered verdict keeps. */
export const MAX_DESCRIPTION_KEY = 300;

/**
 * A description as a verdict remembers it: no accents or case, each run of other characters
 * than letters and digits one space (`Moka  Elettrica, 2-TZ` = `moka elettrica 2 tz`).
 */
export function lineDescriptionKey(description: string): string {
  return folded(description)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .slice(0, MAX_DESCRIPTION_KEY);
}

/**
 * A code as compared: upper case, without spaces or hyphens; an all-digit code of 8 to 14
 * digits (a GTIN) also without leading zeros.
 */
export function codeKey(code: string): string {
  const key = code
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015\u2212_]/g, '');
  return /^\d{8,14}$/.test(key) ? key.replace(/^0+/, '') : key;
}

/** How many words of a description one code may span (`MUG RED 01`). */
const MAX_CODE_WORDS = 4;

/**
 * A code read inside a description must be long enough not to be a quantity, a size or a
 * word: 4 characters with a letter, or 8 digits.
 */
function codeLike(key: string): boolean {
  return /[A-Z]/.test(key) ? key.length >= 4 : key.length >= 8;
}

/** Every code a line shows: its article codes, and each run of whole words of its description. */
function lineCodes(line: LineToMatch): Set<string> {
  const out = new Set<string>();
  for (const code of line.codes) {
    const key = codeKey(code);
    if (key) out.add(key);
  }
  const words = line.description
    .split(/[\s,;|()[\]{}"«»“”]+/)
    .map((w) => w.replace(/^[.:]+|[.:]+$/g, ''))
    .filter(Boolean);
  for (let i = 0; i < words.length; i += 1) {
    let joined = '';
    for (let n = 0; n < MAX_CODE_WORDS && i + n < words.length; n += 1) {
      joined += codeKey(words[i + n]!);
      if (codeLike(joined)) out.add(joined);
    }
  }
  return out;
}

/** A line as the matching needs it: what it names and how many units. */
export type LineToMatch = Pick<Invoice['lines'][number], 'description' | 'quantity' | 'codes'>;

/** How a line matched its SKU by evidence, strongest first. */
export type EvidenceKind = 'confirmed' | 'sku' | 'fnsku' | 'ean' | 'asin' | 'confirmed_code';

const EVIDENCE_ORDER: readonly EvidenceKind[] = [
  'confirmed',
  'sku',
  'fnsku',
  'ean',
  'asin',
  'confirmed_code',
];

export type LineMatch =
  | { kind: 'evidence'; sku: string; by: EvidenceKind }
  /** The line resembles the SKU's title: proposed to the seller, counted for nothing. */
  | { kind: 'to_confirm'; sku: string }
  | { kind: 'none' };

/** The seller's verdicts, indexed for matching. */
export class LineVerdicts {
  private readonly byDescription = new Map<string, Map<string, LineVerdictRecord['verdict']>>();
  private readonly confirmedCodes = new Map<string, Set<string>>();

  constructor(records: readonly LineVerdictRecord[] = []) {
    for (const record of records) {
      const verdicts = this.byDescription.get(record.description) ?? new Map();
      verdicts.set(record.sku, record.verdict);
      this.byDescription.set(record.description, verdicts);
      if (record.verdict !== 'confirmed') continue;
      for (const code of record.codes) {
        if (code.length < 3) continue;
        const skus = this.confirmedCodes.get(code) ?? new Set();
        skus.add(record.sku);
        this.confirmedCodes.set(code, skus);
      }
    }
  }

  verdict(sku: string, description: string): LineVerdictRecord['verdict'] | undefined {
    return this.byDescription.get(description)?.get(sku);
  }

  confirmedByCode(sku: string, codes: ReadonlySet<string>): boolean {
    for (const code of codes) if (this.confirmedCodes.get(code)?.has(sku)) return true;
    return false;
  }
}

const NO_VERDICTS = new LineVerdicts();

/** The strongest evidence that the line is the item, if any. */
function evidence(
  item: SkuToMatch,
  codes: ReadonlySet<string>,
  description: string,
  verdicts: LineVerdicts,
): EvidenceKind | undefined {
  if (verdicts.verdict(item.sku, description) === 'confirmed') return 'confirmed';
  const has = (code: string | null | undefined) => {
    const key = code ? codeKey(code) : '';
    return key !== '' && codes.has(key);
  };
  if (has(item.sku)) return 'sku';
  if (has(item.fnsku)) return 'fnsku';
  if (has(item.ean)) return 'ean';
  if (has(item.asin)) return 'asin';
  if (verdicts.confirmedByCode(item.sku, codes)) return 'confirmed_code';
  return undefined;
}

/** How much a line's description resembles a SKU's title: 0 not enough, else the share of words. */
function resemblance(item: SkuToMatch, line: LineToMatch): number {
  const titleWords = [...new Set(tokens(item.title))];
  if (titleWords.length === 0) return 0;
  const lineWords = new Set(tokens(line.description));
  const found = titleWords.filter((w) => lineWords.has(w)).length;
  const ratio = found / titleWords.length;
  const enough = titleWords.length === 1 ? found === 1 : found >= 2 && ratio >= 0.6;
  return enough ? ratio : 0;
}

/** The one SKU of `items` a line is, by evidence; else the one it resembles; else none. */
export function matchLine(
  line: LineToMatch,
  items: readonly SkuToMatch[],
  verdicts: LineVerdicts = NO_VERDICTS,
): LineMatch {
  const description = lineDescriptionKey(line.description);
  const codes = lineCodes(line);
  const candidates = items.filter((item) => verdicts.verdict(item.sku, description) !== 'rejected');
  let best: { rank: number; skus: Set<string> } | undefined;
  for (const item of candidates) {
    const by = evidence(item, codes, description, verdicts);
    if (!by) continue;
    const rank = EVIDENCE_ORDER.indexOf(by);
    if (!best || rank < best.rank) best = { rank, skus: new Set([item.sku]) };
    else if (rank === best.rank) best.skus.add(item.sku);
  }
  // Two SKUs with the same evidence: neither by evidence; the seller may confirm one.
  if (best?.skus.size === 1) {
    const [sku] = best.skus;
    return { kind: 'evidence', sku: sku!, by: EVIDENCE_ORDER[best.rank]! };
  }
  let proposed: SkuToMatch | undefined;
  let score = 0;
  for (const item of candidates) {
    const s = resemblance(item, line);
    if (s > score) {
      proposed = item;
      score = s;
    }
  }
  return proposed ? { kind: 'to_confirm', sku: proposed.sku } : { kind: 'none' };
}

/** A line proposed for a SKU, with its place among the lines given. */
export interface LineToConfirm {
  sku: string;
  /** Index of the line in the lines matched. */
  line: number;
  description: string;
  quantity: number | null;
}

export interface LinesMatched {
  /** Per SKU matched by evidence: its units (summed over those lines only) and lines. */
  invoiced: Map<string, { units: number; lines: number }>;
  /** Lines that only resemble a SKU, in line order. */
  toConfirm: LineToConfirm[];
}

/** Every line against `items`, by the rules above. */
export function matchLines(
  lines: readonly LineToMatch[],
  items: readonly SkuToMatch[],
  verdicts: LineVerdicts = NO_VERDICTS,
): LinesMatched {
  const invoiced = new Map<string, { units: number; lines: number }>();
  const toConfirm: LineToConfirm[] = [];
  lines.forEach((line, index) => {
    const match = matchLine(line, items, verdicts);
    if (match.kind === 'evidence') {
      const entry = invoiced.get(match.sku) ?? { units: 0, lines: 0 };
      entry.units += line.quantity ?? 1;
      entry.lines += 1;
      invoiced.set(match.sku, entry);
    } else if (match.kind === 'to_confirm') {
      toConfirm.push({
        sku: match.sku,
        line: index,
        description: line.description,
        quantity: line.quantity,
      });
    }
  });
  return { invoiced, toConfirm };
}

function day(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/** The warnings for a set of invoices against one shipment, dates first, then SKUs in order. */
export function matchInvoiceToShipment(
  invoices: Invoice[],
  shipment: ShipmentToMatch,
  verdicts: LineVerdicts = NO_VERDICTS,
): InvoiceWarning[] {
  const warnings: InvoiceWarning[] = [];
  const shipmentDate = day(shipment.createdAt) ?? day(shipment.closedAt);
  if (shipmentDate) {
    for (const invoice of invoices) {
      if (invoice.date && invoice.date > shipmentDate) {
        warnings.push({
          code: 'invoice_after_shipment',
          invoiceNumber: invoice.number,
          invoiceDate: invoice.date,
          shipmentDate,
        });
      }
    }
  }
  const items = shipment.items.filter((i) => i.missing > 0);
  if (items.length === 0) return warnings;
  const lines = invoices.flatMap((i) => i.lines);
  if (lines.length === 0) {
    warnings.push({ code: 'lines_not_readable' });
    return warnings;
  }
  const { invoiced, toConfirm } = matchLines(lines, items, verdicts);
  for (const item of items) {
    const units = invoiced.get(item.sku)?.units ?? 0;
    const title = item.title ?? null;
    if (units >= item.missing) continue;
    const resembling = toConfirm.filter((l) => l.sku === item.sku).map((l) => l.description);
    if (resembling.length > 0) {
      warnings.push({
        code: 'sku_to_confirm',
        sku: item.sku,
        title,
        missing: item.missing,
        invoiced: units,
        lines: resembling,
      });
    } else if (units === 0) {
      warnings.push({ code: 'sku_not_on_invoice', sku: item.sku, title, missing: item.missing });
    } else {
      warnings.push({
        code: 'units_not_covered',
        sku: item.sku,
        title,
        missing: item.missing,
        invoiced: units,
      });
    }
  }
  return warnings;
}
