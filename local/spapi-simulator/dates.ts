/**
 * Date handling shared by scenario loading (shifting relative dates) and the feedback report
 * (filtering rows by the requested data range).
 */

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The layouts a feedback row's `Date` may have; Seller Central exports use all of them. */
export type FeedbackDateLayout = 'yyyy-mm-dd' | 'dd/mm/yyyy' | 'dd/mm/yy' | 'iso-date-time';

/** Parses an ISO 8601 date-time with an explicit offset; undefined when it is not one. */
export function parseIsoDateTime(value: string): Date | undefined {
  if (!ISO_DATE_TIME.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

/** Formats like Amazon does: UTC with `Z`, milliseconds only when there are some. */
export function formatIsoDateTime(date: Date): string {
  const iso = date.toISOString();
  return date.getUTCMilliseconds() === 0 ? iso.replace('.000Z', 'Z') : iso;
}

/** Adds `deltaMs` to an ISO date-time and formats the result in UTC. */
export function shiftIsoDateTime(value: string, deltaMs: number): string {
  const date = parseIsoDateTime(value);
  if (!date) throw new Error(`not an ISO date-time: ${value}`);
  return formatIsoDateTime(new Date(date.getTime() + deltaMs));
}

/** Adds `deltaMs` to a `YYYY-MM-DD` date (taken at UTC midnight) and keeps the layout. */
export function shiftIsoDate(value: string, deltaMs: number): string {
  const parsed = parseFeedbackDate(value);
  if (!parsed || parsed.layout !== 'yyyy-mm-dd') throw new Error(`not a YYYY-MM-DD date: ${value}`);
  return formatFeedbackDate(new Date(parsed.date.getTime() + deltaMs), 'yyyy-mm-dd');
}

/** Parses a feedback `Date` in any accepted layout (day first, as on European marketplaces). */
export function parseFeedbackDate(
  value: string,
): { date: Date; layout: FeedbackDateLayout } | undefined {
  const iso = parseIsoDateTime(value);
  if (iso) return { date: iso, layout: 'iso-date-time' };
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (m) return calendarDate(Number(m[1]), Number(m[2]), Number(m[3]), 'yyyy-mm-dd');
  m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (m) return calendarDate(Number(m[3]), Number(m[2]), Number(m[1]), 'dd/mm/yyyy');
  m = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(value);
  if (m) return calendarDate(2000 + Number(m[3]), Number(m[2]), Number(m[1]), 'dd/mm/yy');
  return undefined;
}

function calendarDate(
  year: number,
  month: number,
  day: number,
  layout: FeedbackDateLayout,
): { date: Date; layout: FeedbackDateLayout } | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31/02 over into March; such a date is a typo, not a date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { date, layout };
}

/** Formats a date in the given feedback layout (UTC calendar day). */
export function formatFeedbackDate(date: Date, layout: FeedbackDateLayout): string {
  if (layout === 'iso-date-time') return formatIsoDateTime(date);
  const yyyy = String(date.getUTCFullYear()).padStart(4, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  if (layout === 'yyyy-mm-dd') return `${yyyy}-${mm}-${dd}`;
  if (layout === 'dd/mm/yyyy') return `${dd}/${mm}/${yyyy}`;
  return `${dd}/${mm}/${yyyy.slice(2)}`;
}

/** Adds `deltaMs` to a feedback date; date-only layouts land on the shifted UTC calendar day. */
export function shiftFeedbackDate(value: string, deltaMs: number): string {
  const parsed = parseFeedbackDate(value);
  if (!parsed) throw new Error(`not a feedback date: ${value}`);
  return formatFeedbackDate(new Date(parsed.date.getTime() + deltaMs), parsed.layout);
}

/** The UTC calendar day of a date, as a sortable `YYYY-MM-DD` key. */
export function utcDay(date: Date): string {
  return formatFeedbackDate(date, 'yyyy-mm-dd');
}

/** The same instant `months` calendar months earlier (UTC), as the 18-month windows need. */
export function monthsBefore(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}
