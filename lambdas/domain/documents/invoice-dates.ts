/**
 * Dates as invoices print them, in Italian, English, German, French, Spanish, Dutch and Polish:
 * numeric (`05.03.2024`, `05/03/24`, `2024-03-05`, `2024年3月5日`) and written (`5. März 2024`,
 * `1er mars 2024`, `March 5th, 2024`, `3 de marzo de 2024`, `05-Mar-2024`, `3 marca 2024 r.`),
 * with or without a weekday before them. Every pattern is anchored and bounded.
 */
import { fold } from './invoice-cells';

/** How a numeric date whose day and month could be swapped is read. */
export type DayOrder = 'day-first' | 'month-first';

const MONTH_NAMES: [string, number][] = [
  // en, it, de, fr, es, nl, pl (nominative and genitive), folded; then common short forms
  ...[
    'january gennaio januar janner janvier enero januari styczen stycznia',
    'february febbraio februar fevrier febrero februari luty lutego',
    'march marzo marz mars maart marzec marca mrz mrt',
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

const WEEKDAYS = new Set(
  [
    'monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun',
    'lunedi martedi mercoledi giovedi venerdi sabato domenica',
    'montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag',
    'lundi mardi mercredi jeudi vendredi samedi dimanche',
    'lunes martes miercoles jueves viernes sabado domingo',
    'maandag dinsdag woensdag donderdag vrijdag zaterdag zondag',
    'poniedzialek wtorek sroda czwartek piatek sobota niedziela',
  ].flatMap((names) => names.split(' ')),
);

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
const CJK = /^(\d{4})\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?日/;
const NUMERIC = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?!\d)/;
/** `5. März 2024`, `1er mars 2024`, `5th March 2024`, `3 de marzo de 2024`, `05-Mar-24`. */
const DAY_MONTH_YEAR =
  /^(\d{1,2})(?:er|st|nd|rd|th|º|°)?\.?(?:\s|-|\/)?(?:de\s)?(\p{L}{3,12})\.?,?(?:\s|-|\/)?(?:del?\s)?(\d{4}(?!\d)|\d{2}(?![\d.,:]))/u;
/** `March 5th, 2024`, `Mar. 5, 2024`. */
const MONTH_DAY_YEAR = /^(\p{L}{3,12})\.?\s?(\d{1,2})(?:st|nd|rd|th)?,?\s(\d{4})(?!\d)/u;
/** A weekday before a date: `Dienstag, 5. März 2024`, `Tue, Mar 5, 2024`. */
const LEADING_WORD = /^(\p{L}{2,12})\.?,?\s+/u;

function dateHere(t: string, order: DayOrder): string | null {
  let m = ISO.exec(t) ?? CJK.exec(t);
  if (m) return isoDate(+m[1]!, +m[2]!, +m[3]!);
  m = NUMERIC.exec(t);
  if (m) {
    const [a, b, y] = [+m[1]!, +m[3]!, +m[4]!];
    return order === 'day-first'
      ? (isoDate(y, b, a) ?? isoDate(y, a, b))
      : (isoDate(y, a, b) ?? isoDate(y, b, a));
  }
  m = DAY_MONTH_YEAR.exec(t);
  if (m) {
    const month = monthOf(m[2]!);
    // A two-digit year only where the parts are joined by dashes or slashes (05-Mar-24).
    if (month && (m[3]!.length === 4 || /^\d{1,2}[-/]/.test(t)))
      return isoDate(+m[3]!, month, +m[1]!);
  }
  m = MONTH_DAY_YEAR.exec(t);
  if (m) {
    const month = monthOf(m[1]!);
    if (month) return isoDate(+m[3]!, month, +m[2]!);
  }
  return null;
}

/** A date at the start of `text` (after a weekday, if one is written), as yyyy-mm-dd, or null. */
export function dateAtStart(text: string, order: DayOrder = 'day-first'): string | null {
  const t = text.trim();
  const date = dateHere(t, order);
  if (date) return date;
  const weekday = LEADING_WORD.exec(t);
  if (weekday && WEEKDAYS.has(fold(weekday[1]!)))
    return dateHere(t.slice(weekday[0].length), order);
  return null;
}

/** The first date anywhere in `text` (tried at the start of each word). */
export function dateIn(text: string, order: DayOrder = 'day-first'): string | null {
  const starts = /(?:^|[\s(,;])(?=[\p{L}\d])/gu;
  let m: RegExpExecArray | null;
  while ((m = starts.exec(text))) {
    const at = m.index + m[0].length;
    const date = dateAtStart(text.slice(at, at + 40), order);
    if (date) return date;
    if (m[0].length === 0) starts.lastIndex += 1;
  }
  return null;
}

/** A US postal address's state and ZIP code: ", OH 43219". */
const US_ZIP = /,\s?[A-Z]{2}\s\d{5}(?:-\d{4})?(?!\d)/;

/**
 * How the document writes numeric dates: month first when some date can only be read that way
 * (`04/30/2024`) and none only the other way, or when no date tells and the document prints a
 * US address (a state and ZIP code); day first otherwise (the European default).
 */
export function dayOrderOf(texts: Iterable<string>): DayOrder {
  let dayFirst = false;
  let monthFirst = false;
  let us = false;
  const re = /(?:^|[^\d/.-])(\d{1,2})([-/.])(\d{1,2})\2(?:\d{4}|\d{2})(?!\d)/g;
  for (const text of texts) {
    us ||= US_ZIP.test(text);
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const [a, b] = [+m[1]!, +m[3]!];
      if (a > 12 && b <= 12) dayFirst = true;
      if (b > 12 && a <= 12) monthFirst = true;
    }
  }
  if (monthFirst !== dayFirst) return monthFirst ? 'month-first' : 'day-first';
  return us && !dayFirst ? 'month-first' : 'day-first';
}
