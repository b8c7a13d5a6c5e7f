/**
 * Text a person sees on a PDF page that is not in the page's content stream: the values of
 * filled form fields (suppliers' invoice templates keep number, date, amounts and lines there)
 * and free-text annotations. pdf.js reads them with `page.getAnnotations()`; this module turns
 * each into text items placed where the page shows them, so that the layout reads them on
 * their lines next to the printed labels, like the rest of the page.
 *
 * - **Text fields**: the text of the field's appearance (what viewers draw) when pdf.js read one,
 *   else the field's value (what viewers draw when the file asks them to build the appearance).
 *   Password fields are never read.
 * - **Choice fields**: the shown text of the chosen options.
 * - **Buttons** are not read: a push button's caption ("Print", "Reset") is a control, not
 *   content, and a ticked box is a drawing, as it is once the form is flattened.
 * - **Free-text annotations**: their appearance's text, else their contents. Other annotations
 *   (notes shown as an icon, pop-ups, links, highlights) add no text to the page.
 * - Hidden fields and annotations (flags Hidden, NoView), empty values, and rectangles outside
 *   the visible page are skipped.
 * - **Read once**: a value that the content stream already draws inside the field's rectangle
 *   (a form flattened by a tool that kept its fields, a template that prints the value too) is
 *   read from the content only.
 *
 * Placement follows the field's rectangle: one line centred in it (a single-line field), or
 * lines from its top (multi-line fields, free text); left, centred or right as the field's
 * alignment says; turned by the field's own rotation (/MK /R), so that the page's /Rotate and the
 * layout put them upright with the page's text.
 */
import { multiply, textWidth, type TextItemLike } from './pdf-items';

/** The parts of a pdf.js annotation (`page.getAnnotations()`) this module reads. */
export interface AnnotationLike {
  subtype?: string;
  annotationFlags?: number;
  hidden?: boolean;
  rect?: number[] | null;
  rotation?: number;
  /** Lines of text pdf.js read from the appearance stream. */
  textContent?: string[];
  contentsObj?: { str?: string };
  defaultAppearanceData?: { fontSize?: number };
  /** 0 left, 1 centred, 2 right. */
  textAlignment?: number | null;
  multiLine?: boolean;
  comb?: boolean;
  fieldType?: string;
  fieldValue?: unknown;
  password?: boolean;
  options?: { exportValue?: unknown; displayValue?: unknown }[];
}

const HIDDEN = 0x2;
const NO_VIEW = 0x20;
/** Font size when the field sets none (automatic): fitted to the field, at most this. */
const MAX_AUTO_SIZE = 12;
const LINE_HEIGHT = 1.15;
/** Space between a field's border and its text. */
const PADDING = 2;
/** Field-against-text-item comparisons per page (see `annotationItems`). */
const MAX_CONTENT_CHECKS = 2_000_000;

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function appearanceText(annotation: AnnotationLike): string[] {
  const lines = Array.isArray(annotation.textContent) ? annotation.textContent : [];
  return lines.filter((line): line is string => typeof line === 'string');
}

function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** The lines of text a person sees in a field or annotation (possibly all blank). */
function shownLines(annotation: AnnotationLike): string[] {
  const { subtype, fieldType } = annotation;
  if (subtype === 'FreeText') {
    const drawn = appearanceText(annotation);
    return drawn.length > 0 ? drawn : splitLines(stringOf(annotation.contentsObj?.str));
  }
  if (subtype !== 'Widget') return [];
  switch (fieldType) {
    case 'Tx': {
      if (annotation.password) return [];
      const value = splitLines(stringOf(annotation.fieldValue));
      // A comb field draws one character per box: its value reads better than those glyphs.
      if (annotation.comb && value.some((line) => line.trim() !== '')) return value;
      const drawn = appearanceText(annotation);
      return drawn.some((line) => line.trim() !== '') ? drawn : value;
    }
    case 'Ch': {
      const chosen = (
        Array.isArray(annotation.fieldValue) ? annotation.fieldValue : [annotation.fieldValue]
      ).map(stringOf);
      return chosen.map((value) => {
        const option = annotation.options?.find((o) => o.exportValue === value);
        return stringOf(option?.displayValue) || value;
      });
    }
    default:
      return [];
  }
}

/** [x1 y1 x2 y2] with x1 < x2 and y1 < y2, or null. */
function normalRect(rect: unknown): [number, number, number, number] | null {
  if (!Array.isArray(rect) || rect.length !== 4) return null;
  const [p = 0, q = 0, r = 0, s = 0] = rect.map(Number);
  if (![p, q, r, s].every(Number.isFinite)) return null;
  return [Math.min(p, r), Math.min(q, s), Math.max(p, r), Math.max(q, s)];
}

function overlaps(
  a: readonly [number, number, number, number],
  b: readonly [number, number, number, number],
  margin = 0,
): boolean {
  return (
    a[0] <= b[2] + margin && b[0] <= a[2] + margin && a[1] <= b[3] + margin && b[1] <= a[3] + margin
  );
}

