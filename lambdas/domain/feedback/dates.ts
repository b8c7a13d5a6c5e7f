/**
 * Feedback dates as sellers' exports write them, read into a calendar day `yyyy-mm-dd`.
 *
 * Accepted forms:
 * - `yyyy-mm-dd` (also with `/` or `.`), and an ISO date-time whose date part is taken literally;
 * - numeric `dd/mm/yyyy` and `dd/mm/yy` (separators `/`, `.` or `-`; one-digit day or month;
 *   two-digit years are 20yy);
 * - a month name or abbreviation in Italian, English, German, French or Spanish, day before or
 *   after it: `12 gen 2025`, `12 gennaio 2025`, `Jan 12, 2025`, `12-Jan-25`, `12. Januar 2025`,
 *   `12 janv. 2025`, `12 de enero de 2025`; a leading weekday is ignored;
 * - a trailing time (`10:33`, `10:33:00`, `10.33 AM`) is ignored.
 *
 * Day or month first: the product's marketplaces write the day first (and so do both sample
 * exports), so `03/04/2025` is 3 April. Only when that reading is impossible and the month-first
 * one is valid (`04/23/2025`) is the value read month-first, as an export from amazon.com writes
 * it. Dates that exist in neither reading, or outside 1990-2099, are unreadable.
 */

const MONTH_WORDS: readonly (readonly string[])[] = [
  ['gen', 'gennaio', 'jan', 'january', 'januar', 'janv', 'janvier', 'ene', 'enero', 'jänner'],
  ['feb', 'febbraio', 'february', 'februar', 'fev', 'fevr', 'fevrier', 'febrero', 'febr'],
  ['mar', 'marzo', 'march', 'marz', 'maerz', 'mars'],
  ['apr', 'aprile', 'april', 'avr', 'avril', 'abr', 'abril'],
  ['mag', 'maggio', 'may', 'mai', 'mayo'],
  ['giu', 'giugno', 'jun', 'june', 'juni', 'juin', 'junio'],
  ['lug', 'luglio', 'jul', 'july', 'juli', 'juil', 'juillet', 'julio'],
  ['ago', 'agosto', 'aug', 'august', 'aout', 'agosto'],
  ['set', 'sett', 'settembre', 'sep', 'sept', 'september', 'septembre', 'septiembre', 'setiembre'],
  ['ott', 'ottobre', 'oct', 'october', 'okt', 'oktober', 'octobre', 'octubre'],
  ['nov', 'novembre', 'november', 'noviembre'],
  ['dic', 'dicembre', 'dec', 'december', 'dez', 'dezember', 'decembre', 'diciembre'],
];

const MONTH_BY_WORD = new Map<string, number>();
MONTH_WORDS.forEach((words, index) => {
  for (const word of words) MONTH_BY_WORD.set(fold(word), index + 1);
});

const WEEKDAY_PREFIXES = [
  'lun',
  'mar',
  'mer',
  'gio',
  'ven',
  'sab',
  'dom',
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
  'mo',
  'di',
  'mi',
  'do',
  'fr',
  'sa',
  'so',
  'jeu',
  'vend',
  'sam',
  'dim',
  'mie',
  'jue',
  'vie',
];
const WEEKDAY_WORDS = new Set([
  'lunedi',
  'martedi',
  'mercoledi',
  'giovedi',
  'venerdi',
  'sabato',
  'domenica',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'montag',
  'dienstag',
  'mittwoch',
  'donnerstag',
  'freitag',
  'samstag',
  'sonntag',
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
  'lunes',
  'martes',
  'miercoles',
  'jueves',
  'viernes',
  'sabado',
  'domingo',
]);
/** Words that may sit between the parts of a written date ("12 de enero de 2025"). */
const FILLER_WORDS = new Set([
  'de',
  'del',
  'of',
  'the',
  'le',
  'il',
  'am',
  'den',
  'th',
  'st',
  'nd',
  'rd',
]);

function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** The day as `yyyy-mm-dd`, or undefined when the calendar has no such day or it is out of range. */
export function isoDay(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day))
    return undefined;
  if (year < 1990 || year > 2099 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function fullYear(digits: string): number {
  return digits.length === 2 ? 2000 + Number(digits) : Number(digits);
}

/** Reads one date cell; undefined when it is not a readable date. */
export function parseFeedbackDate(raw: string): string | undefined {
  let value = raw
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim();
  if (!value || value.length > 60) return undefined;

  // ISO date-time or date: the calendar day as written.
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T\s].*)?$/.exec(value);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));

  // Drop a trailing time of day.
  value = value.replace(
    /[\sT,]+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:\s*[ap]\.?m\.?)?(?:\s*(?:z|utc|gmt|[+-]\d{2}:?\d{2}|[a-z]{3,4}))?$/i,
    '',
  );

  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(value);
  if (m) {
    const first = Number(m[1]);
    const second = Number(m[2]);
    const year = fullYear(m[3] as string);
    return isoDay(year, second, first) ?? (first <= 12 ? isoDay(year, first, second) : undefined);
  }

  return parseWrittenDate(value);
}

function parseWrittenDate(value: string): string | undefined {
  const parts = fold(value)
    .split(/[\s,./-]+/)
    .filter(Boolean);
  if (parts.length < 2 || parts.length > 7) return undefined;
  let month: number | undefined;
  const numbers: string[] = [];
  for (const [index, part] of parts.entries()) {
    const ordinal = /^(\d{1,4})(?:st|nd|rd|th|º|°|er)?$/.exec(part);
    if (ordinal) {
      numbers.push(ordinal[1] as string);
      continue;
    }
    const known = MONTH_BY_WORD.get(part);
    if (known !== undefined && month === undefined) {
      month = known;
      continue;
    }
    if (FILLER_WORDS.has(part)) continue;
    const isWeekday = WEEKDAY_WORDS.has(part) || (index === 0 && WEEKDAY_PREFIXES.includes(part));
    if (isWeekday && month === undefined && numbers.length === 0) continue;
    return undefined;
  }
  if (month === undefined || numbers.length !== 2) return undefined;
  const [a, b] = numbers as [string, string];
  if (a.length === 4) return isoDay(Number(a), month, Number(b));
  if (b.length === 4 || b.length === 2) return isoDay(fullYear(b), month, Number(a));
  return undefined;
}
