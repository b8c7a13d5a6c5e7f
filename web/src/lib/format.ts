import { localeOf, type Language } from '../i18n/languages';

// Intl formatters are costly to build and immutable, so one per locale and options is enough.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(language: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(localeOf(language), options);
    formatters.set(key, formatter);
  }
  return formatter as Intl.NumberFormat;
}

function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${language}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(localeOf(language), options);
    formatters.set(key, formatter);
  }
  return formatter as Intl.DateTimeFormat;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The spec's "dd MMM yyyy": 05 gen 2026 in Italian, 05 Jan 2026 in English. A bare calendar
 * date ("2026-01-05") is read and printed in UTC, so it never shifts by a day west of Greenwich.
 */
export function formatDate(value: Date | number | string, language: Language): string {
  const calendarDate = typeof value === 'string' && DATE_ONLY.test(value);
  return dateFormat(language, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    ...(calendarDate ? { timeZone: 'UTC' } : {}),
  }).format(new Date(value));
}

/** Date and time, short: 05/01/26, 14:30 in Italian. */
export function formatDateTime(value: Date | number | string, language: Language): string {
  return dateFormat(language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(value));
}

export function formatNumber(
  value: number,
  language: Language,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(language, options).format(value);
}

export function formatCurrency(amount: number, language: Language, currency = 'EUR'): string {
  return numberFormat(language, { style: 'currency', currency }).format(amount);
}

/** `rate` is a fraction: 0.25 is shown as 25%. */
export function formatPercent(rate: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}