/** The box a text item covers in PDF space: its baseline's run and the height of its font. */
function itemBox(item: TextItemLike): [number, number, number, number] | null {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform ?? [];
  const run = Math.hypot(a, b);
  const width = Math.max(0, item.width ?? 0);
  const ux = run > 0 ? (a / run) * width : width;
  const uy = run > 0 ? (b / run) * width : 0;
  const xs = [e, e + ux, e + c, e + ux + c];
  const ys = [f, f + uy, f + d, f + uy + d];
  if (![...xs, ...ys].every(Number.isFinite)) return null;
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

const compact = (text: string) => text.replace(/\s+/g, '');

/**
 * Whether the content stream already draws `lines` inside `rect`: the content's text over the
 * rectangle, spaces aside, holds the value.
 */
function drawnInContent(
  lines: readonly string[],
  rect: readonly [number, number, number, number],
  content: readonly { box: [number, number, number, number] | null; str: string }[],
): boolean {
  const value = compact(lines.join(''));
  const over = content.filter((item) => item.box && overlaps(item.box, rect, 1));
  if (over.length === 0) return false;
  return compact(over.map((item) => item.str).join('')).includes(value);
}

/**
 * The rectangle's own frame turned by the field's rotation (counter-clockwise, in multiples of
 * 90°): maps a point of the upright appearance box (`width` × `height` after turning) to the
 * page.
 */
function rotationFrame(
  rect: readonly [number, number, number, number],
  rotation: number,
): { frame: number[]; width: number; height: number } {
  const [x1, y1, x2, y2] = rect;
  const w = x2 - x1;
  const h = y2 - y1;
  const turn = (((Math.round(rotation / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  const inRect = [
    [1, 0, 0, 1, 0, 0],
    [0, 1, -1, 0, w, 0],
    [-1, 0, 0, -1, w, h],
    [0, -1, 1, 0, 0, h],
  ][turn]!;
  const sideways = turn % 2 === 1;
  return {
    frame: multiply([1, 0, 0, 1, x1, y1], inRect),
    width: sideways ? h : w,
    height: sideways ? w : h,
  };
}

/** Text items for the lines of one field or annotation, placed in its rectangle. */
function placeLines(
  annotation: AnnotationLike,
  lines: readonly string[],
  rect: readonly [number, number, number, number],
): TextItemLike[] {
  const { frame, width, height } = rotationFrame(rect, annotation.rotation ?? 0);
  const stacked = annotation.subtype === 'FreeText' || annotation.multiLine || lines.length > 1;
  // The field's font size, or one that fits (automatic size); never taller than the field,
  // which clips its text.
  const set = annotation.defaultAppearanceData?.fontSize;
  const fits = (height - 2 * PADDING) / (stacked ? LINE_HEIGHT : 1);
  let size =
    typeof set === 'number' && set > 0
      ? Math.min(set, fits)
      : Math.min(MAX_AUTO_SIZE, fits / (stacked ? lines.length : 1));
  if (!(size > 0)) size = Math.max(1, height / 2);
  const room = Math.max(0, width - 2 * PADDING);
  const items: TextItemLike[] = [];
  lines.forEach((line, i) => {
    const text = line.replace(/\s+/g, ' ').trimEnd();
    if (text.trim() === '') return;
    // The estimate may overrun a narrow field; the field clips its text, so it stays inside.
    const advance = Math.min(textWidth(text, size), room || textWidth(text, size));
    const align = annotation.textAlignment ?? 0;
    const x =
      align === 1
        ? PADDING + (room - advance) / 2
        : align === 2
          ? width - PADDING - advance
          : PADDING;
    const y = stacked
      ? height - PADDING - size * (0.8 + LINE_HEIGHT * i)
      : height / 2 - 0.35 * size;
    items.push({
      str: text,
      transform: multiply(frame, [size, 0, 0, size, Math.max(PADDING, x), y]),
      width: advance,
      height: size,
    });
  });
  return items;
}

/**
 * Text items for what the page's form fields and free-text annotations show (see the module
 * comment). `content` is the page's own text (pdf.js items), `pageBox` the visible page
 * [x1 y1 x2 y2] in PDF space (pdf.js `page.view`).
 */
export function annotationItems(
  annotations: readonly AnnotationLike[],
  content: readonly TextItemLike[],
  pageBox: readonly number[],
): TextItemLike[] {
  const visible = normalRect(pageBox);
  let placed: { box: [number, number, number, number] | null; str: string }[] | null = null;
  // Comparing each field with the page's text is bounded: past the budget (a page of thousands
  // of fields over thousands of text items), values are read without the comparison.
  let checks = MAX_CONTENT_CHECKS;
  const items: TextItemLike[] = [];
  for (const annotation of annotations) {
    if (!annotation || typeof annotation !== 'object') continue;
    const flags = annotation.annotationFlags ?? 0;
    if (annotation.hidden || flags & HIDDEN || flags & NO_VIEW) continue;
    const rect = normalRect(annotation.rect);
    if (!rect || (visible && !overlaps(rect, visible))) continue;
    const lines = shownLines(annotation);
    if (lines.every((line) => line.trim() === '')) continue;
    placed ??= content
      .filter((item) => typeof item.str === 'string' && item.str.trim() !== '')
      .map((item) => ({ box: itemBox(item), str: item.str ?? '' }));
    checks -= placed.length;
    if (checks >= 0 && drawnInContent(lines, rect, placed)) continue;
    items.push(...placeLines(annotation, lines, rect));
  }
  return items;
}
