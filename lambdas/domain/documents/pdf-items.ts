/**
 * The text items the PDF layout works on (pdf.js text items, and the ones made from form fields
 * and annotations), the matrices that place them, and where each character of an item stands.
 */

/** The parts of a pdf.js text item the layout reads: PDF space, before the page's view. */
export interface TextItemLike {
  str?: string;
  /** Text space to PDF space [a b c d e f]: (e, f) is the start of the baseline. */
  transform?: number[];
  /** Advance of the whole string along its baseline, in PDF units. */
  width?: number;
  height?: number;
}

/** `m1` × `m2` for PDF matrices [a b c d e f]: the transform that applies `m2`, then `m1`. */
export function multiply(m1: readonly number[], m2: readonly number[]): number[] {
  const [a1 = 1, b1 = 0, c1 = 0, d1 = 1, e1 = 0, f1 = 0] = m1;
  const [a2 = 1, b2 = 0, c2 = 0, d2 = 1, e2 = 0, f2 = 0] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}

/**
 * A character's advance as a share of the font size, by its shape: narrow letters and stops,
 * capitals, digits, wide letters, ideographs. Fonts differ, so this only shares an item's real
 * width among its characters more closely than an equal share would.
 */
function shapeAdvance(ch: string): number {
  if (ch === ' ') return 0.28;
  if (/[\p{M}\u200b-\u200f]/u.test(ch)) return 0;
  if (/[ijlI.,:;'!|`]/.test(ch)) return 0.25;
  if (/[frt()[\]{}/\\"-]/.test(ch)) return 0.34;
  if (/[mwMW@%]/.test(ch)) return 0.85;
  if (/[0-9]/.test(ch)) return 0.56;
  if (/[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(ch)) return 1;
  if (/\p{Lu}/u.test(ch)) return 0.68;
  return 0.54;
}

/** `shapeAdvance` of the ASCII characters, looked up rather than matched. */
const ASCII_ADVANCE = Array.from({ length: 128 }, (_, code) =>
  shapeAdvance(String.fromCharCode(code)),
);

function advance(ch: string): number {
  const code = ch.charCodeAt(0);
  return ch.length === 1 && code < 128 ? ASCII_ADVANCE[code]! : shapeAdvance(ch);
}

/** Estimated advance of `text` set at `size`. */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) em += advance(ch);
  return em * size;
}

export interface Glyph {
  ch: string;
  /** Index of the character in the item's string (UTF-16 units). */
  index: number;
  /** Distance from the item's start, and advance, both estimated. */
  at: number;
  width: number;
}

/** The characters of an item whose string spans `width`, each at its estimated place. */
export function glyphsOf(text: string, width: number): Glyph[] {
  const chars = [...text];
  const ems = chars.map(advance);
  const total = ems.reduce((sum, em) => sum + em, 0);
  const scale = total > 0 ? width / total : 0;
  const out: Glyph[] = [];
  let at = 0;
  let index = 0;
  chars.forEach((ch, i) => {
    const w = (ems[i] ?? 0) * scale;
    out.push({ ch, index, at, width: w });
    at += w;
    index += ch.length;
  });
  return out;
}
